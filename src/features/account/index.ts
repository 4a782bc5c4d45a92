// The account domain: what a person manages about their own account — password reset, e-mail verification,
// the Account settings page — and the verified-address badge admins see. Pages and frames import this file only.
export { accountApi } from './accountApi';
export { useLinkToken } from './linkToken';
export { AccountSettings } from './components/AccountSettings';
export { EmailVerifiedBadge } from './components/EmailVerifiedBadge';
export { ForgotPasswordForm } from './components/ForgotPasswordForm';
export { ResetPasswordForm } from './components/ResetPasswordForm';
export { VerifyEmail } from './components/VerifyEmail';
export { VerifyEmailBanner } from './components/VerifyEmailBanner';

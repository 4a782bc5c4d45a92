/**
 * The account domain: what a person manages about their own account.
 *
 * Signed out (each rate-limited per IP, and per address where one is given):
 * - POST /api/account/password/forgot  { email }            → 202 { message: ACCOUNT_MESSAGES.resetSent }, the same
 *   answer (and the same time) whether or not the address has an account. The outbox sends a single-use link,
 *   `${APP_URL}/reset-password#token=…` (the SPA's page; the token in the fragment never reaches a server log or a
 *   Referer), that expires after RESET_TOKEN_TTL (30m). A new request spends the account's older unused links.
 * - POST /api/account/password/reset   { token, password }  → 200 { message: passwordReset }; every session of the
 *   account is revoked and the address is told. A used, expired or unknown token: 400 `linkInvalid`.
 * - POST /api/account/email/verify     { token }            → 200 { message: emailVerified, email }. The link
 *   (`${APP_URL}/verify-email#token=…`, valid for VERIFY_TOKEN_TTL, 48h) verifies a new account's address, or makes
 *   a changed address the account's e-mail. A used, expired or unknown token: 400 `linkInvalid`; a new address taken
 *   by another account meanwhile: 409 `emailTaken`.
 *
 * Signed in (any role):
 * - POST /api/account/email/resend                          → 202 { message: verificationSent } (rate-limited per
 *   account, `tooManyEmails`); an address already verified: 409 `emailAlreadyVerified`.
 * - PUT  /api/account/password { currentPassword, newPassword } → 200 { message: passwordChanged }; the account's
 *   other sessions are revoked, this one stays. A wrong current password: 400 with errors.currentPassword (attempts
 *   are counted per account like logins: 429 `tooManyAttempts`); an account without a password (made by Google
 *   sign-in): 400 errors.currentPassword `noPassword`.
 * - PUT  /api/account/email { email, currentPassword }      → 202 { message: emailChangeSent, pendingEmail }; the new
 *   address takes effect once its link is opened; the old address is told. The same address: 400 errors.email
 *   `emailSame`; an address in use: 409 `emailTaken`. Rate-limited with resend (`tooManyEmails`).
 * - GET  /api/account/export                                → 200 AccountExport, as a `carcare-account.json` download.
 * - POST /api/account/close { currentPassword? }            → 200 { message: accountClosed }. A customer's personal
 *   data is anonymised (their jobs stay, without it); a technician is deactivated; the last active admin gets 409
 *   `lastAdmin`. Every session ends. `currentPassword` is required when the account has a password.
 *
 * Name, phone, address and the e-mail notification choice stay on PUT /api/auth/update-profile; "Sign out of all
 * devices" is POST /api/auth/logout-all. GET /api/auth/profile carries `emailVerified` and `pendingEmail`.
 */
import { type Static, Type } from 'typebox';
import { ACCOUNT_MESSAGES } from './accountMessages';
import { email, newPassword } from './auth';

// The messages are a plain module of their own, so the SPA can import them at run time (like rules.ts).
export { ACCOUNT_MESSAGES };

/** What the link's fragment holds: 43 base64url characters (32 random bytes); the server keeps only its hash. */
const token = Type.String({
  minLength: 1,
  maxLength: 128,
  errorMessages: {
    required: ACCOUNT_MESSAGES.linkInvalid,
    type: ACCOUNT_MESSAGES.linkInvalid,
    minLength: ACCOUNT_MESSAGES.linkInvalid,
    maxLength: ACCOUNT_MESSAGES.linkInvalid,
  },
});

const currentPassword = Type.String({
  minLength: 1,
  maxLength: 1024,
  errorMessages: {
    required: ACCOUNT_MESSAGES.currentPasswordRequired,
    type: ACCOUNT_MESSAGES.currentPasswordRequired,
    minLength: ACCOUNT_MESSAGES.currentPasswordRequired,
  },
});

export const ForgotPasswordBody = Type.Object({ email }, { additionalProperties: false });
export type ForgotPasswordBody = Static<typeof ForgotPasswordBody>;

export const ResetPasswordBody = Type.Object({ token, password: newPassword }, { additionalProperties: false });
export type ResetPasswordBody = Static<typeof ResetPasswordBody>;

export const VerifyEmailBody = Type.Object({ token }, { additionalProperties: false });
export type VerifyEmailBody = Static<typeof VerifyEmailBody>;

export const ChangePasswordBody = Type.Object({ currentPassword, newPassword }, { additionalProperties: false });
export type ChangePasswordBody = Static<typeof ChangePasswordBody>;

export const ChangeEmailBody = Type.Object({ email, currentPassword: Type.Optional(currentPassword) }, { additionalProperties: false });
export type ChangeEmailBody = Static<typeof ChangeEmailBody>;

export const CloseAccountBody = Type.Object({ currentPassword: Type.Optional(currentPassword) }, { additionalProperties: false });
export type CloseAccountBody = Static<typeof CloseAccountBody>;

export const AccountMessage = Type.Object({ message: Type.String() });
export type AccountMessage = Static<typeof AccountMessage>;

export const VerifyEmailAnswer = Type.Object({ message: Type.String(), email: Type.String() });
export type VerifyEmailAnswer = Static<typeof VerifyEmailAnswer>;

export const ChangeEmailAnswer = Type.Object({ message: Type.String(), pendingEmail: Type.String() });
export type ChangeEmailAnswer = Static<typeof ChangeEmailAnswer>;

/**
 * GET /api/account/export: the account and what it owns, as they apply to its role. A customer: vehicles, jobs,
 * notifications. A technician: jobs assigned to them, time logs, notifications. An admin: the account and
 * notifications. Records are the API's own shapes (see their contracts); nothing of another person beyond the name
 * on a job.
 */
export const AccountExport = Type.Object({
  exportedAt: Type.String(),
  account: Type.Record(Type.String(), Type.Unknown()),
  vehicles: Type.Array(Type.Record(Type.String(), Type.Unknown())),
  jobs: Type.Array(Type.Record(Type.String(), Type.Unknown())),
  timeLogs: Type.Array(Type.Record(Type.String(), Type.Unknown())),
  notifications: Type.Array(Type.Record(Type.String(), Type.Unknown())),
});
export type AccountExport = Static<typeof AccountExport>;

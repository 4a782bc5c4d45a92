/**
 * What the account domain (contract/account.ts) says to people, word for word: the server answers with these, and the
 * SPA shows and tests them; and the name of its data download. Plain constants with no schema library, so the SPA may
 * import them at run time (like rules.ts and limits.ts); account.ts re-exports the messages beside its schemas.
 */

/** GET /api/account/export's file: the name the server gives it (Content-Disposition) and the SPA saves it under. */
export const EXPORT_FILE_NAME = 'carcare-account.json';

export const ACCOUNT_MESSAGES = {
  resetSent: 'If an account exists for that address, we have sent it a link to reset the password. The e-mail says how long the link works.',
  passwordReset: 'Your password has been reset. Please sign in with your new password.',
  linkInvalid: 'This link is invalid or has expired. Please ask for a new one.',
  emailVerified: 'Your e-mail address is verified.',
  verificationSent: 'We have sent you a new verification link.',
  passwordChanged: 'Your password has been changed. Your other devices have been signed out.',
  currentPasswordWrong: 'Current password is incorrect',
  currentPasswordRequired: 'Current password is required',
  emailChangeSent: 'We have sent a link to your new address. Your e-mail changes once you open it.',
  emailSame: 'This is already your e-mail address',
  emailTaken: 'This e-mail address is already in use',
  accountClosed: 'Your account has been closed.',
  lastAdmin: 'You are the last active admin. Make another admin before closing your account.',
  emailAlreadyVerified: 'Your e-mail address is already verified.',
  /** PUT /api/account/password for an account made by Google sign-in, which has no password to check (errors.currentPassword). */
  noPassword: 'Your account has no password yet. Use "Forgot password?" on the sign-in page to set one.',
  /** 429: password-reset requests per client IP or per address. */
  tooManyResetRequests: 'Too many password reset requests. Please try again later.',
  /** 429: verification links and e-mail changes asked for by one account. */
  tooManyEmails: 'Too many e-mails requested. Please try again later.',
  /** 429: wrong current passwords given on the Account page (counted per account, like logins). */
  tooManyAttempts: 'Too many attempts. Please try again later.',
  /** Google sign-in with the address of an unverified password account (pre-account takeover, refused). */
  googleUnverified:
    'An account with this e-mail already exists but its address is not verified. Open the verification link we sent it, or use "Forgot password?" on the sign-in page, then sign in with Google.',
} as const;

/** Spec §8 "Login": how a sign-in failure message is shown. */
export type LoginErrorDisplay =
  | {
      kind: 'email' | 'password' | 'both';
      /** Field messages to set. */
      fields: { email?: string; password?: string };
      /** The warning banner: a bold lead-in and the advice after it. */
      banner: { title: string; text: string };
    }
  | { kind: 'other'; message: string };

const EMAIL_PATTERNS = ['email not found', 'user not found', 'account not found'];
const PASSWORD_PATTERNS = ['password is incorrect', 'incorrect password', 'wrong password', 'invalid password'];
const CREDENTIAL_PATTERNS = ['invalid credentials', 'authentication failed'];

export const LOGIN_MESSAGES = {
  emailNotRegistered: 'This email is not registered. Please check or sign up.',
  incorrectPassword: 'Incorrect password. Please try again.',
  invalidCredentials: 'Invalid credentials',
} as const;

/** Maps a sign-in failure message (case-insensitive) to field errors + a warning banner, else a red banner. */
export function mapLoginError(message: string): LoginErrorDisplay {
  const text = message.toLowerCase();
  const has = (patterns: string[]) => patterns.some((p) => text.includes(p));
  if (has(EMAIL_PATTERNS)) {
    return {
      kind: 'email',
      fields: { email: LOGIN_MESSAGES.emailNotRegistered },
      banner: { title: 'Email Issue:', text: 'Please verify your email address or create a new account.' },
    };
  }
  if (has(PASSWORD_PATTERNS)) {
    return {
      kind: 'password',
      fields: { password: LOGIN_MESSAGES.incorrectPassword },
      banner: { title: 'Password Issue:', text: 'Double-check your password or use forgot password to reset it.' },
    };
  }
  if (has(CREDENTIAL_PATTERNS)) {
    return {
      kind: 'both',
      fields: { email: LOGIN_MESSAGES.invalidCredentials, password: LOGIN_MESSAGES.invalidCredentials },
      banner: { title: 'Login Failed:', text: 'Please check both your email and password.' },
    };
  }
  return { kind: 'other', message };
}

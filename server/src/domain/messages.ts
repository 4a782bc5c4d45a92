/** Messages of the auth contract that domain code and the HTTP plugins both answer with. */
export const AUTH_MESSAGES = {
  authenticationRequired: 'Authentication required',
  tokenExpired: 'JWT token has expired',
  tokenInvalid: 'Invalid JWT token',
  sessionRevoked: 'Session has been revoked. Invalid token',
  sessionExpired: 'Session has expired. Invalid token',
  accountDisabled: 'Account is disabled',
  accessDenied: 'Access denied. You do not have permission to access this resource.',
  invalidRefreshToken: 'Invalid or expired refresh token',
  emailNotFound: 'Email not found',
  passwordIncorrect: 'Password is incorrect',
  googleOnlyAccount: 'This account signs in with Google. Use Continue with Google.',
  emailExists: 'Email already exists',
} as const;

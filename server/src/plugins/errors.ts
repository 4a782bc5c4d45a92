import type { ErrorBody } from '../contract/common';

export type { ErrorBody };

/** An error whose message is meant for the client. Anything else thrown becomes a generic 500. */
export class HttpError extends Error {
  constructor(
    readonly statusCode: number,
    message: string,
    readonly errors?: Record<string, string>,
  ) {
    super(message);
    this.name = 'HttpError';
  }
}

export const MESSAGES = {
  authenticationRequired: 'Authentication required',
  tokenExpired: 'JWT token has expired',
  tokenInvalid: 'Invalid JWT token',
  sessionRevoked: 'Session has been revoked. Invalid token',
  sessionExpired: 'Session has expired. Invalid token',
  accountDisabled: 'Account is disabled',
  accessDenied: 'Access denied. You do not have permission to access this resource.',
  validationFailed: 'Validation failed',
  invalidRefreshToken: 'Invalid or expired refresh token',
  emailNotFound: 'Email not found',
  passwordIncorrect: 'Password is incorrect',
  googleOnlyAccount: 'This account signs in with Google. Use Continue with Google.',
  emailExists: 'Email already exists',
  tooManyLogins: 'Too many login attempts. Please try again later.',
  internal: 'Internal server error',
  notFound: 'Resource not found',
} as const;

export function errorBody(message: string, errors?: Record<string, string>): ErrorBody {
  return errors ? { message, success: false, errors } : { message, success: false };
}

export function notFoundBody(): ErrorBody {
  return errorBody(MESSAGES.notFound);
}

/** A 400 for one field, in the same shape as a schema failure (for rules checked in code or the database). */
export function invalidField(field: string, message: string): HttpError {
  return new HttpError(400, MESSAGES.validationFailed, { [field]: message });
}

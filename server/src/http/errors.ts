import type { FastifyError, FastifyReply, FastifyRequest } from 'fastify';
import { validationErrors } from './validation';

/** The one error body shape of the API. */
export interface ErrorBody {
  message: string;
  success: false;
  errors?: Record<string, string>;
}

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

function body(message: string, errors?: Record<string, string>): ErrorBody {
  return errors ? { message, success: false, errors } : { message, success: false };
}

/** Fastify's own client errors (body parsing, content type), answered with our wording — never their internals. */
const FRAMEWORK_ERRORS: Record<string, [number, string]> = {
  FST_ERR_CTP_BODY_TOO_LARGE: [413, 'Request body is too large'],
  FST_ERR_CTP_INVALID_MEDIA_TYPE: [415, 'Unsupported content type. Send application/json'],
  FST_ERR_CTP_INVALID_CONTENT_LENGTH: [400, 'Request body length does not match Content-Length'],
  FST_ERR_CTP_EMPTY_JSON_BODY: [400, 'Request body is empty'],
  FST_ERR_CTP_INVALID_JSON_BODY: [400, 'Malformed JSON in request body'],
};

function sendError(reply: FastifyReply, statusCode: number, payload: ErrorBody): FastifyReply {
  return reply.status(statusCode).type('application/json; charset=utf-8').send(payload);
}

/** The app's one error handler: client errors get our wording; anything unexpected is logged and hidden. */
export function errorHandler(error: FastifyError, request: FastifyRequest, reply: FastifyReply) {
  if (error instanceof HttpError) {
    return sendError(reply, error.statusCode, body(error.message, error.errors));
  }
  if (error.validation) {
    return sendError(reply, 400, body(MESSAGES.validationFailed, validationErrors(error.validation, error.validationContext)));
  }
  const known = error.code ? FRAMEWORK_ERRORS[error.code] : undefined;
  if (known) return sendError(reply, known[0], body(known[1]));
  if (error instanceof SyntaxError && error.statusCode === 400) {
    return sendError(reply, 400, body('Malformed JSON in request body'));
  }
  const status = error.statusCode ?? 500;
  if (status >= 400 && status < 500) {
    request.log.info({ err: error }, 'client error');
    return sendError(reply, status, body(status === 429 ? MESSAGES.tooManyLogins : 'Bad request'));
  }
  request.log.error({ err: error }, 'unhandled error');
  return sendError(reply, 500, body(MESSAGES.internal));
}

export function notFoundBody(): ErrorBody {
  return body(MESSAGES.notFound);
}

import type { ErrorBody } from '../contract/common';
import { type FieldErrors, firstMessage, VALIDATION_FAILED } from '../domain/errors';
import { AUTH_MESSAGES } from '../domain/messages';

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
  ...AUTH_MESSAGES,
  /** Only when a validation failure names no field; otherwise `message` is the first field's message. */
  validationFailed: VALIDATION_FAILED,
  tooManyLogins: 'Too many login attempts. Please try again later.',
  internal: 'Internal server error',
  notFound: 'Resource not found',
  methodNotAllowed: 'Method not allowed',
  malformedUrl: 'Malformed URL',
  badRequest: 'Bad request',
} as const;

/**
 * The message of an error status that no code of ours chose a message for (a framework or plugin error, a raw
 * client error): one wording per status, so no answer ever says "Bad request" for a refusal or a missing page.
 */
export const STATUS_MESSAGES: Readonly<Record<number, string>> = {
  400: MESSAGES.badRequest,
  401: MESSAGES.authenticationRequired,
  403: MESSAGES.accessDenied,
  404: MESSAGES.notFound,
  405: MESSAGES.methodNotAllowed,
  406: 'Not acceptable',
  408: 'Request timed out',
  409: 'Conflict',
  411: 'Content-Length is required',
  413: 'Request body is too large',
  414: 'URL is too long',
  415: 'Unsupported content type. Send application/json',
  416: 'Range not satisfiable',
  429: 'Too many requests. Please try again later.',
  431: 'Request headers are too large',
  500: MESSAGES.internal,
};

/** The wording for `status` (a 4xx without its own entry reads "Bad request", anything else is a 500's). */
export function statusMessage(status: number): string {
  return STATUS_MESSAGES[status] ?? (status >= 400 && status < 500 ? MESSAGES.badRequest : MESSAGES.internal);
}

export function errorBody(message: string, errors?: Record<string, string>): ErrorBody {
  return errors ? { message, success: false, errors } : { message, success: false };
}

export { firstMessage };

export function notFoundBody(): ErrorBody {
  return errorBody(MESSAGES.notFound);
}

/**
 * A 400 validation failure: `{ message: <first field's message>, success: false, errors }` — a client that reads
 * only `message` still shows something useful; `errors` keeps every field's message.
 */
export function validationFailure(errors: FieldErrors): HttpError {
  return new HttpError(400, firstMessage(errors) ?? MESSAGES.validationFailed, errors);
}

/** A 400 for one field, in the same shape as a schema failure (for rules checked in code or the database). */
export function invalidField(field: string, message: string): HttpError {
  return validationFailure({ [field]: message });
}

import type { FastifyError, FastifyReply, FastifyRequest } from 'fastify';
import { type ErrorBody, errorBody, HttpError, MESSAGES } from './errors';
import { validationErrors } from './validation';

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
    return sendError(reply, error.statusCode, errorBody(error.message, error.errors));
  }
  if (error.validation) {
    return sendError(reply, 400, errorBody(MESSAGES.validationFailed, validationErrors(error.validation, error.validationContext)));
  }
  const known = error.code ? FRAMEWORK_ERRORS[error.code] : undefined;
  if (known) return sendError(reply, known[0], errorBody(known[1]));
  if (error instanceof SyntaxError && error.statusCode === 400) {
    return sendError(reply, 400, errorBody('Malformed JSON in request body'));
  }
  const status = error.statusCode ?? 500;
  if (status >= 400 && status < 500) {
    request.log.info({ err: error }, 'client error');
    return sendError(reply, status, errorBody(status === 429 ? MESSAGES.tooManyLogins : 'Bad request'));
  }
  request.log.error({ err: error }, 'unhandled error');
  return sendError(reply, 500, errorBody(MESSAGES.internal));
}


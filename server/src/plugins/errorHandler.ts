import { STATUS_CODES } from 'node:http';
import type { Socket } from 'node:net';
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest, HTTPMethods } from 'fastify';
import fp from 'fastify-plugin';
import { ConflictError, DomainError, ForbiddenError, InvalidError, NotFoundError, TooManyError, UnauthorizedError, UnavailableError } from '../domain/errors';
import { type ErrorBody, errorBody, firstMessage, HttpError, MESSAGES, statusMessage } from './errors';
import { validationErrors } from './validation';

/** Fastify's own client errors (URL, body parsing, content type), answered with our wording — never their internals. */
const FRAMEWORK_ERRORS: Record<string, [number, string]> = {
  FST_ERR_BAD_URL: [400, MESSAGES.malformedUrl],
  FST_ERR_MAX_PARAM_LENGTH: [414, statusMessage(414)],
  FST_ERR_CTP_BODY_TOO_LARGE: [413, statusMessage(413)],
  FST_ERR_CTP_INVALID_MEDIA_TYPE: [415, statusMessage(415)],
  FST_ERR_CTP_INVALID_CONTENT_LENGTH: [400, 'Request body length does not match Content-Length'],
  FST_ERR_CTP_EMPTY_JSON_BODY: [400, 'Request body is empty'],
  FST_ERR_CTP_INVALID_JSON_BODY: [400, 'Malformed JSON in request body'],
};

/** An error answer: JSON, never cached (also where the onSend hooks do not run, e.g. Fastify's framework errors). */
function sendError(reply: FastifyReply, statusCode: number, payload: ErrorBody): FastifyReply {
  return reply.status(statusCode).type('application/json; charset=utf-8').header('cache-control', 'no-store').send(payload);
}

/** The HTTP status of each kind of domain error. */
const DOMAIN_STATUS: ReadonlyArray<[new (...args: never[]) => DomainError, number]> = [
  [InvalidError, 400],
  [UnauthorizedError, 401],
  [ForbiddenError, 403],
  [NotFoundError, 404],
  [ConflictError, 409],
  [TooManyError, 429],
  [UnavailableError, 503],
];

/** A domain error as the client gets it: its status, and `{ message, success: false, errors? }`. */
export function domainErrorAnswer(error: DomainError): { status: number; body: ErrorBody } {
  const status = DOMAIN_STATUS.find(([kind]) => error instanceof kind)?.[1] ?? 500;
  if (status === 500) return { status, body: errorBody(MESSAGES.internal) };
  return { status, body: errorBody(error.message, error instanceof InvalidError ? error.errors : undefined) };
}

/**
 * The app's one error handler (also Fastify's `frameworkErrors`: a URL it cannot decode): client errors get our
 * wording in the contract's shape `{ message, success: false, errors? }`; anything unexpected is logged and hidden.
 */
export function errorHandler(error: FastifyError, request: FastifyRequest, reply: FastifyReply) {
  if (error instanceof DomainError) {
    const { status, body } = domainErrorAnswer(error);
    // A 429 says when to come back, as the rate limits' do (plugins/rateLimit.ts).
    if (error instanceof TooManyError) reply.header('retry-after', String(error.retryAfterSeconds));
    if (status === 500) request.log.error({ err: error }, 'unhandled error');
    return sendError(reply, status, body);
  }
  if (error instanceof HttpError) {
    // A validation failure's message is its first field's message (the rules that build `errors` in code).
    const message = error.errors && error.message === MESSAGES.validationFailed ? (firstMessage(error.errors) ?? error.message) : error.message;
    return sendError(reply, error.statusCode, errorBody(message, error.errors));
  }
  if (error.validation) {
    const context = error.validationContext;
    const schema = context ? (request.routeOptions.schema as Record<string, unknown> | undefined)?.[context] : undefined;
    const errors = validationErrors(error.validation, context, schema);
    return sendError(reply, 400, errorBody(firstMessage(errors) ?? MESSAGES.validationFailed, errors));
  }
  const known = error.code ? FRAMEWORK_ERRORS[error.code] : undefined;
  if (known) return sendError(reply, known[0], errorBody(known[1]));
  if (error instanceof SyntaxError && error.statusCode === 400) {
    return sendError(reply, 400, errorBody('Malformed JSON in request body'));
  }
  if (error.code === 'ECONNRESET') {
    // The client went away mid-request (closed the connection while sending its body): nothing is wrong here and
    // nobody reads the answer — one quiet line, no stack trace.
    request.log.info({ method: request.method, url: redactSecrets(request.url) }, 'request aborted by the client');
    return sendError(reply, 400, errorBody(statusMessage(400)));
  }
  const status = error.statusCode ?? 500;
  if (status >= 400 && status < 500) {
    request.log.info({ err: error }, 'client error');
    return sendError(reply, status, errorBody(statusMessage(status)));
  }
  request.log.error({ err: error }, 'unhandled error');
  return sendError(reply, 500, errorBody(MESSAGES.internal));
}

const METHODS: HTTPMethods[] = ['GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE', 'OPTIONS'];

/** A URL fit for a log line: a tracking link's token (a bearer secret in the path) is left out. */
export function redactSecrets(url: string): string {
  return url.replace(/\/track\/[^/?#]+/, '/track/[redacted]');
}

/**
 * The methods the router has for `url`. A match only through a wildcard (the static site's `/*`) does not
 * count: no API route has one.
 */
export function allowedMethods(app: FastifyInstance, url: string): HTTPMethods[] {
  return METHODS.filter((method) => {
    const route = app.findRoute({ method, url });
    return route !== null && !Object.hasOwn(route.params ?? {}, '*');
  });
}

/**
 * No route for this method and URL: 405 with `Allow` when the URL is a route for other methods
 * (DELETE /api/auth/login, PROPFIND on any route), else 404 — both in the contract's shape.
 */
export function sendNoRoute(app: FastifyInstance, request: FastifyRequest, reply: FastifyReply): FastifyReply {
  const allowed = allowedMethods(app, request.url);
  if (allowed.length > 0 && !allowed.includes(request.method as HTTPMethods)) {
    return sendError(reply.header('allow', allowed.join(', ')), 405, errorBody(MESSAGES.methodNotAllowed));
  }
  return sendError(reply, 404, errorBody(MESSAGES.notFound));
}

/**
 * Fastify's `clientErrorHandler`: a request Node's HTTP parser refused (a NUL or other control character in a
 * header, an unknown method, a malformed request line, headers too large, a time-out) gets the contract's shape
 * too, written straight to the socket as no request object exists; then the connection is closed.
 */
export function clientErrorHandler(error: Error & { code?: string }, socket: Socket): void {
  if (error.code === 'ECONNRESET' || socket.destroyed) return;
  const status = error.code === 'ERR_HTTP_REQUEST_TIMEOUT' ? 408 : error.code === 'HPE_HEADER_OVERFLOW' ? 431 : 400;
  const body = JSON.stringify(errorBody(statusMessage(status)));
  if (socket.writable) {
    socket.write(
      `HTTP/1.1 ${status} ${STATUS_CODES[status]}\r\nContent-Type: application/json; charset=utf-8\r\n` +
        `Content-Length: ${Buffer.byteLength(body)}\r\nCache-Control: no-store\r\nConnection: close\r\n\r\n${body}`,
    );
  }
  socket.destroy(error);
}

/** The error handler for every route: registered before any route, since a route keeps the handler it was built with. */
export const errorHandling = fp(
  async (app) => {
    app.setErrorHandler(errorHandler);
  },
  { name: 'errorHandling' },
);

/**
 * What domain code throws when a request cannot be served. Every message is meant for the client;
 * plugins/errorHandler.ts gives each kind its HTTP status. Anything else thrown is a 500.
 */

/** Field name → message, in the order the form shows the fields. */
export type FieldErrors = Record<string, string>;

/** The message of a failure that names no field. */
export const VALIDATION_FAILED = 'Validation failed';

export abstract class DomainError extends Error {
  protected constructor(message: string) {
    super(message);
    this.name = new.target.name;
  }
}

/** Not there, or not the caller's to see: one answer for both, so ids are never confirmed to strangers. */
export class NotFoundError extends DomainError {
  constructor(message: string) {
    super(message);
  }
}

/** The request clashes with the current state (a taken slot, a stale version, a finished job). */
export class ConflictError extends DomainError {
  constructor(message: string) {
    super(message);
  }
}

/** The caller is known but may not do this. */
export class ForbiddenError extends DomainError {
  constructor(message: string) {
    super(message);
  }
}

/** The caller could not be identified: unknown account, wrong password, a token or session that is no longer good. */
export class UnauthorizedError extends DomainError {
  constructor(message: string) {
    super(message);
  }
}

/**
 * The caller already holds as many of something as one may (open streams): 429 until one is given back. Every such
 * refusal says when to try again: `retryAfterSeconds` is the answer's Retry-After (plugins/errorHandler.ts).
 */
export class TooManyError extends DomainError {
  constructor(
    message: string,
    readonly retryAfterSeconds: number,
  ) {
    super(message);
  }
}

/** The server is busy with this kind of work for now (a full queue): the client may try again shortly (503). */
export class UnavailableError extends DomainError {
  constructor(message: string) {
    super(message);
  }
}

/** Field errors found by a rule in code, answered like a schema failure: `message` is the first field's message. */
export class InvalidError extends DomainError {
  readonly errors: FieldErrors;

  constructor(errors: FieldErrors) {
    super(firstMessage(errors) ?? VALIDATION_FAILED);
    this.errors = { ...errors };
  }
}

/** The first non-empty message of `errors`. */
export function firstMessage(errors: FieldErrors): string | undefined {
  for (const message of Object.values(errors)) if (message) return message;
  return undefined;
}

/** One invalid field. */
export function invalidField(field: string, message: string): InvalidError {
  return new InvalidError({ [field]: message });
}

/** Throws the collected field errors as one failure; nothing when there are none. */
export function throwIfInvalid(errors: FieldErrors): void {
  if (Object.keys(errors).length > 0) throw new InvalidError(errors);
}

/** Optimistic concurrency: a write made against another version than the stored one is refused. */
export function checkVersion(current: number, expected: number | undefined, message: string): void {
  if (expected !== undefined && expected !== current) throw new ConflictError(message);
}

/**
 * Idempotency-Key (server/README.md § "Retried changes"): a client-generated id sent with a change, so a change resent
 * after its answer was lost (the SPA's offline queue) is the same change, not a second one. Plain constants, no schema
 * library, so the SPA can import them at run time (like rules.ts and limits.ts).
 *
 * Honoured by POST /api/time-logs, PUT and DELETE /api/time-logs/:id, PATCH /api/appointments/:id/status. Optional:
 * without the header a request is served as always.
 * - The first request with a key runs; its answer (status and body, a refusal included, a 5xx not) is kept for
 *   IDEMPOTENCY_KEY_TTL (24 h by default) for that user and key.
 * - The same key again, for the same request (method, route, path parameters and body): the kept answer, with
 *   `Idempotent-Replayed: true`, and nothing is changed a second time. Sent while the first is still running, it
 *   waits for the first and gets its answer.
 * - The same key for a different request: 422 `reused`. A key that is not 1–100 of `A-Z a-z 0-9 _ -`: 400 `invalid`.
 */

/** The request header (HTTP header names are case-insensitive; Node reads them lower-cased). */
export const IDEMPOTENCY_KEY_HEADER = 'Idempotency-Key';
/** The answer's header when it is a kept answer, sent again: its value is `true`. */
export const IDEMPOTENT_REPLAYED_HEADER = 'Idempotent-Replayed';

export const IDEMPOTENCY_KEY_MAX_LENGTH = 100;
/** 1–100 letters, digits, `_` or `-`: a UUID (what the SPA sends, crypto.randomUUID()) or any such id. */
export const IDEMPOTENCY_KEY_PATTERN = `^[A-Za-z0-9_-]{1,${IDEMPOTENCY_KEY_MAX_LENGTH}}$`;
export const IDEMPOTENCY_KEY_REGEX = new RegExp(IDEMPOTENCY_KEY_PATTERN);

export const IDEMPOTENCY_MESSAGES = {
  invalid: `Idempotency-Key must be 1 to ${IDEMPOTENCY_KEY_MAX_LENGTH} letters, digits, hyphens or underscores (a UUID, for example)`,
  reused: 'This Idempotency-Key was already used for a different request. Send this change with a new key.',
} as const;

/**
 * Building blocks of the API contract (docs/api-contract.md), as TypeBox schemas: the server validates requests
 * and serialises answers with them, and the SPA imports their static types (type-only). One source, no copies.
 *
 * `errorMessages` (see plugins/validation.ts) carries the client-facing message of each failing keyword next to
 * the rule it explains. Every string has a maxLength; every pattern is linear-time.
 */
import { type Static, type TSchema, Type } from 'typebox';
import { MAX_PAGE_SIZE } from './limits';

/** The one error body shape of the API. */
export const ErrorBody = Type.Object({
  message: Type.String(),
  success: Type.Literal(false),
  errors: Type.Optional(Type.Record(Type.String(), Type.String())),
});
export type ErrorBody = Static<typeof ErrorBody>;

/** A string that must be one of `values` (a plain `enum`, which serialises faster than a union of literals). */
export function StringEnum<const T extends readonly string[]>(values: T, options: Record<string, unknown> = {}) {
  return Type.Unsafe<T[number]>({ type: 'string', enum: [...values], ...options });
}

/** A uuid in a path, query or body, with a message naming the field. */
export function Id(label: string) {
  const message = `${label} is not a valid id`;
  return Type.String({ format: 'uuid', maxLength: 36, errorMessages: { format: message, type: message, required: `${label} is required` } });
}

/** A calendar date, `YYYY-MM-DD` (Ajv's full `date` format: the day must exist; PostgreSQL has no year 0). */
export function IsoDate(label: string) {
  const message = `${label} must be a valid date (YYYY-MM-DD)`;
  return Type.String({
    format: 'date',
    pattern: '^(?!0000)',
    maxLength: 10,
    errorMessages: { format: message, pattern: message, type: message, required: `${label} is required` },
  });
}

/** A time of day, `HH:MM`, 24-hour. */
export function TimeOfDay(label: string) {
  const message = `${label} must be a time (HH:MM)`;
  return Type.String({ pattern: '^([01][0-9]|2[0-3]):[0-5][0-9]$', maxLength: 5, errorMessages: { pattern: message, type: message, required: `${label} is required` } });
}

/** An `expectedVersion` for optimistic concurrency. */
export const ExpectedVersion = Type.Integer({
  minimum: 1,
  maximum: 2_147_483_647,
  errorMessages: {
    type: 'Expected version must be a whole number',
    minimum: 'Expected version must be at least 1',
    maximum: 'Expected version is too large',
    required: 'Expected version is required',
  },
});

export { DEFAULT_PAGE_SIZE, MAX_PAGE_SIZE } from './limits';

/** The answer to a cursor the server did not write (malformed, tampered with, or from another list). */
export const INVALID_CURSOR = 'Invalid cursor';

/** `?limit=&cursor=` of every paged list (keyset paging: the cursor is opaque). */
export const PageQuery = {
  limit: Type.Optional(
    Type.Integer({
      minimum: 1,
      maximum: MAX_PAGE_SIZE,
      errorMessages: { type: 'Limit must be a whole number', minimum: 'Limit must be at least 1', maximum: `Limit must be at most ${MAX_PAGE_SIZE}` },
    }),
  ),
  cursor: Type.Optional(Type.String({ maxLength: 200, pattern: '^[A-Za-z0-9_-]+$', errorMessages: { pattern: INVALID_CURSOR, maxLength: INVALID_CURSOR, type: INVALID_CURSOR } })),
};

/** `{ items, nextCursor? }`: `nextCursor` is present when there is another page. */
export function Paged<T extends TSchema>(item: T) {
  return Type.Object({ items: Type.Array(item), nextCursor: Type.Optional(Type.String()) });
}

export interface Page<T> {
  items: T[];
  nextCursor?: string;
}

/** ISO 8601 instant with offset, e.g. 2026-11-23T09:00:00.000Z. */
export const Instant = Type.String({ format: 'date-time' });

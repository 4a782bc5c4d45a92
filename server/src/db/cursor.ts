import { INVALID_CURSOR, type Page } from '../contract/common';
import { MAX_PLATE_LENGTH } from '../contract/limits';
import { invalidField } from '../domain/errors';

/**
 * Keyset paging cursors: the sort key of the last row of a page, opaque to clients (base64url of a JSON array).
 * Every paged list's cursor shape is declared here (CURSORS), and a cursor is decoded only against its list's
 * shape: each value must be one its column can hold and PostgreSQL accepts as a parameter, so a tampered cursor
 * is a 400 "Invalid cursor", never a database error.
 */
export function encodeCursor(values: readonly string[]): string {
  return Buffer.from(JSON.stringify(values)).toString('base64url');
}

/**
 * A page from rows fetched with `limit + 1`: the first `limit` as items, and when there was one more row, the
 * cursor (the sort key of the page's last row) that asks for the next page.
 */
export function toPage<Row, Item>(rows: readonly Row[], limit: number, sortKey: (row: Row) => string[], toItem: (row: Row) => Item): Page<Item> {
  const items = rows.slice(0, limit);
  const last = items.at(-1);
  return { items: items.map(toItem), ...(rows.length > limit && last !== undefined && { nextCursor: encodeCursor(sortKey(last)) }) };
}

/** Whether a cursor value is one its sort column can hold (the value is already known to be a string). */
export type CursorField = (value: string) => boolean;

/** The decoded values of a cursor of `shape`: one string per field. */
export type CursorValues<Shape extends readonly CursorField[]> = { -readonly [Index in keyof Shape]: string };

/** The values of `cursor` if it is a cursor of `shape`; a 400 "Invalid cursor" (field `cursor`) otherwise. */
export function decodeCursor<const Shape extends readonly CursorField[]>(cursor: string, shape: Shape): CursorValues<Shape> {
  let values: unknown;
  try {
    values = JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8'));
  } catch {
    values = null;
  }
  if (!Array.isArray(values) || values.length !== shape.length || !values.every((value, index) => typeof value === 'string' && shape[index](value))) {
    throw invalidField('cursor', INVALID_CURSOR);
  }
  return values as CursorValues<Shape>;
}

/** A day that exists, years 0001–9999 (PostgreSQL has no year 0): `2030-02-30` and `0000-01-01` are not. */
function isCalendarDate(value: string): boolean {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(value) || value < '0001-01-01') return false;
  const [year, month, day] = value.split('-').map(Number);
  const date = new Date(Date.UTC(2000, month - 1, day));
  date.setUTCFullYear(year);
  return date.getUTCFullYear() === year && date.getUTCMonth() === month - 1 && date.getUTCDate() === day;
}

const HOURS_MINUTES = /^([01]\d|2[0-3]):[0-5]\d$/;
const HOURS_MINUTES_SECONDS = /^([01]\d|2[0-3]):[0-5]\d:[0-5]\d$/;

/** `YYYY-MM-DDTHH:MM:SS.<digits>Z`, a real day and time of day (no 24:00, no leap second) in UTC. */
function isUtcInstant(fractionDigits: number): CursorField {
  const shape = new RegExp(`^(\\d{4}-\\d{2}-\\d{2})T(\\d{2}:\\d{2}:\\d{2})\\.\\d{${fractionDigits}}Z$`);
  return (value) => {
    const match = shape.exec(value);
    return match !== null && isCalendarDate(match[1]) && HOURS_MINUTES_SECONDS.test(match[2]);
  };
}

/**
 * A number plate as the vehicles table holds one (vehicles/rules.ts `normalisePlate` of a plate the contract let
 * through): letters and digits first, then letters, marks (an upper-cased letter may gain one), digits, single
 * spaces, dots and hyphens; upper-case, trimmed, at most MAX_PLATE_LENGTH characters. So no NUL, no control
 * character and no lone surrogate reaches SQL.
 */
function isPlate(value: string): boolean {
  return (
    /^[\p{L}\p{N}](?:[\p{L}\p{M}\p{N}.-]| (?! ))*$/u.test(value) &&
    !value.endsWith(' ') &&
    value === value.toUpperCase() &&
    [...value].length <= MAX_PLATE_LENGTH
  );
}

/** What each kind of sort column may hold. */
export const CURSOR_FIELDS = {
  uuid: (value: string) => /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i.test(value),
  /** `YYYY-MM-DD`. */
  date: isCalendarDate,
  /** `HH:MM`. */
  slot: (value: string) => HOURS_MINUTES.test(value),
  /** `YYYY-MM-DD HH:MM:SS`, a wall-clock time without zone. */
  localDateTime: (value: string) => isCalendarDate(value.slice(0, 10)) && value[10] === ' ' && HOURS_MINUTES_SECONDS.test(value.slice(11)),
  /** An instant as `toIso` prints it (milliseconds). */
  instant: isUtcInstant(3),
  /** An instant to the microsecond, as PostgreSQL's `to_char(… 'US')` prints it. */
  preciseInstant: isUtcInstant(6),
  plate: isPlate,
  /** A part's SKU as stored: upper-case letters, digits and . _ / - (contract/inventory.ts). */
  sku: (value: string) => /^[A-Z0-9][A-Z0-9._/-]{0,39}$/.test(value),
  /** A bigint identity (stock movements), 1 to 18 digits. */
  serial: (value: string) => /^[1-9][0-9]{0,17}$/.test(value),
} satisfies Record<string, CursorField>;

/** Every paged list's keyset: its sort columns, in order. */
export const CURSORS = {
  /** GET /api/vehicles: plate, id. */
  vehicles: [CURSOR_FIELDS.plate, CURSOR_FIELDS.uuid],
  /** GET /api/appointments: date, slot, id. */
  appointments: [CURSOR_FIELDS.date, CURSOR_FIELDS.slot, CURSOR_FIELDS.uuid],
  /** GET /api/time-logs: start (shop wall-clock time), id. */
  timeLogs: [CURSOR_FIELDS.localDateTime, CURSOR_FIELDS.uuid],
  /** GET /api/notifications: created_at to the microsecond, id. */
  notifications: [CURSOR_FIELDS.preciseInstant, CURSOR_FIELDS.uuid],
  /** GET /api/contact-messages and /api/newsletter-subscribers: created_at, id. */
  newestFirst: [CURSOR_FIELDS.instant, CURSOR_FIELDS.uuid],
  /** GET /api/parts: SKU, id. */
  parts: [CURSOR_FIELDS.sku, CURSOR_FIELDS.uuid],
  /** GET /api/parts/:id/movements: id, newest first. */
  stockMovements: [CURSOR_FIELDS.serial],
  /** GET /api/purchase-orders: number, newest first. */
  purchaseOrders: [CURSOR_FIELDS.serial],
} as const satisfies Record<string, readonly CursorField[]>;

/** `%`, `_` and `\` matched literally inside an ILIKE pattern. */
export function likeContaining(text: string): string {
  return `%${text.replace(/[\\%_]/g, (char) => `\\${char}`)}%`;
}

import type { Page } from '../contract/common';
import { invalidField } from '../domain/errors';

/**
 * Keyset paging cursors: the sort key of the last row of a page, opaque to clients (base64url of a JSON array).
 * Each value is checked to be a valid value of its column before it reaches SQL: a tampered cursor is a 400.
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

type CursorField = (value: string) => boolean;

export function decodeCursor(cursor: string, fields: readonly CursorField[]): string[] {
  let values: unknown;
  try {
    values = JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8'));
  } catch {
    values = null;
  }
  if (
    !Array.isArray(values) ||
    values.length !== fields.length ||
    !values.every((value, index) => typeof value === 'string' && fields[index](value))
  ) {
    throw invalidField('cursor', 'Cursor is not valid');
  }
  return values as string[];
}

/** A day that exists, from year 1 (PostgreSQL has no year 0): `2030-02-30` and `0000-01-01` are not. */
function isCalendarDate(value: string): boolean {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(value) || value < '0001-01-01') return false;
  const [year, month, day] = value.split('-').map(Number);
  const date = new Date(Date.UTC(2000, month - 1, day));
  date.setUTCFullYear(year);
  return date.getUTCFullYear() === year && date.getUTCMonth() === month - 1 && date.getUTCDate() === day;
}

const isTimeOfDay = (value: string, seconds: boolean) => (seconds ? /^([01]\d|2[0-3]):[0-5]\d:[0-5]\d$/ : /^([01]\d|2[0-3]):[0-5]\d$/).test(value);

/** What each sort column of the paged lists may hold. */
export const CURSOR_FIELDS = {
  uuid: (value: string) => /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i.test(value),
  date: isCalendarDate,
  slot: (value: string) => isTimeOfDay(value, false),
  localDateTime: (value: string) => isCalendarDate(value.slice(0, 10)) && value[10] === ' ' && isTimeOfDay(value.slice(11), true),
  plate: (value: string) => /^.{1,20}$/su.test(value),
} satisfies Record<string, CursorField>;

/** `%`, `_` and `\` matched literally inside an ILIKE pattern. */
export function likeContaining(text: string): string {
  return `%${text.replace(/[\\%_]/g, (char) => `\\${char}`)}%`;
}

/**
 * The `YYYY-MM-DD` date key on its own, without the calendar maths (src/lib/calendar.ts) and date-fns: the
 * store's slices validate persisted days with it, and they load on every signed-in page (and /login).
 */

/** `YYYY-MM-DD`, a local calendar date. */
export type DateKey = string;

const DATE_KEY = /^(\d{4})-(\d{2})-(\d{2})$/;

/** True for a real calendar date written as `YYYY-MM-DD` (rejects e.g. 2026-02-30). */
export function isDateKey(value: string): boolean {
  const match = DATE_KEY.exec(value);
  if (!match) return false;
  const [, y, m, d] = match.map(Number);
  const date = new Date(y, m - 1, d);
  return date.getFullYear() === y && date.getMonth() === m - 1 && date.getDate() === d;
}

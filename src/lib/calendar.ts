/**
 * Pure month-grid maths for the technician's Monthly Work Summary (spec §2, §9 "Calendar grid 42 cells").
 *
 * Dates travel as plain strings so they can live in React state and Redux selectors without Date objects:
 * a {@link DateKey} is a local calendar date `YYYY-MM-DD` (the time log's `date` field, spec §3) and a
 * {@link MonthKey} is `YYYY-MM`. Weeks run Sunday to Saturday.
 *
 * Grid rule: the grid always has 6 weeks × 7 days = 42 cells and starts on the Sunday on or before the 1st of
 * the month. A month that starts on a Sunday therefore has its 1st in the first cell (no leading week of the
 * previous month) and the rest of the 42 cells are filled with the following month's days.
 */
import { addDays, addMonths, startOfMonth, startOfWeek } from 'date-fns';
import { type DateKey, isDateKey } from './dateKey';

export { type DateKey, isDateKey };
/** `YYYY-MM`. */
export type MonthKey = string;

export const DAYS_PER_WEEK = 7;
export const WEEKS_PER_GRID = 6;
/** Spec §9: the calendar grid has 42 cells. */
export const CALENDAR_CELLS = DAYS_PER_WEEK * WEEKS_PER_GRID;

/** Column headers, Sunday first. */
export const WEEKDAYS = [
  { short: 'Sun', long: 'Sunday' },
  { short: 'Mon', long: 'Monday' },
  { short: 'Tue', long: 'Tuesday' },
  { short: 'Wed', long: 'Wednesday' },
  { short: 'Thu', long: 'Thursday' },
  { short: 'Fri', long: 'Friday' },
  { short: 'Sat', long: 'Saturday' },
] as const;

export interface CalendarDay {
  date: DateKey;
  /** 1–31 */
  dayOfMonth: number;
  /** 0 = Sunday … 6 = Saturday (also the column index). */
  weekday: number;
  /** False for the leading/trailing days that belong to the previous/next month (shown dimmed). */
  inMonth: boolean;
}

const MONTH_KEY = /^(\d{4})-(\d{2})$/;

const MONTH_NAMES = [
  'January',
  'February',
  'March',
  'April',
  'May',
  'June',
  'July',
  'August',
  'September',
  'October',
  'November',
  'December',
] as const;

const pad2 = (n: number) => (n < 10 ? `0${n}` : String(n));

// Hand-rolled rather than date-fns `format`: these run for every calendar cell on every month switch.
export function toDateKey(date: Date): DateKey {
  return `${date.getFullYear()}-${pad2(date.getMonth() + 1)}-${pad2(date.getDate())}`;
}

export function toMonthKey(date: Date): MonthKey {
  return `${date.getFullYear()}-${pad2(date.getMonth() + 1)}`;
}

/** Local midnight of a `YYYY-MM-DD` key. Throws on a malformed key. */
export function parseDateKey(key: DateKey): Date {
  if (!isDateKey(key)) throw new RangeError(`Not a YYYY-MM-DD date: ${key}`);
  const [y, m, d] = key.split('-').map(Number);
  return new Date(y, m - 1, d);
}

/** Local midnight on the 1st of a `YYYY-MM` key. Throws on a malformed key. */
export function parseMonthKey(key: MonthKey): Date {
  const match = MONTH_KEY.exec(key);
  const month = match ? Number(match[2]) : 0;
  if (!match || month < 1 || month > 12) throw new RangeError(`Not a YYYY-MM month: ${key}`);
  return new Date(Number(match[1]), month - 1, 1);
}

/** The month a date belongs to. */
export function monthOfDate(key: DateKey): MonthKey {
  return key.slice(0, 7);
}

/** The month `delta` months after (negative: before) `month`. */
export function shiftMonth(month: MonthKey, delta: number): MonthKey {
  return toMonthKey(addMonths(parseMonthKey(month), delta));
}

/** The date `delta` days after (negative: before) `date`. */
export function shiftDate(date: DateKey, delta: number): DateKey {
  return toDateKey(addDays(parseDateKey(date), delta));
}

/** The same day `delta` months later (clamped to the month's last day: Jan 31 + 1 → Feb 28/29). */
export function shiftDateByMonths(date: DateKey, delta: number): DateKey {
  return toDateKey(addMonths(parseDateKey(date), delta));
}

/** The Sunday that starts the week of `date`. */
export function startOfWeekKey(date: DateKey): DateKey {
  return toDateKey(startOfWeek(parseDateKey(date), { weekStartsOn: 0 }));
}

/** e.g. "November 2026" */
export function formatMonthLabel(month: MonthKey): string {
  const first = parseMonthKey(month);
  return `${MONTH_NAMES[first.getMonth()]} ${first.getFullYear()}`;
}

/** e.g. "November 3, 2026" */
export function formatDayLabel(date: DateKey): string {
  const day = parseDateKey(date);
  return `${MONTH_NAMES[day.getMonth()]} ${day.getDate()}, ${day.getFullYear()}`;
}

/** The 42 days shown for `month`, Sunday-first, row by row (see the grid rule at the top of this file). */
export function monthGrid(month: MonthKey): CalendarDay[] {
  const first = startOfMonth(parseMonthKey(month));
  const gridStart = startOfWeek(first, { weekStartsOn: 0 });
  const days: CalendarDay[] = [];
  for (let i = 0; i < CALENDAR_CELLS; i += 1) {
    const day = addDays(gridStart, i);
    days.push({ date: toDateKey(day), dayOfMonth: day.getDate(), weekday: day.getDay(), inMonth: toMonthKey(day) === month });
  }
  return days;
}

/** Splits the 42 days into 6 weeks of 7. */
export function toWeeks<T>(days: readonly T[]): T[][] {
  const weeks: T[][] = [];
  for (let i = 0; i < days.length; i += DAYS_PER_WEEK) weeks.push(days.slice(i, i + DAYS_PER_WEEK));
  return weeks;
}

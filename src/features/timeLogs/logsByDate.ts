import type { TimeLog } from '@contract/timeLogs';
import { CALENDAR_CELLS, type DateKey, type MonthKey, monthGrid, monthOfDate } from '@/lib/calendar';

/**
 * The technician's logs as the Monthly Work Summary reads them: grouped by the day they start, each day sorted by
 * start time, with the minutes per day. The logs are server data (timeLogsApi); this only derives views of them.
 */

/** Dates inclusive, `YYYY-MM-DD`: what GET /api/time-logs takes as `from` / `to`. */
export interface DateRange {
  from: DateKey;
  to: DateKey;
}

/** The 42 days a month's grid shows: the Sunday on or before the 1st … six weeks later. */
export function monthGridRange(month: MonthKey): DateRange {
  const days = monthGrid(month);
  return { from: days[0].date, to: days[CALENDAR_CELLS - 1].date };
}

export function isInRange(date: DateKey, range: DateRange): boolean {
  return date >= range.from && date <= range.to;
}

/**
 * The range whose logs hold `date`: the visible grid's when the day is one of its 42 cells (no second request),
 * else the grid of the day's own month.
 */
export function rangeForDay(date: DateKey, visible: DateRange): DateRange {
  return isInRange(date, visible) ? visible : monthGridRange(monthOfDate(date));
}

export interface LogsByDate<T extends TimeLog = TimeLog> {
  /** Each day's logs, sorted by start time. */
  byDate: ReadonlyMap<DateKey, readonly T[]>;
  /** Minutes logged per day (the sum of the logs' `durationMinutes`). */
  minutesByDate: ReadonlyMap<DateKey, number>;
}

function byStartTime(a: TimeLog, b: TimeLog): number {
  if (a.startTime !== b.startTime) return a.startTime < b.startTime ? -1 : 1;
  return a.id < b.id ? -1 : a.id > b.id ? 1 : 0;
}

/** Groups the logs by day in one pass (O(n), plus sorting each day's few logs). */
export function groupLogsByDate<T extends TimeLog>(logs: readonly T[]): LogsByDate<T> {
  const byDate = new Map<DateKey, T[]>();
  const minutesByDate = new Map<DateKey, number>();
  for (const log of logs) {
    const day = byDate.get(log.date);
    if (day) day.push(log);
    else byDate.set(log.date, [log]);
    minutesByDate.set(log.date, (minutesByDate.get(log.date) ?? 0) + log.durationMinutes);
  }
  for (const day of byDate.values()) day.sort(byStartTime);
  return { byDate, minutesByDate };
}

const grouped = new WeakMap<readonly TimeLog[], LogsByDate>();

/**
 * {@link groupLogsByDate}, computed once per answer: the calendar and the day panel read the same cached array of
 * the same range, so the grouping is shared and a re-render is a map lookup.
 */
export function logsByDateOf<T extends TimeLog>(logs: readonly T[]): LogsByDate<T> {
  let result = grouped.get(logs);
  if (!result) {
    result = groupLogsByDate(logs);
    grouped.set(logs, result);
  }
  // The map is keyed by the array itself, so its groups hold that array's elements.
  return result as LogsByDate<T>;
}

/** Minutes logged on the days of `month` (the grid's leading and trailing days excluded). */
export function monthMinutes(minutesByDate: ReadonlyMap<DateKey, number>, month: MonthKey): number {
  let total = 0;
  for (const [date, minutes] of minutesByDate) if (monthOfDate(date) === month) total += minutes;
  return total;
}

export const NO_LOGS: readonly TimeLog[] = [];

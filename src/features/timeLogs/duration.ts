/**
 * Pure duration maths for time logs (spec §3 "Time log", §5 "Log time").
 *
 * Times are `HH:MM` strings (24-hour, as an `<input type="time">` gives them) and durations are shown as
 * `Xh Ym` (e.g. "2h 30m", "0h 45m", "0h 0m").
 *
 * The spec says both that the start must be before the end *and* that the duration "wraps past midnight if
 * negative". The team's decision, implemented here:
 *
 * 1. **Display wraps.** {@link liveDuration} (what the Log Time panel shows while the user types) adds 24 h to a
 *    negative difference: start 22:00, end 01:00 shows "3h 0m". Start equal to end shows "0h 0m".
 * 2. **Saving is literal.** {@link isValidTimeLog} applies the spec's refusal on the entry's single date: the
 *    description must be non-empty after trimming, the duration must not be "0h 0m", and the start must be
 *    strictly before the end. So an end earlier than the start is refused (alert 'Please enter a valid
 *    description and time range') even though the display showed a wrapped duration. An overnight shift is
 *    logged as two entries, one per date (the panel says so in a hint under the time fields).
 *
 * Consequently every *saved* log has end > start on its date and its duration equals end − start.
 *
 * Stored logs come from the server with their `durationMinutes` (derived there); totals add those minutes and
 * {@link formatDuration} writes them — a duration is never read back from display text.
 */

export const MINUTES_PER_HOUR = 60;
export const MINUTES_PER_DAY = 24 * MINUTES_PER_HOUR;

const TIME = /^([01]\d|2[0-3]):([0-5]\d)(?::[0-5]\d(?:\.\d+)?)?$/;

/** Minutes after midnight of an `HH:MM` (seconds, if present, are ignored); null when empty or malformed. */
export function parseTime(value: string): number | null {
  const match = TIME.exec(value);
  if (!match) return null;
  return Number(match[1]) * MINUTES_PER_HOUR + Number(match[2]);
}

/** `HH:MM` of a time input's value (an `<input type="time">` may add seconds). */
export function toHHMM(value: string): string {
  return value.slice(0, 5);
}

/** `end − start` in minutes, wrapped into 0…1439 when negative (the display rule). Null if either is invalid. */
export function wrappedMinutesBetween(startTime: string, endTime: string): number | null {
  const start = parseTime(startTime);
  const end = parseTime(endTime);
  if (start === null || end === null) return null;
  return (((end - start) % MINUTES_PER_DAY) + MINUTES_PER_DAY) % MINUTES_PER_DAY;
}

/** `Xh Ym`, e.g. 150 → "2h 30m", 45 → "0h 45m", 0 → "0h 0m". Negative or fractional input is clamped/floored. */
export function formatDuration(totalMinutes: number): string {
  const minutes = Math.max(0, Math.floor(totalMinutes));
  return `${Math.floor(minutes / MINUTES_PER_HOUR)}h ${minutes % MINUTES_PER_HOUR}m`;
}

/** The live display while typing: wraps past midnight; "0h 0m" while a time is missing. */
export function liveDuration(startTime: string, endTime: string): string {
  return formatDuration(wrappedMinutesBetween(startTime, endTime) ?? 0);
}

/** True when both times are valid and the start is strictly before the end on the same date. */
export function isStartBeforeEnd(startTime: string, endTime: string): boolean {
  const start = parseTime(startTime);
  const end = parseTime(endTime);
  return start !== null && end !== null && start < end;
}

export interface TimeLogDraft {
  description: string;
  startTime: string;
  endTime: string;
}

/**
 * The save rule (spec §5): description non-empty after trimming, duration not "0h 0m", start strictly before
 * end. When false the caller alerts 'Please enter a valid description and time range'.
 */
export function isValidTimeLog({ description, startTime, endTime }: TimeLogDraft): boolean {
  return description.trim() !== '' && liveDuration(startTime, endTime) !== formatDuration(0) && isStartBeforeEnd(startTime, endTime);
}

/**
 * A compact decimal-hours label for calendar cells: 210 → "3.5h", 180 → "3h", 45 → "0.8h" (one decimal,
 * a trailing ".0" dropped; any time logged shows at least "0.1h").
 */
export function formatDecimalHours(totalMinutes: number): string {
  const minutes = Math.max(0, totalMinutes);
  const rounded = Math.round((minutes / MINUTES_PER_HOUR) * 10) / 10;
  const hours = minutes > 0 && rounded === 0 ? 0.1 : rounded;
  return `${Number.isInteger(hours) ? hours.toFixed(0) : hours.toFixed(1)}h`;
}

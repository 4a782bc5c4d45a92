import { format, startOfWeek } from 'date-fns';
import { type DateKey, isDateKey, parseDateKey, shiftDate, toDateKey } from '@/lib/calendar';

/**
 * Weeks of the timesheets: Monday to Sunday (ISO weeks, as the server counts them: a log belongs to the week of
 * the day it starts). A week is named by its Monday, `YYYY-MM-DD`.
 */

/** The Monday of the week holding `date`. */
export function mondayOf(date: DateKey): DateKey {
  return toDateKey(startOfWeek(parseDateKey(date), { weekStartsOn: 1 }));
}

/** The week `?week=` names (any day of it), else the week of `today`. */
export function weekFromParam(param: string | null, today: DateKey): DateKey {
  return mondayOf(param !== null && isDateKey(param) ? param : today);
}

export function shiftWeek(monday: DateKey, weeks: number): DateKey {
  return shiftDate(monday, 7 * weeks);
}

/** "Mon, Jun 3, 2030 – Sun, Jun 9, 2030". */
export function weekLabel(monday: DateKey): string {
  return `${format(parseDateKey(monday), 'EEE, MMM d, yyyy')} – ${format(parseDateKey(shiftDate(monday, 6)), 'EEE, MMM d, yyyy')}`;
}

/** "Jun 3 – Jun 9, 2030", shorter, for a table of weeks. */
export function shortWeekLabel(monday: DateKey): string {
  return `${format(parseDateKey(monday), 'MMM d')} – ${format(parseDateKey(shiftDate(monday, 6)), 'MMM d, yyyy')}`;
}

/** "Mon, Jun 3" — a log's day within its week. */
export function logDayLabel(date: DateKey): string {
  return isDateKey(date) ? format(parseDateKey(date), 'EEE, MMM d') : date;
}

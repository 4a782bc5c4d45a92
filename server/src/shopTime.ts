import { TZDate } from '@date-fns/tz';
import { addDays, differenceInCalendarDays, format, parseISO } from 'date-fns';

/**
 * The shop's calendar. Dates (`YYYY-MM-DD`) and slots (`HH:MM`) are wall-clock values in the shop's time zone
 * (SHOP_TIME_ZONE); "today" and "now" come from the injectable clock, read in that zone.
 */

/** Throws a RangeError for a time zone name the runtime does not know. */
export function checkTimeZone(zone: string): void {
  new Intl.DateTimeFormat('en', { timeZone: zone });
}

export interface ShopNow {
  /** `YYYY-MM-DD` */
  date: string;
  /** `HH:MM` */
  time: string;
}

/** The shop's date and time of day at `nowMs`. */
export function shopNow(zone: string, nowMs: number): ShopNow {
  const local = new TZDate(nowMs, zone);
  return { date: format(local, 'yyyy-MM-dd'), time: format(local, 'HH:mm') };
}

/** The instant at which the shop's clocks show `date` `time`. */
export function shopInstant(zone: string, date: string, time: string): number {
  const [year, month, day] = date.split('-').map(Number);
  const [hours, minutes] = time.split(':').map(Number);
  return new TZDate(year, month - 1, day, hours, minutes, zone).getTime();
}

/** `date` moved by `days` calendar days. */
export function addCalendarDays(date: string, days: number): string {
  return format(addDays(parseISO(date), days), 'yyyy-MM-dd');
}

/** Calendar days from `from` to `to` (negative when `to` is earlier). */
export function calendarDaysBetween(from: string, to: string): number {
  return differenceInCalendarDays(parseISO(to), parseISO(from));
}

import type { FieldErrors } from '../appointments/rules';
import { addCalendarDays, calendarDaysBetween, type ShopNow } from '../shopTime';

export interface LogSpan {
  /** `YYYY-MM-DD HH:MM:00`, shop wall-clock time. */
  startsAt: string;
  endsAt: string;
}

/**
 * Where a log entry sits in time: it starts on `date` at `startTime`; an end time earlier than the start is on
 * the next day (spec §5: the duration wraps past midnight). See `logErrors` for what may not be logged.
 */
export function logSpan(date: string, startTime: string, endTime: string): LogSpan {
  const endDate = endTime < startTime ? addCalendarDays(date, 1) : date;
  return { startsAt: `${date} ${startTime}:00`, endsAt: `${endDate} ${endTime}:00` };
}

/**
 * Why an entry cannot be logged, by field (empty when it can): time is logged for work done — today or earlier
 * in the shop's calendar — and an end equal to the start is no work at all.
 */
export function logErrors(date: string, startTime: string, endTime: string, now: ShopNow): FieldErrors {
  return {
    ...(calendarDaysBetween(now.date, date) > 0 && { date: 'Date cannot be in the future' }),
    ...(startTime === endTime && { endTime: 'End time must be different from the start time' }),
  };
}

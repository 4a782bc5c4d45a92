import { invalidField } from '../plugins/errors';
import { addCalendarDays, calendarDaysBetween, type ShopNow } from '../shopTime';

export interface LogSpan {
  /** `YYYY-MM-DD HH:MM:00`, shop wall-clock time. */
  startsAt: string;
  endsAt: string;
}

/**
 * Where a log entry sits in time: it starts on `date` at `startTime`; an end time earlier than the start is on
 * the next day (spec §5: the duration wraps past midnight). An end equal to the start is no work at all.
 */
export function logSpan(date: string, startTime: string, endTime: string): LogSpan {
  if (startTime === endTime) throw invalidField('endTime', 'End time must be different from the start time');
  const endDate = endTime < startTime ? addCalendarDays(date, 1) : date;
  return { startsAt: `${date} ${startTime}:00`, endsAt: `${endDate} ${endTime}:00` };
}

/** Time is logged for work done: today or earlier, in the shop's calendar. */
export function checkLogDate(date: string, now: ShopNow): void {
  if (calendarDaysBetween(now.date, date) > 0) throw invalidField('date', 'Date cannot be in the future');
}

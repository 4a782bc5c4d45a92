import { getISODay, parseISO } from 'date-fns';
import type { FieldErrors } from '../domain/errors';
import { timeLogDateError } from '../contract/rules';
import { type ReviewTotals, TIME_LOG_MESSAGES, type TimeLog, type TimeLogReviewState } from '../contract/timeLogs';
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

/** What bounds a log's date besides today: how far back it may go, and the day its job was booked (if any). */
export interface LogDateLimits {
  maxAgeDays: number;
  bookedOn?: string | null;
}

/**
 * Why an entry cannot be logged, by field (empty when it can): time is logged for work done — today or earlier
 * in the shop's calendar, at most `maxAgeDays` back and not before its job was booked (contract/rules.ts, which
 * the SPA's form applies too) — and an end equal to the start is no work at all.
 */
export function logErrors(date: string, startTime: string, endTime: string, now: ShopNow, { maxAgeDays, bookedOn }: LogDateLimits): FieldErrors {
  const dateError = timeLogDateError(date, { today: now.date, maxAgeDays, oldest: addCalendarDays(now.date, -maxAgeDays), bookedOn });
  return {
    ...(dateError !== null && { date: dateError }),
    ...(startTime === endTime && { endTime: 'End time must be different from the start time' }),
  };
}

/** Weeks run Monday to Sunday (ISO weeks, like PostgreSQL's `date_trunc('week', …)`). */
export function isMonday(date: string): boolean {
  return getISODay(parseISO(date)) === 1;
}

/** The Monday of the week holding `date`. */
export function mondayOf(date: string): string {
  return addCalendarDays(date, 1 - getISODay(parseISO(date)));
}

/** The weekly hours' default: the 8 weeks up to and including this one. */
export const DEFAULT_WEEKS = 8;
/** The longest period GET /api/time-logs/weekly answers, in weeks. */
export const MAX_WEEKS = 53;

/** A week given as a filter or a body field must be its Monday. */
export function weekErrors(week: string): FieldErrors {
  return isMonday(week) ? {} : { week: TIME_LOG_MESSAGES.notMonday };
}

/**
 * The weeks of a weekly-hours request: `from`'s Monday … `to`'s Monday (`to` defaults to today, `from` to 7 weeks
 * before that), at most MAX_WEEKS of them.
 */
export function weeklyPeriod(today: string, from: string | undefined, to: string | undefined): { errors: FieldErrors; first: string; last: string } {
  const last = mondayOf(to ?? today);
  const first = from === undefined ? addCalendarDays(last, -7 * (DEFAULT_WEEKS - 1)) : mondayOf(from);
  const errors: FieldErrors = {};
  if (from !== undefined && (to ?? today) < from) errors.to = TIME_LOG_MESSAGES.toBeforeFrom;
  else if (calendarDaysBetween(first, last) / 7 + 1 > MAX_WEEKS) errors.to = TIME_LOG_MESSAGES.periodTooLong;
  return { errors, first, last };
}

export function emptyTotals(): ReviewTotals {
  return { totalMinutes: 0, submittedMinutes: 0, approvedMinutes: 0, rejectedMinutes: 0, logs: 0, submitted: 0, approved: 0, rejected: 0 };
}

const MINUTES_OF: Record<TimeLogReviewState, 'submittedMinutes' | 'approvedMinutes' | 'rejectedMinutes'> = {
  SUBMITTED: 'submittedMinutes',
  APPROVED: 'approvedMinutes',
  REJECTED: 'rejectedMinutes',
};
const COUNT_OF: Record<TimeLogReviewState, 'submitted' | 'approved' | 'rejected'> = { SUBMITTED: 'submitted', APPROVED: 'approved', REJECTED: 'rejected' };

/** Counts `log` into `totals` (in place): its minutes overall and in its review state. */
export function addToTotals(totals: ReviewTotals, log: Pick<TimeLog, 'durationMinutes' | 'reviewState'>): void {
  totals.totalMinutes += log.durationMinutes;
  totals[MINUTES_OF[log.reviewState]] += log.durationMinutes;
  totals.logs += 1;
  totals[COUNT_OF[log.reviewState]] += 1;
}

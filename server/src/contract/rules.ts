/**
 * Validation rules and their messages that the server and the SPA's forms both apply. Plain constants and
 * functions with no schema library, so the SPA can import them at run time (like limits.ts): one rule, one wording.
 */

/** Why a time log's date is refused (field `date`). */
export const TIME_LOG_DATE_MESSAGES = {
  future: 'Date cannot be in the future',
  beforeBooking: 'Date cannot be before the job was booked',
  tooOld: (maxAgeDays: number) => `Date cannot be more than ${maxAgeDays} ${maxAgeDays === 1 ? 'day' : 'days'} ago`,
} as const;

/** The dates a time log may have, all `YYYY-MM-DD` in the shop's calendar. */
export interface TimeLogDateBounds {
  today: string;
  /** How many days back a log may be dated (TIME_LOG_MAX_AGE_DAYS), and the date that makes: today minus it. */
  maxAgeDays: number;
  oldest: string;
  /** The day the log's job was booked, when it has a job. */
  bookedOn?: string | null;
}

/** The earliest date a log may have: the later of `oldest` and the job's booking day. */
export function earliestTimeLogDate({ oldest, bookedOn }: TimeLogDateBounds): string {
  return bookedOn && bookedOn > oldest ? bookedOn : oldest;
}

/**
 * Why a log cannot be dated `date`, or null: time is logged for work done, so not after today, not before its job
 * was booked, and not more than `maxAgeDays` back. `YYYY-MM-DD` dates compare as text.
 */
export function timeLogDateError(date: string, bounds: TimeLogDateBounds): string | null {
  if (date > bounds.today) return TIME_LOG_DATE_MESSAGES.future;
  if (bounds.bookedOn && bounds.bookedOn > bounds.oldest && date < bounds.bookedOn) return TIME_LOG_DATE_MESSAGES.beforeBooking;
  if (date < bounds.oldest) return TIME_LOG_DATE_MESSAGES.tooOld(bounds.maxAgeDays);
  return null;
}

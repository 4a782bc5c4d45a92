/**
 * Validation rules and their messages that the server and the SPA's forms both apply. Plain constants and
 * functions with no schema library, so the SPA can import them at run time (like limits.ts): one rule, one wording.
 */

/** RFC 5321's limits: a whole address in a mail path, and its local part (before the `@`). */
export const EMAIL_MAX_LENGTH = 254;
export const EMAIL_LOCAL_MAX_LENGTH = 64;

/**
 * The one e-mail rule (registration, check-email, contact form, newsletter, ADMIN_EMAIL; the SPA's forms): the spec's
 * "simple pattern" something@something.something, made strict. The local part is 1–64 of letters, digits and
 * `_ ' + -`, in dot-separated runs; the domain is host-name labels (letters, digits, inner hyphens, ≤ 63) with a
 * top-level label that starts with a letter. No `?`, `&`, `#`, `%`, `/`, `=`, space or control character, so an
 * address can never carry a query into a mailto: link. ASCII only; every repetition is separated by a character it
 * cannot match, so the pattern runs in linear time. Length (≤ EMAIL_MAX_LENGTH) is checked beside it.
 */
export const EMAIL_PATTERN =
  "^(?=[^@]{1,64}@)[A-Za-z0-9_'+-]+(?:\\.[A-Za-z0-9_'+-]+)*@(?:[A-Za-z0-9](?:[A-Za-z0-9-]{0,61}[A-Za-z0-9])?\\.)+[A-Za-z](?:[A-Za-z0-9-]{0,61}[A-Za-z0-9])$";

/** EMAIL_PATTERN as a RegExp, for code that is not a schema (the SPA's yup schemas). */
export const EMAIL_REGEX = new RegExp(EMAIL_PATTERN);

/** The spec's words (§5): an empty address, one that breaks the rule; and the length cap's. */
export const EMAIL_MESSAGES = {
  required: 'Email is required',
  invalid: 'Email is invalid',
  tooLong: `Email must be at most ${EMAIL_MAX_LENGTH} characters long`,
} as const;

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

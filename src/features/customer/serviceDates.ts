import { format, isValid, parseISO } from 'date-fns';

/** The display format of service dates: "Oct 20, 2025, 9:00 AM" (in the viewer's time zone). */
export const SERVICE_DATE_TIME_FORMAT = 'MMM d, yyyy, h:mm a';

/** Formats an ISO 8601 date-time for people; returns the input unchanged when it is not a valid date. */
export function formatServiceDateTime(iso: string): string {
  const date = parseISO(iso);
  return isValid(date) ? format(date, SERVICE_DATE_TIME_FORMAT) : iso;
}

import { format, isValid, parse } from 'date-fns';
import { SERVICE_TYPES, TIME_SLOTS } from './bookingOptions';
import type { BookingDraft } from './bookingSlice';

/** The date format of `<input type="date">` values and of `BookingDraft.serviceDate`. */
export const ISO_DATE_FORMAT = 'yyyy-MM-dd';

/** Today in the user's local time zone as yyyy-MM-dd (the date input's `min`). */
export function todayIsoDate(now: Date = new Date()): string {
  return format(now, ISO_DATE_FORMAT);
}

/** Parses a yyyy-MM-dd value as a local calendar date; null when it is not a real date. */
export function parseIsoDate(value: string): Date | null {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(value)) return null;
  const date = parse(value, ISO_DATE_FORMAT, new Date());
  return isValid(date) ? date : null;
}

/**
 * Spec §5 "Booking": proceeds only if all four fields are filled; otherwise nothing happens and no message.
 * Returns the booking to confirm (values trimmed), or null when it must silently not proceed:
 * - any field empty after trimming;
 * - a service date that is not a real yyyy-MM-dd date, or that lies before `today` (our addition: the date
 *   input's `min` is today, and a past appointment cannot be kept — refused just as silently);
 * - a service type or time slot outside the spec §9 lists (only reachable through a tampered persisted draft).
 */
export function validateBooking(draft: BookingDraft, today: string = todayIsoDate()): BookingDraft | null {
  const booking: BookingDraft = {
    vehicleId: draft.vehicleId.trim(),
    serviceType: draft.serviceType.trim(),
    serviceDate: draft.serviceDate.trim(),
    timeSlot: draft.timeSlot.trim(),
  };
  if (!booking.vehicleId || !booking.serviceType || !booking.serviceDate || !booking.timeSlot) return null;
  if (!parseIsoDate(booking.serviceDate) || booking.serviceDate < today) return null;
  if (!(SERVICE_TYPES as readonly string[]).includes(booking.serviceType)) return null;
  if (!(TIME_SLOTS as readonly string[]).includes(booking.timeSlot)) return null;
  return booking;
}

/** A booked date for people: "Wednesday, January 15, 2099" (local calendar date, time-zone independent). */
export function formatBookingDate(value: string): string {
  const date = parseIsoDate(value);
  return date ? format(date, 'EEEE, MMMM d, yyyy') : value;
}

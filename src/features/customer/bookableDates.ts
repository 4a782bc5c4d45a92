import { addDays, format, isValid, parseISO } from 'date-fns';
import type { Availability } from '@contract/appointments';
import type { Catalog } from '@contract/catalog';
import { BOOKING_WINDOW_DAYS } from '@contract/limits';
import type { SelectOption } from '@/components/Select';

/**
 * The date and slot pickers of Reschedule: the same window and "(full)" rule as the booking form (a feature does
 * not import another feature's helpers, so these few lines live here as well as in booking/bookingOptions.ts).
 */

const ISO_DATE = 'yyyy-MM-dd';

/** Today in the viewer's calendar (the date input's `min`). */
export function todayIsoDate(now: Date = new Date()): string {
  return format(now, ISO_DATE);
}

/** The last day that can be booked (the date input's `max`): BOOKING_WINDOW_DAYS after today. */
export function lastBookableDate(now: Date = new Date()): string {
  return format(addDays(now, BOOKING_WINDOW_DAYS), ISO_DATE);
}

/** A real `YYYY-MM-DD` calendar date (what a date input holds once a date is chosen). */
export function isIsoDate(value: string): boolean {
  return /^\d{4}-\d{2}-\d{2}$/.test(value) && isValid(parseISO(value));
}

/** The catalogue's slots as options (value = start); a slot with no free bay reads "(full)" and is disabled. */
export function slotOptions(slots: Catalog['slots'], availability: Availability | undefined): SelectOption[] {
  const free = new Map(availability?.map((slot) => [slot.slot, slot.available]));
  return slots.map(({ start, label }) => {
    const full = free.get(start) === 0;
    return { value: start, label: full ? `${label} (full)` : label, disabled: full };
  });
}

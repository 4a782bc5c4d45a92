import { addDays } from 'date-fns';
import type { Availability } from '@contract/appointments';
import type { Catalog } from '@contract/catalog';
import { BOOKING_WINDOW_DAYS } from '@contract/limits';
import type { SelectOption } from '@/components/Select';
import { type DateKey, toDateKey } from '@/lib/calendar';

/**
 * When and at which slot a job can be booked — the booking form and Reschedule both offer these. The server
 * judges; these only shape the pickers (a real date is checked with isDateKey from src/lib/dateKey.ts).
 */

/** Today in the viewer's calendar (the date input's `min`). */
export function todayIsoDate(now: Date = new Date()): DateKey {
  return toDateKey(now);
}

/** The last day the server takes a booking for (the date input's `max`): BOOKING_WINDOW_DAYS after today. */
export function lastBookableDate(now: Date = new Date()): DateKey {
  return toDateKey(addDays(now, BOOKING_WINDOW_DAYS));
}

/**
 * Time Slot: value = the slot's start (`HH:MM`, what the server takes), label = the spec's label. Once a date is
 * chosen, a slot the availability shows with no free bay reads "(full)" and is disabled.
 */
export function timeSlotOptions(slots: Catalog['slots'], availability: Availability | undefined): SelectOption[] {
  const free = new Map(availability?.map((slot) => [slot.slot, slot.available]));
  return slots.map(({ start, label }) => {
    const full = free.get(start) === 0;
    return { value: start, label: full ? `${label} (full)` : label, disabled: full };
  });
}

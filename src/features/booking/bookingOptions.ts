import type { Availability } from '@contract/appointments';
import type { Catalog } from '@contract/catalog';
import type { SelectOption } from '@/components/Select';

/**
 * The booking form's options, all from the server's catalogue (GET /api/catalog: the spec §9 service types and
 * time slots, and the service centres) and availability (GET /api/availability) — no list of our own.
 */

export const SERVICE_TYPE_PLACEHOLDER = 'Select a service type';
export const TIME_SLOT_PLACEHOLDER = 'Select a time slot';

/** Service Type: value = the catalogue code (what the server takes), label = its name. */
export function serviceTypeOptions(catalog: Catalog): SelectOption[] {
  return catalog.serviceTypes.map(({ code, name }) => ({ value: code, label: name }));
}

/** Service Centre: value = id, label = name. */
export function centerOptions(catalog: Catalog): SelectOption[] {
  return catalog.centers.map(({ id, name }) => ({ value: id, label: name }));
}

/**
 * Time Slot: value = the slot's start (`HH:MM`, what the server takes), label = the spec's label. Once a date is
 * chosen, a slot the availability shows with no free bay reads "(full)" and is disabled.
 */
export function timeSlotOptions(catalog: Catalog, availability: Availability | undefined): SelectOption[] {
  const free = new Map(availability?.map((slot) => [slot.slot, slot.available]));
  return catalog.slots.map(({ start, label }) => {
    const full = free.get(start) === 0;
    return { value: start, label: full ? `${label} (full)` : label, disabled: full };
  });
}

/** The centre a booking goes to: the one chosen, else the first (the server's default too). */
export function effectiveCenterId(catalog: Catalog, chosen: string): string {
  return catalog.centers.some((center) => center.id === chosen) ? chosen : (catalog.centers[0]?.id ?? '');
}

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

/** The centre a booking goes to: the one chosen, else the first (the server's default too). */
export function effectiveCenterId(catalog: Catalog, chosen: string): string {
  return catalog.centers.some((center) => center.id === chosen) ? chosen : (catalog.centers[0]?.id ?? '');
}

import type { StaffState } from '../contract/employees';
import type { UserRow } from '../db/schema';
import type { FieldErrors } from '../domain/errors';

/** A technician account's state on the Staff page. */
export function staffStateOf(user: Pick<UserRow, 'is_active' | 'approved_at'>): StaffState {
  if (!user.is_active) return 'DEACTIVATED';
  return user.approved_at === null ? 'PENDING' : 'ACTIVE';
}

/** Who is free at a slot is asked with a date and a slot together, the slot one of the catalogue's. */
export function availabilityQueryErrors(date: string | undefined, slot: string | undefined, isSlot: (slot: string) => boolean): FieldErrors {
  if ((date === undefined) !== (slot === undefined)) return { [date === undefined ? 'date' : 'slot']: 'Give a date and a time slot together' };
  if (slot !== undefined && !isSlot(slot)) return { slot: 'Choose one of the listed time slots' };
  return {};
}

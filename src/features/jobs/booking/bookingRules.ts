import type { BookAppointmentBody } from '@contract/appointments';
import type { BookingDraft, BookingField } from '../bookingSlice';

/**
 * Spec §5: with a field empty nothing happens and no message (null). Past dates and unknown types are the server's to
 * judge, so its messages are the only ones.
 */
export function validateBooking(draft: BookingDraft, defaultCenterId: string): BookAppointmentBody | null {
  const plate = draft.vehicleId.trim();
  const serviceType = draft.serviceType.trim();
  const date = draft.serviceDate.trim();
  const slot = draft.timeSlot.trim();
  if (!plate || !serviceType || !date || !slot) return null;
  const centerId = draft.centerId || defaultCenterId;
  return { plate, serviceType, date, slot, ...(centerId && { centerId }) };
}

/** The form field each field of the server's 400 `errors` belongs to. */
const FIELD_OF: Record<string, BookingField> = {
  plate: 'vehicleId',
  vehicleId: 'vehicleId',
  serviceType: 'serviceType',
  date: 'serviceDate',
  slot: 'timeSlot',
  centerId: 'centerId',
};

/**
 * Splits the server's field errors into the form's fields and the rest (a field the form does not have, shown with
 * the form's message).
 */
export function splitFieldErrors(errors: Record<string, string> | undefined): { fields: Partial<Record<BookingField, string>>; other: string[] } {
  const fields: Partial<Record<BookingField, string>> = {};
  const other: string[] = [];
  for (const [name, message] of Object.entries(errors ?? {})) {
    const field = FIELD_OF[name];
    if (field && !fields[field]) fields[field] = message;
    else if (!field) other.push(message);
  }
  return { fields, other };
}

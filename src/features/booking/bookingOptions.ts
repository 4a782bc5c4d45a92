import type { SelectOption } from '@/components/Select';

/** Booking service types, exactly as spec §9 lists them, in order. */
export const SERVICE_TYPES = [
  'Full Service',
  'Oil Change',
  'Brake Inspection',
  'Tire Rotation',
  'Battery Check',
  'Air Filter Replacement',
] as const;

/** Booking time slots, exactly as spec §9 lists them, in order. */
export const TIME_SLOTS = [
  '09:00-10:00 AM',
  '10:00-11:00 AM',
  '11:00 AM-12:00 PM',
  '02:00-03:00 PM',
  '03:00-04:00 PM',
  '04:00-05:00 PM',
] as const;

export type ServiceType = (typeof SERVICE_TYPES)[number];
export type TimeSlot = (typeof TIME_SLOTS)[number];

export const SERVICE_TYPE_PLACEHOLDER = 'Select a service type';
export const TIME_SLOT_PLACEHOLDER = 'Select a time slot';

export const serviceTypeOptions: readonly SelectOption[] = SERVICE_TYPES.map((value) => ({ value, label: value }));
export const timeSlotOptions: readonly SelectOption[] = TIME_SLOTS.map((value) => ({ value, label: value }));

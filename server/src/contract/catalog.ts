/** GET /api/catalog: what can be booked, when and where. */
import { type Static, Type } from 'typebox';

export const ServiceType = Type.Object({
  code: Type.String(),
  name: Type.String(),
  description: Type.String(),
  durationMinutes: Type.Integer(),
  /** In currency units (e.g. 25000), not cents. */
  price: Type.Integer(),
});
export type ServiceType = Static<typeof ServiceType>;

export const TimeSlot = Type.Object({
  /** `HH:MM`, the slot's start in the shop's time zone; what bookings send as `slot`. */
  start: Type.String(),
  /** The spec's label, e.g. `09:00-10:00 AM`. */
  label: Type.String(),
});
export type TimeSlot = Static<typeof TimeSlot>;

export const ServiceCenter = Type.Object({
  id: Type.String(),
  name: Type.String(),
  address: Type.String(),
  phone: Type.String(),
  /** How many jobs the centre takes per slot. */
  bays: Type.Integer(),
});
export type ServiceCenter = Static<typeof ServiceCenter>;

export const Catalog = Type.Object({
  serviceTypes: Type.Array(ServiceType),
  slots: Type.Array(TimeSlot),
  centers: Type.Array(ServiceCenter),
  /** The shop's time zone (IANA name): dates and slots are wall-clock times there. */
  timeZone: Type.String(),
  /**
   * How many days back a time log may be dated (TIME_LOG_MAX_AGE_DAYS, the operator's setting): the Log Time form
   * refuses an older date with the server's words before sending it.
   */
  timeLogMaxAgeDays: Type.Integer(),
});
export type Catalog = Static<typeof Catalog>;

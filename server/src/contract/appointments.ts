/**
 * The shop's jobs (docs/api-contract.md § "The shop"): one appointment is one job, from booking to done.
 * Paths: /api/appointments[/:id[/cancel|/reschedule|/assign|/status]] and /api/availability.
 */
import { type Static, Type } from 'typebox';
import { ExpectedVersion, Id, IsoDate, Paged, PageQuery, StringEnum, TimeOfDay } from './common';
import { APPOINTMENT_STATUSES, STAGES, TECHNICIAN_STAGES, TECHNICIAN_STATUSES } from './statuses';
import { Plate } from './vehicles';
import { MAX_NOTES_LENGTH } from './limits';

export { BOOKING_WINDOW_DAYS, MAX_NOTES_LENGTH } from './limits';

export const APPOINTMENT_MESSAGES = {
  slotFull: 'That time slot is fully booked. Please choose another.',
  vehicleBusy: 'This vehicle already has an appointment at that time.',
  changedElsewhere: 'This appointment was changed by someone else. Reload and try again.',
  notFound: 'Appointment not found',
} as const;

const notes = Type.String({
  maxLength: MAX_NOTES_LENGTH,
  errorMessages: { maxLength: `Notes must be at most ${MAX_NOTES_LENGTH} characters long`, type: 'Notes must be text' },
});

const serviceTypeCode = Type.String({
  minLength: 1,
  maxLength: 40,
  errorMessages: { required: 'Service type is required', minLength: 'Service type is required', type: 'Service type is required', maxLength: 'Choose one of the listed service types' },
});

export const AppointmentParams = Type.Object({ id: Id('Appointment') }, { additionalProperties: false });
export type AppointmentParams = Static<typeof AppointmentParams>;

/** POST /api/appointments (customer). Either `plate` (an unknown plate adds the vehicle) or `vehicleId`. */
export const BookAppointmentBody = Type.Object(
  {
    plate: Type.Optional(Plate),
    vehicleId: Type.Optional(Id('Vehicle')),
    serviceType: serviceTypeCode,
    date: IsoDate('Service date'),
    slot: TimeOfDay('Time slot'),
    centerId: Type.Optional(Id('Service centre')),
    notes: Type.Optional(notes),
  },
  { additionalProperties: false },
);
export type BookAppointmentBody = Static<typeof BookAppointmentBody>;

export const CancelAppointmentBody = Type.Object({ expectedVersion: Type.Optional(ExpectedVersion) }, { additionalProperties: false });
export type CancelAppointmentBody = Static<typeof CancelAppointmentBody>;

export const RescheduleAppointmentBody = Type.Object(
  { date: IsoDate('Service date'), slot: TimeOfDay('Time slot'), expectedVersion: Type.Optional(ExpectedVersion) },
  { additionalProperties: false },
);
export type RescheduleAppointmentBody = Static<typeof RescheduleAppointmentBody>;

export const AssignEmployeeBody = Type.Object({ employeeId: Id('Employee'), expectedVersion: Type.Optional(ExpectedVersion) }, { additionalProperties: false });
export type AssignEmployeeBody = Static<typeof AssignEmployeeBody>;

/** PATCH /api/appointments/:id/status, in the technician's words. `stage` and `progress` apply while in progress. */
export const UpdateStatusBody = Type.Object(
  {
    status: StringEnum(TECHNICIAN_STATUSES, { errorMessages: { enum: 'Status must be not_started, in_progress or completed', required: 'Status is required' } }),
    stage: Type.Optional(StringEnum(TECHNICIAN_STAGES, { errorMessages: { enum: 'Stage must be IN_PROGRESS, AWAITING_PARTS or QUALITY_CHECK' } })),
    progress: Type.Optional(
      Type.Integer({ minimum: 0, maximum: 100, errorMessages: { type: 'Progress must be a whole number', minimum: 'Progress must be between 0 and 100', maximum: 'Progress must be between 0 and 100' } }),
    ),
    expectedVersion: Type.Optional(ExpectedVersion),
  },
  { additionalProperties: false },
);
export type UpdateStatusBody = Static<typeof UpdateStatusBody>;

const STATUS_LIST = `^(${APPOINTMENT_STATUSES.join('|')})(,(${APPOINTMENT_STATUSES.join('|')}))*$`;

/** GET /api/appointments: customers see their own, technicians the jobs assigned to them, admins all. */
export const AppointmentListQuery = Type.Object(
  {
    status: Type.Optional(Type.String({ maxLength: 100, pattern: STATUS_LIST, errorMessages: { pattern: `Status must be a comma-separated list of ${APPOINTMENT_STATUSES.join(', ')}` } })),
    from: Type.Optional(IsoDate('From')),
    to: Type.Optional(IsoDate('To')),
    q: Type.Optional(Type.String({ maxLength: 100, errorMessages: { maxLength: 'Search must be at most 100 characters long' } })),
    ...PageQuery,
  },
  { additionalProperties: false },
);
export type AppointmentListQuery = Static<typeof AppointmentListQuery>;

export const Appointment = Type.Object({
  id: Type.String(),
  /** Increases on every change; send it back as `expectedVersion` to refuse a stale change. */
  version: Type.Integer(),
  status: StringEnum(APPOINTMENT_STATUSES),
  /** While IN_PROGRESS only. */
  stage: Type.Optional(StringEnum(STAGES)),
  /** `emailVerified`: whether the customer's address is verified (contract/account.ts), shown to admins. */
  customer: Type.Object({ id: Type.String(), fullName: Type.String(), email: Type.String(), phoneNumber: Type.String(), emailVerified: Type.Boolean() }),
  vehicle: Type.Object({
    id: Type.String(),
    plate: Type.String(),
    make: Type.Optional(Type.String()),
    model: Type.Optional(Type.String()),
    year: Type.Optional(Type.Integer()),
  }),
  serviceType: Type.Object({ code: Type.String(), name: Type.String(), durationMinutes: Type.Integer(), price: Type.Integer() }),
  center: Type.Object({ id: Type.String(), name: Type.String(), address: Type.String() }),
  /** `YYYY-MM-DD` and `HH:MM` in the shop's time zone. */
  date: Type.String(),
  slot: Type.String(),
  slotLabel: Type.String(),
  /** The bay the job holds at its centre in its slot (the spec's "centre slot", e.g. Bay 2). */
  bay: Type.Integer(),
  assignedEmployee: Type.Optional(Type.Object({ id: Type.String(), fullName: Type.String(), department: Type.Optional(Type.String()) })),
  startedAt: Type.Optional(Type.String()),
  estimatedCompletion: Type.Optional(Type.String()),
  completedAt: Type.Optional(Type.String()),
  cancelledAt: Type.Optional(Type.String()),
  /** Percent, 0–100: set while in progress (by stage unless the technician gives it) and 100 once completed. */
  progress: Type.Optional(Type.Integer()),
  notes: Type.Optional(Type.String()),
  createdAt: Type.String(),
  updatedAt: Type.String(),
});
export type Appointment = Static<typeof Appointment>;

export const AppointmentPage = Paged(Appointment);
export type AppointmentPage = Static<typeof AppointmentPage>;

/** GET /api/appointments/counts?from=&to=: how many of the caller's jobs are in each status (dates inclusive). */
export const AppointmentCountsQuery = Type.Object({ from: Type.Optional(IsoDate('From')), to: Type.Optional(IsoDate('To')) }, { additionalProperties: false });
export type AppointmentCountsQuery = Static<typeof AppointmentCountsQuery>;

export const AppointmentCounts = Type.Object({
  byStatus: Type.Object({
    PENDING: Type.Integer(),
    CONFIRMED: Type.Integer(),
    IN_PROGRESS: Type.Integer(),
    COMPLETED: Type.Integer(),
    CANCELLED: Type.Integer(),
  }),
  /** Jobs completed since the start of this week (Sunday 00:00 in the shop's time zone), whatever their date. */
  completedThisWeek: Type.Integer(),
  /** That Sunday, `YYYY-MM-DD`. */
  weekStart: Type.String(),
});
export type AppointmentCounts = Static<typeof AppointmentCounts>;

/** GET /api/availability?date=&centerId= (centre defaults to the first). */
export const AvailabilityQuery = Type.Object({ date: IsoDate('Date'), centerId: Type.Optional(Id('Service centre')) }, { additionalProperties: false });
export type AvailabilityQuery = Static<typeof AvailabilityQuery>;

export const SlotAvailability = Type.Object({
  slot: Type.String(),
  label: Type.String(),
  capacity: Type.Integer(),
  booked: Type.Integer(),
  available: Type.Integer(),
});
export type SlotAvailability = Static<typeof SlotAvailability>;

export const Availability = Type.Array(SlotAvailability);
export type Availability = Static<typeof Availability>;

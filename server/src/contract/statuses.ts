/**
 * The job lifecycle's vocabulary (docs/api-contract.md § "The shop"). Plain constants with no schema library,
 * so the SPA can import them at run time as well as their types.
 */

/** One appointment is one job: PENDING → CONFIRMED → IN_PROGRESS → COMPLETED, or CANCELLED before it starts. */
export const APPOINTMENT_STATUSES = ['PENDING', 'CONFIRMED', 'IN_PROGRESS', 'COMPLETED', 'CANCELLED'] as const;
export type AppointmentStatus = (typeof APPOINTMENT_STATUSES)[number];

/**
 * Where a job in progress stands (spec §4 "Ongoing substatuses"). AWAITING_APPROVAL is set by the server alone, while
 * the customer has estimate items to decide on (server/README.md § Billing).
 */
export const STAGES = ['IN_PROGRESS', 'AWAITING_PARTS', 'QUALITY_CHECK', 'AWAITING_APPROVAL'] as const;
export type Stage = (typeof STAGES)[number];

/** The stages a technician (or an admin) may set with a status change. */
export const TECHNICIAN_STAGES = ['IN_PROGRESS', 'AWAITING_PARTS', 'QUALITY_CHECK'] as const satisfies readonly Stage[];
export type TechnicianStage = (typeof TECHNICIAN_STAGES)[number];

/** The technician's words for a job's status (spec §4 "Employee service status"). */
export const TECHNICIAN_STATUSES = ['not_started', 'in_progress', 'completed'] as const;
export type TechnicianStatus = (typeof TECHNICIAN_STATUSES)[number];

/** The appointment status each technician status stands for. */
export const STATUS_OF_TECHNICIAN_STATUS: Record<TechnicianStatus, AppointmentStatus> = {
  not_started: 'CONFIRMED',
  in_progress: 'IN_PROGRESS',
  completed: 'COMPLETED',
};

/** Statuses that hold a bay (and a technician's time): everything but a cancellation. */
export const OPEN_STATUSES: readonly AppointmentStatus[] = ['PENDING', 'CONFIRMED', 'IN_PROGRESS'];

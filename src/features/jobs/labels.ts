import type { Appointment } from '@contract/appointments';
import type { AppointmentStatus, Stage, TechnicianStatus } from '@contract/statuses';

/**
 * One job, three audiences (docs/api-contract.md § "The shop"): how each role's screen names a job's status.
 * Every screen derives its words from the job's `status` and `stage` here, never from a copy of the job.
 */

/** The customer's words (spec §4 "Customer service status"), plus the cancellations only a real shop has. */
export type CustomerStatus = 'not_completed' | 'completed' | 'cancelled';

export function customerStatusOf(job: Pick<Appointment, 'status'>): CustomerStatus {
  if (job.status === 'COMPLETED') return 'completed';
  if (job.status === 'CANCELLED') return 'cancelled';
  return 'not_completed';
}

export const CUSTOMER_STATUS_LABELS: Record<CustomerStatus, string> = {
  not_completed: 'Not Completed',
  completed: 'Completed',
  cancelled: 'Cancelled',
};

/** The technician's words (spec §4 "Employee service status"): CONFIRMED / IN_PROGRESS / COMPLETED. */
export const TECHNICIAN_STATUS_OF: Partial<Record<AppointmentStatus, TechnicianStatus>> = {
  CONFIRMED: 'not_started',
  IN_PROGRESS: 'in_progress',
  COMPLETED: 'completed',
};

export const TECHNICIAN_STATUS_LABELS: Record<TechnicianStatus, string> = {
  not_started: 'Not Started',
  in_progress: 'In Progress',
  completed: 'Completed',
};

/** A job's status in the words of whoever looks at it (the customer's or the technician's). */
export type JobStatusWord = CustomerStatus | TechnicianStatus;

export const JOB_STATUS_WORDS: Record<JobStatusWord, string> = { ...CUSTOMER_STATUS_LABELS, ...TECHNICIAN_STATUS_LABELS };

/** The technician's word for a job's status; other statuses fall back to not_started. */
export function technicianStatusOf(job: Pick<Appointment, 'status'>): TechnicianStatus {
  return TECHNICIAN_STATUS_OF[job.status] ?? 'not_started';
}

/** The admin board's columns (spec §2 "Admin dashboard"), left to right (top to bottom on a phone). */
export const BOARD_COLUMNS = ['upcoming', 'ongoing', 'unassigned'] as const;
export type BoardColumn = (typeof BOARD_COLUMNS)[number];

/** The one status each board column shows. */
export const BOARD_COLUMN_STATUS: Record<BoardColumn, AppointmentStatus> = {
  upcoming: 'CONFIRMED',
  ongoing: 'IN_PROGRESS',
  unassigned: 'PENDING',
};

export const BOARD_COLUMN_TITLES: Record<BoardColumn, string> = {
  upcoming: 'Upcoming Services',
  ongoing: 'Ongoing Services',
  unassigned: 'Awaiting Assignment',
};

/** Spec §4 "Ongoing substatuses". */
export const STAGE_LABELS: Record<Stage, string> = {
  IN_PROGRESS: 'In Progress',
  AWAITING_PARTS: 'Awaiting Parts',
  QUALITY_CHECK: 'Quality Check',
  AWAITING_APPROVAL: 'Awaiting Approval',
};

export const APPOINTMENT_STATUS_LABELS: Record<AppointmentStatus, string> = {
  PENDING: 'Pending',
  CONFIRMED: 'Confirmed',
  IN_PROGRESS: 'In Progress',
  COMPLETED: 'Completed',
  CANCELLED: 'Cancelled',
};

/** A job's status in words, with its stage while it is under way: "In Progress · Awaiting Parts", "Completed". */
export function jobStatusText(job: { status: AppointmentStatus; stage?: Stage | null }): string {
  const status = APPOINTMENT_STATUS_LABELS[job.status];
  return job.status === 'IN_PROGRESS' && job.stage && job.stage !== 'IN_PROGRESS' ? `${status} · ${STAGE_LABELS[job.stage]}` : status;
}

/**
 * The ids of `jobs` per word of `statusOf`, in one pass: what each status filter of a list shows (FilteredList's
 * `keysByFilter`). Jobs whose word is not among `statuses` (or that have none) are under ALL only.
 */
export function jobIdsByStatus<S extends string>(
  jobs: readonly Appointment[],
  statusOf: (job: Appointment) => S | undefined,
  statuses: readonly S[],
): Record<S, ReadonlySet<string>> {
  const groups = new Map<S, Set<string>>(statuses.map((status) => [status, new Set<string>()]));
  for (const job of jobs) {
    const status = statusOf(job);
    if (status !== undefined) groups.get(status)?.add(job.id);
  }
  const result = {} as Record<S, ReadonlySet<string>>;
  for (const [status, ids] of groups) result[status] = ids;
  return result;
}

import type { Appointment } from '@contract/appointments';
import type { FilterOption } from '@/components/FilteredList';
import { customerStatusOf, jobIdsByStatus } from '../labels';
import type { CustomerFilter } from '../servicesSlice';

/** The filter buttons of My Services; the labels are the button texts exactly as the spec names them (§2). */
export const CUSTOMER_JOB_FILTERS: readonly FilterOption<CustomerFilter>[] = [
  { value: 'all', label: 'ALL' },
  { value: 'not_completed', label: 'NOT COMPLETED' },
  { value: 'completed', label: 'COMPLETED' },
];

export type JobIdsByFilter = Record<Exclude<CustomerFilter, 'all'>, ReadonlySet<string>>;

/**
 * The ids of the jobs each filter shows (no entry for ALL: it shows every job, cancelled ones too). NOT COMPLETED
 * is a job booked, assigned or in progress; COMPLETED a completed one; a cancelled job is under ALL only.
 */
export function jobIdsByFilter(jobs: readonly Appointment[]): JobIdsByFilter {
  return jobIdsByStatus(jobs, customerStatusOf, ['not_completed', 'completed'] as const);
}

/**
 * Whether the customer is offered Cancel Appointment and Reschedule: only before the work starts (PENDING or
 * CONFIRMED). The server decides for real (409 otherwise); this only hides buttons that could not work.
 */
export function canChangeBooking(job: Pick<Appointment, 'status'>): boolean {
  return job.status === 'PENDING' || job.status === 'CONFIRMED';
}

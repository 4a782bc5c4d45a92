import type { Appointment } from '@contract/appointments';
import { TECHNICIAN_STATUSES } from '@contract/statuses';
import { type DateKey, shiftDate } from '@/lib/calendar';
import type { TechnicianFilter } from '../servicesSlice';
import { vehicleWithPlate } from '../format';
import { jobIdsByStatus, TECHNICIAN_STATUS_OF } from '../labels';

/**
 * A technician's history grows without end, so the dashboard loads open jobs whatever their date (an overdue job must
 * not vanish) plus recently completed ones: two queries, since one with a `from` date would drop old open jobs.
 */
export const RECENT_COMPLETED_DAYS = 60;

export const OPEN_JOBS_FILTER = { status: 'CONFIRMED,IN_PROGRESS' } as const;

/** The technician's job counts: every job assigned to them, whatever its date. */
export const JOB_COUNTS_ALL = {};

/** The dashboard's two job queries (open, and completed since `today` − {@link RECENT_COMPLETED_DAYS}). */
export function technicianJobQueries(today: DateKey) {
  return { open: OPEN_JOBS_FILTER, completed: { status: 'COMPLETED', from: shiftDate(today, -RECENT_COMPLETED_DAYS) } };
}

/**
 * The list's order: the open jobs first in the server's order (date and slot ascending: what is due first), then
 * the recent completed ones, newest first.
 */
export function mergeTechnicianJobs(open: readonly Appointment[] | undefined, completed: readonly Appointment[] | undefined): Appointment[] {
  const jobs = [...(open ?? [])];
  const seen = new Set(jobs.map((job) => job.id));
  for (let i = (completed?.length ?? 0) - 1; i >= 0; i -= 1) {
    const job = completed![i];
    if (!seen.has(job.id)) jobs.push(job);
  }
  return jobs;
}

/** The ids each filter shows; a filter switch is then one set lookup per row. */
export function jobIdsByFilter(jobs: readonly Appointment[]): Record<Exclude<TechnicianFilter, 'all'>, ReadonlySet<string>> {
  return jobIdsByStatus(jobs, (job) => TECHNICIAN_STATUS_OF[job.status], TECHNICIAN_STATUSES);
}

/** "Toyota Prius (CAD-3312)". */
export function vehicleLine(job: Pick<Appointment, 'vehicle'>): string {
  return vehicleWithPlate(job.vehicle);
}

/** "Toyota Prius (CAD-3312) · Oil Change": how a log's job reads. */
export function jobLabel(job: Pick<Appointment, 'vehicle' | 'serviceType'>): string {
  return `${vehicleLine(job)} · ${job.serviceType.name}`;
}

/** A log without a job. */
export const NO_JOB_LABEL = 'Not linked to a job';
/** A log of a job that is not among the loaded ones (completed long ago, or no longer assigned). */
export const OTHER_JOB_LABEL = 'Other job';

/** How a log's job reads in the day panel and the Log Time form. */
export function logJobLabel(appointmentId: string | null | undefined, jobsById: ReadonlyMap<string, Appointment>): string {
  if (!appointmentId) return NO_JOB_LABEL;
  const job = jobsById.get(appointmentId);
  return job ? jobLabel(job) : OTHER_JOB_LABEL;
}

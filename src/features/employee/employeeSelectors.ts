import { createSelector } from '@reduxjs/toolkit';
import { addDays, startOfWeek } from 'date-fns';
import { idsByStatus } from '@/lib/groupIds';
import { selectEmployeeServices } from '@/features/services/servicesSlice';
import type { EmployeeServiceJob, EmployeeServiceStatus } from '@/features/services/types';

export interface EmployeeServiceCounts {
  /** "Active Projects": jobs in progress. */
  inProgress: number;
  /** "Not Started". */
  notStarted: number;
  /** All completed jobs (whatever the week). */
  completed: number;
  /** "Completed This Week": see {@link isCompletedInWeek}. */
  completedThisWeek: number;
}

/**
 * The ISO start (local Sunday 00:00) of the week that contains `now` — weeks run Sunday to Saturday, like the
 * Monthly Work Summary calendar. Pass this string (not a Date) to {@link selectEmployeeServiceCounts} so the
 * memoised selector keeps hitting its cache for the whole week.
 */
export function currentWeekStart(now: Date = new Date()): string {
  return startOfWeek(now, { weekStartsOn: 0 }).toISOString();
}

/**
 * "Completed This Week" rule: the job is `completed` and its completion stamp lies in [week start, week start
 * + 7 days). The stamp is `completedAt` (set when the technician marks it completed); a completed job without one
 * (sample or older persisted data) uses its `estimatedCompletion` instead.
 */
export function isCompletedInWeek(job: EmployeeServiceJob, weekStartIso: string): boolean {
  if (job.status !== 'completed') return false;
  const stamp = Date.parse(job.completedAt ?? job.estimatedCompletion);
  if (Number.isNaN(stamp)) return false;
  const weekStart = new Date(weekStartIso);
  return stamp >= weekStart.getTime() && stamp < addDays(weekStart, 7).getTime();
}

/** The dashboard's counts, computed from the assigned services (never hard-coded). */
export const selectEmployeeServiceCounts = createSelector(
  [selectEmployeeServices, (_state: unknown, weekStartIso: string) => weekStartIso],
  (jobs, weekStartIso): EmployeeServiceCounts => {
    const counts: EmployeeServiceCounts = { inProgress: 0, notStarted: 0, completed: 0, completedThisWeek: 0 };
    for (const job of jobs) {
      if (job.status === 'in_progress') counts.inProgress += 1;
      else if (job.status === 'not_started') counts.notStarted += 1;
      else if (job.status === 'completed') {
        counts.completed += 1;
        if (isCompletedInWeek(job, weekStartIso)) counts.completedThisWeek += 1;
      }
    }
    return counts;
  },
);

/** Jobs by id, for looking up a log's service or the job a panel is open for. */
export const selectEmployeeServicesById = createSelector(
  [selectEmployeeServices],
  (jobs): ReadonlyMap<string, EmployeeServiceJob> => new Map(jobs.map((job) => [job.id, job])),
);

export type ServiceFilter = 'all' | EmployeeServiceStatus;

/**
 * The ids of the jobs each filter shows, computed once per change of the job list; a filter switch is then a
 * set lookup per row.
 */
export const selectServiceIdsByFilter = createSelector(
  [selectEmployeeServices],
  (jobs): Record<Exclude<ServiceFilter, 'all'>, ReadonlySet<string>> => idsByStatus(jobs, ['not_started', 'in_progress', 'completed']),
);

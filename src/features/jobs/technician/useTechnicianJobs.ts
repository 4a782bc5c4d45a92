import { useCallback, useMemo } from 'react';
import type { Appointment } from '@contract/appointments';
import { messageOf } from '@/api/errors';
import { useGetJobsQuery } from '../jobsApi';
import type { DateKey } from '@/lib/calendar';
import { mergeTechnicianJobs, technicianJobQueries } from './technicianJobs';

export interface TechnicianJobs {
  /** Open jobs, then recently completed ones (see technicianJobs.ts). Empty until both answers are in. */
  jobs: readonly Appointment[];
  jobsById: ReadonlyMap<string, Appointment>;
  /** True until both lists have answered once. */
  isLoading: boolean;
  /** The readable message of a failed load (spec §8), or null. */
  error: string | null;
  retry: () => void;
}

/**
 * The jobs assigned to the signed-in technician, from the server (the API scopes GET /api/appointments to them).
 * `today` fixes the recent-completed window for the session, so the query's cache key stays stable.
 */
export function useTechnicianJobs(today: DateKey): TechnicianJobs {
  const queries = technicianJobQueries(today);
  const open = useGetJobsQuery(queries.open);
  const completed = useGetJobsQuery(queries.completed);
  const jobs = useMemo(() => mergeTechnicianJobs(open.data, completed.data), [open.data, completed.data]);
  const jobsById = useMemo(() => new Map(jobs.map((job) => [job.id, job])), [jobs]);
  const failed = open.error ?? completed.error;
  const { refetch: refetchOpen } = open;
  const { refetch: refetchCompleted } = completed;
  const retry = useCallback(() => {
    void refetchOpen();
    void refetchCompleted();
  }, [refetchOpen, refetchCompleted]);

  return {
    jobs,
    jobsById,
    isLoading: open.isLoading || completed.isLoading,
    error: failed ? messageOf(failed) : null,
    retry,
  };
}

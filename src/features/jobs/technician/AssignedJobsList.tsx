import { memo, type ReactNode, useCallback, useId, useMemo } from 'react';
import { Inbox } from 'lucide-react';
import type { Appointment } from '@contract/appointments';
import { useAppDispatch, useAppSelector } from '@/store/hooks';
import { DataState } from '@/components/DataState';
import { FilteredList } from '@/components/FilteredList';
import { type TechnicianFilter, selectTechnicianFilter, technicianFilterChanged } from '../servicesSlice';
import panel from '@/components/Panel.module.css';
import { JobSummaryRow } from '../components/JobSummaryRow';
import { jobIdsByFilter } from './technicianJobs';
import { TECHNICIAN_JOB_FILTERS } from './technicianStatus';

export interface AssignedJobsListProps {
  jobs: readonly Appointment[];
  isLoading: boolean;
  error: string | null;
  onRetry: () => void;
  onUpdateStatus: (id: string) => void;
  /** Each row's further actions (Log Time): stable, as the rows are memoised. */
  renderActions?: (job: Appointment, describedBy: string) => ReactNode;
  /** A note beside each row's status (a change not sent yet): stable, as the rows are memoised. */
  renderStatusNote?: (job: Appointment) => ReactNode;
}

const EMPTY_MESSAGES: Record<TechnicianFilter, string> = {
  all: 'No services are assigned to you yet.',
  in_progress: 'No services in progress.',
  not_started: 'No services waiting to be started.',
  completed: 'No completed services.',
};

const jobKey = (job: Appointment) => job.id;

function emptyMessage(filter: TechnicianFilter) {
  return (
    <>
      <Inbox aria-hidden="true" />
      {EMPTY_MESSAGES[filter]}
    </>
  );
}

/** The filter is client state in the services slice, so it is kept over a reload. */
export const AssignedJobsList = memo(function AssignedJobsList({
  jobs,
  isLoading,
  error,
  onRetry,
  onUpdateStatus,
  renderActions,
  renderStatusNote,
}: AssignedJobsListProps) {
  const headingId = useId();
  const dispatch = useAppDispatch();
  const filter = useAppSelector(selectTechnicianFilter);
  const idsByFilter = useMemo(() => jobIdsByFilter(jobs), [jobs]);
  const changeFilter = useCallback((value: TechnicianFilter) => dispatch(technicianFilterChanged(value)), [dispatch]);
  const renderJob = useCallback(
    (job: Appointment) => (
      <JobSummaryRow view="technician" job={job} onUpdateStatus={onUpdateStatus} renderActions={renderActions} renderStatusNote={renderStatusNote} />
    ),
    [onUpdateStatus, renderActions, renderStatusNote],
  );
  const heading = (
    <h2 id={headingId} className={panel.heading}>
      Assigned Services
    </h2>
  );

  return (
    <section aria-labelledby={headingId} className={panel.panel}>
      {isLoading || error !== null ? (
        <>
          {heading}
          <DataState isLoading={isLoading} error={error} onRetry={onRetry} loadingLabel="Loading your assigned services">
            {null}
          </DataState>
        </>
      ) : (
        <FilteredList
          variant="divided"
          heading={heading}
          items={jobs}
          getKey={jobKey}
          renderItem={renderJob}
          filters={TECHNICIAN_JOB_FILTERS}
          filter={filter}
          onFilterChange={changeFilter}
          keysByFilter={idsByFilter}
          emptyMessage={emptyMessage}
          listLabel="Assigned services list"
          filterGroupLabel="Filter assigned services"
        />
      )}
    </section>
  );
});

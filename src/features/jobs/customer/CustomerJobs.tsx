import { type ReactNode, useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { ClipboardList } from 'lucide-react';
import { Link } from 'react-router-dom';
import type { Appointment } from '@contract/appointments';
import { messageOf } from '@/api/errors';
import { Alert } from '@/components/Alert';
import { Card } from '@/components/Card';
import { DataState } from '@/components/DataState';
import { FilteredList } from '@/components/FilteredList';
import * as paths from '@/config/paths';
import { useAppDispatch, useAppSelector } from '@/store/hooks';
import { JobSummaryRow } from '../components/JobSummaryRow';
import { OWN_JOBS } from '../customerQueries';
import { useGetJobsQuery } from '../jobsApi';
import { type CustomerFilter, customerFilterChanged, jobSelected, selectCustomerFilter, selectSelectedJobId } from '../servicesSlice';
import { CUSTOMER_JOB_FILTERS, jobIdsByFilter } from './customerFilters';
import { JobDetails, type JobDetailsSlots } from './JobDetails';
import styles from './CustomerJobs.module.css';

const jobKey = (job: Appointment) => job.id;

function countLine(shown: number, total: number) {
  return (
    <p className={styles.count} role="status">
      Showing {shown} of {total} {total === 1 ? 'service' : 'services'}
    </p>
  );
}

interface Notice {
  id: number;
  text: string;
}

export interface CustomerJobsProps extends JobDetailsSlots {
  /** What other domains add to a job's row in the list (its total and what awaits approval): phrasing content; stable. */
  renderSummary?: (job: Appointment) => ReactNode;
}

/**
 * The customer's own jobs (spec §2 "Customer dashboard"): My Services with its ALL / NOT COMPLETED / COMPLETED
 * filter, and the selected job's details. `slots` fills the details with what other domains add to a job.
 */
export function CustomerJobs({ renderSummary, ...slots }: CustomerJobsProps) {
  const dispatch = useAppDispatch();
  const filter = useAppSelector(selectCustomerFilter);
  const selectedId = useAppSelector(selectSelectedJobId);
  const { data: jobs, error, isLoading, refetch } = useGetJobsQuery(OWN_JOBS);
  const [notice, setNotice] = useState<Notice | null>(null);
  const noticeRef = useRef<HTMLDivElement>(null);

  const list = useMemo(() => jobs ?? [], [jobs]);
  const idsByFilter = useMemo(() => jobIdsByFilter(list), [list]);
  // The panel follows the list: a job hidden by the filter is not shown (it comes back with its filter).
  const selected = list.find((job) => job.id === selectedId) ?? null;
  const visibleIds = filter === 'all' ? null : idsByFilter[filter];
  const shown = selected && (!visibleIds || visibleIds.has(selected.id)) ? selected : null;

  // After a cancellation or a move, focus goes to its announcement (the buttons that did it may be gone).
  useEffect(() => {
    if (notice) noticeRef.current?.focus();
  }, [notice]);

  const select = useCallback((id: string) => dispatch(jobSelected(id)), [dispatch]);
  const changeFilter = useCallback((next: CustomerFilter) => dispatch(customerFilterChanged(next)), [dispatch]);
  const announce = useCallback((text: string) => setNotice((previous) => ({ id: (previous?.id ?? 0) + 1, text })), []);
  const renderJob = useCallback(
    (job: Appointment) => <JobSummaryRow view="customer" job={job} selected={job.id === selectedId} onSelect={select} renderSummary={renderSummary} />,
    [selectedId, select, renderSummary],
  );
  const emptyMessage = useCallback(
    (active: CustomerFilter): ReactNode =>
      list.length === 0 ? (
        <>
          <ClipboardList aria-hidden="true" />
          <span>
            You have no services yet. Book an appointment to get started.{' '}
            <Link to={paths.booking} className={styles.emptyLink}>
              Book your first appointment
            </Link>
          </span>
        </>
      ) : (
        <>
          <ClipboardList aria-hidden="true" />
          {`No services match the ${CUSTOMER_JOB_FILTERS.find((f) => f.value === active)?.label ?? active} filter.`}
        </>
      ),
    [list.length],
  );

  return (
    <>
      {notice && (
        <div key={notice.id} ref={noticeRef} tabIndex={-1} className={styles.notice}>
          <Alert variant="success" onDismiss={() => setNotice(null)}>
            {notice.text}
          </Alert>
        </div>
      )}

      <div className={styles.columns}>
        <Card title="My Services" className={styles.servicesCard}>
          <DataState isLoading={isLoading} error={jobs || !error ? null : messageOf(error)} onRetry={() => void refetch()} loadingLabel="Loading your services">
            <FilteredList
              items={list}
              getKey={jobKey}
              renderItem={renderJob}
              filters={CUSTOMER_JOB_FILTERS}
              filter={filter}
              onFilterChange={changeFilter}
              keysByFilter={idsByFilter}
              emptyMessage={emptyMessage}
              summary={countLine}
              listLabel="Service list"
              filterGroupLabel="Filter services by status"
            />
          </DataState>
        </Card>

        {/* Below the list on a phone: drawn once the list has its height, so the list filling in never pushes it down. */}
        {!isLoading && (
          <Card title="Service Details" className={styles.detailsCard}>
            {shown ? (
              <JobDetails key={shown.id} job={shown} onChanged={announce} {...slots} />
            ) : (
              <p className={styles.hint}>Select a service to see its details.</p>
            )}
          </Card>
        )}
      </div>
    </>
  );
}

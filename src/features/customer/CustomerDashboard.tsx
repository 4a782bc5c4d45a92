import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { CalendarPlus, ClipboardList } from 'lucide-react';
import { Link } from 'react-router-dom';
import type { Appointment } from '@contract/appointments';
import { messageOf } from '@/api/errors';
import { useAppDispatch, useAppSelector } from '@/store/hooks';
import { Alert } from '@/components/Alert';
import { buttonClassName } from '@/components/Button';
import { Card } from '@/components/Card';
import { DataState } from '@/components/DataState';
import { FilteredList } from '@/components/FilteredList';
import { selectCurrentUser } from '@/features/auth/authSlice';
import { useGetAllAppointmentsQuery } from '@/features/jobs/jobsApi';
import {
  type CustomerFilter,
  customerFilterChanged,
  jobSelected,
  selectCustomerFilter,
  selectSelectedJobId,
} from '@/features/services/servicesSlice';
import { ServiceDetails } from './ServiceDetails';
import { ServiceRow } from './ServiceRow';
import { SERVICE_FILTERS, jobIdsByFilter } from './serviceFilters';
import styles from './CustomerDashboard.module.css';

const BOOKING_PATH = '/dashboard/appointments';
/** GET /api/appointments with no filter: the server answers the customer's own jobs, newest date first. */
const OWN_JOBS = {};

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

/**
 * The customer's dashboard (spec §2 "Customer dashboard"), rendered by DashboardRouter at /dashboard inside
 * DashboardLayout's <main>: welcome, Book Appointment (→ the booking page), My Services — the customer's own
 * appointments from the server, filtered by ALL / NOT COMPLETED / COMPLETED — and the detail panel of the selected
 * one. The filter and the selection are client state (services slice); the jobs are server data (jobsApi).
 */
export default function CustomerDashboard() {
  const dispatch = useAppDispatch();
  const user = useAppSelector(selectCurrentUser);
  const filter = useAppSelector(selectCustomerFilter);
  const selectedId = useAppSelector(selectSelectedJobId);
  const { data: jobs, error, isLoading, refetch } = useGetAllAppointmentsQuery(OWN_JOBS);
  const [notice, setNotice] = useState<Notice | null>(null);
  const noticeRef = useRef<HTMLDivElement>(null);

  const list = useMemo(() => jobs ?? [], [jobs]);
  const idsByFilter = useMemo(() => jobIdsByFilter(list), [list]);
  // The panel follows the list: a job hidden by the filter is not shown (it comes back with its filter).
  const selected = list.find((job) => job.id === selectedId) ?? null;
  const visibleIds = filter === 'all' ? null : idsByFilter[filter];
  const shown = selected && (!visibleIds || visibleIds.has(selected.id)) ? selected : null;
  const name = user?.fullName.trim();

  // After a cancellation or a move, focus goes to its announcement (the buttons that did it may be gone).
  useEffect(() => {
    if (notice) noticeRef.current?.focus();
  }, [notice]);

  const select = useCallback((id: string) => dispatch(jobSelected(id)), [dispatch]);
  const changeFilter = useCallback((next: CustomerFilter) => dispatch(customerFilterChanged(next)), [dispatch]);
  const announce = useCallback((text: string) => setNotice((previous) => ({ id: (previous?.id ?? 0) + 1, text })), []);
  const renderJob = useCallback((job: Appointment) => <ServiceRow job={job} selected={job.id === selectedId} onSelect={select} />, [selectedId, select]);
  const emptyMessage = useCallback(
    (active: CustomerFilter) =>
      list.length === 0 ? (
        <>
          <ClipboardList aria-hidden="true" />
          <span>
            You have no services yet. Book an appointment to get started.{' '}
            <Link to={BOOKING_PATH} className={styles.emptyLink}>
              Book your first appointment
            </Link>
          </span>
        </>
      ) : (
        <>
          <ClipboardList aria-hidden="true" />
          {`No services match the ${SERVICE_FILTERS.find((f) => f.value === active)?.label ?? active} filter.`}
        </>
      ),
    [list.length],
  );

  return (
    <div className={styles.page}>
      <header className={styles.header}>
        <div className={styles.greeting}>
          <h1 className={styles.title}>{name ? `Welcome, ${name}` : 'Welcome'}</h1>
          <p className={styles.subtitle}>Track your vehicle services and book your next appointment.</p>
        </div>
        <Link to={BOOKING_PATH} className={buttonClassName({ variant: 'primary' })}>
          <CalendarPlus aria-hidden="true" className={styles.linkIcon} />
          Book Appointment
        </Link>
      </header>

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
              filters={SERVICE_FILTERS}
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
              <ServiceDetails key={shown.id} job={shown} onChanged={announce} />
            ) : (
              <p className={styles.hint}>Select a service to see its details.</p>
            )}
          </Card>
        )}
      </div>
    </div>
  );
}

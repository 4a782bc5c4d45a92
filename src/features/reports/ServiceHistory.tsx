import { useMemo } from 'react';
import { CalendarPlus, Car, ClipboardList } from 'lucide-react';
import { Link } from 'react-router-dom';
import type { Appointment } from '@contract/appointments';
import { messageOf } from '@/api/errors';
import { buttonClassName } from '@/components/Button';
import { DataState } from '@/components/DataState';
import * as paths from '@/config/paths';
import { customerStatusOf, formatJobSlot, formatShortDate, JobStatusBadge, OWN_JOBS, useGetJobsQuery, vehicleWithPlate } from '@/features/jobs';
import { DownloadReportButton } from './DownloadReportButton';
import styles from './ServiceHistory.module.css';


/** Newest first: by date, then slot (the server's order for a customer, kept whatever the cache holds). */
function newestFirst(jobs: readonly Appointment[]): Appointment[] {
  return [...jobs].sort((a, b) => b.date.localeCompare(a.date) || b.slot.localeCompare(a.slot) || b.id.localeCompare(a.id));
}

function HistoryItem({ job }: { job: Appointment }) {
  const headingId = `history-${job.id}`;
  return (
    <li className={styles.item}>
      <article aria-labelledby={headingId} className={styles.entry}>
        <div className={styles.top}>
          <h2 id={headingId} className={styles.vehicle}>
            <Car aria-hidden="true" className={styles.icon} />
            {vehicleWithPlate(job.vehicle)}
          </h2>
          <JobStatusBadge status={customerStatusOf(job)} />
        </div>
        <dl className={styles.details}>
          <div>
            <dt>Service</dt>
            <dd>{job.serviceType.name}</dd>
          </div>
          <div>
            <dt>Service Centre</dt>
            <dd>{job.center.name}</dd>
          </div>
          <div>
            <dt>Date</dt>
            <dd>
              <time dateTime={`${job.date}T${job.slot}`}>{formatJobSlot(job)}</time>
            </dd>
          </div>
        </dl>
        <DownloadReportButton job={job} context={`${job.vehicle.plate} ${job.serviceType.name} ${formatShortDate(job.date)}`} />
      </article>
    </li>
  );
}

/** Reads the jobs api's own list, so the dashboard and this page share one cache entry. */
export function ServiceHistory() {
  const { data, error, isLoading, refetch } = useGetJobsQuery(OWN_JOBS);
  const jobs = useMemo(() => newestFirst(data ?? []), [data]);

  return (
    <div className={styles.page}>
      <header className={styles.header}>
        <h1 className={styles.title}>Service history</h1>
        <p className={styles.subtitle}>Every service you booked, newest first. Download the report of any of them.</p>
      </header>
      <DataState isLoading={isLoading} error={data || !error ? null : messageOf(error)} onRetry={() => void refetch()} loadingLabel="Loading your service history">
        {jobs.length === 0 ? (
          <div className={styles.empty}>
            <ClipboardList aria-hidden="true" className={styles.emptyIcon} />
            <p className={styles.emptyTitle}>No services yet</p>
            <p>Your services and their reports appear here once you book one.</p>
            <Link to={paths.booking} className={buttonClassName({ variant: 'primary' })}>
              <CalendarPlus aria-hidden="true" className={styles.icon} />
              Book Appointment
            </Link>
          </div>
        ) : (
          <>
            <p className={styles.count}>
              {jobs.length} {jobs.length === 1 ? 'service' : 'services'}
            </p>
            <ul className={styles.list} aria-label="Your services, newest first">
              {jobs.map((job) => (
                <HistoryItem key={job.id} job={job} />
              ))}
            </ul>
          </>
        )}
      </DataState>
    </div>
  );
}

import { memo, useId } from 'react';
import { CircleCheck, CircleDashed, LoaderCircle } from 'lucide-react';
import { messageOf } from '@/api/errors';
import { DataState } from '@/components/DataState';
import { useGetJobCountsQuery } from '../jobsApi';
import { JOB_COUNTS_ALL } from './technicianJobs';
import { cx } from '@/lib/classNames';
import styles from './JobCounts.module.css';


type Counts = NonNullable<ReturnType<typeof useGetJobCountsQuery>['data']>;

const STATS = [
  { label: 'Active Projects', valueOf: (counts: Counts) => counts.byStatus.IN_PROGRESS, Icon: LoaderCircle, tone: styles.active },
  { label: 'Not Started', valueOf: (counts: Counts) => counts.byStatus.CONFIRMED, Icon: CircleDashed, tone: styles.waiting },
  { label: 'Completed This Week', valueOf: (counts: Counts) => counts.completedThisWeek, Icon: CircleCheck, tone: styles.done },
] as const;

/**
 * The server counts every job assigned to the technician, because the dashboard loads only part of them; the counts
 * refetch whenever a job changes (the Job tag). While they load, the three cards are already there with a dash for
 * each number: the cards are as tall as the page's first screen on a phone, and appearing late they pushed Assigned
 * Services down under the reader's eyes (a layout shift of 0.22–0.56).
 */
export const JobCounts = memo(function JobCounts() {
  const headingId = useId();
  const { data, isLoading, error, refetch } = useGetJobCountsQuery(JOB_COUNTS_ALL);

  return (
    <section aria-labelledby={headingId} aria-busy={isLoading}>
      <h2 id={headingId} className="visually-hidden">
        Overview
      </h2>
      {!isLoading && error ? (
        <DataState isLoading={false} error={messageOf(error)} onRetry={refetch} loadingLabel="Loading your counts">
          {null}
        </DataState>
      ) : (
        <>
          {isLoading && (
            <p className="visually-hidden" role="status">
              Loading your counts
            </p>
          )}
          <dl className={styles.stats}>
            {STATS.map(({ label, valueOf, Icon, tone }) => (
              <div key={label} className={cx(styles.stat, tone)}>
                <dt className={styles.label}>
                  <span className={styles.icon} aria-hidden="true">
                    <Icon />
                  </span>
                  {label}
                </dt>
                <dd className={styles.value}>
                  {data ? (
                    valueOf(data)
                  ) : (
                    <span className={styles.pending} aria-hidden="true">
                      –
                    </span>
                  )}
                </dd>
              </div>
            ))}
          </dl>
        </>
      )}
    </section>
  );
});

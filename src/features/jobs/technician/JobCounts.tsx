import { memo, useId } from 'react';
import { CircleCheck, CircleDashed, LoaderCircle } from 'lucide-react';
import { messageOf } from '@/api/errors';
import { DataState } from '@/components/DataState';
import { useGetJobCountsQuery } from '../jobsApi';
import { JOB_COUNTS_ALL } from './technicianJobs';
import { cx } from '@/lib/classNames';
import styles from './JobCounts.module.css';


/**
 * The server counts every job assigned to the technician, because the dashboard loads only part of them; the counts
 * refetch whenever a job changes (the Job tag).
 */
export const JobCounts = memo(function JobCounts() {
  const headingId = useId();
  const { data, isLoading, error, refetch } = useGetJobCountsQuery(JOB_COUNTS_ALL);

  const stats = data && [
    { label: 'Active Projects', value: data.byStatus.IN_PROGRESS, Icon: LoaderCircle, tone: styles.active },
    { label: 'Not Started', value: data.byStatus.CONFIRMED, Icon: CircleDashed, tone: styles.waiting },
    { label: 'Completed This Week', value: data.completedThisWeek, Icon: CircleCheck, tone: styles.done },
  ];

  return (
    <section aria-labelledby={headingId}>
      <h2 id={headingId} className="visually-hidden">
        Overview
      </h2>
      <DataState isLoading={isLoading} error={error ? messageOf(error) : null} onRetry={refetch} loadingLabel="Loading your counts">
        {stats && (
          <dl className={styles.stats}>
            {stats.map(({ label, value, Icon, tone }) => (
              <div key={label} className={cx(styles.stat, tone)}>
                <dt className={styles.label}>
                  <span className={styles.icon} aria-hidden="true">
                    <Icon />
                  </span>
                  {label}
                </dt>
                <dd className={styles.value}>{value}</dd>
              </div>
            ))}
          </dl>
        )}
      </DataState>
    </section>
  );
});

import { memo, useId } from 'react';
import { CircleCheck, CircleDashed, LoaderCircle } from 'lucide-react';
import { useAppSelector } from '@/app/hooks';
import { cx } from '@/lib/classNames';
import { currentWeekStart, selectEmployeeServiceCounts } from './employeeSelectors';
import styles from './DashboardStats.module.css';

/** Spec §2: the counts Active Projects, Not Started, Completed This Week — computed from the assigned services. */
function DashboardStats() {
  const headingId = useId();
  // A string stable for the whole week, so the memoised selector keeps its cache between renders.
  const weekStart = currentWeekStart();
  const counts = useAppSelector((state) => selectEmployeeServiceCounts(state, weekStart));

  const stats = [
    { label: 'Active Projects', value: counts.inProgress, Icon: LoaderCircle, tone: styles.active },
    { label: 'Not Started', value: counts.notStarted, Icon: CircleDashed, tone: styles.waiting },
    { label: 'Completed This Week', value: counts.completedThisWeek, Icon: CircleCheck, tone: styles.done },
  ];

  return (
    <section aria-labelledby={headingId}>
      <h2 id={headingId} className="visually-hidden">
        Overview
      </h2>
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
    </section>
  );
}

export default memo(DashboardStats);

import { memo, useId, useState } from 'react';
import { Inbox } from 'lucide-react';
import { useAppSelector } from '@/app/hooks';
import { selectEmployeeServices } from '@/features/services/servicesSlice';
import { type ServiceFilter, selectServiceIdsByFilter } from './employeeSelectors';
import { SERVICE_FILTERS } from './serviceStatus';
import ServiceRow from './ServiceRow';
import styles from './AssignedServicesList.module.css';

export interface AssignedServicesListProps {
  onUpdateStatus: (id: string) => void;
  onLogTime: (id: string) => void;
}

const EMPTY_MESSAGES: Record<ServiceFilter, string> = {
  all: 'No services are assigned to you yet.',
  in_progress: 'No services in progress.',
  not_started: 'No services waiting to be started.',
  completed: 'No completed services.',
};

/**
 * Spec §2 "Assigned Services" with the filter ALL / IN PROGRESS / NOT STARTED / COMPLETED, scrolling at about
 * 600 px (§9). Performance: every row stays mounted and a filter switch only toggles the `hidden` attribute of
 * the list items; the memoised row contents do not re-render, so filtering 1,000 jobs costs one cheap pass.
 */
function AssignedServicesList({ onUpdateStatus, onLogTime }: AssignedServicesListProps) {
  const headingId = useId();
  const [filter, setFilter] = useState<ServiceFilter>('all');
  const jobs = useAppSelector(selectEmployeeServices);
  const idsByFilter = useAppSelector(selectServiceIdsByFilter);
  const visibleIds = filter === 'all' ? null : idsByFilter[filter];
  const visibleCount = visibleIds ? visibleIds.size : jobs.length;

  return (
    <section aria-labelledby={headingId} className={styles.panel}>
      <div className={styles.header}>
        <h2 id={headingId} className={styles.heading}>
          Assigned Services
        </h2>
        <div role="group" aria-label="Filter assigned services" className={styles.filters}>
          {SERVICE_FILTERS.map(({ value, label }) => (
            <button
              key={value}
              type="button"
              aria-pressed={filter === value}
              className={styles.filter}
              onClick={() => setFilter(value)}
            >
              {label}
            </button>
          ))}
        </div>
      </div>
      {/* A scrollable region must be keyboard-focusable so keyboard users can scroll it (WCAG 2.1.1). */}
      {/* eslint-disable-next-line jsx-a11y/no-noninteractive-tabindex */}
      <div role="region" aria-label="Assigned services list" tabIndex={0} className={styles.scroll}>
        {visibleCount === 0 && (
          <p className={styles.empty}>
            <Inbox aria-hidden="true" />
            {EMPTY_MESSAGES[filter]}
          </p>
        )}
        <ul className={styles.list} hidden={visibleCount === 0}>
          {jobs.map((job) => (
            <li key={job.id} className={styles.item} hidden={visibleIds !== null && !visibleIds.has(job.id)}>
              <ServiceRow job={job} onUpdateStatus={onUpdateStatus} onLogTime={onLogTime} />
            </li>
          ))}
        </ul>
      </div>
    </section>
  );
}

export default memo(AssignedServicesList);

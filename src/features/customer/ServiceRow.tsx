import { memo } from 'react';
import { Car } from 'lucide-react';
import type { Appointment } from '@contract/appointments';
import { cx } from '@/lib/classNames';
import { formatJobSlot, vehicleName } from '@/features/jobs/format';
import { customerStatusOf } from '@/features/jobs/labels';
import { StatusBadge } from './StatusBadge';
import styles from './ServiceRow.module.css';

export interface ServiceRowProps {
  job: Appointment;
  selected: boolean;
  /** Must be stable (e.g. a memoised callback) so memoised rows skip re-rendering. */
  onSelect: (id: string) => void;
}

/**
 * One job in My Services: a toggle-style button that selects it for the detail panel. Memoised for long lists
 * (RTK Query keeps an unchanged job's object across refetches, so only changed rows re-render).
 */
export const ServiceRow = memo(function ServiceRow({ job, selected, onSelect }: ServiceRowProps) {
  const name = vehicleName(job.vehicle);
  return (
    <button type="button" className={cx(styles.row, selected && styles.selected)} aria-pressed={selected} onClick={() => onSelect(job.id)}>
      <Car className={styles.carIcon} aria-hidden="true" />
      <span className={styles.rowText}>
        <span className={styles.vehicle}>
          <span className={styles.vehicleName}>{name}</span>
          {name !== job.vehicle.plate && (
            <>
              {' '}
              <span className={styles.vehicleNumber}>{job.vehicle.plate}</span>
            </>
          )}
        </span>
        <span className={styles.serviceType}>{job.serviceType.name}</span>
        <span className={styles.when}>{formatJobSlot(job)}</span>
      </span>
      <StatusBadge status={customerStatusOf(job)} />
    </button>
  );
});

import { memo } from 'react';
import { Car } from 'lucide-react';
import { cx } from '@/lib/classNames';
import type { CustomerServiceJob } from '@/features/services/types';
import { StatusBadge } from './StatusBadge';
import styles from './ServiceRow.module.css';

export interface ServiceRowProps {
  service: CustomerServiceJob;
  selected: boolean;
  /** Must be stable (e.g. a state setter) so memoised rows skip re-rendering. */
  onSelect: (id: string) => void;
}

/** One job in My Services: a toggle-style button that selects it for the detail panel. Memoised for long lists. */
export const ServiceRow = memo(function ServiceRow({ service, selected, onSelect }: ServiceRowProps) {
  return (
    <button type="button" className={cx(styles.row, selected && styles.selected)} aria-pressed={selected} onClick={() => onSelect(service.id)}>
      <Car className={styles.carIcon} aria-hidden="true" />
      <span className={styles.rowText}>
        <span className={styles.vehicle}>
          <span className={styles.vehicleName}>{service.vehicleName}</span>{' '}
          <span className={styles.vehicleNumber}>{service.vehicleNumber}</span>
        </span>
        <span className={styles.serviceType}>{service.serviceType}</span>
      </span>
      <StatusBadge status={service.status} />
    </button>
  );
});

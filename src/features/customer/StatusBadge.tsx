import { CircleCheck, Clock } from 'lucide-react';
import { cx } from '@/lib/classNames';
import type { CustomerServiceStatus } from '@/features/services/types';
import { SERVICE_STATUS_LABELS } from './serviceFilters';
import styles from './StatusBadge.module.css';

/** A readable status pill: "Not Completed" / "Completed" (text, not colour alone). */
export function StatusBadge({ status }: { status: CustomerServiceStatus }) {
  const Icon = status === 'completed' ? CircleCheck : Clock;
  return (
    <span className={cx(styles.badge, status === 'completed' ? styles.completed : styles.notCompleted)}>
      <Icon aria-hidden="true" />
      {SERVICE_STATUS_LABELS[status] ?? status}
    </span>
  );
}

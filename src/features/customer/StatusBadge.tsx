import { CircleCheck, CircleX, Clock } from 'lucide-react';
import { cx } from '@/lib/classNames';
import { CUSTOMER_STATUS_LABELS, type CustomerStatus } from '@/features/jobs/labels';
import styles from './StatusBadge.module.css';

const ICONS = { not_completed: Clock, completed: CircleCheck, cancelled: CircleX } as const;

/** A readable status pill: "Not Completed" / "Completed" / "Cancelled" (text, not colour alone). */
export function StatusBadge({ status }: { status: CustomerStatus }) {
  const Icon = ICONS[status];
  return (
    <span className={cx(styles.badge, styles[status])}>
      <Icon aria-hidden="true" />
      {CUSTOMER_STATUS_LABELS[status]}
    </span>
  );
}

import { memo } from 'react';
import { CircleCheck, CircleDashed, LoaderCircle } from 'lucide-react';
import type { TechnicianStatus } from '@contract/statuses';
import { TECHNICIAN_STATUS_LABELS } from '@/features/jobs/labels';
import { cx } from '@/lib/classNames';
import styles from './StatusBadge.module.css';

const icons = { not_started: CircleDashed, in_progress: LoaderCircle, completed: CircleCheck } as const;

/** A coloured pill with the status's human label (colour is never the only cue: icon + text). */
function StatusBadge({ status }: { status: TechnicianStatus }) {
  const Icon = icons[status];
  return (
    <span className={cx(styles.badge, styles[status])}>
      <Icon aria-hidden="true" className={styles.icon} />
      {TECHNICIAN_STATUS_LABELS[status]}
    </span>
  );
}

export default memo(StatusBadge);

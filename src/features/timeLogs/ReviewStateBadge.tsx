import { memo } from 'react';
import { CircleCheck, CircleDashed, CircleX } from 'lucide-react';
import type { TimeLogReviewState } from '@contract/timeLogs';
import { cx } from '@/lib/classNames';
import { REVIEW_STATE_LABELS } from './reviewState';
import styles from './ReviewStateBadge.module.css';

const icons = { SUBMITTED: CircleDashed, APPROVED: CircleCheck, REJECTED: CircleX } as const;

/** A log's review state as a pill: icon and text ("Submitted", "Approved", "Rejected"), never colour alone. */
function ReviewStateBadge({ state, className }: { state: TimeLogReviewState; className?: string }) {
  const Icon = icons[state];
  return (
    <span className={cx(styles.badge, styles[state], className)}>
      <Icon aria-hidden="true" className={styles.icon} />
      {REVIEW_STATE_LABELS[state]}
    </span>
  );
}

export default memo(ReviewStateBadge);

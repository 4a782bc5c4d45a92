import { memo, useId } from 'react';
import { Pencil, Trash } from 'lucide-react';
import type { TimeLog } from '@contract/timeLogs';
import { Button } from '@/components/Button';
import { formatDuration } from '../duration';
import { ReviewStateBadge } from './ReviewStateBadge';
import { isLocked } from '../reviewState';
import styles from './DayLogsPanel.module.css';

export interface DayLogItemProps {
  log: TimeLog;
  /** e.g. "Toyota Prius (CAD-3312) · Oil Change", or "Not linked to a job". */
  jobLabel: string;
  /** True while this entry is being deleted. */
  deleting: boolean;
  /** Stable callbacks (the item is memoised). */
  onEdit: (log: TimeLog) => void;
  onDelete: (id: string) => void;
}

/** An approved log is final, so it has no Edit or Delete; editing a rejected one resubmits it. */
export const DayLogItem = memo(function DayLogItem({ log, jobLabel, deleting, onEdit, onDelete }: DayLogItemProps) {
  const summaryId = useId();
  const locked = isLocked(log);
  return (
    <article aria-labelledby={summaryId} className={styles.item} data-state={log.reviewState}>
      <div className={styles.itemBody}>
        <h4 id={summaryId} className={styles.service}>
          {jobLabel}
        </h4>
        <p className={styles.times}>
          <span>
            {log.startTime}–{log.endTime}
          </span>
          <span className={styles.duration}>{formatDuration(log.durationMinutes)}</span>
          <ReviewStateBadge state={log.reviewState} />
        </p>
        <p className={styles.description}>{log.description}</p>
        {log.reviewState === 'REJECTED' && (
          <p className={styles.reason}>
            <strong>Reason:</strong> {log.reviewReason}
            <span className={styles.reasonHint}> Edit the entry to resubmit it, or delete it.</span>
          </p>
        )}
        {locked && <p className={styles.lockedHint}>Approved entries can no longer be changed.</p>}
      </div>
      {!locked && (
        <div className={styles.itemActions}>
          <Button size="sm" variant="ghost" startIcon={<Pencil aria-hidden="true" />} aria-describedby={summaryId} onClick={() => onEdit(log)}>
            Edit
          </Button>
          <Button
            size="sm"
            variant="danger"
            startIcon={<Trash aria-hidden="true" />}
            aria-describedby={summaryId}
            loading={deleting}
            onClick={() => onDelete(log.id)}
          >
            Delete
          </Button>
        </div>
      )}
    </article>
  );
});

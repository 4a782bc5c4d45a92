import { memo, useId } from 'react';
import { Pencil, Trash } from 'lucide-react';
import { Button } from '@/components/Button';
import { formatDuration } from '../duration';
import { type ShownLog, queuedLogText } from '../queuedLogs';
import { ReviewStateBadge } from './ReviewStateBadge';
import { isLocked } from '../reviewState';
import styles from './DayLogsPanel.module.css';

export interface DayLogItemProps {
  log: ShownLog;
  /** e.g. "Toyota Prius (CAD-3312) · Oil Change", or "Not linked to a job". */
  jobLabel: string;
  /** True while this entry is being deleted. */
  deleting: boolean;
  /** Stable callbacks (the item is memoised). */
  onEdit: (log: ShownLog) => void;
  onDelete: (log: ShownLog) => void;
}

/**
 * An approved log is final, so it has no Edit or Delete; editing a rejected one resubmits it. A change not on the
 * server yet says so in words (waiting, sending, or refused with the server's message); a log waiting to be deleted
 * has no buttons (the queued changes' Discard takes the deletion back).
 */
export const DayLogItem = memo(function DayLogItem({ log, jobLabel, deleting, onEdit, onDelete }: DayLogItemProps) {
  const summaryId = useId();
  const { queued } = log;
  const locked = isLocked(log) || (queued?.kind === 'delete' && queued.state !== 'refused') || queued?.state === 'sending';
  return (
    <article aria-labelledby={summaryId} className={styles.item} data-state={log.reviewState} data-queued={queued?.state}>
      <div className={styles.itemBody}>
        <h4 id={summaryId} className={styles.service}>
          {jobLabel}
        </h4>
        <p className={styles.times}>
          <span>
            {log.startTime}–{log.endTime}
          </span>
          <span className={styles.duration}>{formatDuration(log.durationMinutes)}</span>
          {queued?.kind !== 'create' && <ReviewStateBadge state={log.reviewState} />}
        </p>
        {queued && <p className={styles.queued}>{queuedLogText(queued)}</p>}
        <p className={styles.description}>{log.description}</p>
        {log.reviewState === 'REJECTED' && (
          <p className={styles.reason}>
            <strong>Reason:</strong> {log.reviewReason}
            <span className={styles.reasonHint}> Edit the entry to resubmit it, or delete it.</span>
          </p>
        )}
        {isLocked(log) && <p className={styles.lockedHint}>Approved entries can no longer be changed.</p>}
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
            onClick={() => onDelete(log)}
          >
            Delete
          </Button>
        </div>
      )}
    </article>
  );
});

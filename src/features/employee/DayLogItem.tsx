import { memo, useId } from 'react';
import { Pencil, Trash } from 'lucide-react';
import { Button } from '@/components/Button';
import type { TimeLog } from '@/features/timeLogs/types';
import styles from './DayLogsPanel.module.css';

export interface DayLogItemProps {
  log: TimeLog;
  /** e.g. "Toyota Prius (CAD-3312) · Regular Maintenance". */
  serviceLabel: string;
  /** Stable callbacks (the item is memoised), called with the log's id. */
  onEdit: (id: string) => void;
  onDelete: (id: string) => void;
}

/** One log of the selected day: service, times, duration, description, Edit and Delete. */
function DayLogItem({ log, serviceLabel, onEdit, onDelete }: DayLogItemProps) {
  const summaryId = useId();
  return (
    <article aria-labelledby={summaryId} className={styles.item}>
      <div className={styles.itemBody}>
        <h4 id={summaryId} className={styles.service}>
          {serviceLabel}
        </h4>
        <p className={styles.times}>
          <span>
            {log.startTime}–{log.endTime}
          </span>
          <span className={styles.duration}>{log.duration}</span>
        </p>
        <p className={styles.description}>{log.description}</p>
      </div>
      <div className={styles.itemActions}>
        <Button size="sm" variant="ghost" startIcon={<Pencil aria-hidden="true" />} aria-describedby={summaryId} onClick={() => onEdit(log.id)}>
          Edit
        </Button>
        <Button size="sm" variant="danger" startIcon={<Trash aria-hidden="true" />} aria-describedby={summaryId} onClick={() => onDelete(log.id)}>
          Delete
        </Button>
      </div>
    </article>
  );
}

export default memo(DayLogItem);

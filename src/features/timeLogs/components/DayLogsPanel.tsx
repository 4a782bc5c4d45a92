import { memo, useCallback, useId, useMemo, useRef, useState } from 'react';
import { CalendarX } from 'lucide-react';
import type { Appointment } from '@contract/appointments';
import { messageOf } from '@/api/errors';
import { Alert } from '@/components/Alert';
import { DataState } from '@/components/DataState';
import { formatDuration } from '../duration';
import { type DateRange, logsByDateOf } from '../logsByDate';
import { NO_QUEUED_CHANGES, type QueuedLogChange, type ShownLog, countedLogs, withQueuedChanges } from '../queuedLogs';
import { useDeleteTimeLogMutation, useGetTimeLogsQuery } from '../timeLogsApi';
import { type DateKey, formatDayLabel } from '@/lib/calendar';
import { cx } from '@/lib/classNames';
import { confirmAction } from '@/lib/dialogs';
import { DayLogItem } from './DayLogItem';
import { logJobLabel } from '@/features/jobs';
import panel from '@/components/Panel.module.css';
import styles from './DayLogsPanel.module.css';

export const DELETE_CONFIRM_MESSAGE = 'Are you sure you want to delete this log entry?';

export interface DayLogsPanelProps {
  /** The selected day. */
  date: DateKey;
  /** The range of logs that holds the day (the visible grid's when the day is in it, so no second request). */
  range: DateRange;
  jobsById: ReadonlyMap<string, Appointment>;
  /** Opens the Log Time form prefilled with this log (one only on this device too). Stable. */
  onEdit: (log: ShownLog) => void;
  /** Called after the server deleted a log. Stable. */
  onDeleted: () => void;
  /** Changes of the logs made on this device and not on the server yet, shown in the list. Stable. */
  queued?: readonly QueuedLogChange[];
  /**
   * Takes over a confirmed Delete (offline: queued; a log only on this device: dropped) and returns true, or returns
   * false and the server is asked. Stable.
   */
  queueDelete?: (log: ShownLog) => boolean;
}

const NO_SHOWN_LOGS: readonly ShownLog[] = [];

/** Delete asks first (spec §5), and Cancel sends nothing. */
export const DayLogsPanel = memo(function DayLogsPanel({ date, range, jobsById, onEdit, onDeleted, queued = NO_QUEUED_CHANGES, queueDelete }: DayLogsPanelProps) {
  const headingId = useId();
  const headingRef = useRef<HTMLHeadingElement>(null);
  const { currentData, isFetching, error, refetch } = useGetTimeLogsQuery(range);
  const [deleteLog] = useDeleteTimeLogMutation();
  const [deletingId, setDeletingId] = useState<string | null>(null);
  const [deleteError, setDeleteError] = useState<string | null>(null);
  const shown = useMemo(() => currentData && withQueuedChanges(currentData, queued), [currentData, queued]);
  const logs = shown ? (logsByDateOf(shown).byDate.get(date) ?? NO_SHOWN_LOGS) : null;

  const handleDelete = useCallback(
    async (log: ShownLog) => {
      if (!confirmAction(DELETE_CONFIRM_MESSAGE)) return;
      setDeleteError(null);
      if (queueDelete?.(log)) {
        headingRef.current?.focus();
        return;
      }
      const { id } = log;
      setDeletingId(id);
      try {
        await deleteLog(id).unwrap();
        // The entry (and its buttons) is gone: keep the focus in the panel.
        headingRef.current?.focus();
        onDeleted();
      } catch (failure) {
        setDeleteError(messageOf(failure));
      } finally {
        setDeletingId(null);
      }
    },
    [deleteLog, onDeleted, queueDelete],
  );

  let total = 0;
  for (const log of countedLogs(logs ?? NO_SHOWN_LOGS)) total += log.durationMinutes;

  return (
    <section aria-labelledby={headingId} className={cx(panel.panel, panel.compact)}>
      <div className={panel.header}>
        <h3 id={headingId} ref={headingRef} tabIndex={-1} className={panel.heading}>
          Logs for {formatDayLabel(date)}
        </h3>
        {logs && logs.length > 0 && (
          <p className={panel.total}>
            Total: <strong>{formatDuration(total)}</strong>
          </p>
        )}
      </div>
      {deleteError && <Alert variant="error">{deleteError}</Alert>}
      <DataState
        isLoading={!currentData && isFetching}
        error={error && !isFetching ? messageOf(error) : null}
        onRetry={refetch}
        loadingLabel="Loading the day's time logs"
      >
        {logs && logs.length === 0 && (
          <p className={styles.empty}>
            <CalendarX aria-hidden="true" />
            No time logged on this day.
          </p>
        )}
        {logs && logs.length > 0 && (
          <ul className={styles.list}>
            {logs.map((log) => (
              <li key={log.id}>
                <DayLogItem
                  log={log}
                  jobLabel={logJobLabel(log.appointmentId, jobsById)}
                  deleting={deletingId === log.id}
                  onEdit={onEdit}
                  onDelete={handleDelete}
                />
              </li>
            ))}
          </ul>
        )}
      </DataState>
    </section>
  );
});

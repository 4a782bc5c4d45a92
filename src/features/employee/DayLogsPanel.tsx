import { memo, useCallback, useId } from 'react';
import { CalendarX } from 'lucide-react';
import { useAppDispatch, useAppSelector } from '@/app/hooks';
import { formatDuration, logMinutes } from '@/features/timeLogs/duration';
import { selectTimeLogsForDate, timeLogDeleted } from '@/features/timeLogs/timeLogsSlice';
import { type DateKey, formatDayLabel } from '@/lib/calendar';
import { cx } from '@/lib/classNames';
import { confirmAction, notify } from '@/lib/dialogs';
import DayLogItem from './DayLogItem';
import { selectEmployeeServicesById } from './employeeSelectors';
import panel from './DashboardPanel.module.css';
import styles from './DayLogsPanel.module.css';

export const EDIT_NOT_IMPLEMENTED_MESSAGE = 'Edit functionality not implemented.';
export const DELETE_CONFIRM_MESSAGE = 'Are you sure you want to delete this log entry?';

/**
 * Spec §2 "day logs panel", §5: the selected day's logs, each with Edit ('Edit functionality not
 * implemented.') and Delete (asks 'Are you sure you want to delete this log entry?', deletes only on OK).
 */
function DayLogsPanel({ date }: { date: DateKey | null }) {
  const headingId = useId();
  const dispatch = useAppDispatch();
  const logs = useAppSelector((state) => (date ? selectTimeLogsForDate(state, date) : null));
  const servicesById = useAppSelector(selectEmployeeServicesById);

  const handleEdit = useCallback(() => notify(EDIT_NOT_IMPLEMENTED_MESSAGE), []);
  const handleDelete = useCallback(
    (id: string) => {
      if (confirmAction(DELETE_CONFIRM_MESSAGE)) dispatch(timeLogDeleted(id));
    },
    [dispatch],
  );

  let total = 0;
  for (const log of logs ?? []) total += logMinutes(log);

  return (
    <section aria-labelledby={headingId} className={cx(panel.panel, panel.compact)}>
      <div className={panel.header}>
        <h3 id={headingId} className={panel.heading}>
          {date ? `Logs for ${formatDayLabel(date)}` : 'Day logs'}
        </h3>
        {logs && logs.length > 0 && (
          <p className={panel.total}>
            Total: <strong>{formatDuration(total)}</strong>
          </p>
        )}
      </div>
      {!date && <p className={styles.empty}>Select a day in the calendar to see its time logs.</p>}
      {logs && logs.length === 0 && (
        <p className={styles.empty}>
          <CalendarX aria-hidden="true" />
          No time logged on this day.
        </p>
      )}
      {logs && logs.length > 0 && (
        <ul className={styles.list}>
          {logs.map((log) => {
            const job = servicesById.get(log.serviceId);
            const serviceLabel = job
              ? `${job.vehicleName} (${job.vehicleNumber}) · ${job.serviceType}`
              : `Service ${log.serviceId}`;
            return (
              <li key={log.id}>
                <DayLogItem log={log} serviceLabel={serviceLabel} onEdit={handleEdit} onDelete={handleDelete} />
              </li>
            );
          })}
        </ul>
      )}
    </section>
  );
}

export default memo(DayLogsPanel);

import { type FormEvent, useId, useState } from 'react';
import { useAppDispatch } from '@/app/hooks';
import { Button } from '@/components/Button';
import { Modal } from '@/components/Modal';
import { TextArea } from '@/components/TextArea';
import { TextField } from '@/components/TextField';
import type { EmployeeServiceJob } from '@/features/services/types';
import { isValidTimeLog, liveDuration, parseTime } from '@/features/timeLogs/duration';
import { timeLogAdded } from '@/features/timeLogs/timeLogsSlice';
import type { TimeLog } from '@/features/timeLogs/types';
import { isDateKey, toDateKey } from '@/lib/calendar';
import { notify } from '@/lib/dialogs';
import styles from './Panel.module.css';

export const INVALID_TIME_LOG_MESSAGE = 'Please enter a valid description and time range';

export interface LogTimePanelProps {
  job: EmployeeServiceJob;
  onClose: () => void;
  /** Called with the saved log (after it is in the store), before the panel closes. */
  onLogged?: (log: Omit<TimeLog, 'id'>) => void;
}

/** `HH:MM` (an `<input type="time">` may add seconds). */
function toHHMM(value: string): string {
  return value.slice(0, 5);
}

/**
 * Spec §5 "Log time": Date (default today), Start Time, End Time, Description, the duration computed live as
 * `Xh Ym`. The display wraps past midnight; saving requires a non-empty description, a non-zero duration and a
 * start strictly before the end on the entry's date (see features/timeLogs/duration.ts), otherwise it alerts
 * 'Please enter a valid description and time range' and keeps the panel open. A missing date is refused the
 * same way.
 */
export default function LogTimePanel({ job, onClose, onLogged }: LogTimePanelProps) {
  const dispatch = useAppDispatch();
  const formId = useId();
  const hintId = useId();
  const durationLabelId = useId();
  const [date, setDate] = useState(() => toDateKey(new Date()));
  const [startTime, setStartTime] = useState('');
  const [endTime, setEndTime] = useState('');
  const [description, setDescription] = useState('');
  const duration = liveDuration(startTime, endTime);
  const overnight = (parseTime(endTime) ?? Infinity) < (parseTime(startTime) ?? -Infinity);

  function handleSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (!isDateKey(date) || !isValidTimeLog({ description, startTime, endTime })) {
      notify(INVALID_TIME_LOG_MESSAGE);
      return;
    }
    const log = {
      serviceId: job.id,
      date,
      startTime: toHHMM(startTime),
      endTime: toHHMM(endTime),
      duration,
      description: description.trim(),
    };
    dispatch(timeLogAdded(log));
    onLogged?.(log);
    onClose();
  }

  return (
    <Modal
      open
      onClose={onClose}
      title="Log Time"
      description={`${job.vehicleName} (${job.vehicleNumber}) · ${job.serviceType}`}
      footer={
        <>
          <Button variant="ghost" onClick={onClose}>
            Cancel
          </Button>
          <Button type="submit" form={formId}>
            Save Log
          </Button>
        </>
      }
    >
      <form id={formId} className={styles.form} onSubmit={handleSubmit} noValidate>
        <TextField label="Date" type="date" value={date} onChange={(event) => setDate(event.target.value)} />
        <div className={styles.timeRow}>
          <TextField
            label="Start Time"
            type="time"
            value={startTime}
            aria-describedby={hintId}
            onChange={(event) => setStartTime(event.target.value)}
          />
          <TextField
            label="End Time"
            type="time"
            value={endTime}
            aria-describedby={hintId}
            onChange={(event) => setEndTime(event.target.value)}
          />
        </div>
        <p id={hintId} className={styles.hint}>
          The start must be before the end on the chosen date. An overnight shift is logged as two entries, one
          per date.
        </p>
        <div className={styles.duration}>
          <span id={durationLabelId} className={styles.durationLabel}>
            Duration
          </span>
          <output aria-labelledby={durationLabelId} className={styles.durationValue}>
            {duration}
          </output>
        </div>
        {overnight && (
          <p className={styles.warning}>
            This range crosses midnight and cannot be saved as one entry: log the time before and after midnight
            separately.
          </p>
        )}
        <TextArea label="Description" rows={4} value={description} onChange={(event) => setDescription(event.target.value)} />
      </form>
    </Modal>
  );
}

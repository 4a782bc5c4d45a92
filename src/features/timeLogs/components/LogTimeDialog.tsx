import { type FormEvent, useId, useMemo, useState } from 'react';
import type { Appointment } from '@contract/appointments';
import { MAX_DESCRIPTION_LENGTH, TIME_LOG_MAX_AGE_DAYS } from '@contract/limits';
import { earliestTimeLogDate, type TimeLogDateBounds, timeLogDateError } from '@contract/rules';
import type { TimeLog, TimeLogBody } from '@contract/timeLogs';
import { isApiError, messageOf } from '@/api/errors';
import { useAppDispatch } from '@/store/hooks';
import { Alert } from '@/components/Alert';
import { Button } from '@/components/Button';
import { Modal } from '@/components/Modal';
import { Select } from '@/components/Select';
import { TextArea } from '@/components/TextArea';
import { TextField } from '@/components/TextField';
import { formatShortDate, jobLabel, logJobLabel, NO_JOB_LABEL, OTHER_JOB_LABEL, useGetCatalogQuery } from '@/features/jobs';
import { isValidTimeLog, liveDuration, parseTime, toHHMM } from '../duration';
import { useCreateTimeLogMutation, useUpdateTimeLogMutation } from '../timeLogsApi';
import { type LogDraft, type LogDraftField, logDraftChanged } from '../timeLogsSlice';
import { isDateKey, shiftDate, toDateKey } from '@/lib/calendar';
import { notify } from '@/lib/dialogs';
import { useToday } from '@/lib/useToday';
import styles from '@/components/DialogForm.module.css';

export const INVALID_TIME_LOG_MESSAGE = 'Please enter a valid description and time range';

export interface LogTimeDialogProps {
  /** The form as typed (the timeLogs slice's draft, so a reload keeps it). */
  draft: LogDraft;
  /** The technician's loaded jobs, for the Job select. */
  jobs: readonly Appointment[];
  jobsById: ReadonlyMap<string, Appointment>;
  onClose: () => void;
  /** Called with the server's answer once the log is saved. */
  onSaved: (log: TimeLog, edited: boolean) => void;
  /**
   * When given, a checked entry is handed to it instead of being sent (offline, or an entry only on this device: the
   * page queues it).
   */
  onQueue?: (body: TimeLogBody) => void;
}

/** Field names of a 400's `errors` the form can show next to a field. */
const FIELD_OF: Partial<Record<string, LogDraftField>> = {
  appointmentId: 'appointmentId',
  date: 'date',
  startTime: 'startTime',
  endTime: 'endTime',
  description: 'description',
};

const NO_JOB = '';

/**
 * The dates the server accepts for a log (contract/rules.ts), as the browser's calendar can tell them: today at the
 * latest, `maxAgeDays` back at the earliest (the shop's TIME_LOG_MAX_AGE_DAYS, from the catalogue), and not before
 * the day the job was booked when the job is loaded here.
 */
function dateBounds(today: string, maxAgeDays: number, job: Appointment | undefined): TimeLogDateBounds {
  return {
    today,
    maxAgeDays,
    oldest: shiftDate(today, -maxAgeDays),
    bookedOn: job ? toDateKey(new Date(job.createdAt)) : null,
  };
}

/**
 * The shown duration wraps past midnight but saving is literal (start before end on the date; see duration.ts), so
 * an overnight shift is two entries. A date outside the log's bounds is refused on the Date field, with the server's
 * words, before anything is sent. The server's refusals (an overlap) keep the values.
 */
export function LogTimeDialog({ draft, jobs, jobsById, onClose, onSaved, onQueue }: LogTimeDialogProps) {
  const dispatch = useAppDispatch();
  const formId = useId();
  const hintId = useId();
  const durationLabelId = useId();
  const [createLog, created] = useCreateTimeLogMutation();
  const [updateLog, updated] = useUpdateTimeLogMutation();
  const [serverError, setServerError] = useState<{ message: string; fields: Partial<Record<LogDraftField, string>> } | null>(null);
  const [dateError, setDateError] = useState<string | null>(null);
  const today = useToday();
  // The shop's own bound (TIME_LOG_MAX_AGE_DAYS); the contract's default until the catalogue has loaded — the
  // server checks again either way.
  const { data: catalog } = useGetCatalogQuery();
  const maxAgeDays = catalog?.timeLogMaxAgeDays ?? TIME_LOG_MAX_AGE_DAYS;
  const saving = created.isLoading || updated.isLoading;
  const editing = draft.editingId !== null;
  const { date, startTime, endTime, description, appointmentId } = draft;
  const duration = liveDuration(startTime, endTime);
  const overnight = (parseTime(endTime) ?? Infinity) < (parseTime(startTime) ?? -Infinity);
  const bounds = dateBounds(today, maxAgeDays, appointmentId ? jobsById.get(appointmentId) : undefined);

  const jobOptions = useMemo(() => {
    const options = [{ value: NO_JOB, label: NO_JOB_LABEL }, ...jobs.map((job) => ({ value: job.id, label: `${jobLabel(job)} · ${formatShortDate(job.date)}` }))];
    // An entry of a job the dashboard has not loaded (completed long ago) keeps its job.
    if (appointmentId && !jobsById.has(appointmentId)) options.push({ value: appointmentId, label: OTHER_JOB_LABEL });
    return options;
  }, [jobs, jobsById, appointmentId]);

  function change(field: LogDraftField, value: string | null) {
    dispatch(logDraftChanged({ field, value }));
    if (serverError) setServerError(null);
    if (field === 'date' || field === 'appointmentId') setDateError(null);
  }

  async function handleSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (saving) return;
    if (!isDateKey(date) || !isValidTimeLog({ description, startTime, endTime })) {
      notify(INVALID_TIME_LOG_MESSAGE);
      return;
    }
    const outOfBounds = timeLogDateError(date, bounds);
    if (outOfBounds) {
      setDateError(outOfBounds);
      return;
    }
    const body: TimeLogBody = {
      appointmentId: appointmentId || null,
      date,
      startTime: toHHMM(startTime),
      endTime: toHHMM(endTime),
      description: description.trim(),
    };
    setServerError(null);
    if (onQueue) {
      onQueue(body);
      return;
    }
    try {
      const saved = draft.editingId ? await updateLog({ id: draft.editingId, ...body }).unwrap() : await createLog(body).unwrap();
      onSaved(saved, editing);
    } catch (error) {
      const fields: Partial<Record<LogDraftField, string>> = {};
      if (isApiError(error)) {
        for (const [name, message] of Object.entries(error.errors ?? {})) {
          const field = FIELD_OF[name];
          if (field) fields[field] = message;
        }
      }
      setServerError({ message: messageOf(error), fields });
    }
  }

  return (
    <Modal
      open
      onClose={onClose}
      title="Log Time"
      description={`${editing ? 'Editing a saved entry · ' : ''}${logJobLabel(appointmentId, jobsById)}`}
      footer={
        <>
          <Button variant="ghost" onClick={onClose}>
            Cancel
          </Button>
          <Button type="submit" form={formId} loading={saving}>
            Save Log
          </Button>
        </>
      }
    >
      <form id={formId} className={styles.form} onSubmit={handleSubmit} noValidate>
        <Select
          label="Job"
          options={jobOptions}
          value={appointmentId ?? NO_JOB}
          error={serverError?.fields.appointmentId}
          onChange={(event) => change('appointmentId', event.target.value || null)}
        />
        <TextField
          label="Date"
          type="date"
          value={date}
          min={earliestTimeLogDate(bounds)}
          max={bounds.today}
          error={dateError ?? serverError?.fields.date}
          onChange={(event) => change('date', event.target.value)}
        />
        <div className={styles.timeRow}>
          <TextField
            label="Start Time"
            type="time"
            value={startTime}
            aria-describedby={hintId}
            error={serverError?.fields.startTime}
            onChange={(event) => change('startTime', event.target.value)}
          />
          <TextField
            label="End Time"
            type="time"
            value={endTime}
            aria-describedby={hintId}
            error={serverError?.fields.endTime}
            onChange={(event) => change('endTime', event.target.value)}
          />
        </div>
        <p id={hintId} className={styles.hint}>
          The start must be before the end on the chosen date. An overnight shift is logged as two entries, one per
          date.
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
        <TextArea
          label="Description"
          rows={4}
          maxLength={MAX_DESCRIPTION_LENGTH}
          value={description}
          error={serverError?.fields.description}
          onChange={(event) => change('description', event.target.value)}
        />
        {serverError && <Alert variant="error">{serverError.message}</Alert>}
      </form>
    </Modal>
  );
}

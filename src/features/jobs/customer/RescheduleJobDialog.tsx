import { type FormEvent, useEffect, useId, useRef, useState } from 'react';
import type { Appointment } from '@contract/appointments';
import { isApiError, messageOf } from '@/api/errors';
import { Alert } from '@/components/Alert';
import { Button } from '@/components/Button';
import { DataState } from '@/components/DataState';
import { Modal } from '@/components/Modal';
import { Select } from '@/components/Select';
import { TextField } from '@/components/TextField';
import { isDateKey } from '@/lib/dateKey';
import { lastBookableDate, timeSlotOptions, todayIsoDate } from '../bookingWindow';
import { formatJobSlot, vehicleName } from '../format';
import { useGetAvailabilityQuery, useGetCatalogQuery, useRescheduleJobMutation } from '../jobsApi';
import styles from './JobDetails.module.css';

export interface RescheduleJobDialogProps {
  job: Appointment;
  onClose: () => void;
  /** The server moved it; receives the moved appointment. */
  onRescheduled: (job: Appointment) => void;
}

type Field = 'date' | 'slot';
const REQUIRED: Record<Field, string> = { date: 'Service date is required', slot: 'Time slot is required' };

/**
 * Sends the version the customer was looking at, so a job changed elsewhere is refused (409). Mount it only while
 * open, so it starts fresh.
 */
export function RescheduleJobDialog({ job, onClose, onRescheduled }: RescheduleJobDialogProps) {
  const formId = useId();
  const today = todayIsoDate();
  const [date, setDate] = useState(job.date >= today ? job.date : '');
  const [slot, setSlot] = useState('');
  const [fieldErrors, setFieldErrors] = useState<Partial<Record<Field, string>>>({});
  const [formError, setFormError] = useState<string | null>(null);
  const catalog = useGetCatalogQuery();
  const availability = useGetAvailabilityQuery({ date, centerId: job.center.id }, { skip: !isDateKey(date) });
  const [reschedule, { isLoading }] = useRescheduleJobMutation();
  const dateRef = useRef<HTMLInputElement>(null);
  const formShown = Boolean(catalog.data);
  const formShownAtOpen = useRef(formShown);

  // The dialog focuses its first field when it opens; when the slots arrive only later, the field gets it then.
  useEffect(() => {
    if (formShown && !formShownAtOpen.current) {
      formShownAtOpen.current = true;
      dateRef.current?.focus();
    }
  }, [formShown]);

  const edit = (field: Field, value: string) => {
    if (field === 'date') setDate(value);
    else setSlot(value);
    // Editing a field clears its error and the server's message (spec §5's habit).
    setFieldErrors(({ [field]: _cleared, ...rest }) => rest);
    setFormError(null);
  };

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const missing: Partial<Record<Field, string>> = {
      ...(!date && { date: REQUIRED.date }),
      ...(!slot && { slot: REQUIRED.slot }),
    };
    setFormError(null);
    setFieldErrors(missing);
    if (Object.keys(missing).length > 0) return;
    try {
      onRescheduled(await reschedule({ id: job.id, date, slot, expectedVersion: job.version }).unwrap());
    } catch (failure) {
      const errors = isApiError(failure) ? failure.errors : undefined;
      const onFields: Partial<Record<Field, string>> = { ...(errors?.date && { date: errors.date }), ...(errors?.slot && { slot: errors.slot }) };
      setFieldErrors(onFields);
      if (Object.keys(onFields).length === 0) setFormError(messageOf(failure));
    }
  };

  return (
    <Modal
      open
      onClose={onClose}
      title="Reschedule appointment"
      description={`${job.serviceType.name} for ${vehicleName(job.vehicle)} (${job.vehicle.plate}) at ${job.center.name}, now ${formatJobSlot(job)}. Choose a new date and time slot.`}
      footer={
        <>
          <Button variant="secondary" onClick={onClose}>
            Keep Current Time
          </Button>
          <Button type="submit" form={formId} loading={isLoading}>
            Confirm Reschedule
          </Button>
        </>
      }
    >
      <DataState
        isLoading={catalog.isLoading}
        error={catalog.data || !catalog.isError ? null : messageOf(catalog.error)}
        onRetry={() => void catalog.refetch()}
        loadingLabel="Loading time slots"
      >
        <form id={formId} className={styles.dialogForm} noValidate onSubmit={(event) => void submit(event)}>
          <TextField
            ref={dateRef}
            label="Service Date"
            name="date"
            type="date"
            required
            min={today}
            max={lastBookableDate()}
            value={date}
            error={fieldErrors.date}
            onChange={(event) => edit('date', event.target.value)}
          />
          <Select
            label="Time Slot"
            name="slot"
            required
            placeholder="Select a time slot"
            hint={date ? undefined : 'Choose a date to see which slots are free.'}
            options={timeSlotOptions(catalog.data?.slots ?? [], availability.currentData)}
            value={slot}
            error={fieldErrors.slot}
            onChange={(event) => edit('slot', event.target.value)}
          />
          {formError && (
            <Alert variant="error" className={styles.dialogAlert}>
              {formError}
            </Alert>
          )}
        </form>
      </DataState>
    </Modal>
  );
}

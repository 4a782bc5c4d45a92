import { type ChangeEvent, type FormEvent, useEffect, useRef } from 'react';
import { CalendarCheck } from 'lucide-react';
import { useAppDispatch, useAppSelector } from '@/app/hooks';
import { Button } from '@/components/Button';
import { Card } from '@/components/Card';
import { Select } from '@/components/Select';
import { TextField } from '@/components/TextField';
import { SERVICE_TYPE_PLACEHOLDER, TIME_SLOT_PLACEHOLDER, serviceTypeOptions, timeSlotOptions } from './bookingOptions';
import { todayIsoDate, validateBooking } from './bookingRules';
import { type BookingDraft, type BookingField, bookingConfirmed, draftFieldChanged, selectBookingDraft } from './bookingSlice';
import styles from './BookingPage.module.css';

export interface BookingFormProps {
  /** Focus the first field when mounted (after "Book Another Appointment"). */
  focusOnMount?: boolean;
  /** Called after a booking was accepted. */
  onBooked: (booking: BookingDraft) => void;
}

/**
 * The booking form (spec §2 "Booking page"). Every change goes to the booking slice's draft, so the draft
 * survives a reload (redux-persist) and can be replayed in Redux DevTools.
 */
export function BookingForm({ focusOnMount = false, onBooked }: BookingFormProps) {
  const dispatch = useAppDispatch();
  const draft = useAppSelector(selectBookingDraft);
  const vehicleIdRef = useRef<HTMLInputElement>(null);

  useEffect(() => {
    if (focusOnMount) vehicleIdRef.current?.focus();
  }, [focusOnMount]);

  const change = (field: BookingField) => (event: ChangeEvent<HTMLInputElement | HTMLSelectElement>) =>
    dispatch(draftFieldChanged({ field, value: event.target.value }));

  const handleSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    // Spec §5: proceeds only if all four fields are filled; otherwise nothing happens and no message.
    const booking = validateBooking(draft, todayIsoDate());
    if (!booking) return;
    // Spec §7: booking submissions are only logged locally — no server call.
    console.info('Appointment booked:', booking);
    dispatch(bookingConfirmed(booking));
    onBooked(booking);
  };

  return (
    <Card title="Appointment details" padding="lg">
      {/* noValidate: the browser must not show its own messages either (spec §5: no message). */}
      <form className={styles.form} noValidate onSubmit={handleSubmit}>
        <div className={styles.fields}>
          <TextField
            ref={vehicleIdRef}
            label="Vehicle ID"
            name="vehicleId"
            autoComplete="off"
            required
            value={draft.vehicleId}
            onChange={change('vehicleId')}
          />
          <Select
            label="Service Type"
            name="serviceType"
            required
            placeholder={SERVICE_TYPE_PLACEHOLDER}
            options={serviceTypeOptions}
            value={draft.serviceType}
            onChange={change('serviceType')}
          />
          <TextField
            label="Service Date"
            name="serviceDate"
            type="date"
            required
            min={todayIsoDate()}
            value={draft.serviceDate}
            onChange={change('serviceDate')}
          />
          <Select
            label="Time Slot"
            name="timeSlot"
            required
            placeholder={TIME_SLOT_PLACEHOLDER}
            options={timeSlotOptions}
            value={draft.timeSlot}
            onChange={change('timeSlot')}
          />
        </div>
        <div className={styles.actions}>
          <Button type="submit" startIcon={<CalendarCheck aria-hidden="true" />}>
            Book Appointment
          </Button>
        </div>
      </form>
    </Card>
  );
}

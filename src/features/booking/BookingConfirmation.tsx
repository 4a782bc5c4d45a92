import { useEffect, useId, useRef } from 'react';
import { CircleCheck, RotateCcw } from 'lucide-react';
import { Button } from '@/components/Button';
import { formatBookingDate } from './bookingRules';
import type { BookingDraft } from './bookingSlice';
import styles from './BookingPage.module.css';

export interface BookingConfirmationProps {
  booking: BookingDraft;
  /** Focus the heading when mounted (right after booking), so screen readers announce the result. */
  focusOnMount?: boolean;
  onBookAnother: () => void;
}

/** The confirmed view (spec §4 "Booking: form, then confirmed view"). */
export function BookingConfirmation({ booking, focusOnMount = false, onBookAnother }: BookingConfirmationProps) {
  const headingId = useId();
  const headingRef = useRef<HTMLHeadingElement>(null);

  useEffect(() => {
    if (focusOnMount) headingRef.current?.focus();
  }, [focusOnMount]);

  return (
    <section className={styles.confirmation} aria-labelledby={headingId}>
      <div className={styles.confirmationHeader}>
        <CircleCheck className={styles.successIcon} aria-hidden="true" />
        <h2 id={headingId} ref={headingRef} tabIndex={-1} className={styles.confirmationHeading}>
          Appointment Booked
        </h2>
      </div>
      <p className={styles.lead}>Your appointment has been booked. Here is what we have:</p>
      <dl className={styles.summary}>
        <div className={styles.summaryRow}>
          <dt>Vehicle ID</dt>
          <dd>{booking.vehicleId}</dd>
        </div>
        <div className={styles.summaryRow}>
          <dt>Service Type</dt>
          <dd>{booking.serviceType}</dd>
        </div>
        <div className={styles.summaryRow}>
          <dt>Service Date</dt>
          <dd>
            <time dateTime={booking.serviceDate}>{formatBookingDate(booking.serviceDate)}</time>
          </dd>
        </div>
        <div className={styles.summaryRow}>
          <dt>Time Slot</dt>
          <dd>{booking.timeSlot}</dd>
        </div>
      </dl>
      <div className={styles.actions}>
        <Button variant="secondary" startIcon={<RotateCcw aria-hidden="true" />} onClick={onBookAnother}>
          Book Another Appointment
        </Button>
      </div>
    </section>
  );
}

import { type ReactNode, useEffect, useId, useRef } from 'react';
import { CircleCheck, RotateCcw } from 'lucide-react';
import { messageOf } from '@/api/errors';
import { Button } from '@/components/Button';
import { DataState } from '@/components/DataState';
import { formatCalendarDate } from '../format';
import { useGetJobQuery } from '../jobsApi';
import styles from './Booking.module.css';

export interface BookingConfirmationProps {
  /** The booked job's id; the view reads the job itself from the server. */
  jobId: string;
  /** Focus the heading when mounted (right after booking), so screen readers announce the result. */
  focusOnMount?: boolean;
  onBookAnother: () => void;
  /** The booked job's tracking link, from the tracking domain. */
  renderTrackingLink?: (jobId: string) => ReactNode;
}

/**
 * The confirmed view (spec §4 "Booking: form, then confirmed view"): the appointment as the server holds it — plate,
 * service type, date, slot and centre. Book Another Appointment is always offered, even when it cannot be read.
 */
export function BookingConfirmation({ jobId, focusOnMount = false, onBookAnother, renderTrackingLink }: BookingConfirmationProps) {
  const headingId = useId();
  const headingRef = useRef<HTMLHeadingElement>(null);
  const { data: appointment, error, isLoading, refetch } = useGetJobQuery(jobId);

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
      <DataState
        isLoading={isLoading}
        error={appointment || !error ? null : messageOf(error)}
        onRetry={() => void refetch()}
        loadingLabel="Loading your appointment"
      >
        {appointment && (
          <>
            <p className={styles.lead}>Your appointment has been booked. Here is what we have:</p>
            <dl className={styles.summary}>
              <div className={styles.summaryRow}>
                <dt>Vehicle ID</dt>
                <dd>{appointment.vehicle.plate}</dd>
              </div>
              <div className={styles.summaryRow}>
                <dt>Service Type</dt>
                <dd>{appointment.serviceType.name}</dd>
              </div>
              <div className={styles.summaryRow}>
                <dt>Service Date</dt>
                <dd>
                  <time dateTime={appointment.date}>{formatCalendarDate(appointment.date)}</time>
                </dd>
              </div>
              <div className={styles.summaryRow}>
                <dt>Time Slot</dt>
                <dd>{appointment.slotLabel}</dd>
              </div>
              <div className={styles.summaryRow}>
                <dt>Service Centre</dt>
                <dd>
                  {appointment.center.name}
                  <span className={styles.address}>{appointment.center.address}</span>
                </dd>
              </div>
            </dl>
            {renderTrackingLink?.(appointment.id)}
          </>
        )}
      </DataState>
      <div className={styles.actions}>
        <Button variant="secondary" startIcon={<RotateCcw aria-hidden="true" />} onClick={onBookAnother}>
          Book Another Appointment
        </Button>
      </div>
    </section>
  );
}

import { useState } from 'react';
import { BookingConfirmation, BookingForm, bookingReset, selectConfirmedJobId } from '@/features/jobs';
import { TrackingLinkPanel } from '@/features/tracking';
import { useAppDispatch, useAppSelector } from '@/store/hooks';
import styles from './booking.module.css';

type FocusTarget = 'confirmation' | 'form' | null;

/** /dashboard/appointments, customers only (spec §2 "Booking page"): the form, then the booked job's confirmation. */
export function Component() {
  const dispatch = useAppDispatch();
  const confirmedId = useAppSelector(selectConfirmedJobId);
  // Focus moves only after the user acts (not when a reload restores either view).
  const [focusTarget, setFocusTarget] = useState<FocusTarget>(null);

  const bookAnother = () => {
    dispatch(bookingReset());
    setFocusTarget('form');
  };

  return (
    <div className={styles.page}>
      <header className={styles.pageHeader}>
        <h1 className={styles.title}>Book an Appointment</h1>
        <p className={styles.subtitle}>Choose your vehicle, the service you need and a time that suits you.</p>
      </header>
      {confirmedId ? (
        <BookingConfirmation
          jobId={confirmedId}
          focusOnMount={focusTarget === 'confirmation'}
          onBookAnother={bookAnother}
          renderTrackingLink={(jobId) => <TrackingLinkPanel jobId={jobId} />}
        />
      ) : (
        <BookingForm focusOnMount={focusTarget === 'form'} onBooked={() => setFocusTarget('confirmation')} />
      )}
    </div>
  );
}

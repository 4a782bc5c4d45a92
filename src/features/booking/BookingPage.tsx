import { useState } from 'react';
import { useAppDispatch, useAppSelector } from '@/store/hooks';
import { BookingConfirmation } from './BookingConfirmation';
import { BookingForm } from './BookingForm';
import { bookingReset, selectConfirmedAppointmentId } from './bookingSlice';
import styles from './BookingPage.module.css';

type FocusTarget = 'confirmation' | 'form' | null;

/**
 * /dashboard/appointments, customers only (spec §2 "Booking page"): the form, then the confirmation view of the
 * booked appointment. Rendered inside DashboardLayout's <main>, so it starts with an <h1> and renders no <main>.
 */
export default function BookingPage() {
  const dispatch = useAppDispatch();
  const confirmedId = useAppSelector(selectConfirmedAppointmentId);
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
        <BookingConfirmation appointmentId={confirmedId} focusOnMount={focusTarget === 'confirmation'} onBookAnother={bookAnother} />
      ) : (
        <BookingForm focusOnMount={focusTarget === 'form'} onBooked={() => setFocusTarget('confirmation')} />
      )}
    </div>
  );
}

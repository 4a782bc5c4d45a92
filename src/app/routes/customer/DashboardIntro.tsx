import type { ReactNode } from 'react';
import { CalendarPlus } from 'lucide-react';
import { buttonClassName } from '@/components/Button';
import { booking } from '@/config/paths';
import styles from './dashboard.module.css';

/** The Book Appointment link's look and content (a router Link on the page, a plain link in the pre-rendered frame). */
export const BOOK_APPOINTMENT_CLASS = buttonClassName({ variant: 'primary' });
export const bookAppointmentContent = (
  <>
    <CalendarPlus aria-hidden="true" className={styles.linkIcon} />
    Book Appointment
  </>
);

/**
 * The top of the customer's dashboard: the welcome, what the page is for, and Book Appointment. Also the dashboard's
 * pre-rendered frame (../frames.tsx), without the name, so a returning customer's page paints from its HTML.
 */
export function CustomerDashboardIntro({ name, bookAppointment }: { name?: string; bookAppointment: ReactNode }) {
  return (
    <header className={styles.header}>
      <div className={styles.greeting}>
        <h1 className={styles.title}>{name ? `Welcome, ${name}` : 'Welcome'}</h1>
        <p className={styles.subtitle}>Track your vehicle services and book your next appointment.</p>
      </div>
      {bookAppointment}
    </header>
  );
}

/** The frame of the customer's dashboard: its top, above the shell's grey blocks. */
export function CustomerDashboardFrame() {
  return (
    <div className={styles.page}>
      <CustomerDashboardIntro
        bookAppointment={
          <a href={booking} className={BOOK_APPOINTMENT_CLASS}>
            {bookAppointmentContent}
          </a>
        }
      />
    </div>
  );
}

import { EmailChoice } from '@/features/notifications/EmailChoice';
import { NotificationList } from '@/features/notifications/NotificationList';
import styles from '@/features/notifications/NotificationsPage.module.css';

/**
 * /admin/notifications: the admin's notifications as a full page (the same list as the header bell's panel:
 * new bookings, cancellations and reschedules), with the e-mail choice.
 */
export default function NotificationsPage() {
  return (
    <div className={styles.page}>
      <header>
        <h1 className={styles.title}>Notifications</h1>
        <p className={styles.subtitle}>New bookings, cancellations and reschedules, newest first. They arrive here as they happen.</p>
      </header>
      <EmailChoice />
      <NotificationList variant="page" />
    </div>
  );
}

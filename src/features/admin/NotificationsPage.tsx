import { lazy, Suspense } from 'react';
import { PageHeader } from '@/components/PageHeader';
import { Spinner } from '@/components/Spinner';
import styles from '@/features/notifications/NotificationsPage.module.css';

// The list's code is the header bell's (one "live" chunk for both), most likely loaded already.
const NotificationsPageBody = lazy(() => import(/* webpackChunkName: "live" */ '@/features/notifications/NotificationsPageBody'));

/**
 * /admin/notifications: the admin's notifications as a full page (the same list as the header bell's panel:
 * new bookings, cancellations and reschedules), with the e-mail choice.
 */
export default function NotificationsPage() {
  return (
    <div className={styles.page}>
      <PageHeader title="Notifications">New bookings, cancellations and reschedules, newest first. They arrive here as they happen.</PageHeader>
      <Suspense fallback={<Spinner label="Loading notifications" showLabel />}>
        <NotificationsPageBody />
      </Suspense>
    </div>
  );
}

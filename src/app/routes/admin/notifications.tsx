import { lazy, Suspense } from 'react';
import { PageHeader } from '@/components/PageHeader';
import { Spinner } from '@/components/Spinner';
import styles from './notifications.module.css';

// The list's code is the header bell's (one "live" chunk for both), most likely loaded already.
const NotificationsPanel = lazy(() => import(/* webpackChunkName: "live" */ '../shared/liveWidgets').then((m) => ({ default: m.NotificationsPanel })));

/** /admin/notifications: the header bell's list as a full page, with the e-mail choice. */
export function Component() {
  return (
    <div className={styles.page}>
      <PageHeader title="Notifications">New bookings, cancellations and reschedules, newest first. They arrive here as they happen.</PageHeader>
      <Suspense fallback={<Spinner label="Loading notifications" showLabel />}>
        <NotificationsPanel />
      </Suspense>
    </div>
  );
}

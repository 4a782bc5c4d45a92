import { UnderConstruction } from './UnderConstruction';

/** Spec §2: notifications is an under-construction page listing coming features. */
const COMING_FEATURES = [
  'Alerts for new bookings awaiting assignment',
  'Parts arrival updates for jobs awaiting parts',
  'Customer messages when a service starts or is completed',
  'Notification preferences per admin',
] as const;

export default function NotificationsPage() {
  return <UnderConstruction title="Notifications" features={COMING_FEATURES} />;
}

import { EmailChoice } from './EmailChoice';
import { NotificationList } from './NotificationList';

/** The admin's Notifications page below its heading: the e-mail choice and the full list. */
export default function NotificationsPageBody() {
  return (
    <>
      <EmailChoice />
      <NotificationList variant="page" />
    </>
  );
}

import { EmailChoice } from './EmailChoice';
import { NotificationList } from './NotificationList';

/** The notifications as a page's body: the e-mail choice and the full list. */
export function NotificationsPanel() {
  return (
    <>
      <EmailChoice />
      <NotificationList variant="page" />
    </>
  );
}

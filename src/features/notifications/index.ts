// The notifications domain: what concerns the signed-in user, the bell in every signed-in header, the e-mail choice.
export { notificationsApi, NOTIFICATION_TAG_TYPES, type NotificationTag } from './notificationsApi';
export { NotificationBell } from './NotificationBell';
export { NotificationsPanel } from './NotificationsPanel';
export { EmailChoice, EMAIL_CHOICE_LABEL } from './EmailChoice';

/**
 * Stored notifications: one row per recipient, written in the same transaction as the change it tells
 * of, and announced on the live stream as `notification.created`.
 * - GET /api/notifications?limit=&cursor= (any signed-in user: their own, newest first) → NotificationPage
 * - POST /api/notifications/:id/read → Notification (someone else's id: 404 "Notification not found")
 * - POST /api/notifications/read-all → { unreadCount: 0 }
 */
import { type Static, Type } from 'typebox';
import { Id, Instant, PageQuery, Paged, StringEnum } from './common';

/**
 * Who is told of what:
 * - BOOKING_RECEIVED: admins
 * - JOB_ASSIGNED: the technician assigned, and the customer
 * - JOB_STARTED, JOB_AWAITING_PARTS, JOB_COMPLETED: the customer
 * - BOOKING_CANCELLED, BOOKING_RESCHEDULED: the technician assigned, and admins
 * - PART_LOW_STOCK: admins, once each time what is available of a part at a centre falls to or below its reorder
 *   level (about a part, not a job: no appointmentId; `stock` names the part and centre)
 * - ESTIMATE_PENDING: the customer (bell and e-mail with the tracking link), when extra work is proposed or revised
 * - ESTIMATE_DECIDED: the technician assigned, and admins, when the customer approves or declines an item
 * - INVOICE_ISSUED: the customer (bell and e-mail); PAYMENT_RECEIVED: the customer (bell and a receipt e-mail)
 * Nobody is told of their own action on a job; low stock tells every active admin, whoever made the change.
 */
export const NOTIFICATION_KINDS = [
  'BOOKING_RECEIVED',
  'JOB_ASSIGNED',
  'JOB_STARTED',
  'JOB_AWAITING_PARTS',
  'JOB_COMPLETED',
  'BOOKING_CANCELLED',
  'BOOKING_RESCHEDULED',
  'PART_LOW_STOCK',
  'ESTIMATE_PENDING',
  'ESTIMATE_DECIDED',
  'INVOICE_ISSUED',
  'PAYMENT_RECEIVED',
] as const;
export type NotificationKind = (typeof NOTIFICATION_KINDS)[number];

/** Whom a notification was written for: its wording depends on it (the technician's "New job assigned"). */
export const NOTIFICATION_AUDIENCES = ['ADMINS', 'TECHNICIAN', 'CUSTOMER'] as const;
export type NotificationAudience = (typeof NOTIFICATION_AUDIENCES)[number];

/** An outbox e-mail: PENDING until the SMTP server takes it (SENT) or its attempts run out (FAILED). */
export const MAIL_STATES = ['PENDING', 'SENT', 'FAILED'] as const;
export type MailState = (typeof MAIL_STATES)[number];

export const NOTIFICATION_MESSAGES = { notFound: 'Notification not found' } as const;

export const Notification = Type.Object({
  id: Type.String(),
  kind: StringEnum(NOTIFICATION_KINDS),
  appointmentId: Type.Union([Type.String(), Type.Null()]),
  /** PART_LOW_STOCK only: the part and the centre where its stock is low (the admin's Inventory page shows them). */
  stock: Type.Optional(Type.Object({ partId: Type.String(), centerId: Type.String() })),
  /** A short line, e.g. "Job completed". */
  title: Type.String(),
  /** One sentence naming the vehicle, the service and the time, e.g. "Your Nissan Leaf (WP-CAR-1290) is ready: Full service is completed." */
  message: Type.String(),
  createdAt: Instant,
  readAt: Type.Union([Instant, Type.Null()]),
});
export type Notification = Static<typeof Notification>;

export const NotificationListQuery = Type.Object({ ...PageQuery }, { additionalProperties: false });
export type NotificationListQuery = Static<typeof NotificationListQuery>;

export const NotificationPage = Type.Object({ ...Paged(Notification).properties, unreadCount: Type.Integer({ minimum: 0 }) });
export type NotificationPage = Static<typeof NotificationPage>;

export const NotificationParams = Type.Object({ id: Id('Notification id') });
export type NotificationParams = Static<typeof NotificationParams>;

export const UnreadCount = Type.Object({ unreadCount: Type.Integer({ minimum: 0 }) });
export type UnreadCount = Static<typeof UnreadCount>;

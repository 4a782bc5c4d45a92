import { sql } from 'kysely';
import { type Clock, isoAt, toIso } from '../clock';
import { DEFAULT_PAGE_SIZE } from '../contract/common';
import { type Notification, NOTIFICATION_MESSAGES, type NotificationListQuery, type NotificationPage, type UnreadCount } from '../contract/notifications';
import { CURSORS, decodeCursor, toPage } from '../db/cursor';
import type { Db } from '../db/schema';
import { NotFoundError } from '../domain/errors';
import { lowStockFacts, notificationText, type StoredNotification } from './texts';

/** A notification's `created_at` as its cursor holds it: UTC with microseconds, so no two instants print alike. */
const SORT_AT = sql<string>`to_char(n.created_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"')`;

/** What a notification is read as (listed, or returned once marked read). */
const COLUMNS = ['n.id', 'n.kind', 'n.audience', 'n.params', 'n.appointment_id', 'n.title', 'n.message', 'n.created_at', 'n.read_at'] as const;

interface NotificationRow extends StoredNotification {
  id: string;
  appointment_id: string | null;
  created_at: Date;
  read_at: Date | null;
}

function toNotification(row: NotificationRow): Notification {
  const lowStock = lowStockFacts(row);
  return {
    id: row.id,
    kind: row.kind,
    appointmentId: row.appointment_id,
    ...(lowStock && { stock: { partId: lowStock.partId, centerId: lowStock.centerId } }),
    ...notificationText(row),
    createdAt: toIso(row.created_at),
    readAt: row.read_at === null ? null : toIso(row.read_at),
  };
}

/**
 * A user's own notifications (written by the database: notifications/sql/30_notify.sql): every query names the
 * user, so another person's notification is simply not found.
 */
export class Notifications {
  constructor(
    private readonly db: Db,
    private readonly now: Clock,
  ) {}

  /** Newest first (keyset paging on created_at, id), with how many of all the user's notifications are unread. */
  async list(userId: string, query: NotificationListQuery): Promise<NotificationPage> {
    const limit = query.limit ?? DEFAULT_PAGE_SIZE;
    const after = query.cursor ? decodeCursor(query.cursor, CURSORS.notifications) : null;
    const [rows, unreadCount] = await Promise.all([
      this.db
        .selectFrom('notifications as n')
        .select([...COLUMNS, SORT_AT.as('sort_at')])
        .where('n.user_id', '=', userId)
        .$if(after !== null, (qb) => qb.where((eb) => eb(eb.refTuple('n.created_at', 'n.id'), '<', eb.tuple(sql<Date>`${after![0]}::timestamptz`, after![1]))))
        .orderBy('n.created_at', 'desc')
        .orderBy('n.id', 'desc')
        .limit(limit + 1)
        .execute(),
      this.unreadCount(userId),
    ]);
    return { ...toPage(rows, limit, (row) => [row.sort_at, row.id], toNotification), unreadCount };
  }

  async unreadCount(userId: string): Promise<number> {
    const row = await this.db
      .selectFrom('notifications')
      .select((eb) => eb.fn.countAll<string>().as('n'))
      .where('user_id', '=', userId)
      .where('read_at', 'is', null)
      .executeTakeFirstOrThrow();
    return Number(row.n);
  }

  /** Marks one of the user's notifications read (once: reading it again keeps the first time); 404 otherwise. */
  async markRead(userId: string, id: string): Promise<Notification> {
    const row = await this.db
      .updateTable('notifications as n')
      .set({ read_at: sql<string>`coalesce(n.read_at, ${isoAt(this.now())}::timestamptz)` })
      .where('n.id', '=', id)
      .where('n.user_id', '=', userId)
      .returning(COLUMNS)
      .executeTakeFirst();
    if (!row) throw new NotFoundError(NOTIFICATION_MESSAGES.notFound);
    return toNotification(row);
  }

  /** Marks every unread notification of the user read. */
  async markAllRead(userId: string): Promise<UnreadCount> {
    await this.db.updateTable('notifications').set({ read_at: isoAt(this.now()) }).where('user_id', '=', userId).where('read_at', 'is', null).execute();
    return { unreadCount: 0 };
  }
}

import { randomUUID } from 'node:crypto';
import { sql } from 'kysely';
import { type Clock, isoAt, toIso } from '../clock';
import { DEFAULT_PAGE_SIZE } from '../contract/common';
import {
  CONTACT_MESSAGES,
  type ContactMessage,
  type ContactMessageBody,
  type ContactMessageListQuery,
  type ContactMessagePage,
  type NewsletterSubscriber,
  type NewsletterSubscriberListQuery,
  type NewsletterSubscriberPage,
} from '../contract/contact';
import { CURSOR_FIELDS, decodeCursor, toPage } from '../db/cursor';
import type { Db } from '../db/schema';
import { normaliseEmail } from '../users/queries';
import { NotFoundError } from '../domain/errors';

/** A cursor's instant: exactly what `toIso` prints (millisecond precision, UTC), and a real point in time. */
function isIsoInstant(value: string): boolean {
  return /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/.test(value) && !Number.isNaN(Date.parse(value)) && new Date(value).toISOString() === value;
}

const NEWEST_FIRST_CURSOR = [isIsoInstant, CURSOR_FIELDS.uuid] as const;

/** What the contact form stores: the text as typed, without surrounding white space. */
export function contactColumns(body: ContactMessageBody) {
  return {
    name: body.name.trim(),
    email: body.email.trim(),
    subject: (body.subject ?? '').trim(),
    message: body.message.trim(),
  };
}

/**
 * Contact messages and newsletter subscribers. Anyone may write (the routes rate-limit it per IP); only admins
 * read, mark read and remove, and the routes guard that by role — these rows belong to the shop, not to a user.
 */
export class ContactInbox {
  constructor(
    private readonly db: Db,
    private readonly now: Clock,
  ) {}

  async receive(body: ContactMessageBody): Promise<string> {
    const id = randomUUID();
    await this.db
      .insertInto('contact_messages')
      .values({ id, ...contactColumns(body), created_at: isoAt(this.now()) })
      .execute();
    return id;
  }

  private selectMessages() {
    return this.db
      .selectFrom('contact_messages as m')
      .leftJoin('users as reader', 'reader.id', 'm.read_by')
      .select(['m.id', 'm.name', 'm.email', 'm.subject', 'm.message', 'm.created_at', 'm.read_at', 'reader.full_name as reader_name']);
  }

  private toMessage(row: Awaited<ReturnType<ReturnType<ContactInbox['selectMessages']>['executeTakeFirstOrThrow']>>): ContactMessage {
    return {
      id: row.id,
      name: row.name,
      email: row.email,
      subject: row.subject,
      message: row.message,
      receivedAt: toIso(row.created_at),
      ...(row.read_at !== null && { readAt: toIso(row.read_at) }),
      ...(row.read_at !== null && row.reader_name !== null && { readBy: row.reader_name }),
    };
  }

  /** Newest first, a page at a time, with the number of messages and of unread ones (one count query). */
  async list(query: ContactMessageListQuery): Promise<ContactMessagePage> {
    const limit = query.limit ?? DEFAULT_PAGE_SIZE;
    const after = query.cursor ? decodeCursor(query.cursor, NEWEST_FIRST_CURSOR) : null;
    const [rows, counts] = await Promise.all([
      this.selectMessages()
        .$if(after !== null, (qb) => qb.where(sql<boolean>`(m.created_at, m.id) < (${after![0]}::timestamptz, ${after![1]}::uuid)`))
        .orderBy('m.created_at', 'desc')
        .orderBy('m.id', 'desc')
        .limit(limit + 1)
        .execute(),
      this.db
        .selectFrom('contact_messages')
        .select([sql<string>`count(*)`.as('total'), sql<string>`count(*) FILTER (WHERE read_at IS NULL)`.as('unread')])
        .executeTakeFirstOrThrow(),
    ]);
    const page = toPage(rows, limit, (row) => [toIso(row.created_at), row.id], (row) => this.toMessage(row));
    return { ...page, total: Number(counts.total), unreadCount: Number(counts.unread) };
  }

  /**
   * Marks a message read by this admin. Already read: unchanged (the first reader and time are kept — of two admins
   * at once, the second's UPDATE finds `read_at` set once the first commits). Unknown id: 404.
   */
  async markRead(adminId: string, id: string): Promise<ContactMessage> {
    await this.db
      .updateTable('contact_messages')
      .set({ read_at: isoAt(this.now()), read_by: adminId })
      .where('id', '=', id)
      .where('read_at', 'is', null)
      .execute();
    const row = await this.selectMessages().where('m.id', '=', id).executeTakeFirst();
    if (!row) throw new NotFoundError(CONTACT_MESSAGES.notFound);
    return this.toMessage(row);
  }

  /** Adds the address once; a known address changes nothing (the caller answers the same either way). */
  async subscribe(email: string): Promise<void> {
    await this.db
      .insertInto('newsletter_subscribers')
      .values({ id: randomUUID(), email: normaliseEmail(email), created_at: isoAt(this.now()) })
      .onConflict((oc) => oc.column('email').doNothing())
      .execute();
  }

  async subscribers(query: NewsletterSubscriberListQuery): Promise<NewsletterSubscriberPage> {
    const limit = query.limit ?? DEFAULT_PAGE_SIZE;
    const after = query.cursor ? decodeCursor(query.cursor, NEWEST_FIRST_CURSOR) : null;
    const [rows, counts] = await Promise.all([
      this.db
        .selectFrom('newsletter_subscribers as s')
        .select(['s.id', 's.email', 's.created_at'])
        .$if(after !== null, (qb) => qb.where(sql<boolean>`(s.created_at, s.id) < (${after![0]}::timestamptz, ${after![1]}::uuid)`))
        .orderBy('s.created_at', 'desc')
        .orderBy('s.id', 'desc')
        .limit(limit + 1)
        .execute(),
      this.db.selectFrom('newsletter_subscribers').select(sql<string>`count(*)`.as('total')).executeTakeFirstOrThrow(),
    ]);
    const page = toPage(
      rows,
      limit,
      (row) => [toIso(row.created_at), row.id],
      (row): NewsletterSubscriber => ({ id: row.id, email: row.email, subscribedAt: toIso(row.created_at) }),
    );
    return { ...page, total: Number(counts.total) };
  }

  /** Removes an address from the list (an unsubscribe request); 404 when it is not on it. */
  async unsubscribe(id: string): Promise<void> {
    const result = await this.db.deleteFrom('newsletter_subscribers').where('id', '=', id).executeTakeFirst();
    if (Number(result.numDeletedRows) === 0) throw new NotFoundError(CONTACT_MESSAGES.subscriberNotFound);
  }
}

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
import { CURSORS, decodeCursor, toPage } from '../db/cursor';
import type { Db } from '../db/schema';
import { NotFoundError } from '../domain/errors';
import { normaliseEmail } from '../users/queries';
import { ContactRepository, type MessageRow } from './repository';
import { contactColumns } from './rules';

function toMessage(row: MessageRow): ContactMessage {
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

/** Contact messages and newsletter subscribers: anyone may write (rate-limited per IP by the routes); admins read. */
export class ContactInbox {
  private readonly repository: ContactRepository;

  constructor(
    db: Db,
    private readonly now: Clock,
  ) {
    this.repository = new ContactRepository(db);
  }

  receive(body: ContactMessageBody): Promise<string> {
    return this.repository.insertMessage(contactColumns(body), isoAt(this.now()));
  }

  /** Newest first, a page at a time, with the number of messages and of unread ones. */
  async list(query: ContactMessageListQuery): Promise<ContactMessagePage> {
    const limit = query.limit ?? DEFAULT_PAGE_SIZE;
    const after = query.cursor ? decodeCursor(query.cursor, CURSORS.newestFirst) : null;
    const [rows, counts] = await Promise.all([this.repository.messages(limit, after), this.repository.messageCounts()]);
    const page = toPage(rows, limit, (row) => [toIso(row.created_at), row.id], toMessage);
    return { ...page, total: counts.total, unreadCount: counts.unread };
  }

  /** Marks a message read by this admin (already read: unchanged). Unknown id: not found. */
  async markRead(adminId: string, id: string): Promise<ContactMessage> {
    await this.repository.markRead(id, adminId, isoAt(this.now()));
    const row = await this.repository.message(id);
    if (!row) throw new NotFoundError(CONTACT_MESSAGES.notFound);
    return toMessage(row);
  }

  /** Adds the address once; the caller answers the same whether it was new, so it tells nobody who subscribed. */
  subscribe(email: string): Promise<void> {
    return this.repository.subscribe(normaliseEmail(email), isoAt(this.now()));
  }

  async subscribers(query: NewsletterSubscriberListQuery): Promise<NewsletterSubscriberPage> {
    const limit = query.limit ?? DEFAULT_PAGE_SIZE;
    const after = query.cursor ? decodeCursor(query.cursor, CURSORS.newestFirst) : null;
    const [rows, total] = await Promise.all([this.repository.subscribers(limit, after), this.repository.subscriberCount()]);
    const page = toPage(
      rows,
      limit,
      (row) => [toIso(row.created_at), row.id],
      (row): NewsletterSubscriber => ({ id: row.id, email: row.email, subscribedAt: toIso(row.created_at) }),
    );
    return { ...page, total };
  }

  /** Removes an address from the list (an unsubscribe request); not found when it is not on it. */
  async unsubscribe(id: string): Promise<void> {
    if (!(await this.repository.unsubscribe(id))) throw new NotFoundError(CONTACT_MESSAGES.subscriberNotFound);
  }
}

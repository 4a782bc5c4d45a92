import { randomUUID } from 'node:crypto';
import { sql } from 'kysely';
import type { Db } from '../db/schema';

/** A new message's columns (contactColumns in rules.ts). */
export interface ContactColumns {
  name: string;
  email: string;
  subject: string;
  message: string;
}

/**
 * Contact messages and newsletter subscribers in SQL. These rows belong to the shop, not to a user: the routes
 * guard reading by role, so no query here names an owner.
 */
export class ContactRepository {
  constructor(private readonly db: Db) {}

  async insertMessage(columns: ContactColumns, nowIso: string): Promise<string> {
    const id = randomUUID();
    await this.db
      .insertInto('contact_messages')
      .values({ id, ...columns, created_at: nowIso })
      .execute();
    return id;
  }

  private selectMessages() {
    return this.db
      .selectFrom('contact_messages as m')
      .leftJoin('users as reader', 'reader.id', 'm.read_by')
      .select(['m.id', 'm.name', 'm.email', 'm.subject', 'm.message', 'm.created_at', 'm.read_at', 'reader.full_name as reader_name']);
  }

  /** Newest first after the keyset `after` ([created_at, id]); `limit + 1` rows tell whether more follow. */
  messages(limit: number, after: string[] | null) {
    return this.selectMessages()
      .$if(after !== null, (qb) => qb.where(sql<boolean>`(m.created_at, m.id) < (${after![0]}::timestamptz, ${after![1]}::uuid)`))
      .orderBy('m.created_at', 'desc')
      .orderBy('m.id', 'desc')
      .limit(limit + 1)
      .execute();
  }

  message(id: string) {
    return this.selectMessages().where('m.id', '=', id).executeTakeFirst();
  }

  /** How many messages, and how many unread (one count query). */
  async messageCounts(): Promise<{ total: number; unread: number }> {
    const row = await this.db
      .selectFrom('contact_messages')
      .select([sql<string>`count(*)`.as('total'), sql<string>`count(*) FILTER (WHERE read_at IS NULL)`.as('unread')])
      .executeTakeFirstOrThrow();
    return { total: Number(row.total), unread: Number(row.unread) };
  }

  /**
   * Marks a message read by this admin unless it already is: the first reader and time are kept (of two admins
   * at once, the second's UPDATE finds `read_at` set once the first commits).
   */
  async markRead(id: string, adminId: string, nowIso: string): Promise<void> {
    await this.db.updateTable('contact_messages').set({ read_at: nowIso, read_by: adminId }).where('id', '=', id).where('read_at', 'is', null).execute();
  }

  /** Adds the address once; a known address changes nothing. */
  async subscribe(email: string, nowIso: string): Promise<void> {
    await this.db
      .insertInto('newsletter_subscribers')
      .values({ id: randomUUID(), email, created_at: nowIso })
      .onConflict((oc) => oc.column('email').doNothing())
      .execute();
  }

  subscribers(limit: number, after: string[] | null) {
    return this.db
      .selectFrom('newsletter_subscribers as s')
      .select(['s.id', 's.email', 's.created_at'])
      .$if(after !== null, (qb) => qb.where(sql<boolean>`(s.created_at, s.id) < (${after![0]}::timestamptz, ${after![1]}::uuid)`))
      .orderBy('s.created_at', 'desc')
      .orderBy('s.id', 'desc')
      .limit(limit + 1)
      .execute();
  }

  async subscriberCount(): Promise<number> {
    const row = await this.db.selectFrom('newsletter_subscribers').select(sql<string>`count(*)`.as('total')).executeTakeFirstOrThrow();
    return Number(row.total);
  }

  /** Whether an address was removed. */
  async unsubscribe(id: string): Promise<boolean> {
    const result = await this.db.deleteFrom('newsletter_subscribers').where('id', '=', id).executeTakeFirst();
    return Number(result.numDeletedRows) > 0;
  }
}

export type MessageRow = NonNullable<Awaited<ReturnType<ContactRepository['message']>>>;

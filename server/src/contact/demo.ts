import { randomUUID } from 'node:crypto';
import type { Transaction } from 'kysely';
import { isoAt } from '../clock';
import type { Database } from '../db/schema';

/** The demo workshop's contact messages (DEMO_DATA=1): two unread ones, so /admin/messages has something to read. */
export const DEMO_CONTACT_MESSAGES = [
  {
    name: 'Priya Nanayakkara',
    email: 'priya.nanayakkara@example.com',
    subject: 'Servicing for our delivery vans',
    message:
      'Hello, we run six delivery vans and are looking for a workshop to take care of their regular servicing. ' +
      'Could you send us a quote for quarterly oil changes and brake inspections?',
    hoursAgo: 3,
  },
  {
    name: 'Daniel Brooks',
    email: 'daniel.brooks@example.com',
    subject: 'Warning light after my last service',
    message: 'The check-engine light came on two days after my car was serviced. Can I bring it in this week for a diagnostic?',
    hoursAgo: 26,
  },
] as const;

/** Part of the demo seed's transaction (demo/seed.ts), which runs once per database. */
export async function seedDemoContactMessages(trx: Transaction<Database>, nowMs: number): Promise<void> {
  for (const { hoursAgo, ...message } of DEMO_CONTACT_MESSAGES) {
    await trx
      .insertInto('contact_messages')
      .values({ id: randomUUID(), ...message, created_at: isoAt(nowMs - hoursAgo * 3_600_000) })
      .execute();
  }
}

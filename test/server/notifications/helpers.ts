/**
 * Shared by the notifications and mail suites: a second admin, people's own notification lists, the outbox's rows
 * as they read once worded, and the texts' vehicle, date and slot as people read them.
 */
import { randomUUID } from 'node:crypto';
import { hashPassword } from '../../../server/src/auth/passwords';
import type { NotificationKind } from '../../../server/src/contract/notifications';
import { jobMail, type NotificationFacts, notificationText } from '../../../server/src/notifications/texts';
import { call, type Json } from '../helpers/http';
import { login, type Person, type Shop } from '../helpers/shop';

const SLOT_LABELS: Record<string, string> = {
  '09:00': '09:00-10:00 AM',
  '10:00': '10:00-11:00 AM',
  '11:00': '11:00 AM-12:00 PM',
  '14:00': '02:00-03:00 PM',
  '15:00': '03:00-04:00 PM',
  '16:00': '04:00-05:00 PM',
};
const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];

/** "Jun 4, 2030, 09:00-10:00 AM" */
export function when(date: string, slot: string): string {
  const [year, month, day] = date.split('-').map(Number);
  return `${MONTHS[month - 1]} ${day}, ${year}, ${SLOT_LABELS[slot]}`;
}

let admins = 0;

/** Another active admin (ADMIN accounts exist only through ADMIN_EMAIL, so written straight to the database). */
export async function anotherAdmin(shop: Shop, { active = true } = {}): Promise<Person> {
  admins += 1;
  const email = `admin${admins}.${Date.now().toString(36)}@shop.test`;
  const fullName = `Second Admin ${admins}`;
  const nowIso = new Date(shop.clock.now()).toISOString();
  await shop.app.db
    .insertInto('users')
    .values({
      id: randomUUID(),
      email,
      password_hash: await hashPassword('admin-password-2'),
      full_name: fullName,
      phone_number: '555-0199',
      address: '',
      role: 'ADMIN',
      department: null,
      employee_id: null,
      google_sub: null,
      created_at: nowIso,
      updated_at: nowIso,
    })
    .execute();
  const person = await login(shop.app, email, 'admin-password-2');
  if (!active) await shop.app.db.updateTable('users').set({ is_active: false }).where('id', '=', person.id).execute();
  return person;
}

/** GET /api/notifications as `person` (fails the test on anything but 200). */
export async function notificationsOf(shop: Shop, person: Person, query = ''): Promise<Json> {
  const response = await call(shop.app, 'GET', `/api/notifications${query}`, { token: person.token });
  if (response.status !== 200) throw new Error(`GET /api/notifications: ${response.status} ${response.text}`);
  return response.body;
}

/** `person`'s notifications about one job, oldest first, as [kind, title, message] (worded as the API words them). */
export async function toldAbout(shop: Shop, person: Person, appointmentId: string): Promise<[string, string, string][]> {
  const rows = await shop.app.db
    .selectFrom('notifications')
    .select(['kind', 'audience', 'params', 'title', 'message'])
    .where('user_id', '=', person.id)
    .where('appointment_id', '=', appointmentId)
    .orderBy('created_at')
    .orderBy('kind')
    .execute();
  return rows.map((row) => {
    const { title, message } = notificationText(row);
    return [row.kind, title, message];
  });
}

/** The outbox's mails about one job, oldest first, with the subject and text the worker sends. */
export async function mailsAbout(shop: Shop, appointmentId: string) {
  const rows = await shop.app.db
    .selectFrom('email_outbox')
    .select(['user_id', 'kind', 'recipient', 'params', 'subject', 'text_body', 'message_id', 'state'])
    .where('appointment_id', '=', appointmentId)
    .orderBy('created_at')
    .orderBy('kind')
    .execute();
  return rows.map(({ params, ...row }) => {
    // Rows about a job are job e-mails: their kind is a notification's, their facts a job's.
    const worded = params === null ? { subject: row.subject, text: row.text_body } : jobMail(row.kind as NotificationKind, params as NotificationFacts);
    return { ...row, subject: worded.subject, text_body: worded.text };
  });
}

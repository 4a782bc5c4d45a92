/**
 * A database made by the server of commit f73f42c (fixtures/upgrade/old-main.sql: its demo workshop plus a booking,
 * an assignment, a reschedule, a stage change, a time log, a completion and a cancellation) upgrades in place when
 * today's server starts on it: on PGlite and, with DATABASE_URL, on PostgreSQL.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { btree_gist } from '@electric-sql/pglite/contrib/btree_gist';
import { randomUUID } from 'node:crypto';
import { sql } from 'kysely';
import pg from 'pg';
import { loadConfig } from '../../../server/src/config';
import { openDatabase } from '../../../server/src/db/connect';
import { migrateToLatest } from '../../../server/src/db/migrate';
import { discoverSchemaObjects } from '../../../server/src/db/objects';
import type { Db } from '../../../server/src/db/schema';
import { DEMO_PASSWORD } from '../../../server/src/demo/seed';
import { jobMail, notificationText } from '../../../server/src/notifications/texts';
import { startSmtpServer, type TestSmtpServer } from '../mail/smtpServer';
import { when } from '../notifications/helpers';
import { call, type Json } from '../helpers/http';
import { day, login, type Shop, startShop } from '../helpers/shop';
import { createTestDatabase, TEST_JWT_SECRET, type TestDatabase } from '../helpers/testApp';

const FIXTURE = readFileSync(join(__dirname, '../fixtures/upgrade/old-main.sql'), 'utf8');

/** The dump into the fresh database, as it is (PGlite: opened without the migrated template setup.ts clones). */
async function loadFixture(database: TestDatabase): Promise<void> {
  if (database.kind === 'postgres') {
    const client = new pg.Client({ connectionString: database.env.DATABASE_URL });
    await client.connect();
    try {
      await client.query(FIXTURE);
    } finally {
      await client.end();
    }
    return;
  }
  const pglite = new PGlite({ dataDir: join(database.env.DATA_DIR, 'pgdata'), extensions: { btree_gist } });
  await pglite.exec(FIXTURE);
  await pglite.close();
}

type Rows = Record<string, Record<string, unknown>[]>;

/** Every row of every table, as JSON, in a fixed order. */
async function everyRow(db: Db): Promise<Rows> {
  const { rows: tables } = await sql<{ name: string }>`
    SELECT table_name AS name FROM information_schema.tables WHERE table_schema = current_schema() AND table_type = 'BASE TABLE' ORDER BY 1`.execute(db);
  const all: Rows = {};
  for (const { name } of tables) {
    const { rows } = await sql<{ row: Record<string, unknown> }>`SELECT to_jsonb(t) AS row FROM ${sql.table(name)} t ORDER BY to_jsonb(t)::text`.execute(db);
    all[name] = rows.map((row) => row.row);
  }
  return all;
}

/** `rows` with only the columns `like` has (columns added by the upgrade left out). */
const project = (rows: Record<string, unknown>[], like: Record<string, unknown> | undefined) =>
  rows.map((row) => Object.fromEntries(Object.keys(like ?? row).map((key) => [key, row[key]])));

/** Rollup rows that count nothing: the triggers leave them behind, a rebuild does not write them. */
const countsSomething = (table: string) => (row: Record<string, unknown>) =>
  !table.startsWith('analytics_') || table === 'analytics_jobs' || table === 'analytics_settings' || ['bookings', 'jobs', 'logged_seconds'].some((column) => Number(row[column] ?? 0) !== 0);

/**
 * The schema as definitions: columns, constraints, indexes, functions and triggers of the current schema, with its
 * name left out (test schemas on PostgreSQL differ).
 */
async function schemaOf(db: Db): Promise<string[]> {
  const { rows } = await sql<{ definition: string }>`
    SELECT format('column %s.%s %s %s %s %s', table_name, column_name, ordinal_position, data_type, is_nullable, column_default) AS definition
      FROM information_schema.columns WHERE table_schema = current_schema()
    UNION ALL
    SELECT format('constraint %s %s %s', t.relname, c.conname, pg_get_constraintdef(c.oid))
      FROM pg_constraint c JOIN pg_class t ON t.oid = c.conrelid WHERE t.relnamespace = current_schema()::regnamespace
    UNION ALL
    SELECT format('index %s', pg_get_indexdef(i.indexrelid))
      FROM pg_index i JOIN pg_class t ON t.oid = i.indrelid WHERE t.relnamespace = current_schema()::regnamespace
    UNION ALL
    SELECT format('function %s', pg_get_functiondef(p.oid)) FROM pg_proc p WHERE p.pronamespace = current_schema()::regnamespace
    UNION ALL
    SELECT format('trigger %s', pg_get_triggerdef(g.oid))
      FROM pg_trigger g JOIN pg_class t ON t.oid = g.tgrelid WHERE t.relnamespace = current_schema()::regnamespace AND NOT g.tgisinternal`.execute(db);
  const { rows: names } = await sql<{ schema: string }>`SELECT current_schema() AS schema`.execute(db);
  const schema = new RegExp(`\\b${names[0].schema}\\.`, 'g');
  return rows.map((row) => row.definition.replace(schema, '')).sort();
}

class RolledBack extends Error {}

/** What a scenario's changes wrote: [user, kind, title, message] and [user, kind, recipient, subject, text]. */
interface Told {
  notifications: (string | null)[][];
  mails: (string | null)[][];
}

/**
 * Every kind of notification and job e-mail for every audience, with and without an actor, make and model, written
 * by the database's own triggers in a transaction that is rolled back; the texts as the rows hold them or, for rows
 * that hold facts, as the server words them.
 */
async function everyKindOfNews(db: Db): Promise<Told> {
  let told: Told | undefined;
  await db
    .transaction()
    .execute(async (trx) => {
      const id = async (email: string) => (await trx.selectFrom('users').select('id').where('email', '=', email).executeTakeFirstOrThrow()).id;
      const [customer, admin, nimal, kasun] = await Promise.all(['customer@carcare.demo', 'admin@carcare.demo', 'nimal@carcare.demo', 'kasun@carcare.demo'].map(id));
      const corolla = (await trx.selectFrom('vehicles').select('id').where('plate', '=', 'CAB-4821').executeTakeFirstOrThrow()).id;
      const plateOnly = randomUUID();
      let minute = 0;
      const at = () => new Date(Date.UTC(2031, 0, 1, 10, (minute += 1))).toISOString();
      await sql`INSERT INTO vehicles (id, customer_id, plate, created_at) VALUES (${plateOnly}, ${customer}, 'ONLY-PLATE', ${at()})`.execute(trx);
      const as = (actor: string) => sql`SELECT set_config('carcare.actor', ${actor}, true)`.execute(trx);
      const book = async (vehicle: string, service: string, centre: number, date: string, slot: string) => {
        const job = randomUUID();
        const now = at();
        await sql`
          INSERT INTO appointments (id, status, customer_id, vehicle_id, service_type, center_id, date, slot, bay, created_at, updated_at)
          VALUES (${job}, 'PENDING', ${customer}, ${vehicle}, ${service}, ${`c0000000-0000-4000-8000-00000000000${centre}`}, ${date}, ${slot}, 1, ${now}, ${now})`.execute(trx);
        return job;
      };
      const change = (job: string, set: string) => sql`UPDATE appointments SET ${sql.raw(set)}, version = version + 1, updated_at = ${at()} WHERE id = ${job}`.execute(trx);

      await as(customer);
      const first = await book(plateOnly, 'OIL_CHANGE', 1, '2031-01-06', '09:00');
      await as(admin);
      await change(first, `status = 'CONFIRMED', assigned_employee_id = '${nimal}'`);
      await as(customer);
      await change(first, `date = '2031-01-07', slot = '10:00'`);
      await as(nimal);
      await change(first, `status = 'IN_PROGRESS', stage = 'IN_PROGRESS', started_at = '2031-01-07T16:00:00Z'`);
      await change(first, `stage = 'AWAITING_PARTS'`);
      await change(first, `status = 'COMPLETED', stage = NULL, completed_at = '2031-01-07T17:00:00Z'`);

      await as(customer);
      const second = await book(corolla, 'FULL_SERVICE', 2, '2031-01-08', '14:00');
      await as(admin);
      await change(second, `status = 'CONFIRMED', assigned_employee_id = '${kasun}'`);
      // Moved to a time its technician is busy: taken off them, back to PENDING.
      await as(customer);
      await change(second, `status = 'PENDING', assigned_employee_id = NULL, date = '2031-01-09', slot = '15:00'`);

      await as(customer);
      const third = await book(corolla, 'BATTERY_CHECK', 3, '2031-01-10', '11:00');
      await as(admin);
      await change(third, `status = 'CONFIRMED', assigned_employee_id = '${kasun}'`);
      await as(customer);
      await change(third, `status = 'CANCELLED', cancelled_at = '2031-01-02T09:00:00Z'`);

      const fourth = await book(corolla, 'TIRE_ROTATION', 1, '2031-01-11', '16:00');
      await as('');
      await change(fourth, `status = 'CANCELLED', cancelled_at = '2031-01-02T10:00:00Z'`);

      const jobs = [first, second, third, fourth];
      const notifications = await sql<Record<string, never>>`
        SELECT to_jsonb(n) AS row FROM notifications n WHERE appointment_id IN (${sql.join(jobs)}) ORDER BY created_at, user_id, kind`.execute(trx);
      const mails = await sql<Record<string, never>>`
        SELECT to_jsonb(o) AS row FROM email_outbox o WHERE appointment_id IN (${sql.join(jobs)}) ORDER BY created_at, kind`.execute(trx);
      told = {
        notifications: notifications.rows.map(({ row }: Json) => {
          const { title, message } = notificationText({ audience: null, params: null, ...row });
          return [row.user_id, row.kind, title, message];
        }),
        mails: mails.rows.map(({ row }: Json) => {
          const { subject, text } = row.params ? jobMail(row.kind, row.params) : { subject: row.subject, text: row.text_body };
          return [row.user_id, row.kind, row.recipient, subject, text];
        }),
      };
      throw new RolledBack();
    })
    .catch((error: unknown) => {
      if (!(error instanceof RolledBack)) throw error;
    });
  return told!;
}

describe('a database made by f73f42c', () => {
  let database: TestDatabase;
  let smtp: TestSmtpServer;
  let shop: Shop | undefined;
  let before: Rows;

  beforeAll(async () => {
    database = await createTestDatabase({ onDisk: true, empty: true });
    smtp = await startSmtpServer();
    await loadFixture(database);
  });

  afterAll(async () => {
    await shop?.close();
    await smtp?.close();
    await database?.dispose();
  });

  const open = () => openDatabase(loadConfig({ JWT_SECRET: TEST_JWT_SECRET, ...database.env }), () => undefined);

  it('migrates with every row intact, applies every sql/ file once and records it, and a second run applies nothing', async () => {
    const opened = await open();
    try {
      const oldNews = await everyKindOfNews(opened.db);
      expect(new Set(oldNews.notifications.map(([, kind, title]) => `${kind}: ${title}`)).size).toBe(8);
      for (const variant of ['for their ONLY-PLATE on', 'no longer assigned to you.', 'needs a technician again.', 'cancelled by Amaya Jayasinghe. It is off', 'Downtown Workshop was cancelled.']) {
        expect([variant, oldNews.notifications.some(([, , , message]) => message?.includes(variant))]).toEqual([variant, true]);
      }
      const mailed = ['BOOKING_RECEIVED', 'JOB_ASSIGNED', 'JOB_STARTED', 'JOB_AWAITING_PARTS', 'JOB_COMPLETED', 'BOOKING_RECEIVED', 'JOB_ASSIGNED', 'BOOKING_RECEIVED', 'JOB_ASSIGNED', 'BOOKING_RECEIVED'];
      expect(oldNews.mails.map(([, kind]) => kind)).toEqual(mailed);
      before = await everyRow(opened.db);
      expect(before.notifications).toHaveLength(19);
      expect(before.email_outbox).toHaveLength(4);
      expect(before.appointments).toHaveLength(18);

      const report = await migrateToLatest(opened.db);
      expect(report.migrations).toEqual(['0013_schema_objects', '0014_notification_facts', '0015_accounts', '0016_inventory', '0017_purchasing', '0018_low_stock_index', '0019_low_stock_alerts', '0020_billing', '0021_idempotency_keys']);
      const files = discoverSchemaObjects();
      expect(report.objects).toEqual(files.map((file) => file.name));

      const after = await everyRow(opened.db);
      for (const [table, rows] of Object.entries(before)) {
        const kept = project(after[table], rows[0]).filter(countsSomething(table));
        if (table === 'kysely_migration') {
          expect(kept.slice(0, rows.length)).toEqual(rows);
        } else {
          expect([table, kept]).toEqual([table, rows.filter(countsSomething(table))]);
        }
      }
      // The rows written before keep their text and have no facts.
      expect(after.notifications.every((row) => row.params === null && typeof row.message === 'string')).toBe(true);
      expect(after.schema_objects.map((row) => [row.name, row.checksum])).toEqual(
        files.map((file) => [file.name, file.checksum]).sort(([a], [b]) => (a < b ? -1 : 1)),
      );

      // 0015: the admin (ADMIN_EMAIL's) counts as verified; password accounts stay unverified until their owners open
      // a link (no Google-linked account in this database).
      const verified = await opened.db.selectFrom('users').select(['email', 'role', 'email_verified_at', 'pending_email']).execute();
      expect(verified.filter((user) => user.email_verified_at !== null).map((user) => user.role)).toEqual(['ADMIN']);
      expect(verified.every((user) => user.pending_email === null)).toBe(true);
      // Unverified, the customer is told everything in the app and gets no job e-mail.
      const unverifiedNews = await everyKindOfNews(opened.db);
      expect(unverifiedNews).toEqual({ notifications: oldNews.notifications, mails: [] });
      // The customer opens the link (as POST /api/account/email/verify would record it).
      await opened.db.updateTable('users').set({ email_verified_at: new Date().toISOString() }).where('email', '=', 'customer@carcare.demo').execute();

      // The same changes now: the server words every sentence as the database did.
      expect(await everyKindOfNews(opened.db)).toEqual(oldNews);

      expect(await migrateToLatest(opened.db)).toEqual({ migrations: [], objects: [] });
      expect((await everyRow(opened.db)).schema_objects).toEqual(after.schema_objects);

      // The same schema as a database made new today, definition for definition.
      const fresh = await createTestDatabase();
      const made = await openDatabase(loadConfig({ JWT_SECRET: TEST_JWT_SECRET, ...fresh.env }), () => undefined);
      try {
        await migrateToLatest(made.db);
        const upgraded = await schemaOf(opened.db);
        expect(upgraded.filter((definition) => definition.startsWith('trigger ')).length).toBeGreaterThan(10);
        expect(upgraded).toEqual(await schemaOf(made.db));
      } finally {
        await made.close();
        await fresh.dispose();
      }
    } finally {
      await opened.close();
    }
  });

  it('starts; old accounts sign in, old notifications and mails read as they were written, new ones are worded by the server', async () => {
    shop = await startShop({ database, env: { SMTP_URL: smtp.url, MAIL_POLL_INTERVAL: '50ms' } });
    const app = shop.app;
    const admin = await login(app, 'admin@carcare.demo', DEMO_PASSWORD);
    const customer = await login(app, 'customer@carcare.demo', DEMO_PASSWORD);
    const nimal = await login(app, 'nimal@carcare.demo', DEMO_PASSWORD);

    const bell = await call(app, 'GET', '/api/notifications?limit=100', { token: admin.token });
    const stored = new Map(before.notifications.map((row) => [row.id, [row.title, row.message, row.read_at !== null]]));
    expect(bell.body.items.length).toBeGreaterThan(0);
    expect(bell.body.items.map((item: Json) => [item.title, item.message, item.readAt !== null])).toEqual(bell.body.items.map((item: Json) => stored.get(item.id)));

    // The pending mails of the old server go out with the subject and text it stored.
    const pending = before.email_outbox.filter((row) => row.state === 'PENDING');
    expect(pending.length).toBeGreaterThan(0);
    const sent = await smtp.waitForAccepted(pending.length, 20_000);
    expect(sent.map((mail) => [mail.messageId, mail.subject, mail.text.replace(/\r\n/g, '\n').trimEnd()]).sort()).toEqual(
      pending.map((row) => [row.message_id, row.subject, row.text_body]).sort(),
    );

    // New activity on the upgraded database.
    const { body: vehicles } = await call(app, 'GET', '/api/vehicles', { token: customer.token });
    const corolla = vehicles.items.find((vehicle: Json) => vehicle.plate === 'CAB-4821');
    const booking = await call(app, 'POST', '/api/appointments', { token: customer.token, body: { vehicleId: corolla.id, serviceType: 'OIL_CHANGE', date: day(1), slot: '09:00' } });
    expect(booking.status).toBe(201);
    const news = await call(app, 'GET', '/api/notifications', { token: admin.token });
    expect(news.body.items[0]).toMatchObject({
      kind: 'BOOKING_RECEIVED',
      appointmentId: booking.body.id,
      title: 'New booking',
      message: `Amaya Jayasinghe booked Oil Change for their Toyota Corolla (CAB-4821) on ${when(day(1), '09:00')} at Downtown Workshop.`,
    });
    const confirmation = await smtp.waitForAccepted(pending.length + 1, 20_000);
    expect(confirmation.at(-1)?.subject).toBe(`We received your booking: Oil Change on ${when(day(1), '09:00')}`);

    expect((await call(app, 'POST', `/api/appointments/${booking.body.id}/assign`, { token: admin.token, body: { employeeId: nimal.id } })).status).toBe(200);
    const assigned = await call(app, 'GET', '/api/notifications', { token: nimal.token });
    expect(assigned.body.items[0]).toMatchObject({
      title: 'New job assigned',
      message: `Oil Change on Amaya Jayasinghe's Toyota Corolla (CAB-4821), ${when(day(1), '09:00')} at Downtown Workshop, is now assigned to you.`,
    });

    // A time log reaches the analytics (the triggers of the rebuilt rollups).
    const figures = async () => (await call(app, 'GET', '/api/analytics?period=7', { token: admin.token })).body.totals.loggedMinutes as number;
    const logged = await figures();
    const log = await call(app, 'POST', '/api/time-logs', { token: nimal.token, body: { date: day(-1), startTime: '08:00', endTime: '08:45', description: 'Workshop tidy-up.' } });
    expect(log.status).toBe(201);
    expect(await figures()).toBe(logged + 45);
  });

  it('a second start applies nothing', async () => {
    const { rows: applied } = await sql`SELECT name, checksum, applied_at FROM schema_objects ORDER BY name`.execute(shop!.app.db);
    await shop!.close();
    shop = await startShop({ database });
    expect((await sql`SELECT name, checksum, applied_at FROM schema_objects ORDER BY name`.execute(shop.app.db)).rows).toEqual(applied);
  });
});

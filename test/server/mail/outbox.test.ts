/**
 * The e-mail outbox and its worker against an in-process SMTP server: mails arrive with the right To,
 * subject and Message-ID; opt-out; retry after a failure; a worker killed mid-send loses nothing and resends
 * nothing recorded as sent; two instances on one PostgreSQL database never send a row twice.
 */
import { randomUUID } from 'node:crypto';
import { sql } from 'kysely';
import { call, type Json } from '../helpers/http';
import { startServerProcess, type ServerProcess } from '../helpers/serverProcess';
import { approvedTechnician, assigned, booked, day, type Person, type Shop, startShop, verifiedCustomer } from '../helpers/shop';
import { createTestDatabase, startTestApp, TEST_JWT_SECRET, type TestApp, type TestDatabase, usingPostgres } from '../helpers/testApp';
import { mailsAbout } from '../notifications/helpers';
import { startSmtpServer, type TestSmtpServer } from './smtpServer';

/** Polls `check` until it returns something other than undefined. */
async function eventually<T>(check: () => Promise<T | undefined>, timeoutMs = 20_000): Promise<T> {
  const started = Date.now();
  for (;;) {
    const result = await check();
    if (result !== undefined) return result;
    if (Date.now() - started > timeoutMs) throw new Error(`not within ${timeoutMs} ms`);
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
}

const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** The account's own e-mail each registration sends: it goes through the same worker. */
const VERIFY_SUBJECT = 'Verify your e-mail address';

describe('the worker sends the outbox through SMTP', () => {
  let smtp: TestSmtpServer;
  let shop: Shop;
  /** Refused (451) while true: the next mails fail. */
  let refusing = false;

  beforeAll(async () => {
    smtp = await startSmtpServer({ refuse: () => refusing });
    shop = await startShop({ env: { SMTP_URL: smtp.url, MAIL_FROM: 'Test Shop <shop@example.com>', MAIL_POLL_INTERVAL: '50ms', MAIL_RETRY_DELAY: '1m', MAIL_MAX_ATTEMPTS: '2' } });
  });

  afterAll(async () => {
    await shop?.close();
    await smtp?.close();
  });

  let days = 0;
  /** A day of its own for each booking of this suite (downtown has four bays per slot). */
  const fresh = () => {
    days += 1;
    return { date: day(days), slot: '09:00' };
  };

  const stateOf = async (messageId: string) =>
    shop.app.db.selectFrom('email_outbox').select(['state', 'attempts', 'sent_at', 'last_error', 'next_attempt_at']).where('message_id', '=', messageId).executeTakeFirstOrThrow();

  it('a booking and its assignment reach the customer: To, From, subject and the stored Message-ID; marked SENT', async () => {
    const customer = await verifiedCustomer(shop.app);
    const technician = await approvedTechnician(shop);
    const job = await assigned(shop, customer, technician, fresh());
    const stored = await mailsAbout(shop, job.id);
    expect(stored.map((mail) => mail.kind)).toEqual(['BOOKING_RECEIVED', 'JOB_ASSIGNED']);

    // Their job mails (the verification link they opened came before, through the same worker).
    const arrived = await eventually(async () => {
      const mails = smtp.accepted().filter((mail) => mail.to.includes(customer.email) && mail.subject !== VERIFY_SUBJECT);
      return mails.length === 2 ? mails : undefined;
    });
    expect(arrived.map((mail) => [mail.subject, mail.messageId]).sort()).toEqual(stored.map((mail) => [mail.subject, mail.message_id]).sort());
    expect(arrived.find((mail) => mail.messageId === stored[0].message_id)?.text).toContain('We received your booking. We will let you know when a technician is assigned.');
    // Nothing went to the technician but the link that verifies their own address.
    expect(smtp.received.filter((mail) => mail.to.includes(technician.email) && mail.subject !== VERIFY_SUBJECT)).toEqual([]);
    const state = await eventually(async () => {
      const row = await stateOf(stored[1].message_id);
      return row.state === 'SENT' ? row : undefined;
    });
    expect(state).toMatchObject({ attempts: 1, last_error: null });
    expect(state.sent_at).toEqual(new Date(shop.clock.now()));
  });

  it('turned off in the profile: no mail, while the notifications still come', async () => {
    const customer = await verifiedCustomer(shop.app);
    await call(shop.app, 'PUT', '/api/auth/update-profile', { token: customer.token, body: { emailNotifications: false } });
    const other = await verifiedCustomer(shop.app);
    const quiet = await booked(shop.app, customer.token, fresh());
    await booked(shop.app, other.token, fresh());
    // The other customer's mail, written after, arrives: the worker has looked at the outbox since.
    await eventually(async () => (smtp.accepted().some((mail) => mail.to.includes(other.email)) ? true : undefined));
    expect(smtp.received.filter((mail) => mail.to.includes(customer.email) && mail.subject !== VERIFY_SUBJECT)).toEqual([]);
    expect(await mailsAbout(shop, quiet.id)).toEqual([]);
    expect(await shop.app.db.selectFrom('notifications').select('kind').where('appointment_id', '=', quiet.id).execute()).toEqual([{ kind: 'BOOKING_RECEIVED' }]);
  });

  it('an SMTP failure is retried after the backoff, then delivered with the same Message-ID; after the last attempt it is FAILED', async () => {
    refusing = true;
    const customer = await verifiedCustomer(shop.app);
    const job = await booked(shop.app, customer.token, fresh());
    const [mail] = await mailsAbout(shop, job.id);
    const failed = await eventually(async () => {
      const row = await stateOf(mail.message_id);
      return row.attempts === 1 && row.last_error !== null ? row : undefined;
    });
    expect(failed).toMatchObject({ state: 'PENDING', last_error: expect.stringContaining('451') });
    expect(failed.next_attempt_at).toEqual(new Date(shop.clock.now() + 60_000));
    refusing = false;
    // Not due before its time.
    await pause(300);
    expect(smtp.received.filter((received) => received.messageId === mail.message_id)).toHaveLength(1);

    shop.clock.advance(60_000);
    shop.app.mailWorker?.wake();
    await eventually(async () => ((await stateOf(mail.message_id)).state === 'SENT' ? true : undefined));
    expect(smtp.received.filter((received) => received.messageId === mail.message_id).map((received) => received.accepted)).toEqual([false, true]);

    // MAIL_MAX_ATTEMPTS=2: two refusals and it is given up.
    refusing = true;
    const unlucky = await verifiedCustomer(shop.app);
    const [lost] = await mailsAbout(shop, (await booked(shop.app, unlucky.token, fresh())).id);
    await eventually(async () => ((await stateOf(lost.message_id)).last_error !== null ? true : undefined));
    shop.clock.advance(60_000);
    shop.app.mailWorker?.wake();
    const given = await eventually(async () => {
      const row = await stateOf(lost.message_id);
      return row.state === 'FAILED' ? row : undefined;
    });
    refusing = false;
    expect(given).toMatchObject({ attempts: 2, sent_at: null, last_error: expect.stringContaining('451') });
    shop.clock.advance(60 * 60_000);
    shop.app.mailWorker?.wake();
    await pause(300);
    expect(smtp.received.filter((received) => received.messageId === lost.message_id)).toHaveLength(2);
  });
});

/** Tomorrow's date in UTC (the child server runs on the real clock, SHOP_TIME_ZONE=UTC). */
function tomorrow(): string {
  return new Date(Date.now() + 24 * 60 * 60_000).toISOString().slice(0, 10);
}

async function httpJson(base: string, method: string, path: string, token?: string, body?: unknown): Promise<Json> {
  const response = await fetch(`${base}${path}`, {
    method,
    headers: { ...(token && { authorization: `Bearer ${token}` }), ...(body !== undefined && { 'content-type': 'application/json' }) },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  if (!response.ok) throw new Error(`${method} ${path}: ${response.status} ${await response.text()}`);
  return response.json();
}

describe('a worker killed mid-send', () => {
  let database: TestDatabase;
  let smtp: TestSmtpServer;
  const servers: ServerProcess[] = [];

  afterAll(async () => {
    for (const server of servers) server.kill();
    await Promise.all(servers.map((server) => server.exited));
    smtp?.release();
    await smtp?.close();
    await database?.dispose();
  });

  it('loses nothing: every mail arrives, only the interrupted one twice (same Message-ID), none recorded as sent is sent again', async () => {
    database = await createTestDatabase({ onDisk: true });
    let held = false;
    // The third message's DATA (after the verification link and the first booking's mail) is held unanswered: the
    // worker waits for the server's "250" when it is killed.
    smtp = await startSmtpServer({
      hold: () => {
        if (held || smtp.received.length !== 3) return false;
        held = true;
        return true;
      },
    });
    const env = { ...database.env, JWT_SECRET: TEST_JWT_SECRET, SMTP_URL: smtp.url, MAIL_POLL_INTERVAL: '100ms', MAIL_LEASE: '3s' };

    const first = startServerProcess(env);
    servers.push(first);
    const base = `http://127.0.0.1:${await first.port}`;
    const customer = await httpJson(base, 'POST', '/api/auth/register/customer', undefined, {
      email: `killed.${Date.now().toString(36)}@example.com`,
      password: 'correct-horse-1',
      fullName: 'Kill Test',
      phoneNumber: '555-0100',
    });
    // Only a verified address gets job mails: the customer opens the link the worker sent them.
    const [verification] = await smtp.waitForAccepted(1, 60_000);
    const token = /#token=([A-Za-z0-9_-]{43})/.exec(verification.text)?.[1];
    await httpJson(base, 'POST', '/api/account/email/verify', undefined, { token });
    for (const [index, slot] of ['09:00', '10:00', '11:00'].entries()) {
      await httpJson(base, 'POST', '/api/appointments', customer.token, { plate: `KIL-${index}`, serviceType: 'OIL_CHANGE', date: tomorrow(), slot });
    }
    const interrupted = await smtp.waitForHeld(60_000);
    expect(smtp.accepted()).toHaveLength(2);
    const sentBefore = smtp.accepted().map((mail) => mail.messageId);
    first.child.kill('SIGKILL');
    expect(await first.exited).toBe('SIGKILL');

    const second = startServerProcess(env);
    servers.push(second);
    await second.port;
    // Every mail arrives once the dead worker's leases have run out.
    const arrived = await smtp.waitForAccepted(4, 60_000);
    // Give the new worker a few more polls: nothing else may come.
    await pause(1500);
    const ids = smtp.received.map((mail) => mail.messageId);
    expect(new Set(ids).size).toBe(4);
    for (const sent of sentBefore) expect(ids.filter((id) => id === sent)).toHaveLength(1);
    expect(ids.filter((id) => id === interrupted.messageId)).toHaveLength(2);
    expect(arrived.map((mail) => mail.messageId).sort()).toEqual([...new Set(ids)].sort());
    expect(smtp.received.every((mail) => mail.to[0] === customer.email)).toBe(true);

    second.child.kill('SIGTERM');
    await second.exited;
    // All four are recorded as sent, one attempt each but the interrupted one's two.
    const check = await startTestApp({ database });
    try {
      const rows = await check.app.db.selectFrom('email_outbox').select(['message_id', 'state', 'attempts']).orderBy('message_id').execute();
      expect(rows.map((row) => [row.message_id, row.state, row.attempts]).sort()).toEqual(
        [...new Set(ids)].map((id) => [id, 'SENT', id === interrupted.messageId ? 2 : 1]).sort(),
      );
    } finally {
      await check.app.close();
    }
    // Two server starts (a new database's initdb on PGlite), sign-up and bookings over HTTP, a 3 s lease.
  }, 120_000);
});

// Two API instances on one database exist only on PostgreSQL.
if (usingPostgres) {
  describe('two instances on one PostgreSQL database', () => {
    let database: TestDatabase;
    let smtp: TestSmtpServer;
    const apps: TestApp[] = [];

    afterAll(async () => {
      for (const app of apps) await app.app.close();
      await smtp?.close();
      await database?.dispose();
    });

    it('never send the same mail twice', async () => {
      database = await createTestDatabase();
      smtp = await startSmtpServer();
      const env = { SMTP_URL: smtp.url, MAIL_POLL_INTERVAL: '20ms' };
      apps.push(await startTestApp({ database, env }), await startTestApp({ database, env }));
      const person: Person = { id: randomUUID(), email: 'many@example.com', fullName: 'Many', token: '' };
      const count = 40;
      // Due on both instances' clocks, which stand still where each app started (a slow start must not make them never due).
      const nowIso = new Date(Math.min(...apps.map((app) => app.clock.now())) - 1000).toISOString();
      await sql`
        INSERT INTO email_outbox (kind, recipient, subject, text_body, next_attempt_at, created_at)
        SELECT 'BOOKING_RECEIVED', ${person.email}, 'Mail ' || n, 'Body ' || n, ${nowIso}::timestamptz, ${nowIso}::timestamptz
          FROM generate_series(1, ${count}) AS n`.execute(apps[0].app.db);
      for (const app of apps) app.app.mailWorker?.wake();

      await smtp.waitForAccepted(count, 30_000);
      await pause(500);
      const ids = smtp.received.map((mail) => mail.messageId);
      expect(ids).toHaveLength(count);
      expect(new Set(ids).size).toBe(count);
      const states = await apps[1].app.db.selectFrom('email_outbox').select(['state', 'attempts']).execute();
      expect(states.every((row) => row.state === 'SENT' && row.attempts === 1)).toBe(true);
    }, 60_000);
  });
}

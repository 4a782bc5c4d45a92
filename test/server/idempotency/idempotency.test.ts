/**
 * Idempotency-Key over real HTTP (plugins/idempotency.ts; server/README.md § "Retried changes"): a technician's
 * offline queue resends a change whose answer was lost, and the server must treat it as the same change. Identical
 * requests sent at the same moment, a retry after the answer, a refusal retried, a key reused for another request,
 * another user's key, malformed keys, a failure (5xx) that frees the key, and the purge of expired keys.
 */
import { randomUUID } from 'node:crypto';
import { sql } from 'kysely';
import { IDEMPOTENCY_KEY_HEADER, IDEMPOTENCY_MESSAGES, IDEMPOTENT_REPLAYED_HEADER } from '../../../server/src/contract/idempotency';
import { TIME_LOG_MESSAGES } from '../../../server/src/contract/timeLogs';
import { fingerprintOf } from '../../../server/src/idempotency/store';
import { failure, type Json } from '../helpers/http';
import { usingPostgres } from '../helpers/testApp';
import { approvedTechnician, assigned, dayCounter, day, listen, type Person, useShop, verifiedCustomer } from '../helpers/shop';

// Tokens that outlive the last test's two days on the shop's clock.
const shop = useShop({ env: { ACCESS_TOKEN_TTL: '7d' } });
const nextDay = dayCounter();
let base: string;

beforeAll(async () => {
  base = await listen(shop.app);
});

interface Answer {
  status: number;
  body: Json;
  text: string;
  replayed: string | null;
}

/** One real HTTP request with an Idempotency-Key (none when `key` is undefined). */
async function send(person: Person, method: string, path: string, key: string | undefined, body?: unknown): Promise<Answer> {
  const response = await fetch(`${base}${path}`, {
    method,
    headers: {
      authorization: `Bearer ${person.token}`,
      ...(body !== undefined && { 'content-type': 'application/json' }),
      ...(key !== undefined && { [IDEMPOTENCY_KEY_HEADER]: key }),
    },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const text = await response.text();
  return { status: response.status, body: text ? JSON.parse(text) : undefined, text, replayed: response.headers.get(IDEMPOTENT_REPLAYED_HEADER) };
}

const logBody = (draft: Record<string, unknown> = {}) => ({ date: day(-1), startTime: '10:00', endTime: '11:00', description: 'Brake pads replaced', ...draft });

async function logsOf(person: Person) {
  return shop.app.db.selectFrom('time_logs').selectAll().where('employee_id', '=', person.id).orderBy('starts_at').execute();
}

async function keysOf(person: Person) {
  return shop.app.db.selectFrom('idempotency_keys').select(['key', 'status_code']).where('user_id', '=', person.id).orderBy('key').execute();
}

/** The rows a job's changes leave behind: its history, notifications, e-mails, live events and invoices. */
async function traces(jobId: string): Promise<Record<string, number>> {
  const { rows } = await sql<Record<string, number>>`
    SELECT (SELECT count(*)::int FROM job_history WHERE appointment_id = ${jobId}) AS history,
           (SELECT count(*)::int FROM notifications WHERE appointment_id = ${jobId}) AS notifications,
           (SELECT count(*)::int FROM email_outbox WHERE appointment_id = ${jobId}) AS emails,
           (SELECT count(*)::int FROM live_events WHERE appointment_id = ${jobId}) AS live_events,
           (SELECT count(*)::int FROM invoices WHERE appointment_id = ${jobId}) AS invoices`.execute(shop.app.db);
  return rows[0];
}

/** A job booked by a verified customer (so its changes are e-mailed too) and assigned to a new technician. */
async function confirmedJob(): Promise<{ technician: Person; job: Json }> {
  const customer = await verifiedCustomer(shop.app);
  const technician = await approvedTechnician(shop);
  return { technician, job: await assigned(shop, customer, technician, { date: nextDay(), slot: '09:00' }) };
}

describe('POST /api/time-logs with an Idempotency-Key', () => {
  it('a retry after the answer is the same log: stored once, the same answer again, marked as replayed', async () => {
    const technician = await approvedTechnician(shop);
    const key = randomUUID();
    const first = await send(technician, 'POST', '/api/time-logs', key, logBody());
    expect(first.status).toBe(201);
    expect(first.replayed).toBeNull();
    expect(first.body).toMatchObject({ employeeId: technician.id, date: day(-1), startTime: '10:00', endTime: '11:00', description: 'Brake pads replaced', version: 1 });

    const retry = await send(technician, 'POST', '/api/time-logs', key, logBody());
    expect(retry).toEqual({ ...first, replayed: 'true' });
    expect((await logsOf(technician)).map((log) => log.id)).toEqual([first.body.id]);
    expect(await keysOf(technician)).toEqual([{ key, status_code: 201 }]);
  });

  it('identical requests at the same moment: one log, and every request gets its answer', async () => {
    const technician = await approvedTechnician(shop);
    const key = randomUUID();
    const answers = await Promise.all(Array.from({ length: 5 }, () => send(technician, 'POST', '/api/time-logs', key, logBody())));

    expect(answers.map((answer) => answer.status)).toEqual([201, 201, 201, 201, 201]);
    expect(new Set(answers.map((answer) => answer.text)).size).toBe(1);
    // One of them made the log; the other four waited for it and got its answer.
    expect(answers.filter((answer) => answer.replayed === null)).toHaveLength(1);
    expect(answers.filter((answer) => answer.replayed === 'true')).toHaveLength(4);
    expect((await logsOf(technician)).map((log) => log.id)).toEqual([answers[0].body.id]);
  });

  it('a refused log retried gets the same refusal, even once the reason is gone; nothing is stored', async () => {
    const technician = await approvedTechnician(shop);
    const existing = await send(technician, 'POST', '/api/time-logs', undefined, logBody({ startTime: '10:00', endTime: '11:00' }));
    expect(existing.status).toBe(201);
    const key = randomUUID();
    const overlapping = logBody({ startTime: '10:30', endTime: '11:30' });

    const refused = await send(technician, 'POST', '/api/time-logs', key, overlapping);
    expect(refused).toEqual({ status: 409, body: failure(TIME_LOG_MESSAGES.overlap), text: JSON.stringify(failure(TIME_LOG_MESSAGES.overlap)), replayed: null });
    expect(await send(technician, 'POST', '/api/time-logs', key, overlapping)).toEqual({ ...refused, replayed: 'true' });

    // The queued change was refused: resending it is not a new attempt, whatever has changed since.
    expect((await send(technician, 'DELETE', `/api/time-logs/${existing.body.id}`, undefined)).status).toBe(204);
    expect(await send(technician, 'POST', '/api/time-logs', key, overlapping)).toEqual({ ...refused, replayed: 'true' });
    expect(await logsOf(technician)).toEqual([]);
    expect(await keysOf(technician)).toEqual([{ key, status_code: 409 }]);
  });

  it('a request whose key another server instance is still working on waits in the database for that answer', async () => {
    const technician = await approvedTechnician(shop);
    const key = randomUUID();
    const body = logBody();
    // Another instance of the server, on the same database: it has claimed the key and is making the change.
    const other = await shop.app.db.startTransaction().execute();
    try {
      const fingerprint = fingerprintOf({ method: 'POST', route: '/api/time-logs', params: {}, body });
      expect(await shop.app.idempotencyKeys.claim(other, technician.id, key, fingerprint)).toEqual({ claimed: true });
      let settled = false;
      const retry = send(technician, 'POST', '/api/time-logs', key, body).finally(() => {
        settled = true;
      });
      if (usingPostgres) {
        // PostgreSQL: the request's INSERT of the key waits on the other transaction's row.
        for (let tries = 0; ; tries += 1) {
          const { rows } = await sql<{ n: number }>`SELECT count(*)::int AS n FROM pg_locks WHERE NOT granted`.execute(shop.app.db);
          if (rows[0].n > 0) break;
          if (tries > 200) throw new Error('the request never waited for the lock');
          await new Promise((resolve) => setTimeout(resolve, 25));
        }
      } else {
        // PGlite: one connection, which the other transaction holds.
        await new Promise((resolve) => setTimeout(resolve, 200));
      }
      expect(settled).toBe(false);
      const answer = { statusCode: 201, contentType: 'application/json; charset=utf-8', body: JSON.stringify({ madeBy: 'the other instance' }) };
      await shop.app.idempotencyKeys.keep(other, technician.id, key, answer);
      await other.commit().execute();
      expect(await retry).toEqual({ status: 201, body: { madeBy: 'the other instance' }, text: answer.body, replayed: 'true' });
      expect(await logsOf(technician)).toEqual([]);
    } finally {
      if (!other.isCommitted) await other.rollback().execute();
    }
  });

  it('the same key with a different body, or on another route: 422, and nothing is changed', async () => {
    const technician = await approvedTechnician(shop);
    const key = randomUUID();
    const first = await send(technician, 'POST', '/api/time-logs', key, logBody());
    expect(first.status).toBe(201);

    const reused = { status: 422, body: failure(IDEMPOTENCY_MESSAGES.reused), text: JSON.stringify(failure(IDEMPOTENCY_MESSAGES.reused)), replayed: null };
    expect(await send(technician, 'POST', '/api/time-logs', key, logBody({ description: 'Something else' }))).toEqual(reused);
    expect(await send(technician, 'PUT', `/api/time-logs/${first.body.id}`, key, logBody())).toEqual(reused);
    expect(await send(technician, 'DELETE', `/api/time-logs/${first.body.id}`, key)).toEqual(reused);

    const logs = await logsOf(technician);
    expect(logs).toHaveLength(1);
    expect(logs[0]).toMatchObject({ id: first.body.id, description: 'Brake pads replaced', version: 1 });
    // The key still answers the request it was first used for.
    expect(await send(technician, 'POST', '/api/time-logs', key, logBody())).toEqual({ ...first, replayed: 'true' });
  });

  it('the same body with its keys in another order is the same request', async () => {
    const technician = await approvedTechnician(shop);
    const key = randomUUID();
    const first = await send(technician, 'POST', '/api/time-logs', key, { description: 'Alignment', endTime: '15:00', startTime: '14:00', date: day(-2) });
    const retry = await send(technician, 'POST', '/api/time-logs', key, { date: day(-2), startTime: '14:00', endTime: '15:00', description: 'Alignment' });
    expect(first.status).toBe(201);
    expect(retry).toEqual({ ...first, replayed: 'true' });
    expect(await logsOf(technician)).toHaveLength(1);
  });

  it("another user's identical key is their own: each gets their own log", async () => {
    const [one, two] = [await approvedTechnician(shop), await approvedTechnician(shop)];
    const key = randomUUID();
    const [a, b] = await Promise.all([send(one, 'POST', '/api/time-logs', key, logBody()), send(two, 'POST', '/api/time-logs', key, logBody())]);

    expect([a.status, a.replayed, b.status, b.replayed]).toEqual([201, null, 201, null]);
    expect(a.body.employeeId).toBe(one.id);
    expect(b.body.employeeId).toBe(two.id);
    expect((await logsOf(one)).map((log) => log.id)).toEqual([a.body.id]);
    expect((await logsOf(two)).map((log) => log.id)).toEqual([b.body.id]);
  });

  it('a key that is not 1–100 letters, digits, hyphens or underscores: 400, and nothing is stored', async () => {
    const technician = await approvedTechnician(shop);
    const invalid = { status: 400, body: failure(IDEMPOTENCY_MESSAGES.invalid), text: JSON.stringify(failure(IDEMPOTENCY_MESSAGES.invalid)), replayed: null };
    for (const key of ['', 'two words', 'a'.repeat(101), 'clé', 'key,other', 'a/b']) {
      expect({ key, answer: await send(technician, 'POST', '/api/time-logs', key, logBody()) }).toEqual({ key, answer: invalid });
    }
    expect(await logsOf(technician)).toEqual([]);
    expect(await keysOf(technician)).toEqual([]);

    // The longest key, and one of every allowed character, are fine.
    for (const [index, key] of ['k'.repeat(100), 'Az09_-'].entries()) {
      expect((await send(technician, 'POST', '/api/time-logs', key, logBody({ startTime: `0${index}:00`, endTime: `0${index}:30` }))).status).toBe(201);
    }
    expect(await keysOf(technician)).toHaveLength(2);
  });

  it('without the header, a request is served as before: each one is a new log', async () => {
    const technician = await approvedTechnician(shop);
    const first = await send(technician, 'POST', '/api/time-logs', undefined, logBody({ startTime: '08:00', endTime: '08:30' }));
    const second = await send(technician, 'POST', '/api/time-logs', undefined, logBody({ startTime: '09:00', endTime: '09:30' }));
    expect([first.status, first.replayed, second.status, second.replayed]).toEqual([201, null, 201, null]);
    expect(await logsOf(technician)).toHaveLength(2);
    expect(await keysOf(technician)).toEqual([]);
  });

  it('a failure (5xx) is not kept: the key is free again, and the retry makes the log', async () => {
    const technician = await approvedTechnician(shop);
    const key = randomUUID();
    // A database that refuses the row for a reason no rule of the app knows: the answer is a 500.
    await sql`ALTER TABLE time_logs ADD CONSTRAINT test_refuses_broken CHECK (description <> 'Broken on purpose')`.execute(shop.app.db);
    try {
      const failed = await send(technician, 'POST', '/api/time-logs', key, logBody({ description: 'Broken on purpose' }));
      expect(failed).toEqual({ status: 500, body: failure('Internal server error'), text: JSON.stringify(failure('Internal server error')), replayed: null });
      expect(await keysOf(technician)).toEqual([]);
    } finally {
      await sql`ALTER TABLE time_logs DROP CONSTRAINT test_refuses_broken`.execute(shop.app.db);
    }
    const retry = await send(technician, 'POST', '/api/time-logs', key, logBody({ description: 'Broken on purpose' }));
    expect(retry).toMatchObject({ status: 201, replayed: null, body: { description: 'Broken on purpose' } });
    expect((await logsOf(technician)).map((log) => log.id)).toEqual([retry.body.id]);
  });

  it('the log and its kept answer commit together: when keeping the answer fails, there is no log either', async () => {
    const technician = await approvedTechnician(shop);
    const key = randomUUID();
    // The database refuses to keep this answer, after the log was written in the same transaction.
    await sql`ALTER TABLE idempotency_keys ADD CONSTRAINT test_refuses_answer CHECK (body NOT LIKE '%Never kept%')`.execute(shop.app.db);
    try {
      const failed = await send(technician, 'POST', '/api/time-logs', key, logBody({ description: 'Never kept' }));
      expect(failed).toMatchObject({ status: 500, body: failure('Internal server error'), replayed: null });
      expect(await logsOf(technician)).toEqual([]);
      expect(await keysOf(technician)).toEqual([]);
    } finally {
      await sql`ALTER TABLE idempotency_keys DROP CONSTRAINT test_refuses_answer`.execute(shop.app.db);
    }
    const retry = await send(technician, 'POST', '/api/time-logs', key, logBody({ description: 'Never kept' }));
    expect(retry).toMatchObject({ status: 201, replayed: null, body: { description: 'Never kept' } });
    expect((await logsOf(technician)).map((log) => log.id)).toEqual([retry.body.id]);
  });
});

describe('PUT and DELETE /api/time-logs/:id with an Idempotency-Key', () => {
  it('an edit retried changes the log once (one new version) and answers the same', async () => {
    const technician = await approvedTechnician(shop);
    const log = (await send(technician, 'POST', '/api/time-logs', undefined, logBody())).body;
    const key = randomUUID();
    const edit = logBody({ description: 'Brake pads and discs replaced' });
    const answers = await Promise.all([1, 2, 3].map(() => send(technician, 'PUT', `/api/time-logs/${log.id}`, key, edit)));

    expect(answers.map((answer) => answer.status)).toEqual([200, 200, 200]);
    expect(new Set(answers.map((answer) => answer.text)).size).toBe(1);
    expect(answers[0].body).toMatchObject({ id: log.id, description: 'Brake pads and discs replaced', version: 2 });
    expect((await logsOf(technician))[0]).toMatchObject({ description: 'Brake pads and discs replaced', version: 2 });

    const retry = await send(technician, 'PUT', `/api/time-logs/${log.id}`, key, edit);
    expect(retry).toEqual({ ...answers[0], replayed: 'true' });
    expect((await logsOf(technician))[0].version).toBe(2);
  });

  it('a delete retried answers 204 again, where a second delete without the key is 404', async () => {
    const technician = await approvedTechnician(shop);
    const log = (await send(technician, 'POST', '/api/time-logs', undefined, logBody())).body;
    const key = randomUUID();
    const first = await send(technician, 'DELETE', `/api/time-logs/${log.id}`, key);
    expect(first).toEqual({ status: 204, body: undefined, text: '', replayed: null });
    expect(await send(technician, 'DELETE', `/api/time-logs/${log.id}`, key)).toEqual({ ...first, replayed: 'true' });
    expect(await send(technician, 'DELETE', `/api/time-logs/${log.id}`, undefined)).toMatchObject({ status: 404, body: failure(TIME_LOG_MESSAGES.notFound) });
    expect(await logsOf(technician)).toEqual([]);
  });
});

describe('PATCH /api/appointments/:id/status with an Idempotency-Key', () => {
  it('identical changes at the same moment: one change, one history row, one set of notifications, e-mails and live events', async () => {
    // The same change without a key on a job like it: what one change leaves behind.
    const control = await confirmedJob();
    const before = await traces(control.job.id);
    expect((await send(control.technician, 'PATCH', `/api/appointments/${control.job.id}/status`, undefined, { status: 'in_progress' })).status).toBe(200);
    const controlAfter = await traces(control.job.id);
    const once = Object.fromEntries(Object.keys(before).map((name) => [name, controlAfter[name] - before[name]]));
    expect(once).toMatchObject({ history: 1, notifications: expect.any(Number), live_events: expect.any(Number) });
    expect(once.notifications + once.emails + once.live_events).toBeGreaterThan(0);

    const { technician, job } = await confirmedJob();
    const start = await traces(job.id);
    const key = randomUUID();
    const answers = await Promise.all([1, 2, 3, 4].map(() => send(technician, 'PATCH', `/api/appointments/${job.id}/status`, key, { status: 'in_progress', expectedVersion: job.version })));

    expect(answers.map((answer) => answer.status)).toEqual([200, 200, 200, 200]);
    expect(new Set(answers.map((answer) => answer.text)).size).toBe(1);
    expect(answers.filter((answer) => answer.replayed === null)).toHaveLength(1);
    expect(answers[0].body).toMatchObject({ id: job.id, status: 'IN_PROGRESS', version: job.version + 1 });
    const end = await traces(job.id);
    expect(Object.fromEntries(Object.keys(start).map((name) => [name, end[name] - start[name]]))).toEqual(once);
  });

  it('a completion retried issues one invoice; a stale change retried keeps its 409', async () => {
    const { technician, job } = await confirmedJob();
    const key = randomUUID();
    const done = await send(technician, 'PATCH', `/api/appointments/${job.id}/status`, key, { status: 'completed', expectedVersion: job.version });
    expect(done.body).toMatchObject({ status: 'COMPLETED', version: job.version + 1 });
    expect(await send(technician, 'PATCH', `/api/appointments/${job.id}/status`, key, { status: 'completed', expectedVersion: job.version })).toEqual({ ...done, replayed: 'true' });
    expect(await traces(job.id)).toMatchObject({ invoices: 1 });

    // The queued change was made on an old version: refused, and refused again when resent.
    const staleKey = randomUUID();
    const stale = await send(technician, 'PATCH', `/api/appointments/${job.id}/status`, staleKey, { status: 'in_progress', expectedVersion: job.version });
    expect(stale).toMatchObject({ status: 409, body: failure('This appointment was changed by someone else. Reload and try again.'), replayed: null });
    expect(await send(technician, 'PATCH', `/api/appointments/${job.id}/status`, staleKey, { status: 'in_progress', expectedVersion: job.version })).toEqual({ ...stale, replayed: 'true' });
    const stored = await shop.app.db.selectFrom('appointments').select(['status', 'version']).where('id', '=', job.id).executeTakeFirstOrThrow();
    expect(stored).toEqual({ status: 'COMPLETED', version: job.version + 1 });
  });
});

// Last: it moves the shop's clock a day on.
describe('expired keys', () => {
  it('are purged by the housekeeping after IDEMPOTENCY_KEY_TTL (24 h), and the key may then be used again', async () => {
    const technician = await approvedTechnician(shop);
    const oldKey = randomUUID();
    expect((await send(technician, 'POST', '/api/time-logs', oldKey, logBody({ date: day(-1) }))).status).toBe(201);
    shop.clock.advance(23 * 60 * 60 * 1000);
    const newKey = randomUUID();
    expect((await send(technician, 'POST', '/api/time-logs', newKey, logBody({ date: day(-2) }))).status).toBe(201);

    const everyKey = () => shop.app.db.selectFrom('idempotency_keys').select(['user_id', 'key']).execute();
    const kept = (await everyKey()).length;
    expect(await shop.app.idempotencyKeys.purge()).toBe(0);
    shop.clock.advance(60 * 60 * 1000);
    // 24 h after the earlier tests' keys and this one's first: all of them go, the newest stays.
    expect(await shop.app.idempotencyKeys.purge()).toBe(kept - 1);
    expect(await everyKey()).toEqual([{ user_id: technician.id, key: newKey }]);

    // An expired key is free even before a purge: another request with it runs, and keeps its own answer.
    shop.clock.advance(23 * 60 * 60 * 1000);
    const reused = await send(technician, 'POST', '/api/time-logs', newKey, logBody({ date: day(-1), startTime: '16:00', endTime: '17:00' }));
    expect(reused).toMatchObject({ status: 201, replayed: null, body: { startTime: '16:00' } });
    expect(await send(technician, 'POST', '/api/time-logs', newKey, logBody({ date: day(-1), startTime: '16:00', endTime: '17:00' }))).toEqual({ ...reused, replayed: 'true' });
    expect(await logsOf(technician)).toHaveLength(3);
  });
});

import { sql } from 'kysely';
import type { LiveEvents } from '../../../server/src/events/hub';
import { failure } from '../helpers/http';
import { approvedTechnician, assigned, booked, day, http, listen, type Person, type Shop, signUp, startShop } from '../helpers/shop';
import { createTestDatabase, startTestApp, type TestApp, type TestDatabase, usingPostgres } from '../helpers/testApp';
import { pause, SseClient } from './sseClient';

/**
 * GET /api/events over real HTTP (inject cannot stream): who receives which event, commit-only publishing,
 * Last-Event-ID, heartbeats, refusals, token expiry, logout, two instances on one PostgreSQL database, app.close.
 */

const QUIET_MS = 400;

let days = 0;
/** A booking on a day of its own (a slot holds only as many jobs as the centre has bays). */
function slot() {
  days += 1;
  return { date: day(days), slot: '09:00' };
}

/** The stream's answers to a refusal, as raw fetch results. */
async function refusal(base: string, path: string, headers: Record<string, string> = {}) {
  const response = await fetch(`${base}${path}`, { headers });
  return { status: response.status, type: response.headers.get('content-type'), body: await response.json() };
}

describe('GET /api/events', () => {
  let shop: Shop;
  let base: string;
  const open: SseClient[] = [];

  async function stream(person: Person, lastEventId?: string): Promise<SseClient> {
    const client = await SseClient.open(base, { token: person.token, lastEventId });
    open.push(client);
    return client;
  }

  beforeAll(async () => {
    shop = await startShop();
    base = await listen(shop.app);
  });
  afterEach(() => {
    for (const client of open.splice(0)) client.close();
  });
  afterAll(async () => shop.close());

  it('answers text/event-stream, no-store, unbuffered, and starts at once', async () => {
    const customer = await signUp(shop.app);
    const client = await stream(customer);
    expect(client.response.headers.get('content-type')).toBe('text/event-stream; charset=utf-8');
    expect(client.response.headers.get('cache-control')).toBe('no-store, no-transform');
    expect(client.response.headers.get('x-accel-buffering')).toBe('no');
    expect(client.response.headers.get('x-content-type-options')).toBe('nosniff');
  });

  it("sends a customer their own job's created and updated events within a second — and nothing of another customer's", async () => {
    const [first, second] = [await signUp(shop.app), await signUp(shop.app)];
    const technician = await approvedTechnician(shop);
    const [firstStream, secondStream] = [await stream(first), await stream(second)];

    const job = await assigned(shop, first, technician, slot());
    const created = await firstStream.event('appointment.created', job.id, 1000);
    expect(created.data).toEqual({ type: 'appointment.created', id: job.id, version: 1, appointmentId: job.id });
    expect(created.id).toMatch(/^\d+$/);
    const updated = await firstStream.event('appointment.updated', job.id, 1000);
    expect(updated.data).toEqual({ type: 'appointment.updated', id: job.id, version: job.version, appointmentId: job.id });
    expect(Number(updated.id)).toBeGreaterThan(Number(created.id));

    await pause(QUIET_MS);
    expect(secondStream.dataEvents).toEqual([]);
  });

  it('sends a job to its technician and to admins, and the update that takes it off to the technician taken off', async () => {
    const customer = await signUp(shop.app);
    const [before, after] = [await approvedTechnician(shop), await approvedTechnician(shop)];
    const job = await assigned(shop, customer, before, slot());
    const [beforeStream, afterStream, adminStream] = [await stream(before), await stream(after), await stream(shop.admin)];

    // The API has no reassignment yet: any writer's change publishes, so the database is changed directly.
    await sql`UPDATE appointments SET assigned_employee_id = ${after.id}, version = version + 1 WHERE id = ${job.id}`.execute(shop.app.db);
    for (const client of [beforeStream, afterStream, adminStream]) {
      const message = await client.event('appointment.updated', job.id, 1000);
      expect(message.data.version).toBe(job.version + 1);
    }

    // Another change: the technician taken off no longer hears of the job.
    const started = await http(base, 'PATCH', `/api/appointments/${job.id}/status`, { token: after.token, body: { status: 'in_progress' } });
    expect(started.status).toBe(200);
    await afterStream.next((message) => message.event === 'appointment.updated' && message.data.version === started.body.version, 1000);
    await pause(QUIET_MS);
    expect(beforeStream.dataEvents.filter((message) => message.data.version === started.body.version)).toEqual([]);
  });

  it("sends timelog.changed to the log's technician and admins only", async () => {
    const customer = await signUp(shop.app);
    const [technician, other] = [await approvedTechnician(shop), await approvedTechnician(shop)];
    const job = await assigned(shop, customer, technician, slot());
    const [technicianStream, otherStream, adminStream, customerStream] = [await stream(technician), await stream(other), await stream(shop.admin), await stream(customer)];

    const created = await http(base, 'POST', '/api/time-logs', {
      token: technician.token,
      body: { appointmentId: job.id, date: day(0), startTime: '09:00', endTime: '10:00', description: 'Oil change' },
    });
    expect(created.status).toBe(201);
    for (const client of [technicianStream, adminStream]) {
      const message = await client.event('timelog.changed', created.body.id, 1000);
      expect(message.data).toEqual({ type: 'timelog.changed', id: created.body.id, version: 1, appointmentId: job.id });
    }
    const removed = await http(base, 'DELETE', `/api/time-logs/${created.body.id}`, { token: technician.token });
    expect(removed.status).toBe(204);
    await technicianStream.next((message) => message.event === 'timelog.changed' && message.data.id === created.body.id && message.id !== technicianStream.dataEvents[0]?.id, 1000);

    await pause(QUIET_MS);
    expect(otherStream.dataEvents).toEqual([]);
    expect(customerStream.dataEvents.filter((message) => message.event === 'timelog.changed')).toEqual([]);
  });

  it('sends notification.created to its recipient only', async () => {
    const [recipient, bystander] = [await signUp(shop.app), await signUp(shop.app)];
    const job = await booked(shop.app, recipient.token, slot());
    const [recipientStream, bystanderStream, adminStream] = [await stream(recipient), await stream(bystander), await stream(shop.admin)];

    const { rows } = await sql<{ id: string }>`
      INSERT INTO notifications (user_id, kind, appointment_id, title, message, created_at)
      VALUES (${recipient.id}, 'JOB_STARTED', ${job.id}, 'Work started', 'Work on your car has started.', now())
      RETURNING id`.execute(shop.app.db);
    const message = await recipientStream.event('notification.created', rows[0].id, 1000);
    expect(message.data).toEqual({ type: 'notification.created', id: rows[0].id, version: 1, appointmentId: job.id });

    await pause(QUIET_MS);
    expect(bystanderStream.dataEvents).toEqual([]);
    expect(adminStream.dataEvents.filter((other) => other.event === 'notification.created' && other.data.id === rows[0].id)).toEqual([]);
  });

  it('delivers a bulk write (more events than one notification carries) in order, read from live_events', async () => {
    const recipient = await signUp(shop.app);
    const recipientStream = await stream(recipient);
    const { rows } = await sql<{ id: string }>`
      INSERT INTO notifications (user_id, kind, title, message, created_at)
      SELECT ${recipient.id}, 'BOOKING_RECEIVED', 'Booking received', 'A new booking.', now() + make_interval(secs => n)
        FROM generate_series(1, 30) AS n
      RETURNING id`.execute(shop.app.db);
    await recipientStream.event('notification.created', rows[29].id, 2000);
    expect(recipientStream.dataEvents.map((message) => message.data.id).sort()).toEqual(rows.map((row) => row.id).sort());
    const ids = recipientStream.dataEvents.map((message) => Number(message.id));
    expect(ids).toEqual([...ids].sort((a, b) => a - b));
  });

  it('publishes only on commit: a rolled-back change sends nothing, a committed one only after COMMIT', async () => {
    const customer = await signUp(shop.app);
    const job = await booked(shop.app, customer.token, slot());
    const customerStream = await stream(customer);

    await shop.app.db
      .transaction()
      .execute(async (trx) => {
        await sql`UPDATE appointments SET notes = 'rolled back', version = version + 1 WHERE id = ${job.id}`.execute(trx);
        throw new Error('roll back');
      })
      .catch(() => undefined);
    await pause(QUIET_MS);
    expect(customerStream.dataEvents).toEqual([]);

    await shop.app.db.transaction().execute(async (trx) => {
      await sql`UPDATE appointments SET notes = 'committed', version = version + 1 WHERE id = ${job.id}`.execute(trx);
      await pause(QUIET_MS);
      expect(customerStream.dataEvents).toEqual([]);
    });
    const message = await customerStream.event('appointment.updated', job.id, 1000);
    expect(message.data.version).toBe(job.version + 1);
  });

  it('resumes after Last-Event-ID without a gap or a duplicate, and answers resync for an id no longer kept', async () => {
    const customer = await signUp(shop.app);
    const job = await booked(shop.app, customer.token, slot());
    const first = await stream(customer);
    await sql`UPDATE appointments SET notes = 'one', version = version + 1 WHERE id = ${job.id}`.execute(shop.app.db);
    const seen = await first.event('appointment.updated', job.id, 1000);
    first.close();

    // Missed while away: two changes.
    await sql`UPDATE appointments SET notes = 'two', version = version + 1 WHERE id = ${job.id}`.execute(shop.app.db);
    await sql`UPDATE appointments SET notes = 'three', version = version + 1 WHERE id = ${job.id}`.execute(shop.app.db);
    const resumed = await stream(customer, seen.id);
    await resumed.next((message) => message.data?.version === job.version + 3, 1000);
    // And live again after the replay.
    await sql`UPDATE appointments SET notes = 'four', version = version + 1 WHERE id = ${job.id}`.execute(shop.app.db);
    await resumed.next((message) => message.data?.version === job.version + 4, 1000);
    await pause(QUIET_MS);
    expect(resumed.dataEvents.map((message) => message.data.version)).toEqual([job.version + 2, job.version + 3, job.version + 4]);
    expect(new Set(resumed.dataEvents.map((message) => message.id)).size).toBe(3);
    expect(resumed.messages.some((message) => message.event === 'resync')).toBe(false);

    // Purged → resync; garbage → resync.
    await (shop.app.liveEvents as LiveEvents).purge(0);
    const tooOld = await stream(customer, seen.id);
    await tooOld.next((message) => message.event === 'resync', 1000);
    const garbage = await stream(customer, 'not-an-id');
    await garbage.next((message) => message.event === 'resync', 1000);
  });

  it('refuses no token, a bad token and a token in the query string with 401 in the error shape', async () => {
    expect(await refusal(base, '/api/events')).toEqual({ status: 401, type: 'application/json; charset=utf-8', body: failure('Authentication required') });
    expect(await refusal(base, '/api/events', { authorization: 'Bearer not-a-token' })).toEqual({
      status: 401,
      type: 'application/json; charset=utf-8',
      body: failure('Invalid JWT token'),
    });
    const customer = await signUp(shop.app);
    for (const name of ['token', 'access_token', 'authorization']) {
      expect((await refusal(base, `/api/events?${name}=${encodeURIComponent(customer.token)}`)).status).toBe(401);
    }
  });

  it('keeps at most LIVE_STREAMS_PER_USER streams per user: one more ends the oldest', async () => {
    const customer = await signUp(shop.app);
    const streams: SseClient[] = [];
    for (let index = 0; index < 11; index += 1) streams.push(await stream(customer));
    await streams[0].ended;
    expect(streams.slice(1).some((client) => client.isEnded)).toBe(false);
  });
});

describe('GET /api/events: heartbeat, token expiry, logout', () => {
  let t: TestApp & { admin?: Person };
  let base: string;
  const open: SseClient[] = [];

  beforeAll(async () => {
    t = await startTestApp({ env: { LIVE_HEARTBEAT_INTERVAL: '100ms' } });
    base = await listen(t.app);
  });
  afterEach(() => {
    for (const client of open.splice(0)) client.close();
  });
  afterAll(async () => t.close());

  async function stream(person: Person): Promise<SseClient> {
    const client = await SseClient.open(base, { token: person.token });
    open.push(client);
    return client;
  }

  it('sends a heartbeat every LIVE_HEARTBEAT_INTERVAL', async () => {
    const client = await stream(await signUp(t.app));
    await pause(450);
    const beats = client.messages.filter((message) => message.event === 'heartbeat');
    expect(beats.length).toBeGreaterThanOrEqual(2);
    expect(beats[0]).toEqual({ event: 'heartbeat', data: {} });
  });

  it('sends token-expired and ends the stream when the access token runs out', async () => {
    const client = await stream(await signUp(t.app));
    t.clock.advance(15 * 60_000 + 1000);
    try {
      await client.next((message) => message.event === 'token-expired', 1000);
      await client.ended;
    } finally {
      t.clock.advance(-(15 * 60_000 + 1000));
    }
  });

  it('sends session-ended and ends the stream on logout — only for that session', async () => {
    const person = await signUp(t.app);
    const other = await http(base, 'POST', '/api/auth/login', { body: { email: person.email, password: 'correct-horse-1' } });
    const [loggingOut, staying] = [await stream(person), await stream({ ...person, token: other.body.token })];
    expect((await http(base, 'POST', '/api/auth/logout', { token: person.token, body: {} })).status).toBe(200);
    await loggingOut.next((message) => message.event === 'session-ended', 1000);
    await loggingOut.ended;
    await pause(QUIET_MS);
    expect(staying.isEnded).toBe(false);
  });

  it('sends session-ended to every stream of the user on logout-all', async () => {
    const person = await signUp(t.app);
    const other = await http(base, 'POST', '/api/auth/login', { body: { email: person.email, password: 'correct-horse-1' } });
    const streams = [await stream(person), await stream({ ...person, token: other.body.token })];
    expect((await http(base, 'POST', '/api/auth/logout-all', { token: person.token, body: {} })).status).toBe(200);
    for (const client of streams) {
      await client.next((message) => message.event === 'session-ended', 1000);
      await client.ended;
    }
  });
});

it("outlives the server's connection and request timeouts while quiet", async () => {
  const t = await startTestApp({ env: { CONNECTION_TIMEOUT: '200ms', REQUEST_TIMEOUT: '200ms', HEADERS_TIMEOUT: '200ms' } });
  try {
    const base = await listen(t.app);
    const person = await signUp(t.app);
    const client = await SseClient.open(base, { token: person.token });
    await pause(1000);
    expect(client.isEnded).toBe(false);
    expect(client.messages).toEqual([]);
    const { rows } = await sql<{ id: string }>`
      INSERT INTO notifications (user_id, kind, title, message, created_at)
      VALUES (${person.id}, 'BOOKING_RECEIVED', 'Booking received', 'A new booking.', now())
      RETURNING id`.execute(t.app.db);
    await client.event('notification.created', rows[0].id, 1000);
    client.close();
  } finally {
    await t.close();
  }
});

it('app.close() with open streams returns promptly, ending them', async () => {
  const t = await startTestApp();
  const base = await listen(t.app);
  const person = await signUp(t.app);
  const streams = [await SseClient.open(base, { token: person.token }), await SseClient.open(base, { token: person.token })];
  const started = Date.now();
  await t.close();
  expect(Date.now() - started).toBeLessThan(2000);
  await Promise.all(streams.map((client) => client.ended));
});

// Two instances on one database exist only on PostgreSQL (PGlite is one process's embedded database).
if (usingPostgres) {
  describe('two API instances on one PostgreSQL database', () => {
    let database: TestDatabase;
    let first: Shop;
    let second: Shop;
    let bases: [string, string];

    beforeAll(async () => {
      database = await createTestDatabase();
      first = await startShop({ database });
      second = await startShop({ database });
      bases = [await listen(first.app), await listen(second.app)];
    });
    afterAll(async () => {
      await first?.close();
      await second?.close();
      await database?.dispose();
    });

    it('a change made through instance A reaches a client connected to instance B; logout through A closes the stream on B', async () => {
      const customer = await signUp(first.app);
      const onSecond = await SseClient.open(bases[1], { token: customer.token });
      try {
        const job = await http(bases[0], 'POST', '/api/appointments', {
          token: customer.token,
          body: { serviceType: 'OIL_CHANGE', date: day(1), slot: '10:00', plate: 'TWO-0001' },
        });
        expect(job.status).toBe(201);
        await onSecond.event('appointment.created', job.body.id, 1000);

        expect((await http(bases[0], 'POST', '/api/auth/logout', { token: customer.token, body: {} })).status).toBe(200);
        await onSecond.next((message) => message.event === 'session-ended', 1000);
        await onSecond.ended;
      } finally {
        onSecond.close();
      }
    });

    it("a lost database listener reconnects and tells the instance's streams to resync", async () => {
      const customer = await signUp(second.app);
      const client = await SseClient.open(bases[1], { token: customer.token });
      try {
        // Both instances listen on this database's channel: end both listener connections (not other tests' ones).
        const { rows } = await sql<{ ended: boolean }>`
          SELECT pg_terminate_backend(pid) AS ended FROM pg_stat_activity
           WHERE application_name = 'carcare-listen' AND datname = current_database()
             AND query LIKE '%carcare_live_' || current_schema() || '%'`.execute(first.app.db);
        expect(rows.length).toBe(2);
        await client.next((message) => message.event === 'resync', 5000);
        // Listening again: a change still arrives.
        const job = await booked(first.app, customer.token, slot());
        await client.event('appointment.created', job.id, 2000);
      } finally {
        client.close();
      }
    });
  });
}

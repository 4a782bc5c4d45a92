import { randomUUID } from 'node:crypto';
import { sql } from 'kysely';
import { LIVE_EVENT_TYPES, type LiveEventType } from '../../../server/src/contract/live';
import { TRACKING_LINK_KINDS } from '../../../server/src/events/hub';
import type { LiveSubscriber, PublishedEvent } from '../../../server/src/events/types';
import { startTestApp, type TestApp } from '../helpers/testApp';

/**
 * Every kind of contract/live.ts LIVE_EVENT_TYPES, published through the database (a live_events row, as the
 * triggers write it), reaches a subscriber as that kind — alone (the NOTIFY carries it) and in a bulk write (the
 * hub reads the range) — and a resume replays it. A kind the hub could not read would arrive as `resync`.
 */

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(async () => t.close());

interface Received {
  events: PublishedEvent[];
  controls: string[];
}

function subscribe(subscriber: LiveSubscriber): Received & { stop(): void } {
  const received: Received = { events: [], controls: [] };
  const subscription = t.app.liveEvents.subscribe(subscriber, {
    onEvent: (event) => received.events.push(event),
    onControl: (control) => received.controls.push(control),
  });
  return { ...received, stop: () => subscription.unsubscribe() };
}

async function until(check: () => boolean, what: string, timeoutMs = 5000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!check()) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

/** One live_events row per kind (one statement), for `appointmentId`, to admins and `userId`. */
async function publish(types: readonly LiveEventType[], appointmentId: string, userId: string): Promise<void> {
  const values = types.map((type) => sql`(${type}, ${randomUUID()}::uuid, 1, ${appointmentId}::uuid, true, ARRAY[${userId}::uuid])`);
  await sql`INSERT INTO live_events (type, entity_id, version, appointment_id, admins, user_ids) VALUES ${sql.join(values)}`.execute(t.app.db);
}

const admin = (): LiveSubscriber => ({ kind: 'user', userId: randomUUID(), isAdmin: true, sessionId: randomUUID() });

it.each(LIVE_EVENT_TYPES)('%s: an event of that kind reaches a subscriber as that kind', async (type) => {
  const user = randomUUID();
  const received = subscribe({ kind: 'user', userId: user, isAdmin: false, sessionId: randomUUID() });
  try {
    await publish([type], randomUUID(), user);
    await until(() => received.events.length > 0 || received.controls.length > 0, type);
    expect(received.controls).toEqual([]);
    expect(received.events.map((event) => event.data.type)).toEqual([type]);
  } finally {
    received.stop();
  }
});

it('a bulk write of every kind (more than one notification carries) arrives in order, each as its kind', async () => {
  const received = subscribe(admin());
  const kinds = Array.from({ length: 30 }, (_, index) => LIVE_EVENT_TYPES[index % LIVE_EVENT_TYPES.length]);
  try {
    await publish(kinds, randomUUID(), randomUUID());
    await until(() => received.events.length >= kinds.length || received.controls.length > 0, 'the bulk write');
    expect(received.controls).toEqual([]);
    expect(received.events.map((event) => event.data.type)).toEqual(kinds);
  } finally {
    received.stop();
  }
});

it('a tracking link receives its job’s events of the kinds it follows, and a resume replays them as they were', async () => {
  const appointmentId = randomUUID();
  const tracking: LiveSubscriber = { kind: 'appointment', appointmentId, token: 'abcdefghijklmnopqrstuv' };
  const received = subscribe(tracking);
  const watcher = subscribe(admin());
  try {
    const { rows } = await sql<{ last: string }>`SELECT coalesce(max(id), 0)::text AS last FROM live_events`.execute(t.app.db);
    await publish(LIVE_EVENT_TYPES, appointmentId, randomUUID());
    await until(() => watcher.events.length >= LIVE_EVENT_TYPES.length, 'every kind');
    await until(() => received.events.length >= TRACKING_LINK_KINDS.length, 'the tracking kinds');
    expect(received.events.map((event) => event.data.type)).toEqual([...TRACKING_LINK_KINDS]);

    const replayed = await t.app.liveEvents.replay(tracking, rows[0].last);
    expect(replayed?.map((event) => event.data.type)).toEqual([...TRACKING_LINK_KINDS]);
    const replayedToAdmin = await t.app.liveEvents.replay(admin(), rows[0].last);
    expect(replayedToAdmin?.map((event) => event.data.type)).toEqual([...LIVE_EVENT_TYPES]);
  } finally {
    received.stop();
    watcher.stop();
  }
});

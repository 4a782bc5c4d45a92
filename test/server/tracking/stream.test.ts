/**
 * GET /api/track/:token/events over real HTTP: the same 404 as GET /api/track/:token before any stream starts;
 * then this job's `appointment.updated` events only (ids and version), and `session-ended` once the link is
 * revoked (through this instance or straight in the database, as another instance would) or expires, after which
 * the server ends the response.
 */
import { sql } from 'kysely';
import { call, failure } from '../helpers/http';
import { approvedTechnician, assigned, day, listen, type Person, type Shop, signUp, startShop } from '../helpers/shop';

let shop: Shop;
let base: string;
let customer: Person;
let technician: Person;

beforeAll(async () => {
  shop = await startShop({ env: { LIVE_HEARTBEAT_INTERVAL: '1s' } });
  base = await listen(shop.app);
  customer = await signUp(shop.app);
  technician = await approvedTechnician(shop);
});

afterAll(async () => {
  await shop.close();
});

interface OpenStream {
  status: number;
  contentType: string | null;
  /** Resolves with the text received so far once `pattern` appears in it (fails after `timeoutMs`). */
  waitFor(pattern: RegExp, timeoutMs?: number): Promise<string>;
  /** Resolves once the server has ended the response. */
  ended: Promise<void>;
  close(): void;
}

async function openStream(token: string): Promise<OpenStream> {
  const controller = new AbortController();
  const response = await fetch(`${base}/api/track/${token}/events`, { headers: { accept: 'text/event-stream' }, signal: controller.signal });
  let text = '';
  const waiters: Array<() => void> = [];
  const ended = (async () => {
    if (!response.body) return;
    const decoder = new TextDecoder();
    try {
      for await (const chunk of response.body as unknown as AsyncIterable<Uint8Array>) {
        text += decoder.decode(chunk, { stream: true });
        for (const wake of waiters.splice(0)) wake();
      }
    } catch {
      // aborted by close()
    }
  })();
  return {
    status: response.status,
    contentType: response.headers.get('content-type'),
    ended,
    close: () => controller.abort(),
    async waitFor(pattern, timeoutMs = 5000) {
      const deadline = Date.now() + timeoutMs;
      while (!pattern.test(text)) {
        if (Date.now() > deadline) throw new Error(`timed out waiting for ${pattern} in:\n${text}`);
        await Promise.race([new Promise<void>((resolve) => waiters.push(resolve)), new Promise((resolve) => setTimeout(resolve, 50))]);
      }
      return text;
    },
  };
}

let slot = 0;
const SLOTS = ['09:00', '10:00', '11:00', '14:00', '15:00', '16:00'];
const nextBooking = () => {
  slot += 1;
  return { date: day(2 + Math.floor(slot / SLOTS.length)), slot: SLOTS[slot % SLOTS.length] };
};

const linkOf = async (id: string) => (await call(shop.app, 'GET', `/api/appointments/${id}/tracking-link`, { token: customer.token })).body.token as string;

test('a wrong token gets the same 404 as the page\'s API, and no stream', async () => {
  const response = await fetch(`${base}/api/track/AAAAAAAAAAAAAAAAAAAAAA/events`);
  expect(response.status).toBe(404);
  expect(await response.json()).toEqual(failure('Tracking link not found'));
  expect(response.headers.get('referrer-policy')).toBe('no-referrer');
  expect(response.headers.get('cache-control')).toBe('no-store');
});

test('delivers this job\'s update (id and version), nothing of another job, and ends with session-ended on revoke', async () => {
  const job = await assigned(shop, customer, technician, nextBooking());
  const other = await assigned(shop, customer, technician, nextBooking());
  const token = await linkOf(job.id);
  const stream = await openStream(token);
  try {
    expect(stream.status).toBe(200);
    expect(stream.contentType).toMatch(/^text\/event-stream/);
    await stream.waitFor(/^:/);

    await call(shop.app, 'PATCH', `/api/appointments/${other.id}/status`, { token: technician.token, body: { status: 'in_progress' } });
    const started = await call(shop.app, 'PATCH', `/api/appointments/${job.id}/status`, { token: technician.token, body: { status: 'in_progress' } });
    expect(started.status).toBe(200);
    const text = await stream.waitFor(/event: appointment\.updated\ndata: [^\n]+\n\n/);
    const events = [...text.matchAll(/(?:id: (\d+)\n)?event: appointment\.updated\ndata: ([^\n]+)\n\n/g)];
    expect(events).toHaveLength(1);
    expect(events[0][1]).toMatch(/^\d+$/);
    expect(JSON.parse(events[0][2])).toEqual({ type: 'appointment.updated', id: job.id, version: started.body.version, appointmentId: job.id });
    expect(text).not.toContain(other.id);

    const revoked = await call(shop.app, 'POST', `/api/appointments/${job.id}/tracking-link/revoke`, { token: customer.token });
    expect(revoked.status).toBe(200);
    await stream.waitFor(/event: session-ended\n/);
    await stream.ended; // the server ended the response
    // The old token no longer opens a stream.
    expect((await fetch(`${base}/api/track/${token}/events`)).status).toBe(404);
  } finally {
    stream.close();
  }
});

test('a revoke made outside this instance (straight in the database) ends the stream at once, through the hub', async () => {
  const job = await assigned(shop, customer, technician, nextBooking());
  const token = await linkOf(job.id);
  const stream = await openStream(token);
  try {
    // Just after a heartbeat, so the next is a second away: the end comes from the revoke's notification.
    await stream.waitFor(/event: heartbeat\n/);
    await sql`UPDATE tracking_links SET revoked_at = created_at WHERE token = ${token}`.execute(shop.app.db);
    const text = await stream.waitFor(/event: session-ended\n/, 500);
    expect(text.match(/event: heartbeat\n/g)).toHaveLength(1);
    await stream.ended;
  } finally {
    stream.close();
  }
});

test('a completed job\'s stream ends with session-ended at the first heartbeat after its link expires (test clock)', async () => {
  const job = await assigned(shop, customer, technician, nextBooking());
  const token = await linkOf(job.id);
  const stream = await openStream(token);
  const start = shop.clock.now();
  try {
    await stream.waitFor(/^:/);
    await call(shop.app, 'PATCH', `/api/appointments/${job.id}/status`, { token: technician.token, body: { status: 'in_progress' } });
    const done = await call(shop.app, 'PATCH', `/api/appointments/${job.id}/status`, { token: technician.token, body: { status: 'completed' } });
    expect(done.status).toBe(200);
    // Both changes arrived and a heartbeat after them: the job is done, its link still works.
    const before = await stream.waitFor(/event: appointment\.updated[^]*event: appointment\.updated[^]*event: heartbeat/);
    expect(before).not.toContain('session-ended');
    shop.clock.advance(30 * 86_400_000 + 1000);
    await stream.waitFor(/event: session-ended\n/, 2000);
    await stream.ended;
  } finally {
    shop.clock.advance(start - shop.clock.now());
    stream.close();
  }
});

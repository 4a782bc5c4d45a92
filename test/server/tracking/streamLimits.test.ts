/**
 * TRACKING_STREAMS_PER_TOKEN and TRACKING_STREAMS_PER_IP over real HTTP: simultaneous GET /api/track/:token/events
 * streams from real client addresses (127.0.0.x, each its own IP), one more than a cap is refused with 429 in the
 * contract's error shape and a Retry-After, the others stay open, and a closed stream gives its place back.
 */
import { type IncomingHttpHeaders, request as httpRequest } from 'node:http';
import { sql } from 'kysely';
import { loadConfig } from '../../../server/src/config';
import { call, failure } from '../helpers/http';
import { approvedTechnician, assigned, day, listen, type Person, type Shop, signUp, startShop, SLOTS } from '../helpers/shop';

const PER_TOKEN = 3;
const PER_IP = 4;
const FOR_LINK = failure('Too many live views of this tracking link are open. Close one and try again.');
const FROM_ADDRESS = failure('Too many live tracking views are open from this address. Close one and try again.');
/** Seconds a refused stream is told to wait (server/README.md § Tracking links). */
const RETRY_AFTER = '30';

let shop: Shop;
let port: number;
let customer: Person;
let technician: Person;

beforeAll(async () => {
  shop = await startShop({
    env: {
      LIVE_HEARTBEAT_INTERVAL: '1s',
      TRACKING_STREAMS_PER_TOKEN: String(PER_TOKEN),
      TRACKING_STREAMS_PER_IP: String(PER_IP),
      TRACKING_REQUESTS_PER_IP_PER_MINUTE: '100000',
    },
  });
  port = Number(new URL(await listen(shop.app)).port);
  customer = await signUp(shop.app);
  technician = await approvedTechnician(shop);
});

afterAll(async () => {
  for (const stream of opened.splice(0)) stream.close();
  await shop.close();
});

let booking = 0;
/** A new job's tracking token. */
async function newLink(): Promise<string> {
  booking += 1;
  const job = await assigned(shop, customer, technician, { date: day(2 + Math.floor(booking / SLOTS.length)), slot: SLOTS[booking % SLOTS.length] });
  const link = await call(shop.app, 'GET', `/api/appointments/${job.id}/tracking-link`, { token: customer.token });
  return link.body.token as string;
}

interface Answer {
  status: number;
  headers: IncomingHttpHeaders;
  /** The refusal's JSON; undefined for a stream. */
  body: unknown;
  /** The stream's text so far. */
  text(): string;
  close(): void;
}

const opened: Answer[] = [];

/** GET /api/track/:token/events on its own connection from the client address `from`. */
function openStream(token: string, from: string): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const req = httpRequest(
      { host: '127.0.0.1', port, path: `/api/track/${token}/events`, localAddress: from, agent: false, headers: { accept: 'text/event-stream' } },
      (res) => {
        let text = '';
        res.setEncoding('utf8');
        res.on('data', (chunk: string) => (text += chunk));
        res.on('error', () => undefined);
        const answer = (body: unknown): Answer => ({ status: res.statusCode ?? 0, headers: res.headers, body, text: () => text, close: () => req.destroy() });
        if (res.statusCode === 200) {
          // The server writes a comment line at once: the stream is open (and counted) when it arrives.
          res.once('data', () => {
            const stream = answer(undefined);
            opened.push(stream);
            resolve(stream);
          });
        } else res.on('end', () => resolve(answer(JSON.parse(text))));
      },
    );
    req.on('error', reject);
    req.end();
  });
}

/** Retries opening until it is not refused (the server hears a client's close a moment after it happens). */
async function openOnceFree(token: string, from: string): Promise<Answer> {
  const deadline = Date.now() + 3000;
  for (;;) {
    const answer = await openStream(token, from);
    if (answer.status !== 429 || Date.now() > deadline) return answer;
    await new Promise((done) => setTimeout(done, 50));
  }
}

const statuses = (answers: Answer[]) => answers.map((answer) => answer.status).sort();

describe('per tracking link (TRACKING_STREAMS_PER_TOKEN)', () => {
  it('refuses one stream more than the cap with 429 and its message, keeps the others open, and lets one in again once one closes', async () => {
    const token = await newLink();
    const other = await newLink();
    const streams = await Promise.all(['127.0.1.1', '127.0.1.2', '127.0.1.3'].map((from) => openStream(token, from)));
    expect(statuses(streams)).toEqual([200, 200, 200]);
    for (const stream of streams) expect(stream.headers['retry-after']).toBeUndefined();

    const refused = await openStream(token, '127.0.1.4');
    expect(refused.status).toBe(429);
    expect(refused.body).toEqual(FOR_LINK);
    expect(refused.headers['retry-after']).toBe(RETRY_AFTER);
    expect(refused.headers['content-type']).toMatch(/^application\/json/);
    expect(refused.headers['cache-control']).toBe('no-store');
    expect(refused.headers['referrer-policy']).toBe('no-referrer');

    // Another link, from the same address, is not affected; the open streams still get their heartbeats.
    expect((await openStream(other, '127.0.1.4')).status).toBe(200);
    await new Promise((done) => setTimeout(done, 1300));
    for (const stream of streams) expect(stream.text()).toContain('event: heartbeat');

    streams[0].close();
    expect((await openOnceFree(token, '127.0.1.4')).status).toBe(200);
    expect((await openStream(token, '127.0.1.5')).body).toEqual(FOR_LINK);
  });

  it('of simultaneous requests for one link, exactly the cap get a stream', async () => {
    const token = await newLink();
    const answers = await Promise.all(Array.from({ length: 10 }, (_, i) => openStream(token, `127.0.2.${i + 1}`)));
    expect(statuses(answers)).toEqual([...Array(PER_TOKEN).fill(200), ...Array(10 - PER_TOKEN).fill(429)]);
    for (const refused of answers.filter((answer) => answer.status === 429)) {
      expect(refused.body).toEqual(FOR_LINK);
      expect(refused.headers['retry-after']).toBe(RETRY_AFTER);
    }
  });
});

describe('per client address (TRACKING_STREAMS_PER_IP)', () => {
  it('refuses one stream more than the cap from one address, whatever the link; other addresses still get theirs', async () => {
    const [a, b, c] = [await newLink(), await newLink(), await newLink()];
    const streams = await Promise.all([a, a, b, b].map((token) => openStream(token, '127.0.3.1')));
    expect(statuses(streams)).toEqual([200, 200, 200, 200]);

    const refused = await openStream(c, '127.0.3.1');
    expect(refused.status).toBe(429);
    expect(refused.body).toEqual(FROM_ADDRESS);
    expect(refused.headers['retry-after']).toBe(RETRY_AFTER);
    expect(refused.headers['cache-control']).toBe('no-store');
    expect((await openStream(c, '127.0.3.2')).status).toBe(200);

    streams[3].close();
    expect((await openOnceFree(c, '127.0.3.1')).status).toBe(200);
  });

  it('of simultaneous requests from one address, exactly the cap get a stream', async () => {
    const links = await Promise.all(Array.from({ length: 5 }, () => newLink()));
    const answers = await Promise.all(Array.from({ length: 10 }, (_, i) => openStream(links[i % links.length], '127.0.4.1')));
    expect(statuses(answers)).toEqual([...Array(PER_IP).fill(200), ...Array(10 - PER_IP).fill(429)]);
    for (const refused of answers.filter((answer) => answer.status === 429)) {
      expect(refused.body).toEqual(FROM_ADDRESS);
      expect(refused.headers['retry-after']).toBe(RETRY_AFTER);
    }
  });

  it('a wrong token is still 404, not a 429, even from an address at its cap', async () => {
    const links = await Promise.all(Array.from({ length: 2 }, () => newLink()));
    await Promise.all([0, 0, 1, 1].map((i) => openStream(links[i], '127.0.5.1')));
    const wrong = await openStream('AAAAAAAAAAAAAAAAAAAAAA', '127.0.5.1');
    expect(wrong.status).toBe(404);
    expect(wrong.body).toEqual(failure('Tracking link not found'));
    expect(wrong.headers['retry-after']).toBeUndefined();
  });

  it('a client that leaves while its stream is being opened holds no place', async () => {
    const links = await Promise.all(Array.from({ length: 2 }, () => newLink()));
    // The link check waits on a lock held here, the clients give up meanwhile, then the check goes on: each stream
    // opens on a connection that is already closed.
    await shop.app.db.transaction().execute(async (trx) => {
      await sql`LOCK TABLE tracking_links IN ACCESS EXCLUSIVE MODE`.execute(trx);
      const abandoned = [0, 0, 1, 1].map((i) => {
        const req = httpRequest({ host: '127.0.0.1', port, path: `/api/track/${links[i]}/events`, localAddress: '127.0.6.1', agent: false });
        req.on('error', () => undefined);
        req.end();
        return req;
      });
      await new Promise((done) => setTimeout(done, 300));
      for (const req of abandoned) req.destroy();
      await new Promise((done) => setTimeout(done, 100));
    });
    const streams = await Promise.all([0, 0, 1, 1].map((i) => openOnceFree(links[i], '127.0.6.1')));
    expect(statuses(streams)).toEqual([200, 200, 200, 200]);
  });
});

describe('the settings', () => {
  it('default to 10 streams per link and 20 per address, each a whole number from 1', () => {
    expect(loadConfig({}).live).toMatchObject({ trackingStreamsPerToken: 10, trackingStreamsPerIp: 20 });
    expect(loadConfig({ TRACKING_STREAMS_PER_TOKEN: '2', TRACKING_STREAMS_PER_IP: '7' }).live).toMatchObject({ trackingStreamsPerToken: 2, trackingStreamsPerIp: 7 });
    expect(() => loadConfig({ TRACKING_STREAMS_PER_TOKEN: '0' })).toThrow('TRACKING_STREAMS_PER_TOKEN must be a whole number between 1 and 10000 (got "0")');
    expect(() => loadConfig({ TRACKING_STREAMS_PER_IP: 'many' })).toThrow('TRACKING_STREAMS_PER_IP must be a whole number between 1 and 100000 (got "many")');
  });
});

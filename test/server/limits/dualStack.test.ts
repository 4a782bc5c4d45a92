/**
 * An IPv4 client of a dual-stack socket, over real connections. With `HOST=::` the server listens on IPv6 and IPv4
 * at once, and a client that connects over IPv4 is seen as `::ffff:127.0.0.1`. The per-IP limits must count it as
 * `127.0.0.1` (limits/addresses.ts): else the same client would have two budgets, and its key would be an IPv6 /64
 * (`::/64`) shared with every other IPv4 client. test/server/limits/addresses.test.ts checks the key of that string
 * and clientAddress.test.ts injects it; here the operating system writes it.
 */
import { spawnSync } from 'node:child_process';
import { request as httpRequest } from 'node:http';
import type { AddressInfo, Socket } from 'node:net';
import { startTestApp, type TestApp } from '../helpers/testApp';
import { from, TOO_MANY_REQUESTS } from './helpers';

/** Listens on `::1` and connects to it, in a child process (describe must know before any test runs). */
const PROBE = `
const net = require('node:net');
const fail = (error) => { console.log(error.code || error.message); process.exit(1); };
const server = net.createServer((socket) => socket.end()).on('error', fail);
server.listen({ host: '::1', port: 0 }, () => {
  net.connect({ host: '::1', port: server.address().port }, () => process.exit(0)).on('error', fail);
});
setTimeout(() => fail(new Error('no connection within 5 s')), 5000);
`;

/** Why this machine cannot run these tests (it has no IPv6 loopback), or null. */
function noIpv6Loopback(): string | null {
  // The probe gives up on ::1 after 5 s by itself; starting Node on a loaded machine can take longer than that, so
  // the child's own limit is generous and, when hit, named as what it is rather than as a missing ::1.
  const probe = spawnSync(process.execPath, ['-e', PROBE], { encoding: 'utf8', timeout: 60_000 });
  if (probe.error) throw new Error(`the IPv6 loopback probe did not finish: ${probe.error.message}`);
  return probe.status === 0 ? null : `no IPv6 loopback on this machine: listening on or connecting to ::1 failed (${probe.stdout.trim() || `exit ${probe.status}`})`;
}

const skipReason = noIpv6Loopback();
const describeDualStack = skipReason === null ? describe : describe.skip;
// Jest lists a skipped suite without its name: say why where the run's output shows it.
if (skipReason !== null) console.warn(`test/server/limits/dualStack.test.ts skipped: ${skipReason}`);

const BUDGET = 3;

interface Answer {
  status: number;
  body: unknown;
  retryAfter: string | undefined;
}

describeDualStack(`per-IP limits on a server listening on :: (dual-stack)${skipReason === null ? '' : ` — skipped: ${skipReason}`}`, () => {
  let t: TestApp;
  let port: number;
  /** The peer address of every connection the server accepted, as Node gives it. */
  const peers: string[] = [];

  beforeAll(async () => {
    t = await startTestApp({ env: { REQUESTS_PER_IP_PER_MINUTE: String(BUDGET) } });
    t.app.server.on('connection', (socket: Socket) => peers.push(socket.remoteAddress ?? '?'));
    // As server/src/main.ts listens with HOST=:: (no ipv6Only: Node accepts IPv4 there too).
    await t.app.listen({ host: '::', port: 0 });
    port = (t.app.server.address() as AddressInfo).port;
  });

  afterAll(async () => t.close());

  /** GET /api/catalog on a connection of its own to `host` (`127.0.0.1`: over IPv4; `::1`: over IPv6). */
  function get(host: string): Promise<Answer> {
    return new Promise((done, fail) => {
      const req = httpRequest({ host, port, path: '/api/catalog', agent: false }, (res) => {
        let text = '';
        res.setEncoding('utf8');
        res.on('data', (chunk: string) => (text += chunk));
        res.on('end', () => {
          const retryAfter = res.headers['retry-after'];
          done({ status: res.statusCode ?? 0, body: JSON.parse(text), retryAfter: retryAfter === undefined ? undefined : String(retryAfter) });
        });
      });
      req.on('error', fail);
      req.end();
    });
  }

  /** The per-IP request limit's counters: key → hits. */
  async function requestCounters(): Promise<Record<string, number>> {
    const rows = await t.app.db.selectFrom('rate_limit_counters').select(['key', 'hits']).where('rule', '=', 'requests').execute();
    return Object.fromEntries(rows.map((row) => [row.key, row.hits]));
  }

  it('an IPv4 client is seen as ::ffff:127.0.0.1, counted under 127.0.0.1, and refused with 429 once its budget is spent', async () => {
    for (let i = 0; i < BUDGET; i += 1) expect((await get('127.0.0.1')).status).toBe(200);
    expect(peers).toEqual(Array(BUDGET).fill('::ffff:127.0.0.1'));
    expect(await requestCounters()).toEqual({ '127.0.0.1': BUDGET });

    expect(await get('127.0.0.1')).toEqual({ status: 429, body: TOO_MANY_REQUESTS, retryAfter: '60' });
    expect(peers.at(-1)).toBe('::ffff:127.0.0.1');

    // An IPv6 client of the same socket is another client, with its own budget (its /64).
    expect((await get('::1')).status).toBe(200);
    expect(peers.at(-1)).toBe('::1');
    expect(await requestCounters()).toEqual({ '127.0.0.1': BUDGET + 1, '::/64': 1 });
  });

  it('requests from 127.0.0.1 and over the IPv4-mapped connection spend one budget', async () => {
    t.clock.advance(60_000); // a new window
    expect((await from(t.app, '127.0.0.1', 'GET', '/api/catalog')).status).toBe(200);
    expect((await get('127.0.0.1')).status).toBe(200);
    expect((await from(t.app, '127.0.0.1', 'GET', '/api/catalog')).status).toBe(200);
    expect(await requestCounters()).toMatchObject({ '127.0.0.1': BUDGET });
    expect(await get('127.0.0.1')).toEqual({ status: 429, body: TOO_MANY_REQUESTS, retryAfter: '60' });
    expect(await from(t.app, '127.0.0.1', 'GET', '/api/catalog')).toEqual({ status: 429, body: TOO_MANY_REQUESTS, retryAfter: '60' });
    expect(peers.at(-1)).toBe('::ffff:127.0.0.1');
  });
});

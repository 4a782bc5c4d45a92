import { request as httpRequest } from 'node:http';
import { connect, type Socket } from 'node:net';
import { type ServerProcess, startServerProcess } from '../helpers/serverProcess';

/**
 * Silent connections and MAX_CONNECTIONS_PER_IP on the real server in a child process (server/src/main.ts), over
 * real sockets from real client addresses: 127.0.0.x are all this machine, and each is its own client IP.
 */

jest.setTimeout(120_000);

const SERVER = '127.0.0.1';
const HEADERS_TIMEOUT_MS = 2_000;
const PER_IP = 20;
/** Time a loaded machine may add to a timer or a close reaching the client. */
const SLACK_MS = 1_000;
const sleep = (ms: number) => new Promise((done) => setTimeout(done, ms));

interface RawConnection {
  socket: Socket;
  openedAt: number;
  received(): string;
  /** Resolves with the time the connection closed. */
  closed: Promise<number>;
}

/** A TCP connection from `from` that sends nothing unless told; it reads, so a close by the server is seen at once. */
function openSocket(port: number, from: string): Promise<RawConnection> {
  return new Promise((done, fail) => {
    const socket = connect({ port, host: SERVER, localAddress: from });
    let text = '';
    socket.setEncoding('utf8');
    socket.on('data', (chunk: string) => (text += chunk));
    socket.on('error', () => undefined);
    const closed = new Promise<number>((resolveClose) => socket.on('close', () => resolveClose(Date.now())));
    socket.once('connect', () => done({ socket, openedAt: Date.now(), received: () => text, closed }));
    socket.once('error', fail);
  });
}

interface Answer {
  status: number;
  body: string;
}

/** One request on its own connection from `from`; the answer, or the network error's code. */
function send(port: number, path: string, { from = SERVER, method = 'GET', headers = {}, body }: { from?: string; method?: string; headers?: Record<string, string>; body?: unknown } = {}): Promise<Answer | string> {
  return new Promise((done) => {
    const req = httpRequest(
      { host: SERVER, port, path, method, localAddress: from, agent: false, headers: { ...headers, ...(body !== undefined && { 'content-type': 'application/json' }) } },
      (res) => {
        let text = '';
        res.setEncoding('utf8');
        res.on('data', (chunk: string) => (text += chunk));
        res.on('end', () => done({ status: res.statusCode ?? 0, body: text }));
        res.on('error', (error: NodeJS.ErrnoException) => done(error.code ?? 'ERROR'));
      },
    );
    req.on('error', (error: NodeJS.ErrnoException) => done(error.code ?? 'ERROR'));
    req.setTimeout(5_000, () => req.destroy(Object.assign(new Error('timeout'), { code: 'TIMEOUT' })));
    req.end(body === undefined ? undefined : JSON.stringify(body));
  });
}

async function json(port: number, path: string, options: Parameters<typeof send>[2] = {}): Promise<{ status: number; body: Record<string, unknown> }> {
  const answer = await send(port, path, options);
  if (typeof answer === 'string') throw new Error(`${path}: ${answer}`);
  return { status: answer.status, body: JSON.parse(answer.body) };
}

/** An event stream read over its own connection: its text so far, and whether the server ended it. */
function openStream(port: number, path: string, token?: string): Promise<{ status: number; text(): string; ended(): boolean; close(): void }> {
  return new Promise((done, fail) => {
    const req = httpRequest(
      { host: SERVER, port, path, agent: false, headers: { accept: 'text/event-stream', ...(token && { authorization: `Bearer ${token}` }) } },
      (res) => {
        let text = '';
        let ended = false;
        res.setEncoding('utf8');
        res.on('data', (chunk: string) => (text += chunk));
        res.on('close', () => (ended = true));
        res.on('error', () => undefined);
        done({ status: res.statusCode ?? 0, text: () => text, ended: () => ended, close: () => req.destroy() });
      },
    );
    req.on('error', fail);
    req.end();
  });
}

const ADMIN = { email: 'net-admin@carcare.test', password: 'net-admin-password' };
let capped: ServerProcess;
let proxied: ServerProcess;

beforeAll(async () => {
  capped = startServerProcess({
    DATA_DIR: 'memory://',
    MAX_CONNECTIONS_PER_IP: String(PER_IP),
    HEADERS_TIMEOUT: `${HEADERS_TIMEOUT_MS}ms`,
    REQUEST_TIMEOUT: '3s',
    KEEP_ALIVE_TIMEOUT: '3s',
    CONNECTION_TIMEOUT: '4s',
    LIVE_HEARTBEAT_INTERVAL: '500ms',
    ADMIN_EMAIL: ADMIN.email,
    ADMIN_PASSWORD: ADMIN.password,
  });
  proxied = startServerProcess({
    DATA_DIR: 'memory://',
    TRUST_PROXY: '127.0.0.3',
    MAX_CONNECTIONS_PER_IP: '5',
    HEADERS_TIMEOUT: `${HEADERS_TIMEOUT_MS}ms`,
    REQUEST_TIMEOUT: '3s',
  });
  await Promise.all([capped.port, proxied.port]);
});

afterAll(async () => {
  for (const server of [capped, proxied]) {
    server?.kill();
    await server?.exited;
  }
});

describe('silent connections and MAX_CONNECTIONS_PER_IP', () => {
  it('one address holding three times the cap in silent sockets: those over it are dropped at once, the rest closed with 408 within HEADERS_TIMEOUT, and another client is answered all along', async () => {
    const port = await capped.port;
    // The normal client (127.0.0.1) asks every 100 ms from before the flood until every silent socket is gone.
    const answers: Array<Answer | string> = [];
    let flooding = true;
    const normalClient = (async () => {
      while (flooding) {
        answers.push(await send(port, '/api/health'));
        answers.push(await send(port, '/api/catalog'));
        await sleep(100);
      }
    })();

    const silent = await Promise.all(Array.from({ length: 3 * PER_IP }, () => openSocket(port, '127.0.0.2')));
    const closedAt = await Promise.all(silent.map((connection) => connection.closed));
    flooding = false;
    await normalClient;

    const lifetimes = silent.map((connection, i) => closedAt[i] - connection.openedAt);
    const dropped = silent.filter((_, i) => lifetimes[i] < HEADERS_TIMEOUT_MS / 2);
    const held = silent.filter((_, i) => lifetimes[i] >= HEADERS_TIMEOUT_MS / 2);
    // Over the cap: closed as soon as accepted, nothing written.
    expect(dropped).toHaveLength(2 * PER_IP);
    for (const connection of dropped) expect(connection.received()).toBe('');
    // Within it: closed HEADERS_TIMEOUT after they opened, with the contract's 408.
    expect(held).toHaveLength(PER_IP);
    for (const connection of held) {
      const lifetime = closedAt[silent.indexOf(connection)] - connection.openedAt;
      expect(lifetime).toBeGreaterThanOrEqual(HEADERS_TIMEOUT_MS - 100);
      expect(lifetime).toBeLessThan(HEADERS_TIMEOUT_MS + SLACK_MS);
      expect(connection.received()).toMatch(/^HTTP\/1\.1 408 Request Timeout\r\n[\s\S]*\r\n\r\n\{"message":"Request timed out","success":false\}$/);
    }

    // The other client got every answer, the whole time.
    expect(answers.length).toBeGreaterThanOrEqual(10);
    expect(answers.filter((answer) => typeof answer === 'string' || answer.status !== 200)).toEqual([]);

    // The silent sockets gave their places back: the flooding address is served again.
    expect(await send(port, '/api/health', { from: '127.0.0.2' })).toEqual({ status: 200, body: '{"status":"ok"}' });
    expect(capped.child.exitCode).toBeNull();
    expect(capped.lines.join('\n')).not.toMatch(/EMFILE|Error:/);
  });

  it('keep-alive requests and event streams outlive HEADERS_TIMEOUT (and CONNECTION_TIMEOUT): only a first request that never arrives is cut off', async () => {
    const port = await capped.port;
    const admin = await json(port, '/api/auth/login', { method: 'POST', body: ADMIN });
    expect(admin.status).toBe(200);
    // A customer's job, for its tracking link.
    const registration = { email: 'net-customer@carcare.test', password: 'net-customer-1', fullName: 'Net Customer', phoneNumber: '555-0100', address: '1 Road', role: 'CUSTOMER' };
    const customer = await json(port, '/api/auth/register/customer', { method: 'POST', body: registration });
    expect(customer.status).toBe(201);
    const catalog = await json(port, '/api/catalog');
    const serviceType = (catalog.body.serviceTypes as Array<{ code: string }>)[0].code;
    const tomorrow = new Date(Date.now() + 86_400_000).toISOString().slice(0, 10);
    const bearer = { authorization: `Bearer ${customer.body.token as string}` };
    const job = await json(port, '/api/appointments', { method: 'POST', headers: bearer, body: { plate: 'NET-0001', serviceType, date: tomorrow, slot: '09:00' } });
    expect(job.status).toBe(201);
    const link = await json(port, `/api/appointments/${job.body.id as string}/tracking-link`, { headers: bearer });
    expect(link.status).toBe(200);

    const events = await openStream(port, '/api/events', admin.body.token as string);
    const tracking = await openStream(port, `/api/track/${link.body.token as string}/events`);
    expect([events.status, tracking.status]).toEqual([200, 200]);

    // One kept-alive connection, a request every 1.5 s: its third comes long after HEADERS_TIMEOUT from its opening.
    const keptAlive = await openSocket(port, SERVER);
    for (let i = 1; i <= 3; i += 1) {
      keptAlive.socket.write('GET /api/health HTTP/1.1\r\nHost: localhost\r\n\r\n');
      while ((keptAlive.received().match(/\{"status":"ok"\}/g) ?? []).length < i) await sleep(20);
      if (i < 3) await sleep(1_500);
    }
    expect(keptAlive.received().match(/HTTP\/1\.1 200 /g)).toHaveLength(3);
    expect(keptAlive.socket.destroyed).toBe(false);
    keptAlive.socket.destroy();

    // Both streams have been open for over 3 s by now; another 2 s takes them past CONNECTION_TIMEOUT too.
    await sleep(2_000);
    for (const stream of [events, tracking]) {
      expect(stream.ended()).toBe(false);
      expect((stream.text().match(/event: heartbeat\n/g) ?? []).length).toBeGreaterThanOrEqual(8);
      stream.close();
    }
  });
});

describe('MAX_CONNECTIONS_PER_IP and TRUST_PROXY', () => {
  it('connections from the trusted proxy are not capped (its clients share its address); another address still is', async () => {
    const port = await proxied.port;
    const throughProxy = await Promise.all(Array.from({ length: 12 }, () => openSocket(port, '127.0.0.3')));
    const direct = await Promise.all(Array.from({ length: 12 }, () => openSocket(port, '127.0.0.4')));
    await sleep(500);

    // Every connection of the proxy is open and serves its request.
    expect(throughProxy.filter((connection) => connection.socket.destroyed)).toEqual([]);
    for (const connection of throughProxy) connection.socket.write('GET /api/health HTTP/1.1\r\nHost: localhost\r\nConnection: close\r\n\r\n');
    await Promise.all(throughProxy.map((connection) => connection.closed));
    for (const connection of throughProxy) expect(connection.received()).toMatch(/^HTTP\/1\.1 200 [\s\S]*\{"status":"ok"\}$/);

    // The direct client keeps five; the rest were dropped on arrival.
    expect(direct.filter((connection) => !connection.socket.destroyed)).toHaveLength(5);
    for (const connection of direct) connection.socket.destroy();
  });
});

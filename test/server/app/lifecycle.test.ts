import { get as httpGet } from 'node:http';
import { connect, type Socket } from 'node:net';
import { type ServerProcess, startServerProcess } from '../helpers/serverProcess';

/**
 * The real server in a child process (server/src/main.ts with the embedded database in memory): its connection
 * limits, timeouts and graceful shutdown can only be seen over real sockets.
 */

jest.setTimeout(90_000);

const HOST = '127.0.0.1';
const sleep = (ms: number) => new Promise((done) => setTimeout(done, ms));

interface Answer {
  status: number;
  body: string;
}

/** GET on a fresh connection; resolves with the answer, or with the network error's code. */
function get(port: number, path: string): Promise<Answer | string> {
  return new Promise((done) => {
    const req = httpGet({ host: HOST, port, path, agent: false }, (res) => {
      let body = '';
      res.setEncoding('utf8');
      res.on('data', (chunk: string) => (body += chunk));
      res.on('end', () => done({ status: res.statusCode ?? 0, body }));
      res.on('error', (error: NodeJS.ErrnoException) => done(error.code ?? 'ERROR'));
    });
    req.on('error', (error: NodeJS.ErrnoException) => done(error.code ?? 'ERROR'));
    req.setTimeout(5_000, () => req.destroy(Object.assign(new Error('timeout'), { code: 'TIMEOUT' })));
  });
}

/** A raw TCP connection whose 'close' is observed (the socket is read, so a server FIN is seen at once). */
function openSocket(port: number): Promise<{ socket: Socket; received: () => string; closed: Promise<void> }> {
  return new Promise((done, fail) => {
    const socket = connect(port, HOST);
    let text = '';
    socket.setEncoding('utf8');
    socket.on('data', (chunk: string) => (text += chunk));
    socket.on('error', () => undefined);
    const closed = new Promise<void>((resolveClose) => socket.on('close', () => resolveClose()));
    socket.once('connect', () => done({ socket, received: () => text, closed }));
    socket.once('error', fail);
  });
}

async function within<T>(promise: Promise<T>, ms: number, what: string): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, fail) => {
    timer = setTimeout(() => fail(new Error(`${what}: not within ${ms} ms`)), ms);
  });
  try {
    return await Promise.race([promise, timeout]);
  } finally {
    clearTimeout(timer);
  }
}

const GRACE_MS = 3_000;
/** Both servers start together (starting is most of this file's time). */
let limited: ServerProcess;
let stopping: ServerProcess;

beforeAll(async () => {
  limited = startServerProcess({
    DATA_DIR: 'memory://',
    MAX_CONNECTIONS: '50',
    HEADERS_TIMEOUT: '2s',
    REQUEST_TIMEOUT: '3s',
    KEEP_ALIVE_TIMEOUT: '1s',
  });
  stopping = startServerProcess({
    DATA_DIR: 'memory://',
    SHUTDOWN_GRACE: `${GRACE_MS}ms`,
    HEADERS_TIMEOUT: '60s',
    REQUEST_TIMEOUT: '60s',
    KEEP_ALIVE_TIMEOUT: '60s',
  });
  await Promise.all([limited.port, stopping.port]);
});

afterAll(async () => {
  for (const server of [limited, stopping]) {
    server?.kill();
    await server?.exited;
  }
});

describe('connection limits and timeouts', () => {
  let server: ServerProcess;
  let port: number;

  beforeAll(async () => {
    server = limited;
    port = await server.port;
  });

  it('300 idle connections: those over MAX_CONNECTIONS are dropped, the rest closed after HEADERS_TIMEOUT, then /api/health answers', async () => {
    const sockets = await Promise.all(Array.from({ length: 300 }, () => openSocket(port).catch(() => null)));
    const opened = sockets.filter((entry) => entry !== null);
    // The cap is reached: the server drops connections beyond it (the health check's too).
    const whileFull = await get(port, '/api/health');
    expect(whileFull).not.toEqual(expect.objectContaining({ status: 200 }));

    const started = Date.now();
    await within(Promise.all(opened.map((entry) => entry.closed)), 8_000, 'every idle connection closed');
    expect(Date.now() - started).toBeLessThan(8_000);

    expect(await get(port, '/api/health')).toEqual({ status: 200, body: '{"status":"ok"}' });
    expect(server.child.exitCode).toBeNull();
    expect(server.lines.join('\n')).not.toMatch(/EMFILE|Error:/);
  });

  it('a connection that sends its headers too slowly gets 408 and is closed after HEADERS_TIMEOUT', async () => {
    const { socket, received, closed } = await openSocket(port);
    socket.write('GET /api/health HTTP/1.1\r\nHost: localhost\r\n');
    const drip = setInterval(() => socket.write('X-Slow: 1\r\n'), 200);
    try {
      await within(closed, 6_000, 'slow-headers connection closed');
    } finally {
      clearInterval(drip);
    }
    expect(received()).toMatch(/^HTTP\/1\.1 408 /);
  });

  it('an idle keep-alive connection is closed after KEEP_ALIVE_TIMEOUT', async () => {
    const { socket, received, closed } = await openSocket(port);
    socket.write('GET /api/health HTTP/1.1\r\nHost: localhost\r\nConnection: keep-alive\r\n\r\n');
    const answered = Date.now();
    await within(closed, 4_000, 'idle keep-alive connection closed');
    expect(received()).toMatch(/^HTTP\/1\.1 200 [\s\S]*\{"status":"ok"\}$/);
    expect(Date.now() - answered).toBeGreaterThanOrEqual(900);
  });

  it('a request the client aborts is logged as one info line without a stack trace', async () => {
    const before = server.lines.length;
    const { socket } = await openSocket(port);
    socket.write('POST /api/auth/login HTTP/1.1\r\nHost: localhost\r\nContent-Type: application/json\r\nContent-Length: 100\r\n\r\n{"email":');
    await sleep(200);
    socket.destroy();
    const line = await server.waitForLine(/request aborted by the client/, 10_000);
    await sleep(300); // anything else it would log comes with the same event
    const logged = server.lines.slice(before);
    expect(logged).toEqual([line]);
    expect(JSON.parse(line)).toEqual(
      expect.objectContaining({ level: 30, msg: 'request aborted by the client', method: 'POST', url: '/api/auth/login' }),
    );
    expect(line).not.toMatch(/stack|"err"/);
  });
});

describe('graceful shutdown (SIGTERM)', () => {
  let server: ServerProcess;
  let port: number;

  beforeAll(async () => {
    server = stopping;
    port = await server.port;
  });

  it('finishes the request in flight, closes idle connections at once, cuts a slow client off after the grace period, exits 0', async () => {
    // A keep-alive connection that has been answered and is now idle.
    const idle = await openSocket(port);
    idle.socket.write('GET /api/health HTTP/1.1\r\nHost: localhost\r\n\r\n');
    await within(
      (async () => {
        while (!idle.received().endsWith('{"status":"ok"}')) await sleep(20);
      })(),
      5_000,
      'keep-alive answer',
    );
    // A client that sends its headers a byte at a time, never finishing them.
    const slow = await openSocket(port);
    slow.socket.write('GET /api/health HTTP/1.1\r\nHost: localhost\r\nX-');
    const drip = setInterval(() => slow.socket.write('a'), 100);
    // A normal request, started before the signal: its body is still on its way.
    const body = JSON.stringify({ email: 'nobody@example.com', password: 'not-the-password' });
    const inFlight = await openSocket(port);
    inFlight.socket.write(
      `POST /api/auth/login HTTP/1.1\r\nHost: localhost\r\nContent-Type: application/json\r\nContent-Length: ${body.length}\r\n\r\n${body.slice(0, 10)}`,
    );
    await sleep(300);

    const signalled = Date.now();
    server.child.kill('SIGTERM');
    try {
      // Idle connections go at once, not at the end of the grace period.
      await within(idle.closed, 1_500, 'idle keep-alive connection closed on SIGTERM');
      // No new connections (one accepted in the instant before the listener closes is closed unanswered).
      await server.waitForLine(/SIGTERM received/, 5_000);
      await sleep(100);
      expect(await get(port, '/api/health')).toBe('ECONNREFUSED');

      // The request in flight completes with its real answer.
      inFlight.socket.write(body.slice(10));
      await within(
        (async () => {
          while (!inFlight.received().endsWith('}')) await sleep(20);
        })(),
        GRACE_MS,
        'in-flight request answered',
      );
      expect(inFlight.received()).toMatch(/^HTTP\/1\.1 401 [\s\S]*"success":false/);

      // The slow client does not hold the shutdown up: closed after the grace period, and the process exits 0.
      await within(slow.closed, GRACE_MS + 3_000, 'slow client cut off');
      expect(await within(server.exited, 6_000, 'process exit')).toBe(0);
    } finally {
      clearInterval(drip);
    }
    const elapsed = Date.now() - signalled;
    expect(elapsed).toBeGreaterThanOrEqual(GRACE_MS - 100);
    expect(elapsed).toBeLessThan(GRACE_MS + 5_000);
    expect(server.lines.join('\n')).toMatch(/Shutdown grace period over: closing \d+ open connection/);
  });
});

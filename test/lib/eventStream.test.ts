import { backoffDelay, openEventStream, type EventStream, type StreamMessage, type StreamStatus } from '@/lib/eventStream';

/**
 * A scripted stand-in for the server behind `fetch`: each call is recorded (its headers and signal) and answered
 * from `answers` in order — a status (refused), 'network' (fetch rejects), or 'stream' (a text/event-stream body the
 * test writes to with `send` and ends with `end`). An aborted request's body errors, like a real fetch's.
 */
type Answer = number | 'network' | 'stream';

interface Call {
  headers: Record<string, string>;
  signal: AbortSignal;
  send(text: string): void;
  end(): void;
}

function fakeServer(answers: Answer[], fallback: Answer = 'stream') {
  const calls: Call[] = [];
  const encoder = new TextEncoder();
  const fetchFn = jest.fn(async (_url: RequestInfo | URL, init?: RequestInit): Promise<Response> => {
    const answer = answers.shift() ?? fallback;
    const signal = init?.signal as AbortSignal;
    let controller: ReadableStreamDefaultController<Uint8Array> | null = null;
    let done = false;
    const call: Call = {
      headers: { ...(init?.headers as Record<string, string>) },
      signal,
      send: (text) => controller?.enqueue(encoder.encode(text)),
      end: () => {
        if (done) return;
        done = true;
        controller?.close();
      },
    };
    calls.push(call);
    if (answer === 'network') throw new TypeError('Failed to fetch');
    if (typeof answer === 'number') return new Response(JSON.stringify({ message: 'No' }), { status: answer, headers: { 'Content-Type': 'application/json' } });
    const body = new ReadableStream<Uint8Array>({
      start(c) {
        controller = c;
      },
    });
    signal.addEventListener('abort', () => {
      if (done) return;
      done = true;
      controller?.error(new DOMException('The operation was aborted.', 'AbortError'));
    });
    return new Response(body, { status: 200, headers: { 'Content-Type': 'text/event-stream; charset=utf-8' } });
  });
  return { calls, fetch: fetchFn as unknown as typeof fetch };
}

const flush = () => jest.advanceTimersByTimeAsync(0);

describe('backoffDelay', () => {
  it('stays within [min/2, min(max, min·2^attempt)] and spreads by the random number', () => {
    for (let attempt = 0; attempt < 12; attempt += 1) {
      const ceiling = Math.min(30_000, 1_000 * 2 ** attempt);
      expect(backoffDelay(attempt, 1_000, 30_000, () => 0)).toBe(500);
      expect(backoffDelay(attempt, 1_000, 30_000, () => 1)).toBe(ceiling);
      const middle = backoffDelay(attempt, 1_000, 30_000, () => 0.5);
      expect(middle).toBeGreaterThanOrEqual(500);
      expect(middle).toBeLessThanOrEqual(ceiling);
    }
    expect(backoffDelay(3, 1_000, 30_000, () => 1)).toBe(8_000);
    expect(backoffDelay(30, 1_000, 30_000, () => 1)).toBe(30_000);
    // Real randomness: always inside the bounds.
    for (let i = 0; i < 200; i += 1) {
      const delay = backoffDelay(4, 1_000, 30_000);
      expect(delay).toBeGreaterThanOrEqual(500);
      expect(delay).toBeLessThanOrEqual(16_000);
    }
  });
});

describe('openEventStream', () => {
  let stream: EventStream | null = null;
  beforeEach(() => jest.useFakeTimers());
  afterEach(async () => {
    stream?.close();
    stream = null;
    await flush();
    jest.useRealTimers();
  });

  function open(server: ReturnType<typeof fakeServer>, extra: Partial<Parameters<typeof openEventStream>[0]> = {}) {
    const messages: StreamMessage[] = [];
    const statuses: StreamStatus[] = [];
    let token = 'token-1';
    stream = openEventStream({
      url: 'http://localhost/api/events',
      headers: () => ({ Authorization: `Bearer ${token}` }),
      onMessage: (message) => messages.push(message),
      onStatus: (status) => statuses.push(status),
      minDelayMs: 100,
      maxDelayMs: 800,
      random: () => 1,
      fetch: server.fetch,
      ...extra,
    });
    return { messages, statuses, setToken: (next: string) => (token = next), stream };
  }

  it('sends the bearer header (never a token in the URL), parses events and resumes with Last-Event-ID after a break, with a fresh header', async () => {
    const server = fakeServer(['stream', 'stream']);
    const { messages, statuses, setToken } = open(server);
    await flush();

    expect(server.fetch).toHaveBeenCalledTimes(1);
    expect((server.fetch as jest.Mock).mock.calls[0][0]).toBe('http://localhost/api/events');
    expect(server.calls[0].headers).toEqual({ Authorization: 'Bearer token-1', accept: 'text/event-stream' });
    expect(statuses).toEqual(['connecting', 'open']);

    server.calls[0].send('id: 41\nevent: appointment.updated\ndata: {"type":"appointment.updated","id":"a-1","version":3,"appointmentId":"a-1"}\n\n');
    server.calls[0].send('event: heartbeat\ndata: {}\n\n');
    server.calls[0].send('event: odd\ndata: not json\n\n');
    await flush();
    expect(messages).toEqual([
      { type: 'appointment.updated', id: '41', data: { type: 'appointment.updated', id: 'a-1', version: 3, appointmentId: 'a-1' } },
      { type: 'heartbeat', id: '', data: {} },
      { type: 'odd', id: '', data: undefined },
    ]);

    // The server ends the stream: down, then (after the backoff) a new request with the new token and the last id.
    setToken('token-2');
    server.calls[0].end();
    await flush();
    expect(statuses.at(-1)).toBe('down');
    expect(server.fetch).toHaveBeenCalledTimes(1);
    await jest.advanceTimersByTimeAsync(100); // attempt 0 after a working connection: at most minDelayMs
    expect(server.fetch).toHaveBeenCalledTimes(2);
    expect(server.calls[1].headers).toEqual({ Authorization: 'Bearer token-2', accept: 'text/event-stream', 'last-event-id': '41' });
    expect(statuses.slice(-2)).toEqual(['connecting', 'open']);
  });

  it('backs off exponentially between failed attempts, up to the maximum', async () => {
    const server = fakeServer([], 'network');
    const { statuses } = open(server);
    await flush();
    expect(server.fetch).toHaveBeenCalledTimes(1);
    expect(statuses).toEqual(['connecting', 'down']);

    // random() = 1: each wait is its ceiling — 100, 200, 400, 800, 800 ms.
    for (const [wait, calls] of [
      [100, 2],
      [200, 3],
      [400, 4],
      [800, 5],
      [800, 6],
    ] as const) {
      await jest.advanceTimersByTimeAsync(wait - 1);
      expect(server.fetch).toHaveBeenCalledTimes(calls - 1);
      await jest.advanceTimersByTimeAsync(1);
      expect(server.fetch).toHaveBeenCalledTimes(calls);
    }
  });

  it('a connection that delivers an event resets the backoff', async () => {
    const server = fakeServer(['network', 'network', 'stream'], 'network');
    open(server);
    await flush();
    await jest.advanceTimersByTimeAsync(100);
    await jest.advanceTimersByTimeAsync(200);
    expect(server.fetch).toHaveBeenCalledTimes(3);
    server.calls[2].send('event: heartbeat\ndata: {}\n\n');
    server.calls[2].end();
    await flush();
    await jest.advanceTimersByTimeAsync(100); // back to the first step, not 400 ms
    expect(server.fetch).toHaveBeenCalledTimes(4);
  });

  it('close() aborts the open request and stops every reconnection', async () => {
    const server = fakeServer([], 'stream');
    const { statuses } = open(server);
    await flush();
    expect(server.calls[0].signal.aborted).toBe(false);
    stream?.close();
    await flush();
    expect(server.calls[0].signal.aborted).toBe(true);
    await jest.advanceTimersByTimeAsync(10_000);
    expect(server.fetch).toHaveBeenCalledTimes(1);
    expect(statuses).toEqual(['connecting', 'open']);
  });

  it('close() during the backoff wait stops the stream too', async () => {
    const server = fakeServer([], 'network');
    open(server);
    await flush();
    stream?.close();
    await jest.advanceTimersByTimeAsync(10_000);
    expect(server.fetch).toHaveBeenCalledTimes(1);
  });

  it('a refused 401 asks onRefused; true reconnects at once with the fresh header', async () => {
    const server = fakeServer([401, 'stream']);
    const onRefused = jest.fn<Promise<boolean>, [number]>();
    const handle = { setToken: (_: string) => undefined as unknown };
    onRefused.mockImplementation(async () => {
      handle.setToken('token-refreshed');
      return true;
    });
    const opened = open(server, { onRefused });
    handle.setToken = opened.setToken;
    await flush();
    await flush();
    expect(onRefused).toHaveBeenCalledWith(401);
    expect(server.fetch).toHaveBeenCalledTimes(2);
    expect(server.calls[1].headers.Authorization).toBe('Bearer token-refreshed');
    expect(opened.statuses).toEqual(['connecting', 'connecting', 'open']);
  });

  it('refusals in a row back off instead of hammering the server', async () => {
    const server = fakeServer([], 401);
    const onRefused = jest.fn(() => true);
    open(server, { onRefused });
    await flush();
    await flush();
    expect(server.fetch).toHaveBeenCalledTimes(2); // the first retry is immediate
    await jest.advanceTimersByTimeAsync(99);
    expect(server.fetch).toHaveBeenCalledTimes(2);
    await jest.advanceTimersByTimeAsync(1);
    expect(server.fetch).toHaveBeenCalledTimes(3);
  });

  it('a refusal that onRefused gives up on stops the stream (down, no more requests)', async () => {
    const server = fakeServer([401]);
    const { statuses } = open(server, { onRefused: () => false });
    await flush();
    await jest.advanceTimersByTimeAsync(10_000);
    expect(server.fetch).toHaveBeenCalledTimes(1);
    expect(statuses).toEqual(['connecting', 'down']);
  });

  it('without onRefused a 404 stops the stream; a 503 is retried with backoff', async () => {
    const gone = fakeServer([404]);
    open(gone, { onRefused: undefined });
    await jest.advanceTimersByTimeAsync(10_000);
    expect(gone.fetch).toHaveBeenCalledTimes(1);
    stream?.close();

    const busy = fakeServer([503, 503, 'stream']);
    const onRefused = jest.fn(() => false);
    const { statuses } = open(busy, { onRefused });
    await flush();
    expect(busy.fetch).toHaveBeenCalledTimes(1);
    await jest.advanceTimersByTimeAsync(100);
    await jest.advanceTimersByTimeAsync(200);
    expect(busy.fetch).toHaveBeenCalledTimes(3);
    expect(onRefused).not.toHaveBeenCalled();
    expect(statuses.at(-1)).toBe('open');
  });

  it('reconnect(after) drops the connection, waits for `after` (a token refresh) and reconnects at once without a break', async () => {
    const server = fakeServer(['stream', 'stream']);
    const { statuses, setToken } = open(server);
    await flush();
    server.calls[0].send('id: 7\nevent: appointment.created\ndata: {}\n\n');
    await flush();

    let finishRefresh = () => undefined as unknown;
    const refresh = new Promise<void>((resolve) => (finishRefresh = resolve));
    stream?.reconnect(refresh);
    await flush();
    expect(server.calls[0].signal.aborted).toBe(true);
    expect(server.fetch).toHaveBeenCalledTimes(1); // waits for the refresh
    setToken('token-2');
    finishRefresh();
    await flush();
    expect(server.fetch).toHaveBeenCalledTimes(2);
    expect(server.calls[1].headers).toEqual({ Authorization: 'Bearer token-2', accept: 'text/event-stream', 'last-event-id': '7' });
    expect(statuses).toEqual(['connecting', 'open', 'connecting', 'open']);
  });

  it('a connection silent for longer than idleTimeoutMs is dropped and replaced', async () => {
    const server = fakeServer(['stream', 'stream']);
    const { statuses } = open(server, { idleTimeoutMs: 1_000 });
    await flush();
    await jest.advanceTimersByTimeAsync(900);
    server.calls[0].send('event: heartbeat\ndata: {}\n\n'); // a heartbeat keeps it alive
    await jest.advanceTimersByTimeAsync(900);
    expect(server.calls[0].signal.aborted).toBe(false);
    await jest.advanceTimersByTimeAsync(100);
    expect(server.calls[0].signal.aborted).toBe(true);
    expect(statuses.at(-1)).toBe('down');
    await jest.advanceTimersByTimeAsync(100);
    expect(server.fetch).toHaveBeenCalledTimes(2);
  });
});

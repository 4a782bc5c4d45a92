import { fetchEventSource } from '@microsoft/fetch-event-source';

/**
 * A server-sent event stream read with `fetch` (so a bearer token travels in a header, never in the URL), that
 * reconnects by itself with exponential backoff and jitter, and resumes with `Last-Event-ID`.
 * Used by the signed-in live listener (features/live) and by the public tracking page (features/tracking).
 *
 * Each (re)connection is a new request built from `headers()` at that moment, so a refreshed token is used.
 */
export type StreamStatus = 'connecting' | 'open' | 'down';

/**
 * The `idleTimeoutMs` for this API's streams: two missed heartbeats (contract/live.ts's HEARTBEAT_INTERVAL_MS,
 * 25 s; a value the web may not import, eslint's contract rule) and a margin.
 */
export const STREAM_IDLE_TIMEOUT_MS = 2 * 25_000 + 5_000;

export interface StreamMessage {
  /** The SSE `event:` field ('message' when absent). */
  type: string;
  /** The parsed JSON `data:` (undefined when it was not JSON). */
  data: unknown;
  /** The SSE `id:` field ('' when absent). */
  id: string;
}

export interface EventStreamOptions {
  url: string;
  /** Headers for each connection attempt (e.g. the current Authorization). */
  headers?: () => Record<string, string>;
  onMessage(message: StreamMessage): void;
  /**
   * 'connecting' before each attempt, 'open' once the server answered with a stream, 'down' when a connection
   * failed or ended and the next attempt waits (or the stream stopped for good after a refusal).
   */
  onStatus?(status: StreamStatus): void;
  /**
   * The server refused the stream with this HTTP status (e.g. 401, 404). Resolve true to try again (after a
   * token refresh, say), false to stop for good. Without it, a 4xx stops the stream. 5xx and 429 are always
   * retried with backoff. A first retry after a refusal is immediate; refusals in a row back off.
   */
  onRefused?(status: number): Promise<boolean> | boolean;
  /** Backoff bounds in ms (tests shorten them). */
  minDelayMs?: number;
  maxDelayMs?: number;
  /**
   * A connection that delivers nothing (not even a heartbeat) for this long is taken for dead: it is dropped and
   * the stream reconnects. Off by default; pass a little more than twice the server's heartbeat interval.
   */
  idleTimeoutMs?: number;
  /** The window's fetch by default (tests may pass one). */
  fetch?: typeof fetch;
  /** Math.random by default (tests pass a fixed one to check the backoff). */
  random?: () => number;
}

export interface EventStream {
  /** Ends the stream and every reconnection. */
  close(): void;
  /**
   * Drops the current connection and reconnects at once — after `after` settles, if given (e.g. a token
   * refresh): no backoff, and no 'down' status in between (this is a planned reconnection, not a break).
   */
  reconnect(after?: Promise<unknown>): void;
}

class Refused extends Error {
  constructor(readonly status: number) {
    super(`stream refused: ${status}`);
  }
}

const STREAM_TYPE = 'text/event-stream';

/**
 * Exponential backoff with jitter: a random delay in [min/2, min(max, min·2^attempt)] — spread out so that many
 * clients dropped at once (a server restart) do not all come back in the same instant, never quicker than min/2.
 */
export function backoffDelay(attempt: number, minDelayMs: number, maxDelayMs: number, random: () => number = Math.random): number {
  const ceiling = Math.min(maxDelayMs, minDelayMs * 2 ** attempt);
  const floor = Math.min(minDelayMs / 2, ceiling);
  return Math.round(floor + random() * (ceiling - floor));
}

export function openEventStream(options: EventStreamOptions): EventStream {
  const { minDelayMs = 1_000, maxDelayMs = 30_000, idleTimeoutMs, random = Math.random } = options;
  let closed = false;
  let lastEventId = '';
  /** Failed attempts since the last connection that delivered something: the backoff's exponent. */
  let attempt = 0;
  /** Refusals in a row (a retry after the first one is immediate, after more it backs off). */
  let refusals = 0;
  let current: AbortController | null = null;
  let wake: (() => void) | null = null;
  /** Set by reconnect(): the next attempt waits for this (a token refresh), then connects without backoff. */
  let planned: Promise<unknown> | null = null;
  let idleTimer: ReturnType<typeof setTimeout> | undefined;

  const sleep = (ms: number) =>
    new Promise<void>((resolve) => {
      const timer = setTimeout(done, ms);
      function done() {
        clearTimeout(timer);
        wake = null;
        resolve();
      }
      wake = done;
    });

  function watchIdle(controller: AbortController) {
    clearTimeout(idleTimer);
    if (idleTimeoutMs === undefined) return;
    idleTimer = setTimeout(() => controller.abort(), idleTimeoutMs);
  }

  async function connectOnce(): Promise<void> {
    const controller = new AbortController();
    current = controller;
    // Lower-case names: fetchEventSource adds its own `accept` when there is none under exactly that name.
    const headers: Record<string, string> = { ...(options.headers?.() ?? {}), accept: STREAM_TYPE };
    if (lastEventId) headers['last-event-id'] = lastEventId;
    options.onStatus?.('connecting');
    try {
      await fetchEventSource(options.url, {
        signal: controller.signal,
        headers,
        openWhenHidden: true,
        fetch: options.fetch,
        async onopen(response) {
          if (!response.ok) throw new Refused(response.status);
          if (!response.headers.get('content-type')?.startsWith(STREAM_TYPE)) throw new Error(`not a stream: ${response.headers.get('content-type')}`);
          refusals = 0;
          watchIdle(controller);
          options.onStatus?.('open');
        },
        onmessage(message) {
          attempt = 0; // this connection works: the next break starts the backoff again from the bottom
          watchIdle(controller);
          if (message.id) lastEventId = message.id;
          let data: unknown;
          try {
            data = message.data ? JSON.parse(message.data) : undefined;
          } catch {
            data = undefined;
          }
          options.onMessage({ type: message.event || 'message', data, id: message.id });
        },
        onclose() {
          throw new Error('stream ended by the server');
        },
        onerror(error) {
          throw error; // never retry inside fetchEventSource: the loop below reconnects with fresh headers
        },
      });
    } finally {
      clearTimeout(idleTimer);
    }
  }

  async function run(): Promise<void> {
    while (!closed) {
      while (planned) {
        const after = planned;
        planned = null;
        await after.catch(() => undefined);
      }
      if (closed) return;

      let refused: Refused | null = null;
      try {
        await connectOnce(); // resolves only when aborted: by close(), reconnect() or the idle watch
      } catch (error) {
        if (error instanceof Refused) refused = error;
      }
      if (closed) return;
      if (planned) continue;

      if (refused) {
        const { status } = refused;
        const transient = status >= 500 || status === 429;
        const retry = transient || ((await options.onRefused?.(status)) ?? false);
        if (closed) return;
        if (!retry) {
          closed = true;
          options.onStatus?.('down');
          return;
        }
        refusals += 1;
        if (!transient && refusals === 1) continue; // e.g. 401 → token refreshed → straight back
      }

      options.onStatus?.('down');
      await sleep(backoffDelay(attempt, minDelayMs, maxDelayMs, random));
      if (!planned) attempt += 1;
    }
  }

  void run();
  return {
    close() {
      if (closed) return;
      closed = true;
      current?.abort();
      wake?.();
    },
    reconnect(after) {
      if (closed) return;
      planned = after ?? Promise.resolve();
      current?.abort();
      wake?.();
    },
  };
}

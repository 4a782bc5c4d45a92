import { fetchEventSource } from '@microsoft/fetch-event-source';

/**
 * A server-sent event stream read with `fetch` (so a bearer token travels in a header, never in the URL), that
 * reconnects by itself with exponential backoff and full jitter, and resumes with `Last-Event-ID`.
 * Used by the signed-in live listener (features/live) and by the public tracking page (features/tracking).
 *
 * Each (re)connection is a new request built from `headers()` at that moment, so a refreshed token is used.
 */
export type StreamStatus = 'connecting' | 'open' | 'down';

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
  onStatus?(status: StreamStatus): void;
  /**
   * The server refused the stream with this HTTP status (e.g. 401, 404). Resolve true to try again (after a
   * token refresh, say), false to stop for good. Without it, a 4xx stops the stream.
   */
  onRefused?(status: number): Promise<boolean> | boolean;
  /** Backoff bounds in ms (tests shorten them). */
  minDelayMs?: number;
  maxDelayMs?: number;
  /** The window's fetch by default (tests may pass one). */
  fetch?: typeof fetch;
}

export interface EventStream {
  /** Ends the stream and every reconnection. */
  close(): void;
  /** Drops the current connection and reconnects at once (e.g. after a token refresh). */
  reconnect(): void;
}

class Refused extends Error {
  constructor(readonly status: number) {
    super(`stream refused: ${status}`);
  }
}
class Ended extends Error {}

const STREAM_TYPE = 'text/event-stream';

/** Exponential backoff with full jitter: a random delay in [0, min(max, min·2^attempt)]. */
export function backoffDelay(attempt: number, minDelayMs: number, maxDelayMs: number, random: () => number = Math.random): number {
  const ceiling = Math.min(maxDelayMs, minDelayMs * 2 ** attempt);
  return Math.round(minDelayMs / 2 + random() * (ceiling - minDelayMs / 2));
}

export function openEventStream(options: EventStreamOptions): EventStream {
  const { minDelayMs = 1_000, maxDelayMs = 30_000 } = options;
  let closed = false;
  let lastEventId = '';
  let attempt = 0;
  let current: AbortController | null = null;
  let wake: (() => void) | null = null;
  let immediate = false;

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

  async function connectOnce(): Promise<void> {
    const controller = new AbortController();
    current = controller;
    const headers: Record<string, string> = { Accept: STREAM_TYPE, ...(options.headers?.() ?? {}) };
    if (lastEventId) headers['Last-Event-ID'] = lastEventId;
    options.onStatus?.('connecting');
    await fetchEventSource(options.url, {
      signal: controller.signal,
      headers,
      openWhenHidden: true,
      fetch: options.fetch,
      async onopen(response) {
        if (!response.ok || !response.headers.get('content-type')?.startsWith(STREAM_TYPE)) throw new Refused(response.status);
        attempt = 0;
        options.onStatus?.('open');
      },
      onmessage(message) {
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
        throw new Ended();
      },
      onerror(error) {
        throw error; // never retry inside fetchEventSource: the loop below reconnects with fresh headers
      },
    });
  }

  async function run(): Promise<void> {
    while (!closed) {
      try {
        await connectOnce();
        if (closed) return; // aborted by close()
      } catch (error) {
        if (closed) return;
        if (error instanceof Refused) {
          const retry = error.status >= 500 || error.status === 429 || ((await options.onRefused?.(error.status)) ?? false);
          if (!retry || closed) {
            options.onStatus?.('down');
            closed = true;
            return;
          }
        }
      }
      if (closed) return;
      if (immediate) {
        immediate = false;
        continue;
      }
      options.onStatus?.('down');
      await sleep(backoffDelay(attempt, minDelayMs, maxDelayMs));
      attempt += 1;
    }
  }

  void run();
  return {
    close() {
      closed = true;
      current?.abort();
      wake?.();
    },
    reconnect() {
      attempt = 0;
      immediate = true;
      current?.abort();
      wake?.();
    },
  };
}

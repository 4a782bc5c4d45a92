/**
 * A test reader of an SSE stream over real HTTP (fetch streaming): the messages as they arrive, waits for one,
 * and checks that none arrives.
 */

export interface SseMessage {
  id?: string;
  event: string;
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- the JSON of a message, checked by each test
  data: any;
}

export interface OpenOptions {
  token?: string;
  lastEventId?: string;
  path?: string;
  headers?: Record<string, string>;
}

type Waiter = { match: (message: SseMessage) => boolean; resolve: (message: SseMessage) => void };

export class SseClient {
  readonly messages: SseMessage[] = [];
  /** Resolves when the server ends the stream (or it breaks). */
  readonly ended: Promise<void>;
  private waiters: Waiter[] = [];
  private endedFlag = false;

  private constructor(
    readonly response: Response,
    private readonly controller: AbortController,
  ) {
    this.ended = this.read();
  }

  get isEnded(): boolean {
    return this.endedFlag;
  }

  /** Opens the stream; the answer must be 200 text/event-stream (use `request` for refusals). */
  static async open(base: string, options: OpenOptions = {}): Promise<SseClient> {
    const controller = new AbortController();
    const response = await fetch(`${base}${options.path ?? '/api/events'}`, {
      headers: {
        accept: 'text/event-stream',
        ...(options.token && { authorization: `Bearer ${options.token}` }),
        ...(options.lastEventId !== undefined && { 'last-event-id': options.lastEventId }),
        ...options.headers,
      },
      signal: controller.signal,
    });
    if (response.status !== 200) {
      const text = await response.text();
      throw new Error(`stream refused: ${response.status} ${text}`);
    }
    return new SseClient(response, controller);
  }

  /** Data events only (no heartbeats or other control events). */
  get dataEvents(): SseMessage[] {
    return this.messages.filter((message) => message.id !== undefined);
  }

  /** The first message (already received or still to come) that matches, within `timeoutMs`. */
  next(match: (message: SseMessage) => boolean, timeoutMs = 2000): Promise<SseMessage> {
    const found = this.messages.find(match);
    if (found) return Promise.resolve(found);
    return new Promise((resolve, reject) => {
      const timer = setTimeout(() => {
        this.waiters = this.waiters.filter((waiter) => waiter.resolve !== done);
        reject(new Error(`no matching message within ${timeoutMs} ms; got ${JSON.stringify(this.messages)}`));
      }, timeoutMs);
      const done = (message: SseMessage) => {
        clearTimeout(timer);
        resolve(message);
      };
      this.waiters.push({ match, resolve: done });
    });
  }

  /** The first data event of `type` about `id`. */
  event(type: string, id: string, timeoutMs = 2000): Promise<SseMessage> {
    return this.next((message) => message.event === type && message.data?.id === id, timeoutMs);
  }

  close(): void {
    this.controller.abort();
  }

  private receive(message: SseMessage): void {
    this.messages.push(message);
    for (const waiter of [...this.waiters]) {
      if (waiter.match(message)) {
        this.waiters = this.waiters.filter((other) => other !== waiter);
        waiter.resolve(message);
      }
    }
  }

  private async read(): Promise<void> {
    const reader = (this.response.body as ReadableStream<Uint8Array>).getReader();
    const decoder = new TextDecoder();
    let buffer = '';
    try {
      for (;;) {
        const { value, done } = await reader.read();
        if (done) break;
        buffer += decoder.decode(value, { stream: true });
        let end = buffer.indexOf('\n\n');
        while (end >= 0) {
          const block = buffer.slice(0, end);
          buffer = buffer.slice(end + 2);
          const message: Partial<SseMessage> = {};
          for (const line of block.split('\n')) {
            if (line.startsWith(':') || line === '') continue;
            const colon = line.indexOf(':');
            const field = line.slice(0, colon);
            const value = line.slice(colon + 1).replace(/^ /, '');
            if (field === 'id') message.id = value;
            else if (field === 'event') message.event = value;
            else if (field === 'data') message.data = JSON.parse(value);
          }
          if (message.event !== undefined) this.receive(message as SseMessage);
          end = buffer.indexOf('\n\n');
        }
      }
    } catch {
      // aborted by close(), or the connection broke: the stream has ended either way
    } finally {
      this.endedFlag = true;
    }
  }
}

/** Resolves after `ms`. */
export function pause(ms: number): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, ms));
}

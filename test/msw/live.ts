import { http, HttpResponse } from 'msw';
import type { Notification, NotificationPage } from '@contract/notifications';
import { API } from './handlers';
import { server } from './server';

export interface StreamConnection {
  /** The request as the server got it (headers: Authorization, Last-Event-ID). */
  request: Request;
  /** Writes one SSE message: `event:` type, `data:` JSON, and `id:` when given. */
  send(type: string, data?: unknown, id?: string): void;
  /** The server ends this stream. */
  end(): void;
  /** True once the client hung up (aborted the request). */
  closed(): boolean;
}

/**
 * GET /api/events as the test drives it: each connection is recorded, and the test writes events to it. `refuse`
 * answers the next connections with these statuses first (e.g. [401]).
 */
export function serveEventStream(refuse: number[] = []) {
  const connections: StreamConnection[] = [];
  const encoder = new TextEncoder();
  server.use(
    http.get(`${API}/events`, ({ request }) => {
      const status = refuse.shift();
      if (status !== undefined) return HttpResponse.json({ message: 'Token expired', success: false }, { status });
      let controller: ReadableStreamDefaultController<Uint8Array> | null = null;
      let done = false;
      const finish = () => {
        if (done) return false;
        done = true;
        return true;
      };
      request.signal.addEventListener('abort', () => {
        if (finish()) controller?.error(new DOMException('The operation was aborted.', 'AbortError'));
      });
      connections.push({
        request,
        send(type, data = {}, id) {
          if (done) throw new Error('the stream is closed');
          controller?.enqueue(encoder.encode(`${id ? `id: ${id}\n` : ''}event: ${type}\ndata: ${JSON.stringify(data)}\n\n`));
        },
        end() {
          if (finish()) controller?.close();
        },
        closed: () => done,
      });
      const body = new ReadableStream<Uint8Array>({
        start(c) {
          controller = c;
        },
        cancel() {
          finish();
        },
      });
      return new HttpResponse(body, { headers: { 'Content-Type': 'text/event-stream' } });
    }),
  );
  return {
    connections,
    /** The newest connection. */
    latest(): StreamConnection {
      const last = connections.at(-1);
      if (!last) throw new Error('no connection to /api/events yet');
      return last;
    },
  };
}

/** A notification as GET /api/notifications lists it. */
export function notification(n: number, overrides: Partial<Notification> = {}): Notification {
  return {
    id: `20000000-0000-4000-8000-${String(n).padStart(12, '0')}`,
    kind: 'JOB_COMPLETED',
    appointmentId: `30000000-0000-4000-8000-${String(n).padStart(12, '0')}`,
    title: `Job completed ${n}`,
    message: `Your Nissan Leaf (WP-CAR-${1000 + n}) is ready: Full service is completed.`,
    createdAt: new Date(Date.now() - n * 60_000).toISOString(),
    readAt: null,
    ...overrides,
  };
}

/**
 * A stateful stand-in for the notification endpoints (server/src/contract/notifications.ts): newest first as
 * held, pages of `?limit=` with a numeric cursor, the unread count, mark one read (someone else's → 404), read all.
 * `add` puts a new one on top (then send `notification.created` on the stream). `fail` makes a path answer 500.
 */
export function serveNotifications(initial: Notification[], fail: { list?: boolean; read?: boolean; readAll?: boolean } = {}) {
  const state = { items: initial.map((item) => ({ ...item })) };
  const requests = { list: [] as URLSearchParams[], read: [] as string[], readAll: 0 };
  const error = () => HttpResponse.json({ message: 'Internal server error', success: false }, { status: 500 });
  server.use(
    http.get(`${API}/notifications`, ({ request }) => {
      const params = new URL(request.url).searchParams;
      requests.list.push(params);
      if (fail.list) return error();
      const limit = Number(params.get('limit') ?? 20);
      const start = Number(params.get('cursor') ?? 0);
      const next = start + limit;
      return HttpResponse.json({
        items: state.items.slice(start, next),
        ...(next < state.items.length && { nextCursor: String(next) }),
        unreadCount: state.items.filter((item) => item.readAt === null).length,
      } satisfies NotificationPage);
    }),
    http.post(`${API}/notifications/read-all`, () => {
      requests.readAll += 1;
      if (fail.readAll) return error();
      const now = new Date().toISOString();
      state.items = state.items.map((item) => ({ ...item, readAt: item.readAt ?? now }));
      return HttpResponse.json({ unreadCount: 0 });
    }),
    http.post(`${API}/notifications/:id/read`, ({ params }) => {
      requests.read.push(String(params.id));
      if (fail.read) return error();
      const found = state.items.find((item) => item.id === params.id);
      if (!found) return HttpResponse.json({ message: 'Notification not found', success: false }, { status: 404 });
      const read = { ...found, readAt: found.readAt ?? new Date().toISOString() };
      state.items = state.items.map((item) => (item.id === read.id ? read : item));
      return HttpResponse.json(read);
    }),
  );
  return {
    requests,
    add(item: Notification) {
      state.items = [item, ...state.items];
    },
    get items() {
      return state.items;
    },
  };
}

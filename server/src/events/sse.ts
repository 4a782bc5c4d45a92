import type { Server } from 'node:http';
import { PassThrough } from 'node:stream';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { STREAM_CONTROL } from '../contract/live';

/**
 * A server-sent event stream (GET /api/events, a tracking link's stream). Sent through `reply.send`, so the
 * security headers still apply; the socket's idle timeout is off while it is open; a client that stops reading is
 * cut off; the events plugin's preClose ends every stream, which would otherwise hold `app.close()` up.
 */
export interface SseStream {
  /** A message framed by formatSseMessage (one event sent to many streams is framed once). False once closed. */
  writeFramed(text: string): boolean;
  /** A control event (no `id:`): heartbeat, token-expired, session-ended, resync. */
  writeControl(control: string, data?: Record<string, unknown>): boolean;
  /** Ends the stream (idempotent). */
  close(): void;
  /** Writes a control event that ends the stream (token-expired, session-ended), then ends it; nothing once closed. */
  end(control: string): void;
  /** Runs once when the stream ends, for any reason (registered after the end: runs at once). */
  onClose(callback: () => void): void;
  readonly closed: boolean;
}

export interface SseOptions {
  heartbeatMs: number;
  /** Called before each heartbeat; return false to skip it (the callback closed the stream, say). */
  onHeartbeat?: () => boolean | void;
  /** Bytes waiting to be sent beyond which the client counts as gone (default 1 MiB). */
  maxBufferedBytes?: number;
}

export const SSE_HEADERS: Readonly<Record<string, string>> = {
  'content-type': 'text/event-stream; charset=utf-8',
  'cache-control': 'no-store, no-transform',
  'x-accel-buffering': 'no',
};

/** One SSE message. `data` is JSON on one line (JSON.stringify never emits a raw newline). */
export function formatSseMessage(event: string, data: unknown, id?: string): string {
  return `${id === undefined ? '' : `id: ${id}\n`}event: ${event}\ndata: ${JSON.stringify(data)}\n\n`;
}

/** The open streams of each HTTP server, for closeSseStreams. */
const openStreams = new WeakMap<Server, Set<SseStream>>();

/** Ends every open event stream of `server` (the app is closing). */
export function closeSseStreams(server: Server): void {
  const streams = openStreams.get(server);
  if (streams) for (const stream of [...streams]) stream.close();
}

/** Starts the event stream answer on `reply`; see SseStream. */
export function openSseStream(request: FastifyRequest, reply: FastifyReply, options: SseOptions): SseStream {
  const maxBuffered = options.maxBufferedBytes ?? 1024 * 1024;
  const body = new PassThrough();
  const socket = request.raw.socket;
  const server = request.server.server;
  const callbacks: Array<() => void> = [];
  let closed = false;

  socket.setTimeout(0);

  const finish = () => {
    if (closed) return;
    closed = true;
    clearInterval(heartbeat);
    if (!socket.destroyed) socket.setTimeout(server.timeout);
    if (!body.writableEnded) body.end();
    for (const callback of callbacks.splice(0)) {
      try {
        callback();
      } catch (error) {
        request.log.error({ err: error }, 'event stream close callback failed');
      }
    }
  };

  const write = (text: string): boolean => {
    if (closed) return false;
    if (body.writableLength + reply.raw.writableLength > maxBuffered) {
      finish();
      return false;
    }
    body.write(text);
    return true;
  };

  const heartbeat = setInterval(() => {
    if (options.onHeartbeat?.() === false || closed) return;
    write(formatSseMessage(STREAM_CONTROL.heartbeat, {}));
  }, options.heartbeatMs);
  heartbeat.unref();

  // The client went away (or the connection was cut): clean up at once.
  reply.raw.on('close', finish);
  body.on('error', finish);

  reply.headers(SSE_HEADERS);
  reply.code(200);
  // A comment line first, so the headers go out at once and the client's fetch resolves.
  body.write(':\n\n');
  void reply.send(body);

  const stream: SseStream = {
    writeFramed: write,
    writeControl: (control, data = {}) => write(formatSseMessage(control, data)),
    close: finish,
    end: (control) => {
      if (closed) return;
      write(formatSseMessage(control, {}));
      finish();
    },
    onClose: (callback) => {
      if (closed) callback();
      else callbacks.push(callback);
    },
    get closed() {
      return closed;
    },
  };
  let registry = openStreams.get(server);
  if (!registry) openStreams.set(server, (registry = new Set()));
  const streams = registry;
  streams.add(stream);
  callbacks.push(() => streams.delete(stream));
  // The client left while the request was being handled (a token or link check awaited): its 'close' has been and
  // gone, and would never end this stream, its heartbeat or the caller's subscription and counts.
  if (socket.destroyed) finish();
  return stream;
}

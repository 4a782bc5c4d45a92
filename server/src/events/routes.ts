import type { FastifyInstance } from 'fastify';
import { decodeJwt } from 'jose';
import type { LiveSettings } from '../config';
import { STREAM_CONTROL } from '../contract/live';
import { authOf, bearerToken } from '../plugins/authenticate';
import { lastEventIdOf, streamLiveEvents } from './resume';
import { openSseStream, type SseStream } from './sse';
import type { LiveSubscriber } from './types';

export interface EventRouteOptions {
  live: LiveSettings;
}

/** Longest a Node timer can wait (about 24.8 days). */
const MAX_TIMER_MS = 2 ** 31 - 1;

/**
 * GET /api/events — the signed-in user's live stream (contract/live.ts): the data events they may see (their own
 * jobs, the jobs they are assigned to or were taken off, their time logs, their notifications; admins every job
 * and time log), a heartbeat, and control events.
 * - Authenticated by the normal `Authorization: Bearer` header only (the authenticate guard: 401 in the contract's
 *   error shape); a token in the query string is not looked at.
 * - `Last-Event-ID`: subscribe first (events arriving meanwhile are held), replay what was missed from
 *   live_events, then send the held events, skipping any the replay already sent — no gap, no duplicate.
 *   An id older than what is kept (or not a number) → `resync`.
 * - The access token runs out while connected → `token-expired`, then the stream ends (the client refreshes and
 *   reconnects). Checked by a timer at the token's expiry and at every heartbeat (the app's clock, which tests move).
 * - The session ends (logout, logout-all, revoked — through any instance) → `session-ended`, then the stream ends.
 * - At most `streamsPerUser` streams per user on this instance: one more ends the oldest.
 */
export async function eventRoutes(scope: FastifyInstance, { live }: EventRouteOptions): Promise<void> {
  const streamsByUser = new Map<string, SseStream[]>();

  function track(userId: string, stream: SseStream): void {
    const streams = streamsByUser.get(userId) ?? [];
    streams.push(stream);
    streamsByUser.set(userId, streams);
    stream.onClose(() => {
      const index = streams.indexOf(stream);
      if (index >= 0) streams.splice(index, 1);
      if (streams.length === 0 && streamsByUser.get(userId) === streams) streamsByUser.delete(userId);
    });
    // The oldest beyond the cap (each close removes it from `streams` through the callback above).
    for (const oldest of streams.slice(0, Math.max(0, streams.length - live.streamsPerUser))) oldest.close();
  }

  scope.get('/events', { onRequest: scope.authenticate }, async (request, reply) => {
    const { user, sessionId } = authOf(request);
    const now = scope.now;
    // The guard verified the token; its expiry is read from it without verifying again.
    const { exp } = decodeJwt(bearerToken(request) as string);
    const expiresAtMs = (exp ?? 0) * 1000;
    const subscriber: LiveSubscriber = { kind: 'user', userId: user.id, isAdmin: user.role === 'ADMIN', sessionId };

    let expiryTimer: NodeJS.Timeout | undefined;
    const expired = (): boolean => {
      if (stream.closed || now() < expiresAtMs) return false;
      stream.end(STREAM_CONTROL.tokenExpired);
      return true;
    };
    const stream = openSseStream(request, reply, { heartbeatMs: live.heartbeatIntervalMs, onHeartbeat: () => !expired() });
    const armExpiry = () => {
      expiryTimer = setTimeout(() => {
        if (!expired() && !stream.closed) armExpiry();
      }, Math.min(MAX_TIMER_MS, Math.max(0, expiresAtMs - now()) + 10));
      expiryTimer.unref();
    };
    armExpiry();

    streamLiveEvents(stream, scope.liveEvents, subscriber, lastEventIdOf(request.headers['last-event-id']), request.log);
    stream.onClose(() => clearTimeout(expiryTimer));
    track(user.id, stream);
    return reply;
  });
}

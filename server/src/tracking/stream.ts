import type { onRequestHookHandler } from 'fastify';
import { STREAM_CONTROL } from '../contract/live';
import { TrackingParams } from '../contract/tracking';
import { openSseStream } from '../events/sse';
import { lastEventIdOf, streamLiveEvents } from '../events/resume';
import type { LiveSubscriber } from '../events/types';
import { NotFoundError } from '../domain/errors';
import type { TypedApp } from '../plugins/typeProvider';
import type { TrackingLinks } from './service';

export interface TrackingStreamDeps {
  links: TrackingLinks;
  perIp: onRequestHookHandler;
  /** LIVE_HEARTBEAT_INTERVAL */
  heartbeatMs: number;
}

/**
 * GET /api/track/:token/events — the live stream (contract/live.ts) of one job, for whoever holds its tracking
 * link: its `appointment.updated` events only (ids and version: the page refetches GET /api/track/:token), a
 * heartbeat, and `session-ended` once the link is revoked or expires. The token is checked before the stream
 * starts (the same 404 as GET /api/track/:token).
 * - Revoked (through any instance): the hub ends the stream at once (`t:` notification, migration 0012), as it
 *   ends a revoked session's streams; the link is read once more after subscribing, so a revoke that committed
 *   between the first read and the subscription is not missed.
 * - Expired: the expiry is compared with the app's clock at each heartbeat (no query); only a change to the job
 *   (completed, reopened, cancelled — each an `appointment.updated`) can move it, so it is read again after each.
 * - `Last-Event-ID` replays what was missed (or sends `resync`).
 */
export function registerTrackingStream(track: TypedApp, { links, perIp, heartbeatMs }: TrackingStreamDeps): void {
  track.get('/track/:token/events', { schema: { params: TrackingParams }, onRequest: perIp }, async (request, reply) => {
    const { token } = request.params;
    const link = await links.resolve(token);
    const { appointmentId } = link;
    let { expiresAt } = link;
    const subscriber: LiveSubscriber = { kind: 'appointment', appointmentId, token };
    const end = () => stream.end(STREAM_CONTROL.sessionEnded);
    const expired = (): boolean => {
      if (expiresAt === null || track.now() < expiresAt) return false;
      end();
      return true;
    };
    const stream = openSseStream(request, reply, { heartbeatMs, onHeartbeat: () => !expired() });
    async function reread(): Promise<void> {
      try {
        ({ expiresAt } = await links.resolve(token));
        expired();
      } catch (error) {
        if (error instanceof NotFoundError) end();
        else request.log.warn({ err: error }, 'tracking stream: link check failed');
      }
    }
    // The hub sends an appointment subscriber its job's appointment.updated only (and replays only those).
    streamLiveEvents(stream, track.liveEvents, subscriber, lastEventIdOf(request.headers['last-event-id']), request.log, () => void reread());
    void reread();
    return reply;
  });
}

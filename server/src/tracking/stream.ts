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
 * GET /api/track/:token/events — one job's live stream for whoever holds its link; `session-ended` once the link
 * is revoked (the hub hears it) or expires (checked at each heartbeat, re-read after each change of the job).
 * The link is read again after subscribing, so a revoke committed in between is not missed.
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

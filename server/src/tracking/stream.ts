import type { onRequestHookHandler } from 'fastify';
import { STREAM_CONTROL } from '../contract/live';
import { TrackingParams } from '../contract/tracking';
import { openSseStream } from '../events/sse';
import { lastEventIdOf, subscribeResuming } from '../events/resume';
import type { LiveSubscriber, PublishedEvent } from '../events/types';
import { HttpError } from '../plugins/errors';
import type { TypedApp } from '../plugins/typeProvider';
import type { TrackingLinks } from './queries';
import type { TrackingRevocations } from './revocations';

export interface TrackingStreamDeps {
  links: TrackingLinks;
  revocations: TrackingRevocations;
  perIp: onRequestHookHandler;
  /** LIVE_HEARTBEAT_INTERVAL */
  heartbeatMs: number;
}

/**
 * GET /api/track/:token/events — the live stream (contract/live.ts) of one job, for whoever holds its tracking
 * link: its `appointment.updated` events only (ids and version: the page refetches GET /api/track/:token), a
 * heartbeat, and `session-ended` once the link is revoked or expires. The token is checked before the stream
 * starts (the same 404 as GET /api/track/:token), then again at each heartbeat and event, so a revoke through
 * another instance, or the job's link expiring, ends the stream within a heartbeat; a revoke through this
 * instance ends it at once. `Last-Event-ID` replays what was missed (or sends `resync`).
 */
export function registerTrackingStream(track: TypedApp, { links, revocations, perIp, heartbeatMs }: TrackingStreamDeps): void {
  track.get('/track/:token/events', { schema: { params: TrackingParams }, onRequest: perIp }, async (request, reply) => {
    const { token } = request.params;
    const { appointmentId } = await links.resolve(token);
    const subscriber: LiveSubscriber = { kind: 'appointment', appointmentId };
    const stream = openSseStream(request, reply, { heartbeatMs, onHeartbeat: () => void recheck() });
    const end = () => {
      if (stream.closed) return;
      stream.writeControl(STREAM_CONTROL.sessionEnded);
      stream.close();
    };
    async function recheck(): Promise<void> {
      try {
        await links.resolve(token);
      } catch (error) {
        if (error instanceof HttpError && error.statusCode === 404) end();
        else request.log.warn({ err: error }, 'tracking stream: link check failed');
      }
    }
    const send = (event: PublishedEvent) => {
      if (event.data.type !== 'appointment.updated' || event.data.appointmentId !== appointmentId) return;
      const { type, id, version } = event.data;
      stream.writeEvent(type, { type, id, version, appointmentId }, event.eventId);
      void recheck(); // a change may have ended the job long ago (a completion dated back), or revoked nothing: cheap
    };

    const stopRevoke = revocations.onRevoke(token, end);
    const subscription = subscribeResuming(
      track.liveEvents,
      subscriber,
      lastEventIdOf(request.headers['last-event-id']),
      {
        onEvent: send,
        onControl: (control) => {
          if (control === 'resync') stream.writeControl(STREAM_CONTROL.resync);
          else end();
        },
      },
      request.log,
    );
    stream.onClose(() => {
      subscription.unsubscribe();
      stopRevoke();
    });
    return reply;
  });
}

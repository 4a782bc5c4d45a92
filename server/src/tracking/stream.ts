import type { FastifyInstance, onRequestHookHandler } from 'fastify';
import { HEARTBEAT_INTERVAL_MS, STREAM_CONTROL } from '../contract/live';
import { TrackingParams } from '../contract/tracking';
import { openSseStream } from '../events/sse';
import type { LiveEventHub, LiveSubscriber, PublishedEvent } from '../events/types';
import { HttpError } from '../plugins/errors';
import type { TypedApp } from '../plugins/typeProvider';
import type { TrackingLinks } from './queries';
import type { TrackingRevocations } from './revocations';

export interface TrackingStreamDeps {
  links: TrackingLinks;
  revocations: TrackingRevocations;
  perIp: onRequestHookHandler;
}

/** The process's event hub (events/liveEvents.ts, `app.liveEvents`). */
function hubOf(app: FastifyInstance): LiveEventHub {
  const hub = (app as FastifyInstance & { liveEvents?: LiveEventHub }).liveEvents;
  if (!hub) throw new Error('app.liveEvents is not registered');
  return hub;
}

/**
 * GET /api/track/:token/events — the live stream (contract/live.ts) of one job, for whoever holds its tracking
 * link: its `appointment.updated` events only (ids and version: the page refetches GET /api/track/:token), a
 * heartbeat, and `session-ended` once the link is revoked or expires. The token is checked before the stream
 * starts (the same 404 as GET /api/track/:token), then again at each heartbeat and event, so a revoke through
 * another instance, or the job's link expiring, ends the stream within a heartbeat; a revoke through this
 * instance ends it at once. `Last-Event-ID` replays what was missed (or sends `resync`).
 */
export function registerTrackingStream(track: TypedApp, { links, revocations, perIp }: TrackingStreamDeps): void {
  track.get('/track/:token/events', { schema: { params: TrackingParams }, onRequest: perIp }, async (request, reply) => {
    const { token } = request.params;
    const { appointmentId } = await links.resolve(token);
    const hub = hubOf(track);
    const subscriber: LiveSubscriber = { kind: 'appointment', appointmentId };
    const lastEventId = request.headers['last-event-id'];
    const missed = typeof lastEventId === 'string' && /^\d+$/.test(lastEventId) ? await hub.replay(subscriber, lastEventId) : undefined;

    const stream = openSseStream(request, reply, { heartbeatMs: HEARTBEAT_INTERVAL_MS, onHeartbeat: () => void recheck() });
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
    const subscription = hub.subscribe(subscriber, {
      onEvent: send,
      onControl: (control) => {
        if (control === 'resync') stream.writeControl(STREAM_CONTROL.resync);
        else end();
      },
    });
    stream.onClose(() => {
      subscription.unsubscribe();
      stopRevoke();
    });
    if (missed === null) stream.writeControl(STREAM_CONTROL.resync);
    else missed?.forEach(send);
    return reply;
  });
}

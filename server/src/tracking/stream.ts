import type { onRequestHookHandler } from 'fastify';
import { STREAM_CONTROL } from '../contract/live';
import { TRACKING_MESSAGES, TrackingParams } from '../contract/tracking';
import { openSseStream } from '../events/sse';
import { lastEventIdOf, streamLiveEvents } from '../events/resume';
import type { LiveSubscriber } from '../events/types';
import { NotFoundError, TooManyError } from '../domain/errors';
import { OpenCounts } from '../limits/openCounts';
import type { TypedApp } from '../plugins/typeProvider';
import type { TrackingLinks } from './service';

// A refused stream's Retry-After (s): a pace, not a forecast — a place comes free whenever another view closes. It is
// also the ceiling of the page's reconnection backoff (src/lib/eventStream.ts `maxDelayMs`).
export const TRACKING_STREAM_RETRY_AFTER_SECONDS = 30;

export interface TrackingStreamDeps {
  links: TrackingLinks;
  perIp: onRequestHookHandler;
  /** LIVE_HEARTBEAT_INTERVAL */
  heartbeatMs: number;
  /** TRACKING_STREAMS_PER_TOKEN: open streams of one link on this instance. */
  streamsPerToken: number;
  /** TRACKING_STREAMS_PER_IP: open streams of one client address on this instance, whatever the link. */
  streamsPerIp: number;
}

/**
 * GET /api/track/:token/events — one job's live stream for whoever holds its link; `session-ended` once the link
 * is revoked (the hub hears it) or expires (checked at each heartbeat, re-read after each change of the job).
 * The link is read again after subscribing, so a revoke committed in between is not missed.
 *
 * An open job's stream never ends by itself, so open streams are capped per client address and per link (429 with
 * Retry-After, refusing the newest: closing the oldest instead would let anyone holding a link cut its customer's
 * view off).
 * Counted per instance, like LIVE_STREAMS_PER_USER: what the caps protect are this process's connections.
 */
export function registerTrackingStream(track: TypedApp, { links, perIp, heartbeatMs, streamsPerToken, streamsPerIp }: TrackingStreamDeps): void {
  const openPerToken = new OpenCounts();
  const openPerAddress = new OpenCounts();

  track.get('/track/:token/events', { schema: { params: TrackingParams }, onRequest: perIp }, async (request, reply) => {
    const { token } = request.params;
    const link = await links.resolve(token);
    // Checked and taken with no await in between, so simultaneous requests cannot all slip under a cap.
    const address = track.rateLimits.clientKey(request);
    if (!openPerAddress.take(address, streamsPerIp)) throw new TooManyError(TRACKING_MESSAGES.tooManyStreamsFromAddress, TRACKING_STREAM_RETRY_AFTER_SECONDS);
    if (!openPerToken.take(token, streamsPerToken)) {
      openPerAddress.release(address);
      throw new TooManyError(TRACKING_MESSAGES.tooManyStreamsForLink, TRACKING_STREAM_RETRY_AFTER_SECONDS);
    }
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
    stream.onClose(() => {
      openPerToken.release(token);
      openPerAddress.release(address);
    });
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

import type { FastifyInstance } from 'fastify';
import { AppointmentParams } from '../contract/appointments';
import { TrackedJob, TrackingLink, TrackingParams } from '../contract/tracking';
import { viewerOf } from '../plugins/authenticate';
import { NO_STORE } from '../plugins/cacheControl';
import { typed } from '../plugins/typeProvider';
import type { TrackingLinks } from './service';
import { registerTrackingStream } from './stream';
import type { LiveSettings } from '../config';

/**
 * Tracking links (contract/tracking.ts): managing a job's link (its customer and admins), and the public page and
 * stream by token — limited per IP, never cached, never sending a referrer, one 404 for every bad token.
 */
export interface TrackingRouteOptions {
  links: TrackingLinks;
  live: LiveSettings;
}

export async function trackingRoutes(scope: FastifyInstance, { links, live }: TrackingRouteOptions): Promise<void> {
  const app = typed(scope);

  app.get(
    '/appointments/:id/tracking-link',
    { schema: { params: AppointmentParams, response: { 200: TrackingLink } }, onRequest: app.authenticate },
    async (request) => links.linkFor(viewerOf(request), request.params.id),
  );

  app.post(
    '/appointments/:id/tracking-link/revoke',
    { schema: { params: AppointmentParams, response: { 200: TrackingLink } }, onRequest: app.authenticate },
    async (request) => links.revoke(viewerOf(request), request.params.id),
  );

  await app.register(async (publicScope) => {
    const track = typed(publicScope);
    // Every answer here — the job, a 404, a 429 — carries the same privacy headers.
    track.addHook('onSend', async (_request, reply, payload) => {
      if (!reply.hasHeader('cache-control')) reply.header('cache-control', NO_STORE); // the stream keeps its own "no-store, no-transform"
      reply.header('referrer-policy', 'no-referrer');
      reply.header('x-robots-tag', 'noindex, nofollow');
      return payload;
    });
    const perIp = track.rateLimits.perIp(track.rateLimits.rules.tracking);

    track.get('/track/:token', { schema: { params: TrackingParams, response: { 200: TrackedJob } }, onRequest: perIp }, async (request) =>
      links.tracked(request.params.token),
    );

    registerTrackingStream(track, {
      links,
      perIp,
      heartbeatMs: live.heartbeatIntervalMs,
      streamsPerToken: live.trackingStreamsPerToken,
      streamsPerIp: live.trackingStreamsPerIp,
    });
  });
}

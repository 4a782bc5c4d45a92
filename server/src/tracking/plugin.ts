import fp from 'fastify-plugin';
import { API_PREFIX } from '../plugins/api';
import { trackingRoutes } from './routes';
import { TrackingLinks } from './service';

declare module 'fastify' {
  interface FastifyInstance {
    /** Tracking links: billing resolves a link's token to its job and mails a job's link. */
    trackingLinks: TrackingLinks;
  }
}

/** Tracking links: a job's public page and its live stream. */
export default fp(
  async (app) => {
    const links = new TrackingLinks(app.db, app.catalog, app.now);
    app.decorate('trackingLinks', links);
    await app.register(trackingRoutes, { prefix: API_PREFIX, links, live: app.config.live });
  },
  { name: 'tracking', dependencies: ['core', 'database', 'catalog', 'rateLimit', 'auth', 'events'] },
);

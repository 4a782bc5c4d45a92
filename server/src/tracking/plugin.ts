import fp from 'fastify-plugin';
import { API_PREFIX } from '../plugins/api';
import { trackingRoutes } from './routes';
import { TrackingLinks } from './service';

/** Tracking links: a job's public page and its live stream. */
export default fp(
  async (app) => {
    await app.register(trackingRoutes, { prefix: API_PREFIX, links: new TrackingLinks(app.db, app.catalog, app.now), live: app.config.live });
  },
  { name: 'tracking', dependencies: ['core', 'database', 'catalog', 'rateLimit', 'auth', 'events'] },
);

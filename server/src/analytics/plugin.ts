import fp from 'fastify-plugin';
import { API_PREFIX } from '../plugins/api';
import { Analytics } from './queries';
import { syncAnalyticsTimeZone } from './rollups';
import { analyticsRoutes } from './routes';

/** The owner's figures, from daily rollups the database keeps in the shop's time zone. */
export default fp(
  async (app) => {
    // A new installation, or a changed SHOP_TIME_ZONE, rebuilds the rollups once, before the server takes requests.
    if (await syncAnalyticsTimeZone(app.db, app.catalog.timeZone)) app.log.info({ timeZone: app.catalog.timeZone }, 'analytics rollups rebuilt for the shop time zone');
    await app.register(analyticsRoutes, { prefix: API_PREFIX, analytics: new Analytics(app.db, app.catalog, app.now) });
  },
  { name: 'analytics', dependencies: ['core', 'database', 'catalog', 'auth'] },
);

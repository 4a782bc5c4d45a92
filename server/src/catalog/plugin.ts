import fp from 'fastify-plugin';
import { API_PREFIX } from '../plugins/api';
import { Catalog } from './queries';
import { catalogRoutes } from './routes';

declare module 'fastify' {
  interface FastifyInstance {
    /** The catalogue (service types, slots, centres), read once at start. */
    catalog: Catalog;
  }
}

/** The catalogue every booking is checked against, and GET /api/catalog. */
export default fp(
  async (app) => {
    app.decorate('catalog', await Catalog.load(app.db, { timeZone: app.config.shopTimeZone, timeLogMaxAgeDays: app.config.timeLogMaxAgeDays }));
    await app.register(catalogRoutes, { prefix: API_PREFIX });
  },
  { name: 'catalog', dependencies: ['core', 'database'] },
);

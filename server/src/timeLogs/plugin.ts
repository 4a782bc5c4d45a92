import fp from 'fastify-plugin';
import { API_PREFIX } from '../plugins/api';
import { timeLogRoutes } from './routes';
import { TimeLogs } from './service';

/** Technicians' time logs and the admin's review of them. */
export default fp(
  async (app) => {
    await app.register(timeLogRoutes, { prefix: API_PREFIX, timeLogs: new TimeLogs(app.db, app.catalog, app.now, app.config.timeLogMaxAgeDays) });
  },
  { name: 'timeLogs', dependencies: ['core', 'database', 'catalog', 'auth'] },
);

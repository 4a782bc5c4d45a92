import fp from 'fastify-plugin';
import { API_PREFIX } from '../plugins/api';
import { timeLogRoutes } from './routes';
import { TimeLogs } from './service';

declare module 'fastify' {
  interface FastifyInstance {
    /** Time logs as the caller may see them (the account domain's data download reads a technician's through it). */
    timeLogs: TimeLogs;
  }
}

/** Technicians' time logs and the admin's review of them. */
export default fp(
  async (app) => {
    const timeLogs = new TimeLogs(app.db, app.catalog, app.now, app.config.timeLogMaxAgeDays);
    app.decorate('timeLogs', timeLogs);
    await app.register(timeLogRoutes, { prefix: API_PREFIX, timeLogs });
  },
  { name: 'timeLogs', dependencies: ['core', 'database', 'catalog', 'auth'] },
);

import fp from 'fastify-plugin';
import { API_PREFIX } from '../plugins/api';
import { Reports } from './queries';
import { reportRoutes } from './routes';

/** A job's service report (PDF), for whoever may read the job. */
export default fp(
  async (app) => {
    await app.register(reportRoutes, { prefix: API_PREFIX, reports: new Reports(app.db, app.catalog, app.appointments) });
  },
  { name: 'reports', dependencies: ['core', 'database', 'catalog', 'appointments', 'auth'] },
);

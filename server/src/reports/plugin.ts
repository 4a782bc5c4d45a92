import fp from 'fastify-plugin';
import { API_PREFIX } from '../plugins/api';
import { Reports } from './queries';
import { ReportRenderer } from './renderer';
import { reportRoutes } from './routes';

declare module 'fastify' {
  interface FastifyInstance {
    /** The report render threads (tests and the bench look at them; no other domain uses them). */
    reportRenderer: ReportRenderer;
  }
}

/**
 * A job's service report (PDF), for whoever may read the job. Rendered on worker threads; the pool is closed when
 * the app closes, after the requests in flight were answered (onClose runs once the server has stopped).
 */
export default fp(
  async (app) => {
    const renderer = new ReportRenderer(app.config.reports);
    app.decorate('reportRenderer', renderer);
    app.addHook('onClose', async () => renderer.close());
    await app.register(reportRoutes, { prefix: API_PREFIX, reports: new Reports(app.db, app.catalog, app.appointments), renderer });
  },
  { name: 'reports', dependencies: ['core', 'database', 'catalog', 'appointments', 'auth'] },
);

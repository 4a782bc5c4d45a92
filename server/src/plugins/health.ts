import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { API_PREFIX } from './api';
import { HttpError } from './errors';

async function healthRoute(api: FastifyInstance): Promise<void> {
  api.get('/health', async (request) => {
    try {
      await api.db.selectNoFrom((eb) => eb.val(1).as('ok')).execute();
    } catch (error) {
      request.log.error({ err: error }, 'health check: database did not answer');
      throw new HttpError(503, 'Database unavailable');
    }
    return { status: 'ok' };
  });
}

/** GET /api/health: `{ status: "ok" }` once the database answers (exempt from the per-IP limit). */
export const health = fp(
  async (app) => {
    await app.register(healthRoute, { prefix: API_PREFIX });
  },
  { name: 'health', dependencies: ['database'] },
);

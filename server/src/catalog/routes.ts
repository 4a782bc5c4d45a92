import type { FastifyInstance } from 'fastify';
import { Catalog as CatalogAnswer } from '../contract/catalog';
import { typed } from '../plugins/typeProvider';

/** GET /api/catalog — public: the booking form's choices, and how far back the Log Time form may date a log. */
export async function catalogRoutes(scope: FastifyInstance): Promise<void> {
  const app = typed(scope);
  app.get('/catalog', { schema: { response: { 200: CatalogAnswer } } }, async (_request, reply) => {
    reply.header('cache-control', 'public, max-age=300');
    return app.catalog.toJSON();
  });
}

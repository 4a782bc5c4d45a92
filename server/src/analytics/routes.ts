import type { FastifyInstance } from 'fastify';
import { Analytics as AnalyticsAnswer, AnalyticsQuery, DEFAULT_ANALYTICS_PERIOD } from '../contract/analytics';
import { typed } from '../plugins/typeProvider';
import { Analytics } from './queries';

/** /api/analytics — the admin's figures for the last 7, 30 or 90 days (contract/analytics.ts). */
export async function analyticsRoutes(scope: FastifyInstance): Promise<void> {
  const app = typed(scope);
  const analytics = new Analytics(app.db, app.catalog, app.now);

  app.get('/analytics', { schema: { querystring: AnalyticsQuery, response: { 200: AnalyticsAnswer } }, onRequest: app.requireRole('ADMIN') }, async (request) =>
    analytics.report(request.query.period ?? DEFAULT_ANALYTICS_PERIOD),
  );
}

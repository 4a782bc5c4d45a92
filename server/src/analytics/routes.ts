import type { FastifyInstance } from 'fastify';
import { Analytics as AnalyticsAnswer, AnalyticsQuery, DEFAULT_ANALYTICS_PERIOD } from '../contract/analytics';
import { typed } from '../plugins/typeProvider';
import type { Analytics } from './queries';

/** /api/analytics — the admin's figures for the last 7, 30 or 90 days (contract/analytics.ts). */
export async function analyticsRoutes(scope: FastifyInstance, { analytics }: { analytics: Analytics }): Promise<void> {
  const app = typed(scope);

  app.get('/analytics', { schema: { querystring: AnalyticsQuery, response: { 200: AnalyticsAnswer } }, onRequest: app.requireRole('ADMIN') }, async (request) =>
    analytics.report(request.query.period ?? DEFAULT_ANALYTICS_PERIOD),
  );
}

import type { FastifyInstance } from 'fastify';
import { AppointmentParams } from '../contract/appointments';
import { viewerOf } from '../plugins/authenticate';
import { NO_STORE } from '../plugins/cacheControl';
import { typed } from '../plugins/typeProvider';
import { loadReportFonts } from './fonts';
import { reportFileName } from './format';
import { renderServiceReport } from './pdf';
import type { Reports } from './queries';

/**
 * GET /api/appointments/:id/report — the job's service report as a PDF download, generated from stored data, for
 * the people GET /api/appointments/:id answers (its customer, its assigned technician, an admin); anyone else gets
 * that route's 404. Never cached: it holds a customer's details.
 */
export async function reportRoutes(scope: FastifyInstance, { reports }: { reports: Reports }): Promise<void> {
  const app = typed(scope);
  const fonts = await loadReportFonts();

  app.get('/appointments/:id/report', { schema: { params: AppointmentParams }, onRequest: app.authenticate }, async (request, reply) => {
    const report = await reports.load(viewerOf(request), request.params.id);
    const pdf = await renderServiceReport(report, { catalog: app.catalog, fonts, generatedAt: app.now() });
    return reply
      .header('content-type', 'application/pdf')
      .header('content-disposition', `attachment; filename="${reportFileName(report.job.vehicle.plate, report.job.date)}"`)
      .header('cache-control', NO_STORE)
      .send(pdf);
  });
}

import type { FastifyInstance } from 'fastify';
import { AppointmentParams } from '../contract/appointments';
import { UnavailableError } from '../domain/errors';
import { viewerOf } from '../plugins/authenticate';
import { NO_STORE } from '../plugins/cacheControl';
import { typed } from '../plugins/typeProvider';
import { reportFileName, type SlotLabels } from './format';
import type { Reports } from './queries';
import { type ReportRenderer, REPORTS_RETRY_AFTER_SECONDS } from './renderer';

/**
 * GET /api/appointments/:id/report — the job's service report as a PDF download, generated from stored data, for
 * the people GET /api/appointments/:id answers (its customer, its assigned technician, an admin); anyone else gets
 * that route's 404. Laid out on a render thread (renderer.ts); when they are all busy and the queue is full, 503
 * with Retry-After. Never cached: it holds a customer's details.
 */
export async function reportRoutes(scope: FastifyInstance, { reports, renderer }: { reports: Reports; renderer: ReportRenderer }): Promise<void> {
  const app = typed(scope);
  const slots: SlotLabels = Object.fromEntries(app.catalog.slots.map((slot) => [slot.start, slot.label]));

  app.get('/appointments/:id/report', { schema: { params: AppointmentParams }, onRequest: app.authenticate }, async (request, reply) => {
    const report = await reports.load(viewerOf(request), request.params.id);
    let pdf: Uint8Array;
    try {
      ({ pdf } = await renderer.render({ report, timeZone: app.catalog.timeZone, slots, generatedAt: app.now() }));
    } catch (error) {
      if (error instanceof UnavailableError) reply.header('retry-after', String(REPORTS_RETRY_AFTER_SECONDS));
      throw error;
    }
    return reply
      .header('content-type', 'application/pdf')
      .header('content-disposition', `attachment; filename="${reportFileName(report.job.vehicle.plate, report.job.date)}"`)
      .header('cache-control', NO_STORE)
      .send(Buffer.from(pdf.buffer, pdf.byteOffset, pdf.byteLength));
  });
}

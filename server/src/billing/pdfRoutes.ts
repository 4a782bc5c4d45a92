import type { FastifyInstance } from 'fastify';
import { InvoiceParams } from '../contract/billing';
import { UnavailableError } from '../domain/errors';
import { viewerOf } from '../plugins/authenticate';
import { NO_STORE } from '../plugins/cacheControl';
import { typed } from '../plugins/typeProvider';
import { REPORTS_RETRY_AFTER_SECONDS } from '../reports/renderer';
import type { Billing } from './service';

/**
 * GET /api/invoices/:id/pdf — the invoice as a PDF download (`<number>.pdf`), for the people GET /api/invoices/:id
 * answers (admins, the invoice's customer); anyone else gets its 404. Laid out by the service report's engine
 * (reports/invoicePdf.ts on the report render threads: app.reportRenderer, so the reports plugin comes first);
 * when every thread is busy and the queue is full, 503 with Retry-After. Never cached: it holds a customer's details.
 */
export async function invoicePdfRoutes(scope: FastifyInstance, { billing }: { billing: Billing }): Promise<void> {
  const app = typed(scope);
  const renderer = scope.reportRenderer;

  app.get('/invoices/:id/pdf', { schema: { params: InvoiceParams }, onRequest: app.authenticate }, async (request, reply) => {
    const invoice = await billing.invoices.get(viewerOf(request), request.params.id);
    let pdf: Uint8Array;
    try {
      ({ pdf } = await renderer.render({ invoice, timeZone: app.catalog.timeZone, generatedAt: app.now() }));
    } catch (error) {
      if (error instanceof UnavailableError) reply.header('retry-after', String(REPORTS_RETRY_AFTER_SECONDS));
      throw error;
    }
    return reply
      .header('content-type', 'application/pdf')
      .header('content-disposition', `attachment; filename="${invoice.number}.pdf"`)
      .header('cache-control', NO_STORE)
      .send(Buffer.from(pdf.buffer, pdf.byteOffset, pdf.byteLength));
  });
}

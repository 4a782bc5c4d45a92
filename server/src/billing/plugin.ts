import fp from 'fastify-plugin';
import { API_PREFIX } from '../plugins/api';
import { Payments } from './payments';
import { invoicePdfRoutes } from './pdfRoutes';
import { billingRoutes } from './routes';
import { Billing } from './service';

declare module 'fastify' {
  interface FastifyInstance {
    /** A job's lines and estimate, the customer's decisions, invoices (app.billing.invoices) and their numbers. */
    billing: Billing;
  }
}

/**
 * Billing: estimates the customer approves, fees and discounts, invoices (issued when a job is completed, in the
 * completion's transaction) and payments. The invoice PDF route (pdfRoutes.ts) registers here too.
 */
export default fp(
  async (app) => {
    const billing = new Billing(app.db, app.catalog, app.config.billing, app.trackingLinks, app.config.appUrl, app.now);
    app.decorate('billing', billing);
    const payments = new Payments(billing.repository, app.catalog, app.config.billing, app.now);
    app.appointments.onCompletion((trx, job, actorId) => billing.invoices.issueOnCompletion(trx, job.id, actorId));
    await app.register(billingRoutes, { prefix: API_PREFIX, billing, payments });
    await app.register(invoicePdfRoutes, { prefix: API_PREFIX, billing });
  },
  { name: 'billing', dependencies: ['core', 'database', 'auth', 'catalog', 'rateLimit', 'appointments', 'tracking'] },
);

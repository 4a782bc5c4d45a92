import type { FastifyInstance } from 'fastify';
import { AppointmentParams } from '../contract/appointments';
import {
  BillingSummaryList,
  BillingSummaryQuery,
  CustomerBalance,
  CustomerParams,
  DecisionBody,
  EstimateItemParams,
  ExpectedVersionQuery,
  Invoice,
  InvoiceListQuery,
  InvoicePage,
  InvoiceParams,
  JobBilling,
  JobLineParams,
  ManualLineBody,
  PaymentBody,
  ProposeItemBody,
  ReviseItemBody,
  TrackedEstimate,
  TrackedItemParams,
  VoidInvoiceBody,
} from '../contract/billing';
import { TrackingParams } from '../contract/tracking';
import { viewerOf } from '../plugins/authenticate';
import { NO_STORE } from '../plugins/cacheControl';
import { typed } from '../plugins/typeProvider';
import type { Payments } from './payments';
import type { Billing } from './service';

export interface BillingRouteOptions {
  billing: Billing;
  payments: Payments;
}

/** Billing (contract/billing.ts, server/README.md § Billing): HTTP only; the rules are in service.ts, invoices.ts and payments.ts. */
export async function billingRoutes(scope: FastifyInstance, { billing, payments }: BillingRouteOptions): Promise<void> {
  const app = typed(scope);
  const admin = app.requireRole('ADMIN');
  const staff = app.requireRole('ADMIN', 'EMPLOYEE');
  const customer = app.requireRole('CUSTOMER');
  const adminOrCustomer = app.requireRole('ADMIN', 'CUSTOMER');
  const { invoices } = billing;

  app.get('/appointments/:id/billing', { schema: { params: AppointmentParams, response: { 200: JobBilling } }, onRequest: app.authenticate }, async (request) =>
    billing.forJob(viewerOf(request), request.params.id),
  );

  app.post(
    '/appointments/:id/estimate-items',
    { schema: { params: AppointmentParams, body: ProposeItemBody, response: { 201: JobBilling } }, onRequest: staff },
    async (request, reply) => {
      const answer = await billing.propose(viewerOf(request), request.params.id, request.body);
      reply.status(201);
      return answer;
    },
  );

  app.patch('/estimate-items/:id', { schema: { params: EstimateItemParams, body: ReviseItemBody, response: { 200: JobBilling } }, onRequest: staff }, async (request) =>
    billing.revise(viewerOf(request), request.params.id, request.body),
  );

  app.delete(
    '/estimate-items/:id',
    { schema: { params: EstimateItemParams, querystring: ExpectedVersionQuery, response: { 200: JobBilling } }, onRequest: staff },
    async (request) => billing.withdraw(viewerOf(request), request.params.id, request.query.expectedVersion),
  );

  app.post(
    '/estimate-items/:id/decision',
    { schema: { params: EstimateItemParams, body: DecisionBody, response: { 200: JobBilling } }, onRequest: customer },
    async (request) => billing.decide(viewerOf(request), request.params.id, request.body.decision, request.body.expectedVersion),
  );

  app.post(
    '/appointments/:id/lines',
    { schema: { params: AppointmentParams, body: ManualLineBody, response: { 201: JobBilling } }, onRequest: admin },
    async (request, reply) => {
      const answer = await billing.addLine(viewerOf(request), request.params.id, request.body);
      reply.status(201);
      return answer;
    },
  );

  app.delete('/job-lines/:id', { schema: { params: JobLineParams, response: { 200: JobBilling } }, onRequest: admin }, async (request) =>
    billing.removeLine(viewerOf(request), request.params.id),
  );

  app.post(
    '/appointments/:id/payments',
    { schema: { params: AppointmentParams, body: PaymentBody, response: { 201: JobBilling } }, onRequest: admin },
    async (request, reply) => {
      const viewer = viewerOf(request);
      await payments.onJob(viewer, request.params.id, request.body);
      reply.status(201);
      return billing.forJob(viewer, request.params.id);
    },
  );

  app.get('/billing/summaries', { schema: { querystring: BillingSummaryQuery, response: { 200: BillingSummaryList } }, onRequest: app.authenticate }, async (request) => ({
    items: await billing.summaries(viewerOf(request), request.query.appointmentIds.split(',')),
  }));

  app.post('/appointments/:id/invoice', { schema: { params: AppointmentParams, response: { 201: Invoice } }, onRequest: admin }, async (request, reply) => {
    const answer = await invoices.issueByAdmin(viewerOf(request), request.params.id);
    reply.status(201);
    return answer;
  });

  app.get('/invoices', { schema: { querystring: InvoiceListQuery, response: { 200: InvoicePage } }, onRequest: adminOrCustomer }, async (request) =>
    invoices.list(viewerOf(request), request.query),
  );

  app.get('/invoices/:id', { schema: { params: InvoiceParams, response: { 200: Invoice } }, onRequest: adminOrCustomer }, async (request) =>
    invoices.get(viewerOf(request), request.params.id),
  );

  app.post('/invoices/:id/void', { schema: { params: InvoiceParams, body: VoidInvoiceBody, response: { 200: Invoice } }, onRequest: admin }, async (request) =>
    invoices.void(viewerOf(request), request.params.id, request.body),
  );

  app.post(
    '/invoices/:id/payments',
    { schema: { params: InvoiceParams, body: PaymentBody, response: { 201: Invoice } }, onRequest: admin },
    async (request, reply) => {
      const viewer = viewerOf(request);
      await payments.onInvoice(viewer, request.params.id, request.body);
      reply.status(201);
      return invoices.get(viewer, request.params.id);
    },
  );

  app.get(
    '/billing/customers/:id/balance',
    { schema: { params: CustomerParams, response: { 200: CustomerBalance } }, onRequest: adminOrCustomer },
    async (request) => billing.balance(viewerOf(request), request.params.id),
  );

  // The tracking link's estimate: the same per-IP limit and privacy headers as GET /track/:token.
  await app.register(async (publicScope) => {
    const track = typed(publicScope);
    track.addHook('onSend', async (_request, reply, payload) => {
      reply.header('cache-control', NO_STORE);
      reply.header('referrer-policy', 'no-referrer');
      reply.header('x-robots-tag', 'noindex, nofollow');
      return payload;
    });
    const perIp = track.rateLimits.perIp(track.rateLimits.rules.tracking);
    track.get('/track/:token/estimate', { schema: { params: TrackingParams, response: { 200: TrackedEstimate } }, onRequest: perIp }, async (request) =>
      billing.tracked(request.params.token),
    );
    track.post(
      '/track/:token/estimate-items/:id/decision',
      { schema: { params: TrackedItemParams, body: DecisionBody, response: { 200: TrackedEstimate } }, onRequest: perIp },
      async (request) => billing.decideByLink(request.params.token, request.params.id, request.body.decision, request.body.expectedVersion),
    );
  });
}

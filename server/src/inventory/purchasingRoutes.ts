import type { FastifyInstance } from 'fastify';
import {
  DraftFromSuggestionsBody,
  ExpectedVersionBody,
  PurchaseOrder,
  PurchaseOrderBody,
  PurchaseOrderListQuery,
  PurchaseOrderPage,
  PurchaseOrderParams,
  PurchaseOrderPatch,
  ReceiveOrderBody,
  ReorderSuggestionList,
  SuggestionQuery,
  Supplier,
  SupplierBody,
  SupplierList,
  SupplierParams,
} from '../contract/purchasing';
import { viewerOf } from '../plugins/authenticate';
import { typed } from '../plugins/typeProvider';
import type { Purchasing } from './purchasing';

/** /api/suppliers, /api/purchase-orders and /api/parts/suggestions: admins only. */
export async function purchasingRoutes(scope: FastifyInstance, { purchasing }: { purchasing: Purchasing }): Promise<void> {
  const app = typed(scope);
  const admin = app.requireRole('ADMIN');
  const order = { 200: PurchaseOrder };

  app.get('/suppliers', { schema: { response: { 200: SupplierList } }, onRequest: admin }, async () => ({ items: await purchasing.suppliers() }));

  app.post('/suppliers', { schema: { body: SupplierBody, response: { 201: Supplier } }, onRequest: admin }, async (request, reply) => {
    reply.status(201);
    return purchasing.createSupplier(request.body);
  });

  app.put('/suppliers/:id', { schema: { params: SupplierParams, body: SupplierBody, response: { 200: Supplier } }, onRequest: admin }, async (request) =>
    purchasing.updateSupplier(request.params.id, request.body),
  );

  app.get('/parts/suggestions', { schema: { querystring: SuggestionQuery, response: { 200: ReorderSuggestionList } }, onRequest: admin }, async (request) => ({
    items: await purchasing.suggestions(request.query.centerId),
  }));

  app.get('/purchase-orders', { schema: { querystring: PurchaseOrderListQuery, response: { 200: PurchaseOrderPage } }, onRequest: admin }, async (request) =>
    purchasing.list(request.query),
  );

  app.post('/purchase-orders', { schema: { body: PurchaseOrderBody, response: { 201: PurchaseOrder } }, onRequest: admin }, async (request, reply) => {
    reply.status(201);
    return purchasing.create(viewerOf(request), request.body);
  });

  app.post('/purchase-orders/from-suggestions', { schema: { body: DraftFromSuggestionsBody, response: { 201: PurchaseOrder } }, onRequest: admin }, async (request, reply) => {
    reply.status(201);
    return purchasing.draftFromSuggestions(viewerOf(request), request.body);
  });

  app.get('/purchase-orders/:id', { schema: { params: PurchaseOrderParams, response: order }, onRequest: admin }, async (request) => purchasing.get(request.params.id));

  app.put('/purchase-orders/:id', { schema: { params: PurchaseOrderParams, body: PurchaseOrderPatch, response: order }, onRequest: admin }, async (request) =>
    purchasing.update(request.params.id, request.body),
  );

  app.post('/purchase-orders/:id/order', { schema: { params: PurchaseOrderParams, body: ExpectedVersionBody, response: order }, onRequest: admin }, async (request) =>
    purchasing.place(request.params.id, request.body.expectedVersion),
  );

  app.post('/purchase-orders/:id/cancel', { schema: { params: PurchaseOrderParams, body: ExpectedVersionBody, response: order }, onRequest: admin }, async (request) =>
    purchasing.cancel(request.params.id, request.body.expectedVersion),
  );

  app.post('/purchase-orders/:id/receive', { schema: { params: PurchaseOrderParams, body: ReceiveOrderBody, response: order }, onRequest: admin }, async (request) =>
    purchasing.receive(viewerOf(request), request.params.id, request.body),
  );
}

import type { FastifyInstance } from 'fastify';
import { AppointmentParams } from '../contract/appointments';
import {
  AddJobPartBody,
  AdjustBody,
  JobPartBody,
  JobPartList,
  JobPartParams,
  MovementListQuery,
  MovementPage,
  MovementParams,
  NewPartBody,
  Part,
  PartCenterParams,
  PartDetail,
  PartListQuery,
  PartPage,
  PartParams,
  PartPatch,
  PartsShortageList,
  ServiceKit,
  ServiceKitBody,
  ServiceKitList,
  ServiceKitParams,
  ReceiveBody,
  ReverseBody,
  StockChange,
  StockLevel,
  StockSettingsBody,
  TransferBody,
} from '../contract/inventory';
import { viewerOf } from '../plugins/authenticate';
import { typed } from '../plugins/typeProvider';
import type { Inventory } from './service';

/** /api/parts (admins manage, technicians read) and /api/appointments/:id/parts (parts used on a job). */
export async function inventoryRoutes(scope: FastifyInstance, { inventory }: { inventory: Inventory }): Promise<void> {
  const app = typed(scope);
  const admin = app.requireRole('ADMIN');
  const staff = app.requireRole('ADMIN', 'EMPLOYEE');

  // viewerOf: a technician awaiting approval gets its 403 here too.
  app.get('/parts', { schema: { querystring: PartListQuery, response: { 200: PartPage } }, onRequest: staff }, async (request) => {
    viewerOf(request);
    return inventory.list(request.query);
  });

  app.post('/parts', { schema: { body: NewPartBody, response: { 201: Part } }, onRequest: admin }, async (request, reply) => {
    reply.status(201);
    return inventory.create(request.body);
  });

  app.get('/parts/:id', { schema: { params: PartParams, response: { 200: PartDetail } }, onRequest: staff }, async (request) => {
    viewerOf(request);
    return inventory.get(request.params.id);
  });

  app.patch('/parts/:id', { schema: { params: PartParams, body: PartPatch, response: { 200: Part } }, onRequest: admin }, async (request) =>
    inventory.update(request.params.id, request.body),
  );

  app.put('/parts/:id/stock/:centerId', { schema: { params: PartCenterParams, body: StockSettingsBody, response: { 200: StockLevel } }, onRequest: admin }, async (request) =>
    inventory.setLevels(request.params.id, request.params.centerId, request.body),
  );

  app.get('/parts/:id/movements', { schema: { params: PartParams, querystring: MovementListQuery, response: { 200: MovementPage } }, onRequest: admin }, async (request) =>
    inventory.history(request.params.id, request.query),
  );

  const change = { 201: StockChange };
  app.post('/parts/:id/receive', { schema: { params: PartParams, body: ReceiveBody, response: change }, onRequest: admin }, async (request, reply) => {
    reply.status(201);
    return inventory.receive(viewerOf(request), request.params.id, request.body);
  });

  app.post('/parts/:id/adjust', { schema: { params: PartParams, body: AdjustBody, response: change }, onRequest: admin }, async (request, reply) => {
    reply.status(201);
    return inventory.adjust(viewerOf(request), request.params.id, request.body);
  });

  app.post('/parts/:id/transfer', { schema: { params: PartParams, body: TransferBody, response: change }, onRequest: admin }, async (request, reply) => {
    reply.status(201);
    return inventory.transfer(viewerOf(request), request.params.id, request.body);
  });

  app.post('/parts/:id/movements/:movementId/reverse', { schema: { params: MovementParams, body: ReverseBody, response: change }, onRequest: admin }, async (request, reply) => {
    reply.status(201);
    return inventory.reverse(viewerOf(request), request.params.id, request.params.movementId, request.body.reason);
  });

  const list = { 200: JobPartList };
  app.get('/appointments/:id/parts', { schema: { params: AppointmentParams, response: list }, onRequest: app.authenticate }, async (request) =>
    inventory.jobParts(viewerOf(request), request.params.id),
  );

  app.post('/appointments/:id/parts', { schema: { params: AppointmentParams, body: AddJobPartBody, response: list }, onRequest: staff }, async (request) =>
    inventory.addJobPart(viewerOf(request), request.params.id, request.body),
  );

  app.put('/appointments/:id/parts/:partId', { schema: { params: JobPartParams, body: JobPartBody, response: list }, onRequest: staff }, async (request) =>
    inventory.setJobPart(viewerOf(request), request.params.id, request.params.partId, request.body.quantity),
  );

  app.get('/service-kits', { schema: { response: { 200: ServiceKitList } }, onRequest: staff }, async (request) => {
    viewerOf(request);
    return { items: await inventory.kits() };
  });

  app.put('/service-kits/:serviceType', { schema: { params: ServiceKitParams, body: ServiceKitBody, response: { 200: ServiceKit } }, onRequest: admin }, async (request) =>
    inventory.setKit(request.params.serviceType, request.body),
  );

  app.get('/parts/shortages', { schema: { response: { 200: PartsShortageList } }, onRequest: admin }, async () => ({ items: await inventory.shortages() }));
}

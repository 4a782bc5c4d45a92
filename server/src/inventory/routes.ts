import type { FastifyInstance } from 'fastify';
import { AppointmentParams } from '../contract/appointments';
import {
  AddJobPartBody,
  AdjustBody,
  ExportQuery,
  ImportResult,
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
import { INVENTORY_MESSAGES } from '../contract/inventoryTerms';
import { InvalidError, invalidField } from '../domain/errors';
import { viewerOf } from '../plugins/authenticate';
import { bodyChecker } from '../plugins/validation';
import { typed } from '../plugins/typeProvider';
import { readPartsCsv } from './csv';
import type { Inventory } from './service';

/** The largest CSV file the import takes (5000 rows of ordinary parts fit in well under this). */
const CSV_BODY_LIMIT = 2 * 1024 * 1024;

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

  // CSV files, for the import only (this scope's routes).
  scope.addContentTypeParser('text/csv', { parseAs: 'string', bodyLimit: CSV_BODY_LIMIT }, (_request, body, done) => done(null, body));
  const checkPart = bodyChecker(NewPartBody);

  app.post('/parts/import', { schema: { response: { 200: ImportResult } }, onRequest: admin }, async (request) => {
    if (typeof request.body !== 'string') throw invalidField('file', INVENTORY_MESSAGES.csvUnreadable);
    const read = readPartsCsv(request.body, checkPart);
    if ('errors' in read) throw new InvalidError(read.errors);
    return inventory.importParts(read.parts);
  });

  app.get('/parts/export.csv', { schema: { querystring: ExportQuery }, onRequest: admin }, async (request, reply) => {
    const csv = await inventory.exportParts(request.query.centerId);
    reply.header('content-type', 'text/csv; charset=utf-8').header('content-disposition', 'attachment; filename="parts.csv"');
    return csv;
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

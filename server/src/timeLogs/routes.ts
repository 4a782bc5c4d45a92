import type { FastifyInstance } from 'fastify';
import { TimeLog, TimeLogBody, TimeLogListQuery, TimeLogPage, TimeLogParams } from '../contract/timeLogs';
import { viewerOf } from '../plugins/authenticate';
import { typed } from '../plugins/typeProvider';
import { TimeLogs } from './queries';

/** /api/time-logs — technicians log their own time; admins read everyone's. */
export async function timeLogRoutes(scope: FastifyInstance): Promise<void> {
  const app = typed(scope);
  const timeLogs = new TimeLogs(app.db, app.catalog, app.now);
  const technician = app.requireRole('EMPLOYEE');

  app.get('/time-logs', { schema: { querystring: TimeLogListQuery, response: { 200: TimeLogPage } }, onRequest: app.requireRole('EMPLOYEE', 'ADMIN') }, async (request) =>
    timeLogs.list(viewerOf(request), request.query),
  );

  app.post('/time-logs', { schema: { body: TimeLogBody, response: { 201: TimeLog } }, onRequest: technician }, async (request, reply) => {
    reply.status(201);
    return timeLogs.create(viewerOf(request).id, request.body);
  });

  app.put('/time-logs/:id', { schema: { params: TimeLogParams, body: TimeLogBody, response: { 200: TimeLog } }, onRequest: technician }, async (request) =>
    timeLogs.update(viewerOf(request).id, request.params.id, request.body),
  );

  app.delete('/time-logs/:id', { schema: { params: TimeLogParams }, onRequest: technician }, async (request, reply) => {
    await timeLogs.remove(viewerOf(request).id, request.params.id);
    return reply.status(204).send();
  });
}

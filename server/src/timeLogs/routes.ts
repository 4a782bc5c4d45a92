import type { FastifyInstance } from 'fastify';
import {
  ApproveTimeLogBody,
  ApproveWeekBody,
  ApproveWeekResult,
  RejectTimeLogBody,
  TimeLog,
  TimeLogBody,
  TimeLogListQuery,
  TimeLogPage,
  TimeLogParams,
  TimeLogReview,
  TimeLogReviewQuery,
  WeeklyHours,
  WeeklyHoursQuery,
} from '../contract/timeLogs';
import { viewerOf } from '../plugins/authenticate';
import { typed } from '../plugins/typeProvider';
import type { TimeLogs } from './service';

/** A technician's changes honour Idempotency-Key (plugins/idempotency.ts): the offline queue resends them. */
const idempotent = { idempotent: true };

/**
 * /api/time-logs — technicians log their own time; admins read everyone's and review it (approve, or reject with
 * a reason). A technician's hours per week: /api/time-logs/weekly.
 */
export async function timeLogRoutes(scope: FastifyInstance, { timeLogs }: { timeLogs: TimeLogs }): Promise<void> {
  const app = typed(scope);
  const technician = app.requireRole('EMPLOYEE');
  const admin = app.requireRole('ADMIN');

  app.get('/time-logs', { schema: { querystring: TimeLogListQuery, response: { 200: TimeLogPage } }, onRequest: app.requireRole('EMPLOYEE', 'ADMIN') }, async (request) =>
    timeLogs.list(viewerOf(request), request.query),
  );

  app.post('/time-logs', { schema: { body: TimeLogBody, response: { 201: TimeLog } }, onRequest: technician, config: idempotent }, async (request, reply) => {
    reply.status(201);
    return timeLogs.create(viewerOf(request).id, request.body);
  });

  app.put('/time-logs/:id', { schema: { params: TimeLogParams, body: TimeLogBody, response: { 200: TimeLog } }, onRequest: technician, config: idempotent }, async (request) =>
    timeLogs.update(viewerOf(request).id, request.params.id, request.body),
  );

  app.delete('/time-logs/:id', { schema: { params: TimeLogParams }, onRequest: technician, config: idempotent }, async (request, reply) => {
    await timeLogs.remove(viewerOf(request).id, request.params.id);
    return reply.status(204).send();
  });

  app.get('/time-logs/weekly', { schema: { querystring: WeeklyHoursQuery, response: { 200: WeeklyHours } }, onRequest: technician }, async (request) =>
    timeLogs.weekly(viewerOf(request).id, request.query),
  );

  app.get('/time-logs/review', { schema: { querystring: TimeLogReviewQuery, response: { 200: TimeLogReview } }, onRequest: admin }, async (request) =>
    timeLogs.reviewWeek(request.query),
  );

  app.post('/time-logs/:id/approve', { schema: { params: TimeLogParams, body: ApproveTimeLogBody, response: { 200: TimeLog } }, onRequest: admin }, async (request) =>
    timeLogs.review(viewerOf(request).id, request.params.id, request.body.expectedVersion, { state: 'APPROVED' }),
  );

  app.post('/time-logs/:id/reject', { schema: { params: TimeLogParams, body: RejectTimeLogBody, response: { 200: TimeLog } }, onRequest: admin }, async (request) =>
    timeLogs.review(viewerOf(request).id, request.params.id, request.body.expectedVersion, { state: 'REJECTED', reason: request.body.reason }),
  );

  app.post('/time-logs/approve-week', { schema: { body: ApproveWeekBody, response: { 200: ApproveWeekResult } }, onRequest: admin }, async (request) =>
    timeLogs.approveWeek(viewerOf(request).id, request.body),
  );
}

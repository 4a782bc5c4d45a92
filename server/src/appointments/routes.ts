import type { FastifyInstance } from 'fastify';
import {
  Appointment,
  AppointmentCounts,
  AppointmentCountsQuery,
  AppointmentListQuery,
  AppointmentPage,
  AppointmentParams,
  AssignEmployeeBody,
  Availability,
  AvailabilityQuery,
  BookAppointmentBody,
  CancelAppointmentBody,
  RescheduleAppointmentBody,
  UpdateStatusBody,
} from '../contract/appointments';
import { viewerOf } from '../plugins/authenticate';
import { typed } from '../plugins/typeProvider';

/** /api/appointments and /api/availability (docs/api-contract.md § "The shop"). */
export async function appointmentRoutes(scope: FastifyInstance): Promise<void> {
  const app = typed(scope);
  const { appointments } = app;
  const customer = app.requireRole('CUSTOMER');
  const customerOrAdmin = app.requireRole('CUSTOMER', 'ADMIN');
  const technicianOrAdmin = app.requireRole('EMPLOYEE', 'ADMIN');
  const admin = app.requireRole('ADMIN');
  const ok = { 200: Appointment };

  app.get('/availability', { schema: { querystring: AvailabilityQuery, response: { 200: Availability } }, onRequest: app.authenticate }, async (request) =>
    appointments.availability(request.query.date, request.query.centerId),
  );

  app.get('/appointments', { schema: { querystring: AppointmentListQuery, response: { 200: AppointmentPage } }, onRequest: app.authenticate }, async (request) =>
    appointments.list(viewerOf(request), request.query),
  );

  app.get('/appointments/counts', { schema: { querystring: AppointmentCountsQuery, response: { 200: AppointmentCounts } }, onRequest: app.authenticate }, async (request) =>
    appointments.counts(viewerOf(request), request.query),
  );

  app.post('/appointments', { schema: { body: BookAppointmentBody, response: { 201: Appointment } }, onRequest: customer }, async (request, reply) => {
    reply.status(201);
    return appointments.book(viewerOf(request).id, request.body);
  });

  app.get('/appointments/:id', { schema: { params: AppointmentParams, response: ok }, onRequest: app.authenticate }, async (request) =>
    appointments.get(viewerOf(request), request.params.id),
  );

  app.post('/appointments/:id/cancel', { schema: { params: AppointmentParams, body: CancelAppointmentBody, response: ok }, onRequest: customerOrAdmin }, async (request) =>
    appointments.cancel(viewerOf(request), request.params.id, request.body),
  );

  app.post(
    '/appointments/:id/reschedule',
    { schema: { params: AppointmentParams, body: RescheduleAppointmentBody, response: ok }, onRequest: customerOrAdmin },
    async (request) => appointments.reschedule(viewerOf(request), request.params.id, request.body),
  );

  app.post('/appointments/:id/assign', { schema: { params: AppointmentParams, body: AssignEmployeeBody, response: ok }, onRequest: admin }, async (request) =>
    appointments.assign(viewerOf(request), request.params.id, request.body),
  );

  // Honours Idempotency-Key (plugins/idempotency.ts): a technician's offline queue resends a status change.
  app.patch('/appointments/:id/status', { schema: { params: AppointmentParams, body: UpdateStatusBody, response: ok }, onRequest: technicianOrAdmin, config: { idempotent: true } }, async (request) =>
    appointments.updateStatus(viewerOf(request), request.params.id, request.body),
  );
}

import type { FastifyInstance } from 'fastify';
import { EmployeeList, EmployeeListQuery, StaffActionBody, StaffList, StaffMember, StaffParams } from '../contract/employees';
import { viewerOf } from '../plugins/authenticate';
import { typed } from '../plugins/typeProvider';
import type { Employees, Staff } from './service';

/**
 * GET /api/employees — admin: who can be assigned (approved, active technicians).
 * GET /api/staff, POST /api/employees/:id/approve and /deactivate — admin: the Staff page.
 */
export async function employeeRoutes(scope: FastifyInstance, { employees, staff }: { employees: Employees; staff: Staff }): Promise<void> {
  const app = typed(scope);
  const admin = app.requireRole('ADMIN');
  const member = { 200: StaffMember };

  app.get('/employees', { schema: { querystring: EmployeeListQuery, response: { 200: EmployeeList } }, onRequest: admin }, async (request) =>
    employees.list(request.query),
  );

  app.get('/staff', { schema: { response: { 200: StaffList } }, onRequest: admin }, async () => staff.list());

  app.post('/employees/:id/approve', { schema: { params: StaffParams, body: StaffActionBody, response: member }, onRequest: admin }, async (request) =>
    staff.approve(viewerOf(request).id, request.params.id),
  );

  app.post('/employees/:id/deactivate', { schema: { params: StaffParams, body: StaffActionBody, response: member }, onRequest: admin }, async (request) =>
    staff.deactivate(viewerOf(request).id, request.params.id),
  );
}

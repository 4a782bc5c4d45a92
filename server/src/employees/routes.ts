import type { FastifyInstance } from 'fastify';
import { EmployeeList, EmployeeListQuery } from '../contract/employees';
import { typed } from '../plugins/typeProvider';
import { Employees } from './queries';

/** GET /api/employees — admin: who can be assigned. */
export async function employeeRoutes(scope: FastifyInstance): Promise<void> {
  const app = typed(scope);
  const employees = new Employees(app.db, app.catalog);
  app.get('/employees', { schema: { querystring: EmployeeListQuery, response: { 200: EmployeeList } }, onRequest: app.requireRole('ADMIN') }, async (request) =>
    employees.list(request.query),
  );
}

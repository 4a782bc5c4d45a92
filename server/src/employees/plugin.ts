import fp from 'fastify-plugin';
import { API_PREFIX } from '../plugins/api';
import { employeeRoutes } from './routes';
import { Employees, Staff } from './service';

/** Technicians: who can be assigned, and the Staff page (approve, deactivate). */
export default fp(
  async (app) => {
    await app.register(employeeRoutes, { prefix: API_PREFIX, employees: new Employees(app.db, app.catalog), staff: new Staff(app.db, app.now) });
  },
  { name: 'employees', dependencies: ['core', 'database', 'catalog', 'auth'] },
);

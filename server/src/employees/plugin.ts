import fp from 'fastify-plugin';
import { API_PREFIX } from '../plugins/api';
import { employeeRoutes } from './routes';
import { Employees, Staff } from './service';

declare module 'fastify' {
  interface FastifyInstance {
    /** The Staff page's rules: a technician closing their account is deactivated by them (the account domain). */
    staff: Staff;
  }
}

/** Technicians: who can be assigned, and the Staff page (approve, deactivate). */
export default fp(
  async (app) => {
    const staff = new Staff(app.db, app.now);
    app.decorate('staff', staff);
    await app.register(employeeRoutes, { prefix: API_PREFIX, employees: new Employees(app.db, app.catalog), staff });
  },
  { name: 'employees', dependencies: ['core', 'database', 'catalog', 'auth'] },
);

import fp from 'fastify-plugin';
import { API_PREFIX } from '../plugins/api';
import { appointmentRoutes } from './routes';
import { Appointments } from './service';

declare module 'fastify' {
  interface FastifyInstance {
    /** The shop's jobs, as the caller may see and change them (reports read a job through it). */
    appointments: Appointments;
  }
}

/** Bookings and jobs: /api/appointments and /api/availability. */
export default fp(
  async (app) => {
    app.decorate('appointments', new Appointments(app.db, app.catalog, app.now));
    await app.register(appointmentRoutes, { prefix: API_PREFIX });
  },
  { name: 'appointments', dependencies: ['core', 'database', 'catalog', 'auth'] },
);

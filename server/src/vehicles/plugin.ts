import fp from 'fastify-plugin';
import { API_PREFIX } from '../plugins/api';
import { vehicleRoutes } from './routes';
import { Vehicles } from './service';

declare module 'fastify' {
  interface FastifyInstance {
    /** A customer's own vehicles (the account domain's data download reads them through it). */
    vehicles: Vehicles;
  }
}

/** A customer's own vehicles. */
export default fp(
  async (app) => {
    const vehicles = new Vehicles(app.db, app.now);
    app.decorate('vehicles', vehicles);
    await app.register(vehicleRoutes, { prefix: API_PREFIX, vehicles });
  },
  { name: 'vehicles', dependencies: ['core', 'database', 'auth'] },
);

import fp from 'fastify-plugin';
import { API_PREFIX } from '../plugins/api';
import { vehicleRoutes } from './routes';
import { Vehicles } from './service';

/** A customer's own vehicles. */
export default fp(
  async (app) => {
    await app.register(vehicleRoutes, { prefix: API_PREFIX, vehicles: new Vehicles(app.db, app.now) });
  },
  { name: 'vehicles', dependencies: ['core', 'database', 'auth'] },
);

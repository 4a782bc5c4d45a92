import fp from 'fastify-plugin';
import { API_PREFIX } from '../plugins/api';
import { inventoryRoutes } from './routes';
import { Inventory } from './service';

declare module 'fastify' {
  interface FastifyInstance {
    /** The parts catalogue, its stock per centre as a ledger, and the parts used on jobs. */
    inventory: Inventory;
  }
}

/** Parts and stock. */
export default fp(
  async (app) => {
    const inventory = new Inventory(app.db, app.catalog, app.appointments, app.now);
    app.decorate('inventory', inventory);
    await app.register(inventoryRoutes, { prefix: API_PREFIX, inventory });
  },
  { name: 'inventory', dependencies: ['core', 'database', 'auth', 'catalog', 'appointments'] },
);

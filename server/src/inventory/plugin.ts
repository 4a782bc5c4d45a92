import fp from 'fastify-plugin';
import { API_PREFIX } from '../plugins/api';
import { Purchasing } from './purchasing';
import { purchasingRoutes } from './purchasingRoutes';
import { inventoryRoutes } from './routes';
import { Inventory } from './service';

declare module 'fastify' {
  interface FastifyInstance {
    /** The parts catalogue, its stock per centre as a ledger, and the parts used on jobs. */
    inventory: Inventory;
  }
}

/** Parts and stock, kits and reservations, suppliers and purchase orders. */
export default fp(
  async (app) => {
    const inventory = new Inventory(app.db, app.catalog, app.appointments, app.now);
    app.decorate('inventory', inventory);
    await app.register(inventoryRoutes, { prefix: API_PREFIX, inventory });
    const purchasing = new Purchasing(app.db, app.catalog, inventory.repository, app.now);
    await app.register(purchasingRoutes, { prefix: API_PREFIX, purchasing });
  },
  { name: 'inventory', dependencies: ['core', 'database', 'auth', 'catalog', 'appointments'] },
);

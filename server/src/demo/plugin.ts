import fp from 'fastify-plugin';
import { seedDemoWorkshop } from './seed';

/** DEMO_DATA=1: the demo workshop, seeded once per database before the server takes requests. */
export default fp(
  async (app) => {
    if (app.config.demoData) await seedDemoWorkshop(app.db, app.catalog, app.now, app.log, app.config.billing);
  },
  { name: 'demo', dependencies: ['core', 'database', 'catalog'] },
);

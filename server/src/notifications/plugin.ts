import fp from 'fastify-plugin';
import { API_PREFIX } from '../plugins/api';
import { Notifications } from './queries';
import { notificationRoutes } from './routes';

/** Every signed-in user's own notifications (the database writes them with the change they tell of). */
export default fp(
  async (app) => {
    await app.register(notificationRoutes, { prefix: API_PREFIX, notifications: new Notifications(app.db, app.now) });
  },
  { name: 'notifications', dependencies: ['core', 'database', 'auth'] },
);

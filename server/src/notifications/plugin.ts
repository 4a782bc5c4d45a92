import fp from 'fastify-plugin';
import { API_PREFIX } from '../plugins/api';
import { Notifications } from './queries';
import { notificationRoutes } from './routes';

declare module 'fastify' {
  interface FastifyInstance {
    /** A user's own notifications (the account domain's data download reads them through it). */
    notifications: Notifications;
  }
}

/** Every signed-in user's own notifications (the database writes them with the change they tell of). */
export default fp(
  async (app) => {
    const notifications = new Notifications(app.db, app.now);
    app.decorate('notifications', notifications);
    await app.register(notificationRoutes, { prefix: API_PREFIX, notifications });
  },
  { name: 'notifications', dependencies: ['core', 'database', 'auth'] },
);

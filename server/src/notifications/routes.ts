import type { FastifyInstance } from 'fastify';
import { Notification, NotificationListQuery, NotificationPage, NotificationParams, UnreadCount } from '../contract/notifications';
import { authOf } from '../plugins/authenticate';
import { typed } from '../plugins/typeProvider';
import type { Notifications } from './queries';

/**
 * /api/notifications — the signed-in user's own. Not through `viewerOf`: a technician awaiting approval gets 403
 * from the shop, but their bell works (it is just empty).
 */
export async function notificationRoutes(scope: FastifyInstance, { notifications }: { notifications: Notifications }): Promise<void> {
  const app = typed(scope);

  app.get('/notifications', { schema: { querystring: NotificationListQuery, response: { 200: NotificationPage } }, onRequest: app.authenticate }, async (request) =>
    notifications.list(authOf(request).user.id, request.query),
  );

  app.post('/notifications/read-all', { schema: { response: { 200: UnreadCount } }, onRequest: app.authenticate }, async (request) =>
    notifications.markAllRead(authOf(request).user.id),
  );

  app.post('/notifications/:id/read', { schema: { params: NotificationParams, response: { 200: Notification } }, onRequest: app.authenticate }, async (request) =>
    notifications.markRead(authOf(request).user.id, request.params.id),
  );
}

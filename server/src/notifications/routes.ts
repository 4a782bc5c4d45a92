import type { FastifyInstance } from 'fastify';
import { Notification, NotificationListQuery, NotificationPage, NotificationParams, UnreadCount } from '../contract/notifications';
import { authOf } from '../plugins/authenticate';
import { typed } from '../plugins/typeProvider';
import type { Notifications } from './queries';

/**
 * /api/notifications — every signed-in user's own notifications (customers, technicians, including one still
 * awaiting approval — their list is simply empty until they get work — and admins). Written by the database with
 * the change they tell of (migration 0010). Not through `viewerOf`: a technician awaiting approval has no part in
 * the shop's work (403 there), but the header's bell works for them — it is just empty.
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

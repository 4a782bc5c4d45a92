import type { FastifyInstance } from 'fastify';

/** Issue 16 scaffold: the notifications routes. */
export async function notificationRoutes(_scope: FastifyInstance): Promise<void> {
  // scaffold: filled in by the issue 16 work
}

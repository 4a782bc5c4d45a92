import type { FastifyInstance } from 'fastify';

/** Issue 16 scaffold: the tracking routes. */
export async function trackingRoutes(_scope: FastifyInstance): Promise<void> {
  // scaffold: filled in by the issue 16 work
}

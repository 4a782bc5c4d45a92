import type { FastifyInstance } from 'fastify';

/** Issue 16 scaffold: the events routes. */
export async function eventRoutes(_scope: FastifyInstance): Promise<void> {
  // scaffold: filled in by the issue 16 work
}

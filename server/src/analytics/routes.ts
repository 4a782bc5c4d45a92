import type { FastifyInstance } from 'fastify';

/** /api routes of the analytics domain (scaffold: filled in by its feature's work). */
export async function analyticsRoutes(_scope: FastifyInstance): Promise<void> {}

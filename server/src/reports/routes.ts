import type { FastifyInstance } from 'fastify';

/** /api routes of the reports domain (scaffold: filled in by its feature's work). */
export async function reportRoutes(_scope: FastifyInstance): Promise<void> {}

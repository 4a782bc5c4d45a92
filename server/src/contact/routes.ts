import type { FastifyInstance } from 'fastify';

/** /api routes of the contact domain (scaffold: filled in by its feature's work). */
export async function contactRoutes(_scope: FastifyInstance): Promise<void> {}

import fp from 'fastify-plugin';
import { isApiPath } from './api';

export const NO_STORE = 'no-store';

/**
 * `Cache-Control: no-store` on every /api answer (tokens, profiles, jobs, errors), so no cache keeps a copy; a
 * route that chose its own caching (the public catalogue) keeps it, except on an error.
 */
export const cacheControl = fp(
  async (app) => {
    app.addHook('onSend', async (request, reply, payload) => {
      if (!isApiPath(request.url)) return payload;
      if (reply.statusCode >= 400 || !reply.hasHeader('cache-control')) reply.header('cache-control', NO_STORE);
      return payload;
    });
  },
  { name: 'cacheControl' },
);

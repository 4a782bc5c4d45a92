import fp from 'fastify-plugin';
import { isApiPath } from './api';

export const NO_STORE = 'no-store';

/**
 * `Cache-Control: no-store` on every /api answer — tokens (login, register, refresh, the OAuth code exchange),
 * profiles, a customer's jobs, and every error — so no browser or proxy cache keeps a copy. A route that chose
 * its own caching (the public catalogue) keeps it for its successful answers; an error is never cacheable.
 * The SPA's pages and files (not /api) keep the static site's own policy.
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

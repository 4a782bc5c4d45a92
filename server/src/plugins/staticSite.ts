import { stat } from 'node:fs/promises';
import { resolve } from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';

const IMMUTABLE = 'public, max-age=31536000, immutable';
const REVALIDATE = 'no-cache';

/** webpack names everything under /assets/ with a content hash, so those files never change. */
function cacheControlFor(filePath: string): string {
  return /[\\/]assets[\\/]/.test(filePath) ? IMMUTABLE : REVALIDATE;
}

export function isApiPath(url: string): boolean {
  return url === '/api' || url.startsWith('/api/') || url.startsWith('/api?');
}

/** Fails fast, before anything else starts, when STATIC_DIR holds no build. Returns the absolute root. */
export async function checkStaticDir(staticDir: string): Promise<string> {
  const root = resolve(staticDir);
  const index = await stat(resolve(root, 'index.html')).catch(() => null);
  if (!index?.isFile()) {
    throw new Error(`STATIC_DIR ${root} has no index.html — run \`npm run build\` first`);
  }
  return root;
}

/**
 * Serves the built SPA from STATIC_DIR: precompressed .br/.gz siblings when the client accepts them,
 * immutable caching for hashed /assets/*, no-cache for index.html and other unhashed files.
 * History fallback (any other non-/api GET → index.html) is done by the app's not-found handler via `sendIndex`.
 */
export async function registerStaticSite(app: FastifyInstance, staticDir: string): Promise<void> {
  const root = await checkStaticDir(staticDir);
  await app.register(fastifyStatic, {
    root,
    prefix: '/',
    preCompressed: true,
    cacheControl: false,
    redirect: false,
    index: ['index.html'],
    setHeaders: (reply, filePath) => {
      reply.header('cache-control', cacheControlFor(filePath));
    },
  });
}

/** The SPA shell for client-side routes. */
export function sendIndex(request: FastifyRequest, reply: FastifyReply): FastifyReply {
  if (request.url === '/oauth/callback' || request.url.startsWith('/oauth/callback?')) {
    reply.header('referrer-policy', 'no-referrer');
  }
  return reply.header('cache-control', REVALIDATE).sendFile('index.html');
}

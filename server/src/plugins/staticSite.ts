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

/**
 * Source maps (and their .gz/.br) stay in the build for scripts/check-budgets.ts and the bench, which read them from
 * disk, but are never served: they contain the application's sources. The build references none of them
 * (webpack's hidden-source-map).
 */
const SOURCE_MAP = /\.map(\.(br|gz))?$/i;

/** @fastify/static hands the path still percent-encoded (`send` decodes it), so `.js%2Emap` is checked decoded. */
function isServable(pathName: string): boolean {
  let decoded: string;
  try {
    decoded = decodeURIComponent(pathName);
  } catch {
    return false;
  }
  return !SOURCE_MAP.test(decoded);
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
 * immutable caching for hashed /assets/*, no-cache for index.html and other unhashed files, no source maps
 * (answered like any missing file: 404 under /assets/).
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
    allowedPath: isServable,
    setHeaders: (res, filePath) => {
      res.setHeader('cache-control', cacheControlFor(filePath));
    },
  });
}

/** Pages whose URL carries a secret (the sign-in callback's tokens, a tracking link's token). */
function carriesSecret(url: string): boolean {
  return url === '/oauth/callback' || url.startsWith('/oauth/callback?') || url.startsWith('/track/');
}

/** The SPA shell for client-side routes. */
export function sendIndex(request: FastifyRequest, reply: FastifyReply): FastifyReply {
  if (carriesSecret(request.url)) reply.header('referrer-policy', 'no-referrer');
  // A tracking page is one customer's job: never in a search index.
  if (request.url.startsWith('/track/')) reply.header('x-robots-tag', 'noindex');
  return reply.header('cache-control', REVALIDATE).sendFile('index.html');
}

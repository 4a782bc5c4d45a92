import { readFile, stat } from 'node:fs/promises';
import { resolve } from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { isApiPath } from './api';
import { sendNoRoute } from './errorHandler';
import { frameFor, PAGE_VIEW_COOKIE, type PageFrames } from '../contract/pageViews';
import { readCookie } from '../oauth/cookies';

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
 * The pages the build pre-rendered (scripts/prerender.ts writes dist/prerendered/pages.json): a file per public path
 * and a shell per signed-in area, by path prefix. A build without it (the dev server's, a test's) has none.
 */
interface PrerenderedPages {
  pages: Record<string, string>;
  shells: Record<string, string>;
  /** The dashboards' frames, by path and the view cookie's value (@contract/pageViews). */
  frames: PageFrames;
}

async function readPrerendered(root: string): Promise<PrerenderedPages> {
  const text = await readFile(resolve(root, 'prerendered', 'pages.json'), 'utf8').catch(() => null);
  if (text === null) return { pages: {}, shells: {}, frames: {} };
  const { pages = {}, shells = {}, frames = {} } = JSON.parse(text) as Partial<PrerenderedPages>;
  return { pages, shells, frames };
}

/** Sends the HTML for a client-side route (the app's not-found handler calls it for any other non-/api GET). */
export type SendPage = (request: FastifyRequest, reply: FastifyReply) => FastifyReply;

/**
 * Serves the built SPA (precompressed, hashed assets immutable, HTML revalidated, no source maps) and returns the
 * history fallback: the path's pre-rendered page, or its frame for the view the browser's cookie names (a returning
 * user's dashboard), else its area's shell, else index.html.
 */
export async function registerStaticSite(app: FastifyInstance, staticDir: string): Promise<SendPage> {
  const root = await checkStaticDir(staticDir);
  const { pages, shells, frames } = await readPrerendered(root);
  await app.register(fastifyStatic, {
    root,
    prefix: '/',
    preCompressed: true,
    cacheControl: false,
    redirect: false,
    // `/` is a page like the others (pre-rendered when the build did so): its route below picks the file.
    index: false,
    allowedPath: isServable,
    setHeaders: (res, filePath) => {
      res.setHeader('cache-control', cacheControlFor(filePath));
    },
  });
  const fileFor = (pathName: string, view: string | undefined): string => {
    const page = pages[pathName] ?? frameFor(frames, pathName, view);
    if (page) return page;
    const area = Object.keys(shells).find((prefix) => pathName === prefix || pathName.startsWith(`${prefix}/`));
    return area ? shells[area] : 'index.html';
  };
  const send: SendPage = (request, reply) => {
    const pathName = new URL(request.url, 'http://localhost').pathname;
    // A path with frames answers by the view cookie: caches must keep its answers apart.
    if (frames[pathName]) reply.header('vary', 'Cookie');
    return sendPage(request, reply, fileFor(pathName, readCookie(request.headers.cookie, PAGE_VIEW_COOKIE)));
  };
  app.get('/', send);
  return send;
}

/** Pages whose URL carries a secret (the sign-in callback's tokens, a tracking link's token). */
function carriesSecret(url: string): boolean {
  return url === '/oauth/callback' || url.startsWith('/oauth/callback?') || url.startsWith('/track/');
}

function sendPage(request: FastifyRequest, reply: FastifyReply, file: string): FastifyReply {
  if (carriesSecret(request.url)) reply.header('referrer-policy', 'no-referrer');
  // A tracking page is one customer's job: never in a search index.
  if (request.url.startsWith('/track/')) reply.header('x-robots-tag', 'noindex');
  return reply.header('cache-control', REVALIDATE).sendFile(file);
}

/**
 * The built SPA when STATIC_DIR is set, and the answer for whatever no route took: the SPA's page for a GET of
 * a page path, else 405 or 404 in the contract's shape. Registered after every route.
 */
export const staticSite = fp(
  async (app) => {
    const { staticDir } = app.config;
    const send = staticDir ? await registerStaticSite(app, staticDir) : null;
    app.setNotFoundHandler((request, reply) => {
      const { method, url } = request;
      if (send && (method === 'GET' || method === 'HEAD') && !isApiPath(url) && !url.startsWith('/assets/')) return send(request, reply);
      return sendNoRoute(app, request, reply);
    });
  },
  { name: 'staticSite', dependencies: ['core', 'errorHandling'] },
);

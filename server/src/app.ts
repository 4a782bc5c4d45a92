import Fastify, { type FastifyInstance, type FastifyPluginAsync, type FastifyServerOptions, LogController, type RouteOptions } from 'fastify';
import account from './account/plugin';
import analytics from './analytics/plugin';
import appointments from './appointments/plugin';
import auth from './auth/plugin';
import catalog from './catalog/plugin';
import { systemClock, type Clock } from './clock';
import type { AppConfig, HttpLimits } from './config';
import { trustFunction } from './config/trustProxy';
import contact from './contact/plugin';
import demo from './demo/plugin';
import employees from './employees/plugin';
import events from './events/plugin';
import mail from './mail/plugin';
import notifications from './notifications/plugin';
import oauth from './oauth/plugin';
import { bodyParsing } from './plugins/bodyParsing';
import { cacheControl } from './plugins/cacheControl';
import { connectionLimits } from './plugins/connections';
import { core } from './plugins/core';
import { database } from './plugins/database';
import { clientErrorHandler, errorHandler, errorHandling } from './plugins/errorHandler';
import { health } from './plugins/health';
import { idempotency } from './plugins/idempotency';
import { rateLimit } from './plugins/rateLimit';
import { securityHeaders } from './plugins/securityHeaders';
import { checkStaticDir, staticSite } from './plugins/staticSite';
import { nulGuard, schemaController } from './plugins/validation';
import reports from './reports/plugin';
import timeLogs from './timeLogs/plugin';
import tracking from './tracking/plugin';
import inventory from './inventory/plugin';
import billing from './billing/plugin';
import users from './users/plugin';
import vehicles from './vehicles/plugin';

export interface BuildAppOptions {
  /** Fastify logger setting; default off (main.ts turns it on). */
  logger?: FastifyServerOptions['logger'];
  /** Time source; tests inject one to move past expiries without waiting. */
  now?: Clock;
  /** Told of every route as it is registered: tests walk the route table (e.g. every paged list) from it. */
  onRoute?: (route: RouteOptions) => void;
}

export const BODY_LIMIT_BYTES = 64 * 1024;
/** Node's HTTP parser accepts at most 16 KiB of request line and headers. */
const MAX_PARAM_LENGTH = 16 * 1024;

/**
 * Paths no page or file can have ('//host', a backslash, a '..' segment, raw or percent-encoded). The static
 * file server would refuse them with a bare 403; they are routed to a path that does not exist instead, so
 * they get the same answer as any unknown page (the SPA's Page Not Found) or asset (404) — never a redirect.
 */
const ODD_PATH = /^\/\/|\\|%5c|(^|\/)(\.|%2e){2}(\/|%2f|$)/i;
const ODD_PATH_TARGET = '/__not_found__';

function rewriteUrl(url: string | undefined): string {
  const raw = url ?? '/';
  const path = raw.split('?')[0];
  if (path.startsWith('/api/') || !ODD_PATH.test(path)) return raw; // API routes validate their own parameters
  return path.toLowerCase().startsWith('/assets/') ? `/assets${ODD_PATH_TARGET}` : ODD_PATH_TARGET;
}

/**
 * How often Node checks pending requests against the headers and request timeouts (its default, 30 s, would let a
 * 10 s headers timeout run to 40 s).
 */
function connectionsCheckingInterval({ headersTimeoutMs }: HttpLimits): number {
  return Math.min(5_000, Math.max(50, Math.floor(headersTimeoutMs / 4)));
}

function createFastify(config: AppConfig, logger: FastifyServerOptions['logger']): FastifyInstance {
  const limits = config.http;
  const app = Fastify({
    connectionTimeout: limits.connectionTimeoutMs,
    requestTimeout: limits.requestTimeoutMs,
    keepAliveTimeout: limits.keepAliveTimeoutMs,
    http: {
      requestTimeout: limits.requestTimeoutMs,
      headersTimeout: limits.headersTimeoutMs,
      connectionsCheckingInterval: connectionsCheckingInterval(limits),
    },
    // Opening the embedded database (initdb on a new DATA_DIR) and migrating can take well over Fastify's default
    // 10 s on a busy machine; a start that is merely slow must not fail.
    pluginTimeout: 120_000,
    logger,
    rewriteUrl: (request) => rewriteUrl(request.url),
    bodyLimit: BODY_LIMIT_BYTES,
    trustProxy: trustFunction(config.trustProxy),
    logController: new LogController({ disableRequestLogging: true }),
    schemaController,
    // Long enough for any parameter a request line can carry, so an over-long one reaches its schema (a field
    // message) instead of missing the route (404).
    routerOptions: { maxParamLength: MAX_PARAM_LENGTH },
    frameworkErrors: errorHandler,
    clientErrorHandler,
  });
  // Beyond the cap new connections are dropped at once: the file descriptors stay for the ones being served.
  app.server.maxConnections = limits.maxConnections;
  return app;
}

/**
 * The server, in the order it is assembled. Each plugin may use what the ones before it decorate (fastify-plugin
 * checks the `dependencies` each declares); a new domain is one more line here.
 */
export const PLUGINS: readonly FastifyPluginAsync[] = [
  // HTTP behaviour every route shares; the error handler first, since a route keeps the one it was built with.
  errorHandling,
  connectionLimits,
  bodyParsing,
  nulGuard,
  cacheControl,
  securityHeaders,
  // What the domains read: the database, the catalogue, the per-IP limits.
  database,
  catalog,
  rateLimit,
  // Who is asking: users, sessions and the guards (auth), Google sign-in.
  users,
  auth,
  oauth,
  health,
  // Idempotency-Key for the routes that opt in: before the domains, since it wraps their routes as they are added.
  idempotency,
  // The live hub before the domains that stream from it.
  events,
  vehicles,
  appointments,
  employees,
  timeLogs,
  reports,
  analytics,
  contact,
  notifications,
  tracking,
  inventory,
  billing,
  // What a person manages about their own account: after the domains its data download and closing read.
  account,
  // After every route: the SPA and the answer for what no route took.
  staticSite,
  // After the routes, before the server listens.
  demo,
  mail,
];

/**
 * Builds the whole server — database opened and migrated, admin bootstrapped, demo workshop seeded when asked,
 * routes registered — and returns it ready (to `listen`, or to `inject` in tests). Closing the app closes the
 * database.
 */
export async function buildApp(config: AppConfig, options: BuildAppOptions = {}): Promise<FastifyInstance> {
  if (config.staticDir) await checkStaticDir(config.staticDir);
  const app = createFastify(config, options.logger ?? false);
  const { onRoute } = options;
  if (onRoute) app.addHook('onRoute', (route) => onRoute(route));
  try {
    await app.register(core, { config, now: options.now ?? systemClock });
    for (const plugin of PLUGINS) await app.register(plugin);
    await app.ready();
    return app;
  } catch (error) {
    await app.close().catch(() => undefined);
    throw error;
  }
}

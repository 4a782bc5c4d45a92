import Fastify, { type FastifyInstance, type FastifyServerOptions, LogController } from 'fastify';
import { analyticsRoutes } from './analytics/routes';
import { syncAnalyticsTimeZone } from './analytics/rollups';
import { appointmentRoutes } from './appointments/routes';
import { AccessTokens } from './auth/accessTokens';
import { bootstrapAdmin } from './auth/adminBootstrap';
import { authRoutes } from './auth/routes';
import { Sessions } from './auth/sessions';
import { Catalog } from './catalog/queries';
import { catalogRoutes } from './catalog/routes';
import { type Clock, systemClock } from './clock';
import type { AppConfig, HttpLimits } from './config';
import { seedDemoWorkshop } from './demo/seed';
import { contactRoutes } from './contact/routes';
import { employeeRoutes } from './employees/routes';
import { LiveEvents } from './events/hub';
import { eventRoutes } from './events/routes';
import { closeSseStreams } from './events/sse';
import { notificationRoutes } from './notifications/routes';
import { OAuthCodes } from './oauth/codes';
import { GoogleSignIn } from './oauth/google';
import { oauthRoutes } from './oauth/routes';
import { authentication } from './plugins/authenticate';
import { database } from './plugins/database';
import { registerCacheControl } from './plugins/cacheControl';
import { clientErrorHandler, errorHandler, sendNoRoute } from './plugins/errorHandler';
import { HttpError } from './plugins/errors';
import { createMailWorker } from './mail/worker';
import { rateLimit } from './plugins/rateLimit';
import { reportRoutes } from './reports/routes';
import { registerSecurityHeaders } from './plugins/securityHeaders';
import { checkStaticDir, isApiPath, registerStaticSite } from './plugins/staticSite';
import { registerNulGuard, schemaController } from './plugins/validation';
import { deriveKeys, resolveJwtSecret } from './secrets';
import { timeLogRoutes } from './timeLogs/routes';
import { trackingRoutes } from './tracking/routes';
import { Users } from './users/queries';
import { vehicleRoutes } from './vehicles/routes';

export interface BuildAppOptions {
  /** Fastify logger setting; default off (main.ts turns it on). */
  logger?: FastifyServerOptions['logger'];
  /** Time source; tests inject one to move past expiries without waiting. */
  now?: Clock;
}

export const BODY_LIMIT_BYTES = 64 * 1024;
const PURGE_INTERVAL_MS = 60 * 60 * 1000;
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
    trustProxy: config.trustProxy,
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

/** JSON bodies: an empty body with a JSON content type (e.g. a bare POST /logout) counts as `{}`. */
function registerBodyParsing(app: FastifyInstance): void {
  const parseJson = app.getDefaultJsonParser('error', 'error');
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (request, body, done) => {
    const text = body.toString();
    if (text.trim() === '') return done(null, {});
    return parseJson(request, text, done);
  });
  app.addHook('preValidation', async (request) => {
    if (request.body === undefined && (request.method === 'POST' || request.method === 'PUT' || request.method === 'PATCH')) request.body = {};
  });
}

/** /api: auth and the shop's domains, each in its own folder with routes, queries and rules. */
async function registerApi(app: FastifyInstance, config: AppConfig): Promise<void> {
  const { db, now } = app;
  const keys = deriveKeys(await resolveJwtSecret(config));
  const users = new Users(db, now);
  const accessTokens = new AccessTokens(keys.accessToken, config.accessTokenTtlMs, now);
  const sessions = new Sessions(db, accessTokens, config, now);
  const google = config.google ? new GoogleSignIn(config.google, keys.oauthState, now) : null;
  const oauthCodes = new OAuthCodes(db, now);

  if (config.admin) await bootstrapAdmin(users, config.admin, app.log);
  await sessions.purge();
  await app.register(rateLimit, { config });
  const limits = app.rateLimits;
  await limits.purge();
  await oauthCodes.purge();
  let purgeTimer: NodeJS.Timeout | undefined;
  app.addHook('onReady', async () => {
    purgeTimer = setInterval(() => {
      sessions.purge().catch((error: unknown) => app.log.error({ err: error }, 'session purge failed'));
      limits.purge().catch((error: unknown) => app.log.error({ err: error }, 'rate-limit counter purge failed'));
      oauthCodes.purge().catch((error: unknown) => app.log.error({ err: error }, 'sign-in code purge failed'));
    }, PURGE_INTERVAL_MS);
    purgeTimer.unref();
  });
  app.addHook('onClose', async () => clearInterval(purgeTimer));

  await app.register(authentication, { accessTokens, sessions });
  await app.register(
    async (api) => {
      api.get('/health', async (request) => {
        try {
          await db.selectNoFrom((eb) => eb.val(1).as('ok')).execute();
        } catch (error) {
          request.log.error({ err: error }, 'health check: database did not answer');
          throw new HttpError(503, 'Database unavailable');
        }
        return { status: 'ok' };
      });
      await api.register((scope) => authRoutes(scope, { users, sessions, limits }), { prefix: '/auth' });
      await api.register((scope) => oauthRoutes(scope, { config, google, users, sessions, codes: oauthCodes }));
      await api.register(catalogRoutes);
      await api.register(vehicleRoutes);
      await api.register(appointmentRoutes);
      await api.register(employeeRoutes);
      await api.register(timeLogRoutes);
      await api.register(reportRoutes);
      await api.register(analyticsRoutes);
      await api.register(contactRoutes);
      await api.register((scope) => eventRoutes(scope, { live: config.live }));
      await api.register(notificationRoutes);
      await api.register((scope) => trackingRoutes(scope, { live: config.live }));
    },
    { prefix: '/api' },
  );
}

async function registerSiteAndFallbacks(app: FastifyInstance, staticDir: string | undefined): Promise<void> {
  const sendPage = staticDir ? await registerStaticSite(app, staticDir) : null;
  app.setNotFoundHandler((request, reply) => {
    const { method, url } = request;
    if (sendPage && (method === 'GET' || method === 'HEAD') && !isApiPath(url) && !url.startsWith('/assets/')) {
      return sendPage(request, reply);
    }
    return sendNoRoute(app, request, reply);
  });
}

/**
 * Builds the whole server — database opened and migrated, admin bootstrapped, demo workshop seeded when asked,
 * routes registered — and returns it ready (to `listen`, or to `inject` in tests). Closing the app closes the
 * database.
 */
export async function buildApp(config: AppConfig, options: BuildAppOptions = {}): Promise<FastifyInstance> {
  if (config.staticDir) await checkStaticDir(config.staticDir);
  const app = createFastify(config, options.logger ?? false);
  try {
    app.decorate('now', options.now ?? systemClock);
    await app.register(database, { config });
    const liveEvents = await LiveEvents.start({ db: app.db, listen: app.listenToDatabase, log: app.log, resumeWindowMs: config.live.resumeWindowMs });
    app.decorate('liveEvents', liveEvents);
    // Event streams never end by themselves: end them before the server waits for its connections to close.
    app.addHook('preClose', async () => closeSseStreams(app.server));
    app.addHook('onClose', async () => liveEvents.close());
    app.decorate('catalog', await Catalog.load(app.db, config.shopTimeZone));
    // The analytics rollups count days in the shop's time zone: a new installation, or a changed SHOP_TIME_ZONE,
    // rebuilds them — once at start, with the rest of the database's preparation, not in a route module.
    if (await syncAnalyticsTimeZone(app.db, app.catalog.timeZone)) app.log.info({ timeZone: app.catalog.timeZone }, 'analytics rollups rebuilt for the shop time zone');
    app.setErrorHandler(errorHandler);
    registerBodyParsing(app);
    registerNulGuard(app);
    registerCacheControl(app);
    await registerSecurityHeaders(app);
    await registerApi(app, config);
    await registerSiteAndFallbacks(app, config.staticDir);
    if (config.demoData) await seedDemoWorkshop(app.db, app.catalog, app.now, app.log);
    // The e-mail outbox's sender, when SMTP_URL is set (otherwise mails wait in the outbox).
    const mailWorker = config.mail ? createMailWorker({ db: app.db, now: app.now, log: app.log, settings: config.mail }) : null;
    app.decorate('mailWorker', mailWorker);
    if (mailWorker) {
      app.addHook('onReady', async () => mailWorker.start());
      app.addHook('preClose', async () => mailWorker.stop());
    }
    await app.ready();
    return app;
  } catch (error) {
    await app.close().catch(() => undefined);
    throw error;
  }
}

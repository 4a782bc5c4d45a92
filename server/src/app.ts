import Fastify, { type FastifyInstance, type FastifyServerOptions, LogController } from 'fastify';
import { AccessTokens } from './auth/accessTokens';
import { bootstrapAdmin } from './auth/adminBootstrap';
import { createAuthHooks } from './auth/authenticate';
import { LoginRateLimiter } from './auth/loginRateLimiter';
import { Sessions } from './auth/sessions';
import { Users } from './auth/users';
import { type Clock, systemClock } from './clock';
import type { AppConfig } from './config';
import { type OpenedDatabase, openDatabase } from './db/connect';
import { migrateToLatest } from './db/migrate';
import type { Db } from './db/schema';
import { errorHandler, HttpError, notFoundBody } from './http/errors';
import { registerSecurityHeaders } from './http/securityHeaders';
import { checkStaticDir, isApiPath, registerStaticSite, sendIndex } from './http/staticSite';
import { ERROR_MESSAGES_KEYWORD } from './http/validation';
import { GoogleSignIn } from './oauth/google';
import { authRoutes } from './routes/auth';
import { oauthRoutes } from './routes/oauth';
import { deriveKeys, resolveJwtSecret } from './secrets';

declare module 'fastify' {
  interface FastifyInstance {
    /** The database (Kysely). Exposed for tests and tooling; routes get their repositories explicitly. */
    db: Db;
    /** How the database was opened, for the start-up log. */
    databaseDescription: string;
  }
}

export interface BuildAppOptions {
  /** Fastify logger setting; default off (main.ts turns it on). */
  logger?: FastifyServerOptions['logger'];
  /** Time source; tests inject one to move past expiries without waiting. */
  now?: Clock;
}

export const BODY_LIMIT_BYTES = 64 * 1024;
const PURGE_INTERVAL_MS = 60 * 60 * 1000;

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

function createFastify(config: AppConfig, logger: FastifyServerOptions['logger']): FastifyInstance {
  return Fastify({
    logger,
    rewriteUrl: (request) => rewriteUrl(request.url),
    bodyLimit: BODY_LIMIT_BYTES,
    trustProxy: config.trustProxy,
    logController: new LogController({ disableRequestLogging: true }),
    ajv: {
      // allErrors: report every invalid field at once; verbose: lets http/validation.ts find each field's
      // `errorMessages`; no type coercion: a number is not a valid email.
      customOptions: { allErrors: true, verbose: true, coerceTypes: false },
      plugins: [(ajv) => ajv.addKeyword({ keyword: ERROR_MESSAGES_KEYWORD, schemaType: 'object' })],
    },
  });
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
    if (request.body === undefined && (request.method === 'POST' || request.method === 'PUT')) request.body = {};
  });
}

async function registerServices(app: FastifyInstance, config: AppConfig, database: OpenedDatabase, now: Clock): Promise<void> {
  const { db } = database;
  const keys = deriveKeys(await resolveJwtSecret(config));
  const users = new Users(db, now);
  const accessTokens = new AccessTokens(keys.accessToken, config.accessTokenTtlMs, now);
  const sessions = new Sessions(db, accessTokens, config, now);
  const hooks = createAuthHooks(accessTokens, sessions);
  const loginLimiter = new LoginRateLimiter(config.loginMaxAttempts, config.loginWindowMs, now);
  const google = config.google ? new GoogleSignIn(config.google, keys.oauthState, now) : null;

  if (config.admin) await bootstrapAdmin(users, config.admin, app.log);
  await sessions.purge();
  let purgeTimer: NodeJS.Timeout | undefined;
  app.addHook('onReady', async () => {
    purgeTimer = setInterval(() => {
      sessions.purge().catch((error: unknown) => app.log.error({ err: error }, 'session purge failed'));
    }, PURGE_INTERVAL_MS);
    purgeTimer.unref();
  });
  app.addHook('onClose', async () => clearInterval(purgeTimer));

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
      await api.register((scope) => authRoutes(scope, { users, sessions, hooks, loginLimiter }), { prefix: '/auth' });
      await api.register((scope) => oauthRoutes(scope, { config, google, users, sessions }));
    },
    { prefix: '/api' },
  );
}

async function registerSiteAndFallbacks(app: FastifyInstance, staticDir: string | undefined): Promise<void> {
  if (staticDir) await registerStaticSite(app, staticDir);
  app.setNotFoundHandler((request, reply) => {
    const { method, url } = request;
    if (staticDir && (method === 'GET' || method === 'HEAD') && !isApiPath(url) && !url.startsWith('/assets/')) {
      return sendIndex(request, reply);
    }
    return reply.status(404).send(notFoundBody());
  });
}

/**
 * Builds the whole server — database opened and migrated, admin bootstrapped, routes registered — and
 * returns it ready (to `listen`, or to `inject` in tests). Closing the app closes the database.
 */
export async function buildApp(config: AppConfig, options: BuildAppOptions = {}): Promise<FastifyInstance> {
  if (config.staticDir) await checkStaticDir(config.staticDir);
  const app = createFastify(config, options.logger ?? false);
  const database = await openDatabase(config, (error) => app.log.error({ err: error }, 'PostgreSQL pool error'));
  try {
    await migrateToLatest(database.db);
    app.decorate('db', database.db);
    app.decorate('databaseDescription', database.description);
    app.decorateRequest('auth', null);
    app.addHook('onClose', async () => database.close());
    app.setErrorHandler(errorHandler);
    registerBodyParsing(app);
    await registerSecurityHeaders(app);
    await registerServices(app, config, database, options.now ?? systemClock);
    await registerSiteAndFallbacks(app, config.staticDir);
    await app.ready();
    return app;
  } catch (error) {
    await database.close().catch(() => undefined);
    throw error;
  }
}

import fp from 'fastify-plugin';
import { API_PREFIX } from '../plugins/api';
import { authentication } from '../plugins/authenticate';
import { HOURLY, repeatWhileOpen } from '../plugins/housekeeping';
import { deriveKeys, type Keys, resolveJwtSecret } from '../secrets';
import { AccessTokens } from './accessTokens';
import { bootstrapAdmin } from './adminBootstrap';
import { authRoutes } from './routes';
import { Accounts } from './service';
import { Sessions } from './sessions';

declare module 'fastify' {
  interface FastifyInstance {
    /** Keys derived from JWT_SECRET (access tokens, the OAuth state cookie). */
    keys: Keys;
    accessTokens: AccessTokens;
    /** Sign-in sessions and their refresh-token rotation. */
    sessions: Sessions;
    /** Sign-in, registration (`onRegistered`) and the profile. */
    accounts: Accounts;
  }
}

/**
 * Who is asking: the JWT keys, access tokens and sessions, the guards every other domain's routes use
 * (authenticate, optionalAuth, requireRole), the ADMIN_EMAIL account, and /api/auth/*. Ended sessions are
 * deleted at start and every hour.
 */
export default fp(
  async (app) => {
    const { config, db, now } = app;
    const keys = deriveKeys(await resolveJwtSecret(config));
    const accessTokens = new AccessTokens(keys.accessToken, config.accessTokenTtlMs, now);
    const sessions = new Sessions(db, accessTokens, config, now);
    app.decorate('keys', keys);
    app.decorate('accessTokens', accessTokens);
    app.decorate('sessions', sessions);

    if (config.admin) await bootstrapAdmin(app.users, config.admin, app.log);
    await sessions.purge();
    repeatWhileOpen(app, HOURLY, () => sessions.purge(), 'session purge failed');

    await app.register(authentication);
    const accounts = new Accounts(app.users, sessions);
    app.decorate('accounts', accounts);
    await app.register(authRoutes, { prefix: `${API_PREFIX}/auth`, accounts, sessions, limits: app.rateLimits });
  },
  { name: 'auth', dependencies: ['core', 'database', 'users', 'rateLimit'] },
);

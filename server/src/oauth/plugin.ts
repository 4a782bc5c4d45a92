import fp from 'fastify-plugin';
import { API_PREFIX } from '../plugins/api';
import { HOURLY, repeatWhileOpen } from '../plugins/housekeeping';
import { OAuthCodes } from './codes';
import { GoogleSignIn } from './google';
import { oauthRoutes } from './routes';
import { GoogleAccounts } from './service';

/** Google sign-in and the one-time codes it hands the SPA; expired codes are deleted at start and every hour. */
export default fp(
  async (app) => {
    const { config, now } = app;
    const codes = new OAuthCodes(app.db, now);
    const google = config.google ? new GoogleSignIn(config.google, app.keys.oauthState, now) : null;
    await codes.purge();
    repeatWhileOpen(app, HOURLY, () => codes.purge(), 'sign-in code purge failed');
    await app.register(oauthRoutes, { prefix: API_PREFIX, config, google, accounts: new GoogleAccounts(app.users, app.sessions, codes) });
  },
  { name: 'oauth', dependencies: ['core', 'database', 'users', 'auth'] },
);

import fp from 'fastify-plugin';
import { ACCOUNT_MESSAGES } from '../contract/account';
import { API_PREFIX } from '../plugins/api';
import { HOURLY, repeatWhileOpen } from '../plugins/housekeeping';
import { type AccountLimitRules, accountRoutes } from './routes';
import { AccountService } from './service';

declare module 'fastify' {
  interface FastifyInstance {
    /** What a person manages about their own account: links, password and address changes, export, closing. */
    account: AccountService;
  }
}

/**
 * The account domain: /api/account/*, the verification link of every new registration, and the hourly
 * purge of expired links. The work a password-reset request leaves after its answer is waited for on close.
 */
export default fp(
  async (app) => {
    const { config } = app;
    const settings = config.account;
    const account = new AccountService(
      { users: app.users, sessions: app.sessions, staff: app.staff, appointments: app.appointments, vehicles: app.vehicles, timeLogs: app.timeLogs, notifications: app.notifications },
      {
        db: app.db,
        settings,
        appUrl: config.appUrl,
        linkKey: app.keys.mailLinks,
        now: app.now,
        log: app.log,
        // The mail plugin comes later in the list: read at call time.
        wakeMail: () => app.mailWorker?.wake(),
      },
    );
    app.decorate('account', account);
    app.accounts.onRegistered((user) => account.sendVerificationToNewAccount(user));

    const rules: AccountLimitRules = {
      resetPerIp: { name: 'reset-ip', max: settings.resetRequestsPerIpPerHour, windowMs: HOURLY, message: ACCOUNT_MESSAGES.tooManyResetRequests },
      resetPerAddress: { name: 'reset-address', max: settings.resetRequestsPerAddressPerHour, windowMs: HOURLY, message: ACCOUNT_MESSAGES.tooManyResetRequests },
      emailsPerUser: { name: 'account-emails', max: settings.emailsPerUserPerHour, windowMs: HOURLY, message: ACCOUNT_MESSAGES.tooManyEmails },
      passwordChecks: { name: 'account-password', max: config.loginMaxAttempts, windowMs: config.loginWindowMs, message: ACCOUNT_MESSAGES.tooManyAttempts },
    };

    await account.purge();
    repeatWhileOpen(app, HOURLY, () => account.purge(), 'account link purge failed');
    app.addHook('preClose', () => account.afterAnswer.idle());
    await app.register(accountRoutes, { prefix: `${API_PREFIX}/account`, account, limits: app.rateLimits, rules });
  },
  {
    name: 'account',
    dependencies: ['core', 'database', 'rateLimit', 'users', 'auth', 'vehicles', 'appointments', 'employees', 'timeLogs', 'notifications'],
  },
);

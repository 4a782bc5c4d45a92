import type { FastifyInstance } from 'fastify';
import {
  AccountExport,
  AccountMessage,
  ACCOUNT_MESSAGES,
  ChangeEmailAnswer,
  ChangeEmailBody,
  ChangePasswordBody,
  CloseAccountBody,
  ForgotPasswordBody,
  ResetPasswordBody,
  VerifyEmailAnswer,
  VerifyEmailBody,
} from '../contract/account';
import { EXPORT_FILE_NAME } from '../contract/accountMessages';
import { emailDigest, type LimitRule } from '../limits/counters';
import { authOf } from '../plugins/authenticate';
import type { RateLimits } from '../plugins/rateLimit';
import { typed } from '../plugins/typeProvider';
import type { AccountService } from './service';

/** The account domain's limits (server/README.md § Rate limits), from the configuration. */
export interface AccountLimitRules {
  /** POST /password/forgot per client IP (PASSWORD_RESET_REQUESTS_PER_IP_PER_HOUR). */
  resetPerIp: LimitRule;
  /** POST /password/forgot per address, from anywhere (PASSWORD_RESET_REQUESTS_PER_ADDRESS_PER_HOUR). */
  resetPerAddress: LimitRule;
  /** Verification links and e-mail changes per account (ACCOUNT_EMAILS_PER_USER_PER_HOUR). */
  emailsPerUser: LimitRule;
  /** Current-password checks per account, as many as logins (LOGIN_MAX_ATTEMPTS per 15 min); cleared by a right one. */
  passwordChecks: LimitRule;
}

export interface AccountRouteDeps {
  account: AccountService;
  limits: RateLimits;
  rules: AccountLimitRules;
}

/** /api/account/* (contract/account.ts). */
export async function accountRoutes(scope: FastifyInstance, { account, limits, rules }: AccountRouteDeps): Promise<void> {
  const app = typed(scope);
  const message = { 200: AccountMessage };
  const accepted = { 202: AccountMessage };

  // Both counters are hit before the answer, for every request alike; the look-up and the e-mail come after it.
  app.post('/password/forgot', { schema: { body: ForgotPasswordBody, response: accepted }, onRequest: limits.perIp(rules.resetPerIp) }, async (request, reply) => {
    await limits.enforce(reply, rules.resetPerAddress, emailDigest(request.body.email));
    // The look-up starts once the answer has left ('close' follows 'finish', and comes too if the client went away).
    reply.raw.once('close', () => account.requestPasswordReset(request.body.email));
    reply.status(202);
    return { message: ACCOUNT_MESSAGES.resetSent };
  });

  app.post('/password/reset', { schema: { body: ResetPasswordBody, response: message } }, async (request) => {
    await account.resetPassword(request.body.token, request.body.password);
    return { message: ACCOUNT_MESSAGES.passwordReset };
  });

  app.post('/email/verify', { schema: { body: VerifyEmailBody, response: { 200: VerifyEmailAnswer } } }, async (request) => account.verifyEmail(request.body.token));

  app.post('/email/resend', { schema: { response: accepted }, onRequest: app.authenticate }, async (request, reply) => {
    const { user } = authOf(request);
    await limits.enforce(reply, rules.emailsPerUser, user.id);
    await account.resendVerification(user);
    reply.status(202);
    return { message: ACCOUNT_MESSAGES.verificationSent };
  });

  app.put('/password', { schema: { body: ChangePasswordBody, response: message }, onRequest: app.authenticate }, async (request, reply) => {
    const { user, sessionId } = authOf(request);
    await limits.enforce(reply, rules.passwordChecks, user.id);
    await account.changePassword(user, sessionId, request.body.currentPassword, request.body.newPassword);
    await limits.clear(rules.passwordChecks, user.id);
    return { message: ACCOUNT_MESSAGES.passwordChanged };
  });

  app.put('/email', { schema: { body: ChangeEmailBody, response: { 202: ChangeEmailAnswer } }, onRequest: app.authenticate }, async (request, reply) => {
    const { user } = authOf(request);
    await limits.enforce(reply, rules.passwordChecks, user.id);
    await limits.enforce(reply, rules.emailsPerUser, user.id);
    const answer = await account.changeEmail(user, request.body.email, request.body.currentPassword);
    await limits.clear(rules.passwordChecks, user.id);
    reply.status(202);
    return answer;
  });

  app.get('/export', { schema: { response: { 200: AccountExport } }, onRequest: app.authenticate }, async (request, reply) => {
    const data = await account.exportData(authOf(request).user);
    reply.header('content-disposition', `attachment; filename="${EXPORT_FILE_NAME}"`);
    return data;
  });

  app.post('/close', { schema: { body: CloseAccountBody, response: message }, onRequest: app.authenticate }, async (request, reply) => {
    const { user } = authOf(request);
    await limits.enforce(reply, rules.passwordChecks, user.id);
    await account.close(user, request.body.currentPassword);
    return { message: ACCOUNT_MESSAGES.accountClosed };
  });
}

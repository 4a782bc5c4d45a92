import type { FastifyInstance, FastifyRequest } from 'fastify';
import {
  CheckEmailParams,
  LoginBody,
  LogoutBody,
  Profile,
  RefreshTokenBody,
  RegisterCustomerBody,
  RegisterEmployeeBody,
  UpdateProfileBody,
} from '../contract/auth';
import { accountKey } from '../limits/counters';
import { authOf, bearerToken } from '../plugins/authenticate';
import type { RateLimits } from '../plugins/rateLimit';
import { typed } from '../plugins/typeProvider';
import { toProfile } from '../users/profile';
import type { Accounts } from './service';
import type { Sessions } from './sessions';

export interface AuthRouteDeps {
  accounts: Accounts;
  sessions: Sessions;
  limits: RateLimits;
}

export function deviceInfo(request: FastifyRequest): string {
  return (request.headers['user-agent'] ?? 'Unknown device').slice(0, 255);
}

/** The bearer token a request presents, or null (none, or a header that is not `Bearer <token>`). */
function presentedToken(request: FastifyRequest): string | null {
  try {
    return bearerToken(request);
  } catch {
    return null;
  }
}

/** /api/auth/* — the auth contract of docs/api-contract.md. */
export async function authRoutes(scope: FastifyInstance, { accounts, sessions, limits }: AuthRouteDeps): Promise<void> {
  const app = typed(scope);
  // Counted before anything is checked (per IP, then per e-mail + IP): simultaneous guesses cannot all slip under
  // the limit, and a refused attempt never reaches the password hash.
  app.post('/login', { schema: { body: LoginBody }, onRequest: limits.perIp(limits.rules.loginPerIp) }, async (request, reply) => {
    const { email, password } = request.body;
    const key = accountKey(email, limits.clientKey(request));
    await limits.enforce(reply, limits.rules.loginPerAccount, key);
    const answer = await accounts.login(email, password, deviceInfo(request));
    await limits.clear(limits.rules.loginPerAccount, key);
    return answer;
  });

  // Customer and employee registrations share one per-IP counter; every request counts, whatever its outcome.
  app.post('/register/customer', { schema: { body: RegisterCustomerBody }, onRequest: limits.perIp(limits.rules.registrations) }, async (request, reply) => {
    reply.status(201);
    return accounts.register(request.body, 'CUSTOMER', deviceInfo(request));
  });

  app.post('/register/employee', { schema: { body: RegisterEmployeeBody }, onRequest: limits.perIp(limits.rules.registrations) }, async (request, reply) => {
    reply.status(201);
    return accounts.register(request.body, 'EMPLOYEE', deviceInfo(request));
  });

  const refresh = (request: FastifyRequest, presented: string) =>
    accounts.refresh(presented, () => request.log.warn('Spent refresh token presented after the reuse leeway; session revoked'));

  app.post('/refresh-token', { schema: { body: RefreshTokenBody } }, async (request) => {
    const { token, refreshToken } = await refresh(request, request.body.refreshToken);
    return { token, refreshToken };
  });

  app.post('/rotate-refresh-token', { schema: { body: RefreshTokenBody } }, async (request) => {
    const { refreshToken } = await refresh(request, request.body.refreshToken);
    return { refreshToken, message: 'Refresh token rotated successfully' };
  });

  app.post('/logout', { schema: { body: LogoutBody }, onRequest: app.optionalAuth }, async (request) => {
    if (request.auth) await sessions.revoke(request.auth.sessionId);
    else {
      // An expired access token (optionalAuth leaves request.auth null) still names the session to end, once its
      // signature verifies; a forged one revokes nothing.
      const token = presentedToken(request);
      if (token) await sessions.revokeByAccessToken(token);
    }
    if (request.body.refreshToken) await sessions.revokeByRefreshToken(request.body.refreshToken);
    return { message: 'Logged out successfully', success: true };
  });

  app.post('/logout-all', { onRequest: app.authenticate }, async (request) => {
    await sessions.revokeAllForUser(authOf(request).user.id);
    return { message: 'Logged out from all devices successfully', success: true };
  });

  app.get('/profile', { schema: { response: { 200: Profile } }, onRequest: app.authenticate }, async (request) => toProfile(authOf(request).user));

  app.put('/update-profile', { schema: { body: UpdateProfileBody, response: { 200: Profile } }, onRequest: app.authenticate }, async (request) =>
    accounts.updateProfile(authOf(request).user, request.body),
  );

  app.get('/check-email/:email', { schema: { params: CheckEmailParams }, onRequest: limits.perIp(limits.rules.checkEmail) }, async (request) => ({
    available: await accounts.isEmailAvailable(request.params.email),
  }));

  app.get('/active-sessions', { onRequest: app.authenticate }, async (request) => {
    const { user, sessionId } = authOf(request);
    return accounts.activeSessions(user.id, sessionId);
  });
}

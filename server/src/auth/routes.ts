import type { FastifyInstance, FastifyRequest } from 'fastify';
import { toIso } from '../clock';
import {
  CheckEmailParams,
  LoginBody,
  LogoutBody,
  Profile,
  RefreshTokenBody,
  type RegisterBody,
  RegisterCustomerBody,
  RegisterEmployeeBody,
  UpdateProfileBody,
} from '../contract/auth';
import type { Role, UserRow } from '../db/schema';
import { ConflictError, ForbiddenError, UnauthorizedError } from '../domain/errors';
import { AUTH_MESSAGES } from '../domain/messages';
import { authOf, bearerToken } from '../plugins/authenticate';
import type { RateLimits } from '../plugins/rateLimit';
import { typed } from '../plugins/typeProvider';
import { accountKey } from '../limits/counters';
import { isProfileComplete, toProfile } from '../users/profile';
import { normaliseEmail, type Users } from '../users/queries';
import { hashPassword, verifyPassword } from './passwords';
import type { IssuedSession, Sessions } from './sessions';

export interface AuthRouteDeps {
  users: Users;
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

function signedIn(user: UserRow, session: IssuedSession) {
  return {
    token: session.token,
    refreshToken: session.refreshToken,
    type: 'Bearer' as const,
    id: user.id,
    email: user.email,
    fullName: user.full_name,
    roles: [user.role],
  };
}

/** /api/auth/* — the auth contract of docs/api-contract.md. */
export async function authRoutes(scope: FastifyInstance, { users, sessions, limits }: AuthRouteDeps): Promise<void> {
  const app = typed(scope);
  // Every attempt is counted before anything is checked — per client IP first (onRequest: a flood of made-up
  // e-mails from one address stops there and creates no per-account counters), then per e-mail + IP — so
  // simultaneous guesses cannot all pass a limit read before their failures are recorded, and a refused
  // attempt never reaches the password hash. A successful login clears its e-mail + IP counter.
  app.post('/login', { schema: { body: LoginBody }, onRequest: limits.perIp(limits.rules.loginPerIp) }, async (request, reply) => {
    const { email, password } = request.body;
    const key = accountKey(email, request.ip);
    await limits.enforce(reply, limits.rules.loginPerAccount, key);
    const user = await users.findByEmail(email);
    if (!user) throw new UnauthorizedError(AUTH_MESSAGES.emailNotFound);
    if (user.password_hash === null) throw new UnauthorizedError(AUTH_MESSAGES.googleOnlyAccount);
    if (!(await verifyPassword(user.password_hash, password))) throw new UnauthorizedError(AUTH_MESSAGES.passwordIncorrect);
    if (!user.is_active) throw new UnauthorizedError(AUTH_MESSAGES.accountDisabled);
    await limits.clear(limits.rules.loginPerAccount, key);
    return signedIn(user, await sessions.start(user, deviceInfo(request)));
  });

  async function register(request: FastifyRequest, body: RegisterBody, role: Role) {
    const email = normaliseEmail(body.email);
    if (await users.findByEmail(email)) throw new ConflictError(AUTH_MESSAGES.emailExists);
    const employee = role === 'EMPLOYEE';
    const user = await users.create({
      email,
      passwordHash: await hashPassword(body.password),
      fullName: body.fullName.trim(),
      phoneNumber: body.phoneNumber.trim(),
      address: (body.address ?? '').trim(),
      role,
      department: employee ? body.department?.trim() || null : null,
      employeeId: employee ? body.employeeId?.trim() || null : null,
    });
    const session = await sessions.start(user, deviceInfo(request));
    return { ...signedIn(user, session), success: true as const, message: 'User registered successfully' };
  }

  // Customer and employee registrations share one per-IP counter; every request counts, whatever its outcome.
  app.post('/register/customer', { schema: { body: RegisterCustomerBody }, onRequest: limits.perIp(limits.rules.registrations) }, async (request, reply) => {
    reply.status(201);
    return register(request, request.body, 'CUSTOMER');
  });

  app.post('/register/employee', { schema: { body: RegisterEmployeeBody }, onRequest: limits.perIp(limits.rules.registrations) }, async (request, reply) => {
    reply.status(201);
    return register(request, request.body, 'EMPLOYEE');
  });

  async function refresh(request: FastifyRequest, presented: string) {
    const outcome = await sessions.refresh(presented);
    if (!outcome.ok) {
      if (outcome.reason === 'reuse') request.log.warn('Spent refresh token presented after the reuse leeway; session revoked');
      throw new UnauthorizedError(AUTH_MESSAGES.invalidRefreshToken);
    }
    return outcome.pair;
  }

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

  app.put('/update-profile', { schema: { body: UpdateProfileBody, response: { 200: Profile } }, onRequest: app.authenticate }, async (request) => {
    const { user } = authOf(request);
    const { fullName, phoneNumber, address, role, emailNotifications } = request.body;
    // Roles are CUSTOMER or EMPLOYEE here; ADMIN exists only through ADMIN_EMAIL, and an admin keeps the role.
    if (role === 'ADMIN' || (role !== undefined && user.role === 'ADMIN')) {
      throw new ForbiddenError(AUTH_MESSAGES.accessDenied);
    }
    const updated = await users.updateProfile(user.id, {
      fullName: fullName?.trim(),
      phoneNumber: phoneNumber?.trim(),
      // '' is how the complete-profile screen says "no address": it never wipes a stored one.
      address: address?.trim() || undefined,
      // The role is chosen while completing the profile; once complete, an account keeps its role (ignored).
      role: isProfileComplete(user) ? undefined : role,
      emailNotifications,
    });
    return toProfile(updated);
  });

  app.get('/check-email/:email', { schema: { params: CheckEmailParams }, onRequest: limits.perIp(limits.rules.checkEmail) }, async (request) => {
    const user = await users.findByEmail(request.params.email);
    return { available: user === undefined };
  });

  app.get('/active-sessions', { onRequest: app.authenticate }, async (request) => {
    const { user, sessionId } = authOf(request);
    const active = await sessions.listActive(user.id);
    return active.map((session) => ({
      id: session.id,
      deviceInfo: session.device_info,
      createdAt: toIso(session.created_at),
      lastUsedAt: toIso(session.last_used_at),
      current: session.id === sessionId,
    }));
  });
}

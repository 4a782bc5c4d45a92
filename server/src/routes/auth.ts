import type { FastifyInstance, FastifyRequest } from 'fastify';
import { type AuthHooks, authOf } from '../auth/authenticate';
import { LoginRateLimiter } from '../auth/loginRateLimiter';
import { hashPassword, verifyPassword } from '../auth/passwords';
import type { IssuedSession, Sessions } from '../auth/sessions';
import { EmailTakenError, normaliseEmail, toProfile, type Users } from '../auth/users';
import { toIso } from '../clock';
import type { Role, UserRow } from '../db/schema';
import { HttpError, MESSAGES } from '../http/errors';
import {
  checkEmailParams,
  type CheckEmailParams,
  loginBody,
  type LoginBody,
  logoutBody,
  type LogoutBody,
  registerCustomerBody,
  registerEmployeeBody,
  type RegisterBody,
  refreshTokenBody,
  type RefreshTokenBody,
  updateProfileBody,
  type UpdateProfileBody,
} from '../http/schemas';

export interface AuthRouteDeps {
  users: Users;
  sessions: Sessions;
  hooks: AuthHooks;
  loginLimiter: LoginRateLimiter;
}

export function deviceInfo(request: FastifyRequest): string {
  return (request.headers['user-agent'] ?? 'Unknown device').slice(0, 255);
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
export async function authRoutes(app: FastifyInstance, { users, sessions, hooks, loginLimiter }: AuthRouteDeps): Promise<void> {
  app.post<{ Body: LoginBody }>('/login', { schema: { body: loginBody } }, async (request, reply) => {
    const { email, password } = request.body;
    const key = LoginRateLimiter.key(email, request.ip);
    const retryAfter = loginLimiter.retryAfterSeconds(key);
    if (retryAfter > 0) {
      reply.header('retry-after', String(retryAfter));
      throw new HttpError(429, MESSAGES.tooManyLogins);
    }
    const user = await users.findByEmail(email);
    if (!user) {
      loginLimiter.recordFailure(key);
      throw new HttpError(401, MESSAGES.emailNotFound);
    }
    if (user.password_hash === null) {
      loginLimiter.recordFailure(key);
      throw new HttpError(401, MESSAGES.googleOnlyAccount);
    }
    if (!(await verifyPassword(user.password_hash, password))) {
      loginLimiter.recordFailure(key);
      throw new HttpError(401, MESSAGES.passwordIncorrect);
    }
    if (!user.is_active) throw new HttpError(401, MESSAGES.accountDisabled);
    loginLimiter.reset(key);
    return signedIn(user, await sessions.start(user, deviceInfo(request)));
  });

  async function register(request: FastifyRequest<{ Body: RegisterBody }>, role: Role) {
    const body = request.body;
    const email = normaliseEmail(body.email);
    if (await users.findByEmail(email)) throw new HttpError(409, MESSAGES.emailExists);
    const employee = role === 'EMPLOYEE';
    let user: UserRow;
    try {
      user = await users.create({
        email,
        passwordHash: await hashPassword(body.password),
        fullName: body.fullName.trim(),
        phoneNumber: body.phoneNumber.trim(),
        address: (body.address ?? '').trim(),
        role,
        department: employee ? body.department?.trim() || null : null,
        employeeId: employee ? body.employeeId?.trim() || null : null,
      });
    } catch (error) {
      if (error instanceof EmailTakenError) throw new HttpError(409, MESSAGES.emailExists);
      throw error;
    }
    const session = await sessions.start(user, deviceInfo(request));
    return { ...signedIn(user, session), success: true as const, message: 'User registered successfully' };
  }

  app.post<{ Body: RegisterBody }>('/register/customer', { schema: { body: registerCustomerBody } }, async (request, reply) => {
    reply.status(201);
    return register(request, 'CUSTOMER');
  });

  app.post<{ Body: RegisterBody }>('/register/employee', { schema: { body: registerEmployeeBody } }, async (request, reply) => {
    reply.status(201);
    return register(request, 'EMPLOYEE');
  });

  async function refresh(request: FastifyRequest<{ Body: RefreshTokenBody }>) {
    const outcome = await sessions.refresh(request.body.refreshToken);
    if (!outcome.ok) {
      if (outcome.reason === 'reuse') request.log.warn('Spent refresh token presented after the reuse leeway; session revoked');
      throw new HttpError(401, MESSAGES.invalidRefreshToken);
    }
    return outcome.pair;
  }

  app.post<{ Body: RefreshTokenBody }>('/refresh-token', { schema: { body: refreshTokenBody } }, async (request) => {
    const { token, refreshToken } = await refresh(request);
    return { token, refreshToken };
  });

  app.post<{ Body: RefreshTokenBody }>('/rotate-refresh-token', { schema: { body: refreshTokenBody } }, async (request) => {
    const { refreshToken } = await refresh(request);
    return { refreshToken, message: 'Refresh token rotated successfully' };
  });

  app.post<{ Body: LogoutBody }>('/logout', { schema: { body: logoutBody }, preHandler: hooks.optionalAuth }, async (request) => {
    if (request.auth) await sessions.revoke(request.auth.sessionId);
    if (request.body.refreshToken) await sessions.revokeByRefreshToken(request.body.refreshToken);
    return { message: 'Logged out successfully', success: true };
  });

  app.post('/logout-all', { preHandler: hooks.requireAuth }, async (request) => {
    await sessions.revokeAllForUser(authOf(request).user.id);
    return { message: 'Logged out from all devices successfully', success: true };
  });

  app.get('/profile', { preHandler: hooks.requireAuth }, async (request) => toProfile(authOf(request).user));

  app.put<{ Body: UpdateProfileBody }>('/update-profile', { schema: { body: updateProfileBody }, preHandler: hooks.requireAuth }, async (request) => {
    const { user } = authOf(request);
    const { fullName, phoneNumber, address, role } = request.body;
    // Roles are CUSTOMER or EMPLOYEE here; ADMIN exists only through ADMIN_EMAIL, and an admin keeps the role.
    if (role === 'ADMIN' || (role !== undefined && user.role === 'ADMIN')) {
      throw new HttpError(403, MESSAGES.accessDenied);
    }
    const updated = await users.updateProfile(user.id, {
      fullName: fullName?.trim(),
      phoneNumber: phoneNumber?.trim(),
      address: address?.trim(),
      role,
    });
    return toProfile(updated);
  });

  app.get<{ Params: CheckEmailParams }>('/check-email/:email', { schema: { params: checkEmailParams } }, async (request) => {
    const user = await users.findByEmail(request.params.email);
    return { available: user === undefined };
  });

  app.get('/active-sessions', { preHandler: hooks.requireAuth }, async (request) => {
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

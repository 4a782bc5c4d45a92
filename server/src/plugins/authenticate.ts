import type { FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import type { Role } from '../contract/auth';
import { STAFF_MESSAGES } from '../contract/employees';
import type { UserRow } from '../db/schema';
import { UnauthorizedError } from '../domain/errors';
import { HttpError, MESSAGES } from './errors';

export interface AuthContext {
  user: UserRow;
  sessionId: string;
}

/** Who is asking, as the domain queries need it: ownership is decided in their WHERE clauses. */
export interface Viewer {
  id: string;
  role: Role;
}

type Guard = (request: FastifyRequest, reply: FastifyReply) => Promise<void>;

declare module 'fastify' {
  interface FastifyRequest {
    /** Set by the authenticate / optionalAuth / requireRole guards. */
    auth: AuthContext | null;
  }
  interface FastifyInstance {
    /** onRequest guard: a valid bearer token of a live session, any role; 401 otherwise. */
    authenticate: Guard;
    /** onRequest guard: like authenticate, but a missing or unusable token just leaves `request.auth` null. */
    optionalAuth: Guard;
    /** onRequest guard: authenticate, then the user's role must be one of `roles`; 403 otherwise. */
    requireRole(...roles: Role[]): Guard;
  }
}

/** The signed-in user of a guarded route. */
export function authOf(request: FastifyRequest): AuthContext {
  if (!request.auth) throw new HttpError(401, MESSAGES.authenticationRequired);
  return request.auth;
}

/**
 * The signed-in user as the shop's domains see them. A technician awaiting an admin's approval has no part in the
 * shop yet: every shop endpoint that acts for them (jobs, status, time logs) answers 403.
 */
export function viewerOf(request: FastifyRequest): Viewer {
  const { user } = authOf(request);
  if (user.role === 'EMPLOYEE' && user.approved_at === null) throw new HttpError(403, STAFF_MESSAGES.awaitingApproval);
  return { id: user.id, role: user.role };
}

/** The bearer token of the Authorization header; null without one; 401 for a header that is not `Bearer <token>`. */
export function bearerToken(request: FastifyRequest): string | null {
  const header = request.headers.authorization;
  if (!header) return null;
  const match = /^Bearer\s+(\S+)\s*$/i.exec(header);
  if (!match) throw new HttpError(401, MESSAGES.authenticationRequired);
  return match[1];
}

/**
 * The guards: a token must verify and its session still be live, so logout takes effect at once. They run as
 * onRequest hooks, before validation, so a stranger learns nothing from validation messages.
 */
export const authentication = fp(
  async (app) => {
    const { accessTokens, sessions } = app;
    async function contextFor(token: string): Promise<AuthContext> {
      const claims = await accessTokens.verify(token);
      const session = await sessions.lookup(claims.sid);
      if (!session || session.user.id !== claims.sub) throw new HttpError(401, MESSAGES.tokenInvalid);
      if (session.revokedAt !== null) throw new HttpError(401, MESSAGES.sessionRevoked);
      if (!sessions.isLive(session)) throw new HttpError(401, MESSAGES.sessionExpired);
      if (!session.user.is_active) throw new HttpError(401, MESSAGES.accountDisabled);
      return { user: session.user, sessionId: claims.sid };
    }

    const authenticate: Guard = async (request) => {
      const token = bearerToken(request);
      if (token === null) throw new HttpError(401, MESSAGES.authenticationRequired);
      request.auth = await contextFor(token);
    };

    const optionalAuth: Guard = async (request) => {
      try {
        const token = bearerToken(request);
        request.auth = token === null ? null : await contextFor(token);
      } catch (error) {
        if (!(error instanceof HttpError || error instanceof UnauthorizedError)) throw error;
        request.auth = null;
      }
    };

    app.decorateRequest('auth', null);
    app.decorate('authenticate', authenticate);
    app.decorate('optionalAuth', optionalAuth);
    app.decorate('requireRole', (...roles: Role[]): Guard => {
      const allowed = new Set(roles);
      return async (request, reply) => {
        await authenticate(request, reply);
        if (!allowed.has(authOf(request).user.role)) throw new HttpError(403, MESSAGES.accessDenied);
      };
    });
  },
  { name: 'authentication', decorators: { fastify: ['accessTokens', 'sessions'] } },
);

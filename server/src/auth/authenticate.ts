import type { FastifyReply, FastifyRequest } from 'fastify';
import type { UserRow } from '../db/schema';
import { HttpError, MESSAGES } from '../http/errors';
import type { AccessTokens } from './accessTokens';
import type { Sessions } from './sessions';

export interface AuthContext {
  user: UserRow;
  sessionId: string;
}

declare module 'fastify' {
  interface FastifyRequest {
    /** Set by the requireAuth / optionalAuth hooks. */
    auth: AuthContext | null;
  }
}

/** The signed-in user of a route guarded by requireAuth. */
export function authOf(request: FastifyRequest): AuthContext {
  if (!request.auth) throw new HttpError(401, MESSAGES.authenticationRequired);
  return request.auth;
}

function bearerToken(request: FastifyRequest): string | null {
  const header = request.headers.authorization;
  if (!header) return null;
  const match = /^Bearer\s+(\S+)\s*$/i.exec(header);
  if (!match) throw new HttpError(401, MESSAGES.authenticationRequired);
  return match[1];
}

/**
 * Access-token check on every authenticated request: signature and expiry (jose), then the token's session
 * (sid) must still be live — so logout / logout-all / reuse detection take effect at once.
 */
export function createAuthHooks(accessTokens: AccessTokens, sessions: Sessions) {
  async function authenticate(token: string): Promise<AuthContext> {
    const claims = await accessTokens.verify(token);
    const session = await sessions.lookup(claims.sid);
    if (!session || session.user.id !== claims.sub) throw new HttpError(401, MESSAGES.tokenInvalid);
    if (session.revokedAt !== null) throw new HttpError(401, MESSAGES.sessionRevoked);
    if (!sessions.isLive(session)) throw new HttpError(401, MESSAGES.sessionExpired);
    if (!session.user.is_active) throw new HttpError(401, MESSAGES.accountDisabled);
    return { user: session.user, sessionId: claims.sid };
  }

  return {
    async requireAuth(request: FastifyRequest, _reply: FastifyReply): Promise<void> {
      const token = bearerToken(request);
      if (token === null) throw new HttpError(401, MESSAGES.authenticationRequired);
      request.auth = await authenticate(token);
    },
    /** Like requireAuth, but a missing or unusable token just leaves `request.auth` null. */
    async optionalAuth(request: FastifyRequest, _reply: FastifyReply): Promise<void> {
      try {
        const token = bearerToken(request);
        request.auth = token === null ? null : await authenticate(token);
      } catch (error) {
        if (!(error instanceof HttpError)) throw error;
        request.auth = null;
      }
    },
  };
}

export type AuthHooks = ReturnType<typeof createAuthHooks>;

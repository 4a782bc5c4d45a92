import { errors as joseErrors, type JWTVerifyOptions, jwtVerify, SignJWT } from 'jose';
import type { Clock } from '../clock';
import type { Role } from '../db/schema';
import { UnauthorizedError } from '../domain/errors';
import { AUTH_MESSAGES } from '../domain/messages';

export interface AccessClaims {
  sub: string;
  email: string;
  roles: Role[];
  sid: string;
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** The claims every access token must carry, well-formed; null otherwise. */
function claimsOf(payload: Record<string, unknown>): AccessClaims | null {
  const { sub, sid, email, roles } = payload;
  if (typeof sub !== 'string' || !UUID.test(sub) || typeof sid !== 'string' || !UUID.test(sid) || typeof email !== 'string' || !Array.isArray(roles)) {
    return null;
  }
  return { sub, sid, email, roles: roles as Role[] };
}

/** HS256 access tokens (jose) with claims sub, email, roles, sid, iat, exp. */
export class AccessTokens {
  constructor(
    private readonly key: Uint8Array,
    private readonly ttlMs: number,
    private readonly now: Clock,
  ) {}

  sign(claims: AccessClaims): Promise<string> {
    const issuedAt = Math.floor(this.now() / 1000);
    return new SignJWT({ email: claims.email, roles: claims.roles, sid: claims.sid })
      .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
      .setSubject(claims.sub)
      .setIssuedAt(issuedAt)
      .setExpirationTime(issuedAt + Math.max(1, Math.floor(this.ttlMs / 1000)))
      .sign(this.key);
  }

  private options(): JWTVerifyOptions {
    return { algorithms: ['HS256'], currentDate: new Date(this.now()), requiredClaims: ['sub', 'sid', 'exp'] };
  }

  /** Verifies signature and expiry; refuses with "JWT token has expired" / "Invalid JWT token". */
  async verify(token: string): Promise<AccessClaims> {
    let payload: Record<string, unknown>;
    try {
      ({ payload } = await jwtVerify(token, this.key, this.options()));
    } catch (error) {
      throw new UnauthorizedError(error instanceof joseErrors.JWTExpired ? AUTH_MESSAGES.tokenExpired : AUTH_MESSAGES.tokenInvalid);
    }
    const claims = claimsOf(payload);
    if (!claims) throw new UnauthorizedError(AUTH_MESSAGES.tokenInvalid);
    return claims;
  }

  /**
   * The claims of a token this server signed, expired or not (logout with an expired access token still ends its
   * session). jose checks the signature before the claims and reports expiry only for a token whose signature is
   * good, so a forged or altered token — or anything else wrong with it — gives null.
   */
  async verifyIgnoringExpiry(token: string): Promise<AccessClaims | null> {
    try {
      return claimsOf((await jwtVerify(token, this.key, this.options())).payload);
    } catch (error) {
      return error instanceof joseErrors.JWTExpired ? claimsOf(error.payload) : null;
    }
  }
}

import { errors as joseErrors, jwtVerify, SignJWT } from 'jose';
import type { Clock } from '../clock';
import type { Role } from '../db/schema';
import { HttpError, MESSAGES } from '../plugins/errors';

export interface AccessClaims {
  sub: string;
  email: string;
  roles: Role[];
  sid: string;
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

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

  /** Verifies signature and expiry; throws HttpError 401 "JWT token has expired" / "Invalid JWT token". */
  async verify(token: string): Promise<AccessClaims> {
    let payload: Record<string, unknown>;
    try {
      ({ payload } = await jwtVerify(token, this.key, {
        algorithms: ['HS256'],
        currentDate: new Date(this.now()),
        requiredClaims: ['sub', 'sid', 'exp'],
      }));
    } catch (error) {
      throw new HttpError(401, error instanceof joseErrors.JWTExpired ? MESSAGES.tokenExpired : MESSAGES.tokenInvalid);
    }
    const { sub, sid, email, roles } = payload;
    if (typeof sub !== 'string' || !UUID.test(sub) || typeof sid !== 'string' || !UUID.test(sid) || typeof email !== 'string' || !Array.isArray(roles)) {
      throw new HttpError(401, MESSAGES.tokenInvalid);
    }
    return { sub, sid, email, roles: roles as Role[] };
  }
}

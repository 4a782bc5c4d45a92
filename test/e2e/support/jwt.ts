import { decodeJwt, SignJWT } from 'jose';
import { E2E_JWT_SECRET } from './constants';

/**
 * An access token for the same user and session as `realToken` (claims sub, email, roles, sid), correctly
 * signed with the server's secret but expired a minute ago: the server answers 401 "JWT token has expired".
 */
export async function expiredTokenLike(realToken: string): Promise<string> {
  const claims = decodeJwt(realToken);
  const now = Math.floor(Date.now() / 1000);
  return new SignJWT({ email: claims.email, roles: claims.roles, sid: claims.sid })
    .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
    .setSubject(String(claims.sub))
    .setIssuedAt(now - 120)
    .setExpirationTime(now - 60)
    .sign(new TextEncoder().encode(E2E_JWT_SECRET));
}

import { toSessionUser } from '../sessionUser';
import type { SessionUser } from '../types';

/** The payload of a JWT, decoded without verifying it (base64url → UTF-8 → JSON); null when unreadable. */
export function decodeJwtPayload(token: string): Record<string, unknown> | null {
  const part = token.split('.')[1];
  if (!part) return null;
  try {
    const base64 = part.replace(/-/g, '+').replace(/_/g, '/');
    const binary = atob(base64.padEnd(base64.length + ((4 - (base64.length % 4)) % 4), '='));
    const json = new TextDecoder().decode(Uint8Array.from(binary, (c) => c.charCodeAt(0)));
    const value: unknown = JSON.parse(json);
    return typeof value === 'object' && value !== null && !Array.isArray(value) ? (value as Record<string, unknown>) : null;
  } catch {
    return null;
  }
}

/**
 * A minimal session from the token's claims for when the profile cannot load right after social sign-in; safe
 * because the server verifies the token on every call.
 */
export function sessionUserFromToken(token: string): SessionUser | null {
  const claims = decodeJwtPayload(token);
  if (!claims) return null;
  const { sub, email, roles } = claims;
  if (typeof sub !== 'string' || !sub || typeof email !== 'string') return null;
  const roleList = Array.isArray(roles) ? roles.filter((r): r is string => typeof r === 'string') : [];
  return toSessionUser({ id: sub, email, fullName: '', roles: roleList });
}

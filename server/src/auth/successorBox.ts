import { hkdfSync } from 'node:crypto';
import { open, seal } from '../secrets';

/**
 * Seals the token pair issued in exchange for a refresh token, so that presenting that (now spent) token
 * again within REFRESH_REUSE_LEEWAY returns the very same pair.
 *
 * The AES-256-GCM key is HKDF-SHA256 of the spent token itself; the database only has SHA-256(token), from
 * which the key cannot be derived. So someone reading the database cannot open the box: only a client that
 * still holds the spent token can — and it could have refreshed anyway. The row id is bound as AAD, so a box
 * cannot be moved to another row.
 */
export interface TokenPair {
  token: string;
  refreshToken: string;
}

/** The box's key. Its HKDF info 'v1' is what it has always been: boxes already stored still open. */
function keyFor(spentToken: string): Buffer {
  return Buffer.from(hkdfSync('sha256', spentToken, 'carcare/refresh-successor', 'v1', 32));
}

export function sealPair(spentToken: string, rowId: string, pair: TokenPair): string {
  return seal(keyFor(spentToken), rowId, JSON.stringify(pair));
}

/** Returns null when the box cannot be opened (wrong token, tampered, unknown version). */
export function openPair(spentToken: string, rowId: string, sealed: string): TokenPair | null {
  const json = open(keyFor(spentToken), rowId, sealed);
  if (json === null) return null;
  try {
    const pair = JSON.parse(json) as Partial<TokenPair>;
    return typeof pair.token === 'string' && typeof pair.refreshToken === 'string' ? { token: pair.token, refreshToken: pair.refreshToken } : null;
  } catch {
    return null;
  }
}

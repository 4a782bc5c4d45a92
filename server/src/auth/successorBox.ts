import { createCipheriv, createDecipheriv, hkdfSync, randomBytes } from 'node:crypto';

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

const VERSION = 'v1';

function keyFor(spentToken: string): Buffer {
  return Buffer.from(hkdfSync('sha256', spentToken, 'carcare/refresh-successor', VERSION, 32));
}

export function sealPair(spentToken: string, rowId: string, pair: TokenPair): string {
  const iv = randomBytes(12);
  const cipher = createCipheriv('aes-256-gcm', keyFor(spentToken), iv);
  cipher.setAAD(Buffer.from(rowId, 'utf8'));
  const ciphertext = Buffer.concat([cipher.update(JSON.stringify(pair), 'utf8'), cipher.final()]);
  return [VERSION, iv.toString('base64url'), ciphertext.toString('base64url'), cipher.getAuthTag().toString('base64url')].join('.');
}

/** Returns null when the box cannot be opened (wrong token, tampered, unknown version). */
export function openPair(spentToken: string, rowId: string, sealed: string): TokenPair | null {
  const [version, iv, ciphertext, tag] = sealed.split('.');
  if (version !== VERSION || !iv || !ciphertext || !tag) return null;
  try {
    const decipher = createDecipheriv('aes-256-gcm', keyFor(spentToken), Buffer.from(iv, 'base64url'));
    decipher.setAAD(Buffer.from(rowId, 'utf8'));
    decipher.setAuthTag(Buffer.from(tag, 'base64url'));
    const json = Buffer.concat([decipher.update(Buffer.from(ciphertext, 'base64url')), decipher.final()]).toString('utf8');
    const pair = JSON.parse(json) as Partial<TokenPair>;
    return typeof pair.token === 'string' && typeof pair.refreshToken === 'string' ? { token: pair.token, refreshToken: pair.refreshToken } : null;
  } catch {
    return null;
  }
}

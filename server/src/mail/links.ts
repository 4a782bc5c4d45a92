import { createCipheriv, createDecipheriv, randomBytes } from 'node:crypto';

/**
 * The link of an account e-mail (a password reset, a verification) waits in its outbox row sealed: AES-256-GCM under
 * a key derived from JWT_SECRET (`Keys.mailLinks`), with the row's id as associated data, so the box cannot be moved
 * to another row. The database holds only the token's SHA-256 (account_tokens) and this box: someone who reads the
 * database alone cannot open the box, nor use the hash. The worker opens it when it words the mail (outbox.ts).
 * Every instance sharing the database shares JWT_SECRET (access tokens need it too); a mail sealed under a secret
 * since rotated cannot be opened and is marked FAILED (its owner asks for a new link).
 */
const VERSION = 'v1';

export function sealLink(key: Uint8Array, mailId: string, link: string): string {
  const iv = randomBytes(12);
  const cipher = createCipheriv('aes-256-gcm', key, iv);
  cipher.setAAD(Buffer.from(mailId, 'utf8'));
  const ciphertext = Buffer.concat([cipher.update(link, 'utf8'), cipher.final()]);
  return [VERSION, iv.toString('base64url'), ciphertext.toString('base64url'), cipher.getAuthTag().toString('base64url')].join('.');
}

/** The link, or null when the box cannot be opened (another key or row, tampered, unknown version). */
export function openLink(key: Uint8Array, mailId: string, sealed: string): string | null {
  const [version, iv, ciphertext, tag] = sealed.split('.');
  if (version !== VERSION || !iv || !ciphertext || !tag) return null;
  try {
    const decipher = createDecipheriv('aes-256-gcm', key, Buffer.from(iv, 'base64url'));
    decipher.setAAD(Buffer.from(mailId, 'utf8'));
    decipher.setAuthTag(Buffer.from(tag, 'base64url'));
    return Buffer.concat([decipher.update(Buffer.from(ciphertext, 'base64url')), decipher.final()]).toString('utf8');
  } catch {
    return null;
  }
}

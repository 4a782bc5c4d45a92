import { createCipheriv, createDecipheriv, createHash, hkdfSync, randomBytes } from 'node:crypto';
import { mkdir, readFile, writeFile } from 'node:fs/promises';
import { join, resolve } from 'node:path';
import { type AppConfig, isMemoryDataDir, MIN_JWT_SECRET_LENGTH } from './config';

const SECRET_FILE = 'jwt-secret';

export interface Keys {
  /** HS256 key for access tokens: the UTF-8 bytes of JWT_SECRET. */
  accessToken: Uint8Array;
  /** A256GCM key for the short-lived OAuth state cookie, derived from JWT_SECRET. */
  oauthState: Uint8Array;
  /**
   * AES-256-GCM key that seals the link of an account e-mail (password reset, verification) in the outbox row until
   * the worker sends it (mail/links.ts): the database holds neither the token nor anything it can be read from.
   */
  mailLinks: Uint8Array;
}

/**
 * An opaque token the server hands out once (a refresh token, an account link's token, a Google sign-in code and its
 * binding): 256 random bits, base64url (43 characters). The database keeps only its sha256Hex.
 */
export function newOpaqueToken(): string {
  return randomBytes(32).toString('base64url');
}

/** What the database stores instead of an opaque token: SHA-256 of its UTF-8, hex. */
export function sha256Hex(value: string): string {
  return createHash('sha256').update(value, 'utf8').digest('hex');
}

const BOX_VERSION = 'v1';

/**
 * `text` sealed with AES-256-GCM under `key` (32 bytes), a fresh 12-byte IV each time, `aad` bound as associated data
 * (the id of the row the box is stored in, so it cannot be moved to another row): `v1.<iv>.<ciphertext>.<tag>`, each
 * part base64url. The outbox's mail links (mail/links.ts) and the refresh-token successor pairs (auth/successorBox.ts).
 */
export function seal(key: Uint8Array, aad: string, text: string): string {
  const iv = randomBytes(12);
  const cipher = createCipheriv('aes-256-gcm', key, iv);
  cipher.setAAD(Buffer.from(aad, 'utf8'));
  const ciphertext = Buffer.concat([cipher.update(text, 'utf8'), cipher.final()]);
  return [BOX_VERSION, iv.toString('base64url'), ciphertext.toString('base64url'), cipher.getAuthTag().toString('base64url')].join('.');
}

/** What `seal` sealed, or null when the box cannot be opened (another key or `aad`, tampered, unknown version). */
export function open(key: Uint8Array, aad: string, box: string): string | null {
  const [version, iv, ciphertext, tag] = box.split('.');
  if (version !== BOX_VERSION || !iv || !ciphertext || !tag) return null;
  try {
    const decipher = createDecipheriv('aes-256-gcm', key, Buffer.from(iv, 'base64url'));
    decipher.setAAD(Buffer.from(aad, 'utf8'));
    decipher.setAuthTag(Buffer.from(tag, 'base64url'));
    return Buffer.concat([decipher.update(Buffer.from(ciphertext, 'base64url')), decipher.final()]).toString('utf8');
  } catch {
    return null;
  }
}

function deriveKey(secret: string, purpose: string): Uint8Array {
  return new Uint8Array(hkdfSync('sha256', secret, 'carcare', purpose, 32));
}

async function readOrCreateSecretFile(dataDir: string): Promise<string> {
  const dir = resolve(dataDir);
  const path = join(dir, SECRET_FILE);
  await mkdir(dir, { recursive: true });
  try {
    await writeFile(path, randomBytes(48).toString('base64url'), { flag: 'wx', mode: 0o600 });
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
  }
  const secret = (await readFile(path, 'utf8')).trim();
  if (secret.length < MIN_JWT_SECRET_LENGTH) {
    throw new Error(`${path} holds a JWT secret shorter than ${MIN_JWT_SECRET_LENGTH} characters; delete it to regenerate`);
  }
  return secret;
}

/**
 * JWT_SECRET when set; otherwise (development only — config refuses this in production) a secret generated
 * once and kept in DATA_DIR/jwt-secret, or a throw-away one for an in-memory DATA_DIR.
 */
export async function resolveJwtSecret(config: AppConfig): Promise<string> {
  if (config.jwtSecret) return config.jwtSecret;
  if (isMemoryDataDir(config.dataDir)) return randomBytes(48).toString('base64url');
  return readOrCreateSecretFile(config.dataDir);
}

export function deriveKeys(jwtSecret: string): Keys {
  return {
    accessToken: new TextEncoder().encode(jwtSecret),
    oauthState: deriveKey(jwtSecret, 'oauth-state-cookie'),
    mailLinks: deriveKey(jwtSecret, 'outbox-mail-links'),
  };
}

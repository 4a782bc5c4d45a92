/**
 * The link of an account e-mail (a password reset, a verification) waits in its outbox row sealed: AES-256-GCM under
 * a key derived from JWT_SECRET (`Keys.mailLinks`), with the row's id as associated data, so the box cannot be moved
 * to another row. The database holds only the token's SHA-256 (account_tokens) and this box: someone who reads the
 * database alone cannot open the box, nor use the hash. The worker opens it when it words the mail (outbox.ts).
 * Every instance sharing the database shares JWT_SECRET (access tokens need it too); a mail sealed under a secret
 * since rotated cannot be opened and is marked FAILED (its owner asks for a new link).
 */
// seal(key, mailId, link) / open(key, mailId, box): null when the box cannot be opened (another key or row, tampered).
export { open as openLink, seal as sealLink } from '../secrets';

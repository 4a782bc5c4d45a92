import { type Kysely, sql } from 'kysely';

/**
 * Accounts a person manages (the account domain, server/src/account):
 * - `users.email_verified_at`: when the account's address was shown to be its owner's (a link opened, Google's word);
 *   NULL: unverified, and the outbox sends it no job e-mail. `users.pending_email`: a new address asked for on the
 *   Account page, which becomes the account's e-mail once its link is opened.
 * - `account_tokens`: the links of password-reset and verification e-mails, stored only as SHA-256 of the token.
 *   `email` is the address the link was sent to (a verify link verifies exactly that address; a reset link works
 *   only while it is still the account's). Single use: `used_at`. The purposes' CHECK: account/sql/10_checks.ts.
 *
 * Existing accounts: an account linked to Google (Google verified its address) and the ADMIN_EMAIL admin (an address
 * the operator chose) count as verified from now; every other account stays unverified until its owner opens a link.
 * Calling them verified would let an account someone registered with another person's address keep it (see the
 * Google sign-in rule in oauth/service.ts), and would keep sending job e-mails to addresses nobody proved.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    ALTER TABLE users
      ADD COLUMN email_verified_at timestamptz,
      ADD COLUMN pending_email text,
      ADD CONSTRAINT users_pending_email_lower CHECK (pending_email = lower(pending_email))`.execute(db);
  await sql`UPDATE users SET email_verified_at = statement_timestamp() WHERE google_sub IS NOT NULL OR role = 'ADMIN'`.execute(db);

  await sql`
    CREATE TABLE account_tokens (
      id         uuid PRIMARY KEY,
      user_id    uuid NOT NULL REFERENCES users (id) ON DELETE CASCADE,
      purpose    text NOT NULL,
      token_hash text NOT NULL,
      email      text NOT NULL CONSTRAINT account_tokens_email_lower CHECK (email = lower(email)),
      expires_at timestamptz NOT NULL,
      used_at    timestamptz,
      created_at timestamptz NOT NULL,
      CONSTRAINT account_tokens_expires_after_created CHECK (expires_at > created_at)
    )`.execute(db);
  await sql`CREATE UNIQUE INDEX account_tokens_token_hash_key ON account_tokens (token_hash)`.execute(db);
  // A new reset request spends the account's unused reset links; the hourly purge deletes expired ones.
  await sql`CREATE INDEX account_tokens_user_idx ON account_tokens (user_id, purpose) WHERE used_at IS NULL`.execute(db);
  await sql`CREATE INDEX account_tokens_expires_idx ON account_tokens (expires_at)`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`DROP TABLE IF EXISTS account_tokens`.execute(db);
  await sql`ALTER TABLE users DROP CONSTRAINT IF EXISTS users_pending_email_lower, DROP COLUMN IF EXISTS pending_email, DROP COLUMN IF EXISTS email_verified_at`.execute(db);
}

import { type Kysely, sql } from 'kysely';

/**
 * Google sign-in hands the SPA a one-time code instead of tokens. Only SHA-256 hashes are stored:
 * of the code, and of the browser-binding value kept in an HttpOnly cookie of the browser that ran the flow.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    CREATE TABLE oauth_codes (
      code_hash    text PRIMARY KEY,
      binding_hash text NOT NULL,
      user_id      uuid NOT NULL REFERENCES users (id) ON DELETE CASCADE,
      device_info  text NOT NULL DEFAULT '',
      created_at   timestamptz NOT NULL,
      expires_at   timestamptz NOT NULL,
      used_at      timestamptz
    )`.execute(db);
  await sql`CREATE INDEX oauth_codes_expires_at_idx ON oauth_codes (expires_at)`.execute(db);
  await sql`CREATE INDEX oauth_codes_user_id_idx ON oauth_codes (user_id)`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`DROP TABLE oauth_codes`.execute(db);
}

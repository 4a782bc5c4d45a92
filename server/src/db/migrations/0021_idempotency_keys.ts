import { type Kysely, sql } from 'kysely';

/**
 * Idempotency keys (idempotency/, server/README.md § "Retried changes"): one row per user and client-generated key,
 * with a SHA-256 fingerprint of the request it was first sent with and that request's answer (status, content
 * type, body), kept until `expires_at` (IDEMPOTENCY_KEY_TTL) and then purged. The row is inserted when the request
 * starts and given its answer in the same transaction as the change: another request with the key waits on the
 * primary key until that transaction ends, and never sees a row without an answer. Rows go with their user.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    CREATE TABLE idempotency_keys (
      user_id      uuid NOT NULL REFERENCES users (id) ON DELETE CASCADE,
      key          text NOT NULL,
      fingerprint  text NOT NULL,
      status_code  integer,
      content_type text,
      body         text,
      created_at   timestamptz NOT NULL,
      expires_at   timestamptz NOT NULL,
      PRIMARY KEY (user_id, key)
    )`.execute(db);
  await sql`CREATE INDEX idempotency_keys_expires_at_idx ON idempotency_keys (expires_at)`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`DROP TABLE idempotency_keys`.execute(db);
}

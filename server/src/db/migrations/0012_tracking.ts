import { type Kysely, sql } from 'kysely';

/**
 * Tracking links: one public, revocable link per job (`/track/<token>`), shown to the job's customer.
 * - `token`: 128 random bits (`crypto.randomBytes(16)`), base64url — 22 characters, unique.
 * - One live link per job (a partial unique index over the links not revoked). Revoking sets `revoked_at` and issues
 *   a new row; the old row is what makes the old URL stop working. tracking/sql/30_link_revoked.sql ends its streams.
 * - No stored expiry: a link expires TRACKING_LINK_TTL_AFTER_COMPLETION_DAYS after the job's `completed_at` (or
 *   `cancelled_at`), read from the job at each request, so a reopened job's link lives again.
 *
 * The token is stored as it is, not hashed, so the customer can see the link again. A hash would show it once; an
 * HMAC under a server secret would break every shared link when JWT_SECRET rotates. What it exposes is small: a
 * read-only view of a few fields the same database holds in the clear anyway; it grants no write and no session,
 * can be revoked, and expires. Refresh tokens, which grant a session, stay hashed (migration 0001).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    CREATE TABLE tracking_links (
      id             bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
      appointment_id uuid NOT NULL REFERENCES appointments (id) ON DELETE CASCADE,
      token          text NOT NULL
                       CONSTRAINT tracking_links_token_key UNIQUE
                       CONSTRAINT tracking_links_token_format CHECK (token ~ '^[A-Za-z0-9_-]{22}$'),
      created_at     timestamptz NOT NULL,
      revoked_at     timestamptz,
      CONSTRAINT tracking_links_revoked_after_created CHECK (revoked_at IS NULL OR revoked_at >= created_at)
    )`.execute(db);
  // One live link per job; also the look-up of a job's live link.
  await sql`CREATE UNIQUE INDEX tracking_links_live_key ON tracking_links (appointment_id) WHERE revoked_at IS NULL`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`DROP TABLE IF EXISTS tracking_links`.execute(db);
  await sql`DROP FUNCTION IF EXISTS tracking_links_revoked()`.execute(db);
}

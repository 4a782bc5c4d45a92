import { type Kysely, sql } from 'kysely';

/**
 * Tracking links (issue 16): one public, revocable link per job (`/track/<token>`), shown to the job's customer.
 *
 * - `token`: 128 random bits (`crypto.randomBytes(16)`), base64url — 22 characters, unique.
 * - One live link per job at a time: a partial unique index over the links not revoked. Revoking sets
 *   `revoked_at` and issues a new row; the old row stays (it is what made the old URL stop working).
 * - A revoke ends the link's open streams on every instance the way a revoked session ends its streams: a trigger
 *   announces the revoked token on migration 0011's channel (`t:<token>`, delivered on commit) and each instance's
 *   hub (events/liveEvents.ts) sends `session-ended` to the streams opened with it.
 * - No stored expiry: a link expires TRACKING_LINK_TTL_AFTER_COMPLETION_DAYS after the job's `completed_at`
 *   (or `cancelled_at`), read from the job at each request — so a reopened job's link lives again, and a job's
 *   completion needs no second write here.
 *
 * Why the token itself is stored, not a hash of it: the customer must be able to see the link again in the job
 * detail, so the server must be able to produce it again. The alternatives cost more than they protect:
 * - a hash only: the link could be shown once, then never again (a lost link would need a revoke to see one);
 * - an HMAC of a stored nonce under a server secret: shows it again without storing it, but ties every link to
 *   that secret — rotating JWT_SECRET (or a development server's generated one) silently breaks every link a
 *   customer has shared, and a second secret to keep means a second thing to lose.
 * What a stored token exposes is small: it is a read-only capability over a subset (plate, service, centre, stages,
 * technician's first name) of what the same database already holds in the clear next to it (appointments, users
 * with e-mails, phones and addresses) — whoever can read this table can read those. It never grants a write, a
 * session or any personal detail, the customer can revoke it at any time, and it stops working on its own 30 days
 * after the job ends. Refresh tokens, which do grant a session, stay hashed (migration 0001).
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
  await sql`
    CREATE FUNCTION tracking_links_revoked() RETURNS trigger LANGUAGE plpgsql AS $$
    BEGIN
      PERFORM pg_notify('carcare_live_' || current_schema(), 't:' || NEW.token);
      RETURN NULL;
    END
    $$`.execute(db);
  await sql`
    CREATE TRIGGER tracking_links_on_revoke AFTER UPDATE OF revoked_at ON tracking_links
      FOR EACH ROW WHEN (OLD.revoked_at IS NULL AND NEW.revoked_at IS NOT NULL)
      EXECUTE FUNCTION tracking_links_revoked()`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`DROP TABLE IF EXISTS tracking_links`.execute(db);
  await sql`DROP FUNCTION IF EXISTS tracking_links_revoked()`.execute(db);
}

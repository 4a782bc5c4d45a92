import { type Kysely, sql } from 'kysely';

/**
 * Time-log review: an admin approves or rejects each technician's logged time.
 * - `review_state`: SUBMITTED (new or edited by the technician), APPROVED (locked: the technician can no longer
 *   change or delete it) or REJECTED (with `review_reason`; editing it resubmits it, deleting it is allowed).
 * - `reviewed_by` / `reviewed_at`: the admin and time of the last decision (NULL while submitted).
 * - `version`: optimistic concurrency for the admin's decisions (`expectedVersion`), bumped on every change.
 * Logs written before this migration start as SUBMITTED. The states' CHECK: timeLogs/sql/10_checks.ts.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    ALTER TABLE time_logs
      ADD COLUMN review_state text NOT NULL DEFAULT 'SUBMITTED',
      ADD COLUMN review_reason text
        CONSTRAINT time_logs_review_reason_length CHECK (review_reason IS NULL OR length(review_reason) <= 500),
      ADD COLUMN reviewed_by uuid REFERENCES users (id) ON DELETE SET NULL,
      ADD COLUMN reviewed_at timestamptz,
      ADD COLUMN version integer NOT NULL DEFAULT 1 CONSTRAINT time_logs_version_positive CHECK (version > 0),
      ADD CONSTRAINT time_logs_rejected_has_reason
        CHECK (review_state <> 'REJECTED' OR (review_reason IS NOT NULL AND length(btrim(review_reason)) > 0))`.execute(db);
  // The review page reads a week of every technician's logs (optionally one state); the technician's weekly
  // totals use the existing (employee_id, starts_at, id) index.
  await sql`CREATE INDEX time_logs_review_idx ON time_logs (review_state, starts_at)`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`DROP INDEX IF EXISTS time_logs_review_idx`.execute(db);
  await sql`
    ALTER TABLE time_logs
      DROP CONSTRAINT IF EXISTS time_logs_rejected_has_reason,
      DROP COLUMN IF EXISTS version,
      DROP COLUMN IF EXISTS reviewed_at,
      DROP COLUMN IF EXISTS reviewed_by,
      DROP COLUMN IF EXISTS review_reason,
      DROP COLUMN IF EXISTS review_state`.execute(db);
}

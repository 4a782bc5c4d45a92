import { type Kysely, sql } from 'kysely';

/**
 * Notifications (one row per recipient), the e-mail outbox and users.email_notifications. Both tables are written
 * by the trigger of notifications/sql/30_notify.sql in the change's own transaction; the lists of their CHECKs are
 * notifications/sql/10_checks.ts and mail/sql/10_checks.ts.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    CREATE TABLE notifications (
      id             uuid PRIMARY KEY DEFAULT gen_random_uuid(),
      user_id        uuid NOT NULL REFERENCES users (id) ON DELETE CASCADE,
      kind           text NOT NULL,
      appointment_id uuid REFERENCES appointments (id) ON DELETE CASCADE,
      title          text NOT NULL,
      message        text NOT NULL,
      created_at     timestamptz NOT NULL,
      read_at        timestamptz
    )`.execute(db);
  await sql`CREATE INDEX notifications_user_idx ON notifications (user_id, created_at DESC, id DESC)`.execute(db);
  await sql`CREATE INDEX notifications_unread_idx ON notifications (user_id) WHERE read_at IS NULL`.execute(db);

  await sql`ALTER TABLE users ADD COLUMN email_notifications boolean NOT NULL DEFAULT true`.execute(db);

  // One row per e-mail. `message_id` is fixed when the row is written, so a mail sent twice (a worker killed after
  // the server took it, before the row was marked SENT) is one message to the recipient's mail system. A worker
  // claims a due PENDING row with a lease (`locked_until`, `lease_token`); SENT rows are never claimed again.
  await sql`
    CREATE TABLE email_outbox (
      id              uuid PRIMARY KEY DEFAULT gen_random_uuid(),
      user_id         uuid REFERENCES users (id) ON DELETE CASCADE,
      appointment_id  uuid REFERENCES appointments (id) ON DELETE SET NULL,
      kind            text NOT NULL,
      recipient       text NOT NULL,
      subject         text NOT NULL,
      text_body       text NOT NULL,
      html_body       text,
      message_id      text NOT NULL UNIQUE DEFAULT ('<' || gen_random_uuid() || '@carcare.local>'),
      state           text NOT NULL DEFAULT 'PENDING',
      attempts        integer NOT NULL DEFAULT 0 CHECK (attempts >= 0),
      next_attempt_at timestamptz NOT NULL,
      locked_until    timestamptz,
      lease_token     uuid,
      sent_at         timestamptz,
      last_error      text,
      created_at      timestamptz NOT NULL,
      CONSTRAINT email_outbox_sent_when_sent CHECK ((state = 'SENT') = (sent_at IS NOT NULL))
    )`.execute(db);
  await sql`CREATE INDEX email_outbox_due_idx ON email_outbox (next_attempt_at, id) WHERE state = 'PENDING'`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`DROP TRIGGER IF EXISTS notifications_on_job_history ON job_history`.execute(db);
  await sql`DROP FUNCTION IF EXISTS notifications_after_job_history()`.execute(db);
  await sql`DROP FUNCTION IF EXISTS notify_job_changes(bigint[], boolean)`.execute(db);
  await sql`DROP FUNCTION IF EXISTS notify_job_entries(job_history[], boolean)`.execute(db);
  await sql`DROP TABLE IF EXISTS email_outbox`.execute(db);
  await sql`ALTER TABLE users DROP COLUMN IF EXISTS email_notifications`.execute(db);
  await sql`DROP TABLE IF EXISTS notifications`.execute(db);
}

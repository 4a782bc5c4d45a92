import { type Kysely, sql } from 'kysely';

/**
 * Notifications and the e-mail outbox (issue 16): notifications (one row per recipient), email_outbox,
 * users.email_notifications; triggers on job_history write both in the change's transaction.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  // The table's shape is fixed here first (migration 0011's live-event trigger reads id, user_id and
  // appointment_id); kinds as in contract/notifications.ts.
  await sql`
    CREATE TABLE notifications (
      id             uuid PRIMARY KEY DEFAULT gen_random_uuid(),
      user_id        uuid NOT NULL REFERENCES users (id) ON DELETE CASCADE,
      kind           text NOT NULL CONSTRAINT notifications_kind_check CHECK (kind IN (
                       'BOOKING_RECEIVED', 'JOB_ASSIGNED', 'JOB_STARTED', 'JOB_AWAITING_PARTS', 'JOB_COMPLETED',
                       'BOOKING_CANCELLED', 'BOOKING_RESCHEDULED')),
      appointment_id uuid REFERENCES appointments (id) ON DELETE CASCADE,
      title          text NOT NULL,
      message        text NOT NULL,
      created_at     timestamptz NOT NULL,
      read_at        timestamptz
    )`.execute(db);
  await sql`CREATE INDEX notifications_user_idx ON notifications (user_id, created_at DESC, id DESC)`.execute(db);
  await sql`CREATE INDEX notifications_unread_idx ON notifications (user_id) WHERE read_at IS NULL`.execute(db);
}

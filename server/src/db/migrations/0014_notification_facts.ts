import { type Kysely, sql } from 'kysely';

/**
 * Notifications and job e-mails store their audience and facts (`params`); the server words them when it answers or
 * sends (notifications/texts.ts). Rows written before keep their stored text, which is read as it is.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    ALTER TABLE notifications
      ADD COLUMN audience text,
      ADD COLUMN params jsonb,
      ALTER COLUMN title DROP NOT NULL,
      ALTER COLUMN message DROP NOT NULL,
      ADD CONSTRAINT notifications_stored_or_facts CHECK (CASE
        WHEN params IS NULL THEN title IS NOT NULL AND message IS NOT NULL
        ELSE jsonb_typeof(params) = 'object' AND audience IS NOT NULL AND title IS NULL AND message IS NULL END)`.execute(db);
  await sql`
    ALTER TABLE email_outbox
      ADD COLUMN params jsonb,
      ALTER COLUMN subject DROP NOT NULL,
      ALTER COLUMN text_body DROP NOT NULL,
      ADD CONSTRAINT email_outbox_stored_or_facts CHECK (CASE
        WHEN params IS NULL THEN subject IS NOT NULL AND text_body IS NOT NULL
        ELSE jsonb_typeof(params) = 'object' AND subject IS NULL AND text_body IS NULL END)`.execute(db);
}

/** Rows that hold facts and no text cannot go back: they are deleted. */
export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`DELETE FROM notifications WHERE params IS NOT NULL`.execute(db);
  await sql`DELETE FROM email_outbox WHERE params IS NOT NULL`.execute(db);
  await sql`
    ALTER TABLE notifications
      DROP CONSTRAINT notifications_stored_or_facts,
      DROP COLUMN params,
      DROP COLUMN audience,
      ALTER COLUMN title SET NOT NULL,
      ALTER COLUMN message SET NOT NULL`.execute(db);
  await sql`
    ALTER TABLE email_outbox
      DROP CONSTRAINT email_outbox_stored_or_facts,
      DROP COLUMN params,
      ALTER COLUMN subject SET NOT NULL,
      ALTER COLUMN text_body SET NOT NULL`.execute(db);
}

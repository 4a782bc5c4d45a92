import { type Kysely, sql } from 'kysely';

/**
 * Contact messages and newsletter subscribers.
 * - `contact_messages`: what a visitor sent through the landing page's contact form (name, e-mail, subject — empty
 *   when left out — and message, trimmed, at most 100/254/150/5000 characters), when it arrived, and when and by
 *   which admin it was marked read (`read_at` NULL: unread). Nothing about the sender's connection is stored; the
 *   per-IP rate limit keeps its own counters.
 * - `newsletter_subscribers`: one row per address (stored lower-cased and unique, so subscribing twice is one row).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    CREATE TABLE contact_messages (
      id uuid PRIMARY KEY,
      name text NOT NULL CONSTRAINT contact_messages_name_length CHECK (length(name) BETWEEN 1 AND 100),
      email text NOT NULL CONSTRAINT contact_messages_email_length CHECK (length(email) BETWEEN 3 AND 254),
      subject text NOT NULL DEFAULT '' CONSTRAINT contact_messages_subject_length CHECK (length(subject) <= 150),
      message text NOT NULL CONSTRAINT contact_messages_message_length CHECK (length(message) BETWEEN 1 AND 5000),
      created_at timestamptz NOT NULL,
      read_at timestamptz,
      read_by uuid REFERENCES users (id) ON DELETE SET NULL,
      CONSTRAINT contact_messages_read_by_needs_read_at CHECK (read_by IS NULL OR read_at IS NOT NULL)
    )`.execute(db);
  // The Messages page: newest first (keyset paging on created_at, id); the unread count.
  await sql`CREATE INDEX contact_messages_newest_idx ON contact_messages (created_at DESC, id DESC)`.execute(db);
  await sql`CREATE INDEX contact_messages_unread_idx ON contact_messages (created_at) WHERE read_at IS NULL`.execute(db);

  await sql`
    CREATE TABLE newsletter_subscribers (
      id uuid PRIMARY KEY,
      email text NOT NULL
        CONSTRAINT newsletter_subscribers_email_key UNIQUE
        CONSTRAINT newsletter_subscribers_email_lower CHECK (email = lower(email) AND length(email) BETWEEN 3 AND 254),
      created_at timestamptz NOT NULL
    )`.execute(db);
  await sql`CREATE INDEX newsletter_subscribers_newest_idx ON newsletter_subscribers (created_at DESC, id DESC)`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`DROP TABLE IF EXISTS newsletter_subscribers`.execute(db);
  await sql`DROP TABLE IF EXISTS contact_messages`.execute(db);
}

import { type Kysely, sql } from 'kysely';

/**
 * Live events: one live_events row per committed change, with who may see it, written by the triggers of
 * events/sql/30_live_events.sql and announced with NOTIFY on commit. The live hub (events/hub.ts) purges rows older than
 * the resume window and records the last purged id in live_events_horizon, so a Last-Event-ID at or below it gets
 * `resync` instead of a silent gap. The kinds' CHECK: events/sql/10_checks.ts.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    CREATE TABLE live_events (
      id             bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
      tx             bigint NOT NULL DEFAULT pg_current_xact_id()::text::bigint,
      type           text NOT NULL,
      entity_id      uuid NOT NULL,
      version        integer NOT NULL,
      appointment_id uuid,
      admins         boolean NOT NULL,
      user_ids       uuid[] NOT NULL,
      created_at     timestamptz NOT NULL DEFAULT statement_timestamp()
    )`.execute(db);
  await sql`
    CREATE TABLE live_events_horizon (
      singleton      boolean PRIMARY KEY DEFAULT true CONSTRAINT live_events_horizon_singleton CHECK (singleton),
      purged_through bigint NOT NULL DEFAULT 0
    )`.execute(db);
  await sql`INSERT INTO live_events_horizon DEFAULT VALUES`.execute(db);
}

/** The triggers that write live_events go first: every change of a job, a log or a notification would fail. */
const WRITERS = [
  ['appointment_insert', 'appointments'],
  ['appointment_update', 'appointments'],
  ['timelog_insert', 'time_logs'],
  ['timelog_update', 'time_logs'],
  ['timelog_delete', 'time_logs'],
  ['notification_insert', 'notifications'],
] as const;

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`DROP TRIGGER IF EXISTS live_events_on_session_revoked ON sessions`.execute(db);
  await sql`DROP FUNCTION IF EXISTS live_events_sessions_revoked()`.execute(db);
  for (const [name, table] of WRITERS) {
    await sql`DROP TRIGGER IF EXISTS ${sql.raw(`live_events_on_${name}`)} ON ${sql.raw(table)}`.execute(db);
    await sql`DROP FUNCTION IF EXISTS ${sql.raw(`live_events_${name}`)}()`.execute(db);
  }
  await sql`DROP TABLE IF EXISTS live_events`.execute(db);
  await sql`DROP FUNCTION IF EXISTS live_events_notify()`.execute(db);
  await sql`DROP TABLE IF EXISTS live_events_horizon`.execute(db);
}

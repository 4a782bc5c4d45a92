import { type Kysely, sql } from 'kysely';

/**
 * Live events (issue 16): one live_events row per committed change, with who may see it, written by the database
 * itself in the change's own transaction — statement-level AFTER triggers with transition tables (one set-based
 * INSERT per statement, however many rows it touched, as job_history in 0006), so every writer (the API, the demo
 * seed, the bench's bulk seeding, a hand-written UPDATE) publishes, and a change that fails or rolls back publishes
 * nothing.
 * - appointments INSERT → appointment.created (customer, technician if any, admins); UPDATE that changed the row →
 *   appointment.updated (customer, the technician after and, when it changed, the one before, admins);
 * - time_logs INSERT / UPDATE / DELETE → timelog.changed (the log's technician, admins), with the job's id;
 * - notifications INSERT → notification.created (the recipient only).
 *
 * Announced with NOTIFY on `carcare_live_<current_schema()>` (several installations may share one database in
 * separate schemas; db/connect.ts `listen` scopes the same way). NOTIFY is delivered only when the transaction
 * commits. Payloads (always < 8000 bytes):
 * - `d:[[id, type, entity id, version, appointment id, admins, [user ids]], …]` — a statement's events themselves
 *   (JSON), when there are at most 20 and they fit: the hub delivers them without reading the table;
 * - `e:<tx>:<first id>:<last id>` — a larger statement's events (a bulk write): the rows with that transaction id
 *   in that id range (identity values of concurrent transactions interleave, so the range alone is not enough);
 * - `s:<session id>,<session id>…` — sessions just revoked (logout, logout-all, reuse detection, the session cap):
 *   their streams end, on every instance; `t:<token>` — a tracking link just revoked, the same for its streams
 *   (migration 0012's trigger).
 *
 * Kept short: events/liveEvents.ts purges rows older than the resume window and records the last purged id in
 * live_events_horizon, so a Last-Event-ID at or below it gets `resync` instead of a silent gap.
 */

const CHANNEL = `'carcare_live_' || current_schema()`;

/** Columns every event trigger writes, in this order. */
const COLUMNS = sql.raw('type, entity_id, version, appointment_id, admins, user_ids');

/** The rows an UPDATE changed (a statement may touch rows without changing them: no event for those). */
const CHANGED_ROWS = `FROM new_rows n JOIN old_rows o ON o.id = n.id WHERE (n.*) IS DISTINCT FROM (o.*) ORDER BY n.id`;

/**
 * The event triggers: function `live_events_<name>`, trigger `live_events_on_<name>`, statement-level AFTER `on` of
 * `table` — identical but for their INSERT … SELECT (the transition tables are `new_rows` / `old_rows`).
 */
const EVENT_TRIGGERS: Array<{ name: string; on: 'INSERT' | 'UPDATE' | 'DELETE'; table: string; select: string }> = [
  {
    name: 'appointment_insert',
    on: 'INSERT',
    table: 'appointments',
    select: `SELECT 'appointment.created', n.id, n.version, n.id, true, array_remove(ARRAY[n.customer_id, n.assigned_employee_id], NULL)
               FROM new_rows n ORDER BY n.id`,
  },
  {
    name: 'appointment_update',
    on: 'UPDATE',
    table: 'appointments',
    select: `SELECT 'appointment.updated', n.id, n.version, n.id, true,
                    array_remove(ARRAY[n.customer_id, n.assigned_employee_id,
                                       CASE WHEN o.assigned_employee_id IS DISTINCT FROM n.assigned_employee_id THEN o.assigned_employee_id END], NULL)
               ${CHANGED_ROWS}`,
  },
  {
    name: 'timelog_insert',
    on: 'INSERT',
    table: 'time_logs',
    select: `SELECT 'timelog.changed', n.id, n.version, n.appointment_id, true, ARRAY[n.employee_id] FROM new_rows n ORDER BY n.id`,
  },
  {
    name: 'timelog_update',
    on: 'UPDATE',
    table: 'time_logs',
    select: `SELECT 'timelog.changed', n.id, n.version, n.appointment_id, true,
                    array_remove(ARRAY[n.employee_id, CASE WHEN o.employee_id <> n.employee_id THEN o.employee_id END], NULL)
               ${CHANGED_ROWS}`,
  },
  {
    name: 'timelog_delete',
    on: 'DELETE',
    table: 'time_logs',
    select: `SELECT 'timelog.changed', o.id, o.version, o.appointment_id, true, ARRAY[o.employee_id] FROM old_rows o ORDER BY o.id`,
  },
  {
    name: 'notification_insert',
    on: 'INSERT',
    table: 'notifications',
    select: `SELECT 'notification.created', n.id, 1, n.appointment_id, false, ARRAY[n.user_id] FROM new_rows n ORDER BY n.created_at, n.id`,
  },
];

const REFERENCING = {
  INSERT: 'NEW TABLE AS new_rows',
  UPDATE: 'OLD TABLE AS old_rows NEW TABLE AS new_rows',
  DELETE: 'OLD TABLE AS old_rows',
} as const;

export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    CREATE TABLE live_events (
      id             bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
      tx             bigint NOT NULL DEFAULT pg_current_xact_id()::text::bigint,
      type           text NOT NULL CONSTRAINT live_events_type_check CHECK (type IN (
                       'appointment.created', 'appointment.updated', 'timelog.changed', 'notification.created')),
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

  for (const { name, on, table, select } of EVENT_TRIGGERS) {
    await sql`
      CREATE FUNCTION ${sql.raw(`live_events_${name}`)}() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN
        INSERT INTO live_events (${COLUMNS}) ${sql.raw(select)};
        RETURN NULL;
      END
      $$`.execute(db);
    await sql`
      CREATE TRIGGER ${sql.raw(`live_events_on_${name}`)} AFTER ${sql.raw(on)} ON ${sql.raw(table)}
        REFERENCING ${sql.raw(REFERENCING[on])}
        FOR EACH STATEMENT EXECUTE FUNCTION ${sql.raw(`live_events_${name}`)}()`.execute(db);
  }

  // One NOTIFY per statement that wrote events (its rows share one transaction id), delivered on commit: the
  // events themselves when they fit (a change's one or two — no read needed), else the range to read.
  await sql`
    CREATE FUNCTION live_events_notify() RETURNS trigger LANGUAGE plpgsql AS $$
    DECLARE
      events text;
    BEGIN
      IF (SELECT count(*) FROM new_rows) <= 20 THEN
        SELECT json_agg(json_build_array(n.id::text, n.type, n.entity_id, n.version, n.appointment_id, n.admins, n.user_ids) ORDER BY n.id)::text
          INTO events FROM new_rows n;
        IF octet_length(events) < 7900 THEN
          PERFORM pg_notify(${sql.raw(CHANNEL)}, 'd:' || events);
          RETURN NULL;
        END IF;
      END IF;
      PERFORM pg_notify(${sql.raw(CHANNEL)}, 'e:' || b.tx || ':' || b.first_id || ':' || b.last_id)
         FROM (SELECT n.tx, min(n.id) AS first_id, max(n.id) AS last_id FROM new_rows n GROUP BY n.tx) b;
      RETURN NULL;
    END
    $$`.execute(db);
  await sql`
    CREATE TRIGGER live_events_on_insert AFTER INSERT ON live_events
      REFERENCING NEW TABLE AS new_rows
      FOR EACH STATEMENT EXECUTE FUNCTION live_events_notify()`.execute(db);

  // Sessions just revoked, 150 ids per notification (150 × 37 bytes < 8000).
  await sql`
    CREATE FUNCTION live_events_sessions_revoked() RETURNS trigger LANGUAGE plpgsql AS $$
    BEGIN
      PERFORM pg_notify(${sql.raw(CHANNEL)}, 's:' || ended.ids)
         FROM (SELECT string_agg(r.id::text, ',') AS ids
                 FROM (SELECT n.id, (row_number() OVER (ORDER BY n.id) - 1) / 150 AS chunk
                         FROM new_rows n JOIN old_rows o ON o.id = n.id
                        WHERE o.revoked_at IS NULL AND n.revoked_at IS NOT NULL) r
                GROUP BY r.chunk) ended;
      RETURN NULL;
    END
    $$`.execute(db);
  await sql`
    CREATE TRIGGER live_events_on_session_revoked AFTER UPDATE ON sessions
      REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
      FOR EACH STATEMENT EXECUTE FUNCTION live_events_sessions_revoked()`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`DROP TRIGGER IF EXISTS live_events_on_session_revoked ON sessions`.execute(db);
  await sql`DROP FUNCTION IF EXISTS live_events_sessions_revoked()`.execute(db);
  for (const { name, table } of EVENT_TRIGGERS) {
    await sql`DROP TRIGGER IF EXISTS ${sql.raw(`live_events_on_${name}`)} ON ${sql.raw(table)}`.execute(db);
    await sql`DROP FUNCTION IF EXISTS ${sql.raw(`live_events_${name}`)}()`.execute(db);
  }
  await sql`DROP TABLE IF EXISTS live_events`.execute(db);
  await sql`DROP FUNCTION IF EXISTS live_events_notify()`.execute(db);
  await sql`DROP TABLE IF EXISTS live_events_horizon`.execute(db);
}

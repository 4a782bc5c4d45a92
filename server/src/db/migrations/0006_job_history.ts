import { type Kysely, sql } from 'kysely';

/**
 * Job history (issue 17): one row per change of an appointment — booked, technician assigned or taken off,
 * rescheduled (old → new date and slot), started, stage changed (awaiting parts, quality check…), completed,
 * reopened, back to not started, cancelled — with when (`occurred_at`) and who (`actor_id`, when known).
 *
 * Written by the database itself: statement-level AFTER INSERT and AFTER UPDATE triggers on appointments compare
 * the rows before and after (transition tables: one set-based INSERT per statement, however many rows it
 * touched) on status, stage, technician, date and slot. So every writer — the API, the demo seed, a bench, a
 * hand-written UPDATE — leaves history, and always in the same transaction as the change: a change that fails
 * or rolls back leaves none.
 * - When: the writer's `updated_at` (the app's clock, which tests move) — every change the API makes bumps
 *   `version` and sets `updated_at`; the database's statement time when an UPDATE left both as they were. A new row's entries take their times from the row (created_at,
 *   started_at, completed_at, cancelled_at), as the backfill below does for the jobs that existed before.
 * - Who: `carcare.actor`, set by the API inside the change's transaction with
 *   `set_config('carcare.actor', <user id>, true)` (transaction-local); a booking without one is the customer's.
 *
 * Order: by (occurred_at, id); `id` follows the order in which the entries were written.
 */

/** Columns written by both triggers and the backfill, in this order. */
const COLUMNS = sql.raw('appointment_id, event, occurred_at, actor_id, status, stage, employee_id, from_date, from_slot, to_date, to_slot');

/** The acting user of this transaction (NULL when none was set; '' once set in an earlier transaction). */
const ACTOR = `nullif(current_setting('carcare.actor', true), '')::uuid`;

/**
 * The entries a job's row tells of by itself — for jobs that appear whole (the backfill; the demo seed and any
 * bulk insert writing a job already in progress or done): booked, assigned, started, its stage, completed or
 * cancelled, in that order. `source` is a table or transition table of appointments rows aliased `n`; `actor`
 * the SQL of the actor of all but the booking (the booking's is the customer when no actor is set).
 */
function initialEntries(source: string, actor: string): string {
  return `
    SELECT n.id, e.event, e.occurred_at, e.actor_id, e.status, e.stage, e.employee_id,
           NULL::date, NULL::text, NULL::date, NULL::text
      FROM ${source} n
     CROSS JOIN LATERAL (VALUES
       (1, 'BOOKED', n.created_at, coalesce(${actor}, n.customer_id), 'PENDING', NULL::text, NULL::uuid, true),
       (2, 'ASSIGNED', n.created_at, ${actor}, 'CONFIRMED', NULL, n.assigned_employee_id, n.assigned_employee_id IS NOT NULL),
       (3, 'STARTED', n.started_at, ${actor}, 'IN_PROGRESS', 'IN_PROGRESS', n.assigned_employee_id, n.started_at IS NOT NULL),
       (4, 'STAGE_CHANGED', greatest(n.started_at, n.updated_at), ${actor}, 'IN_PROGRESS', n.stage, n.assigned_employee_id,
           n.started_at IS NOT NULL AND n.stage IS NOT NULL AND n.stage <> 'IN_PROGRESS'),
       (5, 'COMPLETED', n.completed_at, ${actor}, 'COMPLETED', NULL, n.assigned_employee_id, n.completed_at IS NOT NULL),
       (6, 'CANCELLED', n.cancelled_at, ${actor}, 'CANCELLED', NULL, n.assigned_employee_id, n.cancelled_at IS NOT NULL)
     ) AS e(position, event, occurred_at, actor_id, status, stage, employee_id, happened)
     WHERE e.happened
     ORDER BY n.created_at, n.id, e.position`;
}

export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    CREATE TABLE job_history (
      id             bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
      appointment_id uuid NOT NULL REFERENCES appointments (id) ON DELETE CASCADE,
      event          text NOT NULL CONSTRAINT job_history_event_check CHECK (event IN (
                       'BOOKED', 'ASSIGNED', 'UNASSIGNED', 'RESCHEDULED', 'STARTED', 'STAGE_CHANGED', 'COMPLETED',
                       'REOPENED', 'WORK_RESET', 'CANCELLED', 'STATUS_CHANGED')),
      occurred_at    timestamptz NOT NULL,
      actor_id       uuid REFERENCES users (id) ON DELETE SET NULL,
      -- the job's status and stage after the change
      status         text NOT NULL CONSTRAINT job_history_status_check CHECK (status IN ('PENDING', 'CONFIRMED', 'IN_PROGRESS', 'COMPLETED', 'CANCELLED')),
      stage          text CONSTRAINT job_history_stage_check CHECK (stage IN ('IN_PROGRESS', 'AWAITING_PARTS', 'QUALITY_CHECK')),
      -- the technician concerned: assigned or taken off, otherwise the one assigned at the time
      employee_id    uuid REFERENCES users (id) ON DELETE SET NULL,
      from_date      date,
      from_slot      text,
      to_date        date,
      to_slot        text,
      CONSTRAINT job_history_move_only_when_rescheduled CHECK (
        (event = 'RESCHEDULED') = (from_date IS NOT NULL AND from_slot IS NOT NULL AND to_date IS NOT NULL AND to_slot IS NOT NULL))
    )`.execute(db);
  await sql`CREATE INDEX job_history_appointment_idx ON job_history (appointment_id, occurred_at, id)`.execute(db);
  // The report reads a job's time logs: by job, in time order (the other time-log indexes lead with the technician
  // or the time).
  await sql`CREATE INDEX time_logs_appointment_idx ON time_logs (appointment_id, starts_at) WHERE appointment_id IS NOT NULL`.execute(db);

  await sql`
    CREATE FUNCTION job_history_after_insert() RETURNS trigger LANGUAGE plpgsql AS $$
    BEGIN
      INSERT INTO job_history (${COLUMNS}) ${sql.raw(initialEntries('new_rows', ACTOR))};
      RETURN NULL;
    END
    $$`.execute(db);

  // One row per event a change made, in a fixed order within the change: moved, technician off, technician on,
  // then the status or stage. A job's id never changes, so old and new rows pair up by id.
  await sql`
    CREATE FUNCTION job_history_after_update() RETURNS trigger LANGUAGE plpgsql AS $$
    BEGIN
      INSERT INTO job_history (${COLUMNS})
      SELECT n.id, e.event,
             CASE WHEN n.version <> o.version OR n.updated_at <> o.updated_at THEN n.updated_at ELSE statement_timestamp() END,
             ${sql.raw(ACTOR)}, n.status, n.stage, e.employee_id, e.from_date, e.from_slot, e.to_date, e.to_slot
        FROM new_rows n
        JOIN old_rows o ON o.id = n.id
       CROSS JOIN LATERAL (VALUES
         (1, 'RESCHEDULED', n.assigned_employee_id, o.date, o.slot, n.date, n.slot,
             (o.date, o.slot) IS DISTINCT FROM (n.date, n.slot)),
         (2, 'UNASSIGNED', o.assigned_employee_id, NULL, NULL, NULL, NULL,
             o.assigned_employee_id IS NOT NULL AND o.assigned_employee_id IS DISTINCT FROM n.assigned_employee_id),
         (3, 'ASSIGNED', n.assigned_employee_id, NULL, NULL, NULL, NULL,
             n.assigned_employee_id IS NOT NULL AND o.assigned_employee_id IS DISTINCT FROM n.assigned_employee_id),
         (4, CASE
               WHEN n.status = 'IN_PROGRESS' AND o.status = 'IN_PROGRESS' THEN 'STAGE_CHANGED'
               WHEN n.status = 'IN_PROGRESS' AND o.status = 'COMPLETED' THEN 'REOPENED'
               WHEN n.status = 'IN_PROGRESS' THEN 'STARTED'
               WHEN n.status = 'COMPLETED' THEN 'COMPLETED'
               WHEN n.status = 'CANCELLED' THEN 'CANCELLED'
               WHEN n.status = 'CONFIRMED' AND o.status IN ('IN_PROGRESS', 'COMPLETED') THEN 'WORK_RESET'
               ELSE 'STATUS_CHANGED'
             END,
             n.assigned_employee_id, NULL, NULL, NULL, NULL,
             (o.status IS DISTINCT FROM n.status OR o.stage IS DISTINCT FROM n.stage)
             -- PENDING ⇄ CONFIRMED is the technician coming or going: told by ASSIGNED / UNASSIGNED above
             AND NOT (o.status IN ('PENDING', 'CONFIRMED') AND n.status IN ('PENDING', 'CONFIRMED')
                      AND o.assigned_employee_id IS DISTINCT FROM n.assigned_employee_id))
       ) AS e(position, event, employee_id, from_date, from_slot, to_date, to_slot, happened)
       WHERE e.happened
       ORDER BY n.id, e.position;
      RETURN NULL;
    END
    $$`.execute(db);

  await sql`
    CREATE TRIGGER job_history_on_insert AFTER INSERT ON appointments
      REFERENCING NEW TABLE AS new_rows
      FOR EACH STATEMENT EXECUTE FUNCTION job_history_after_insert()`.execute(db);
  await sql`
    CREATE TRIGGER job_history_on_update AFTER UPDATE ON appointments
      REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
      FOR EACH STATEMENT EXECUTE FUNCTION job_history_after_update()`.execute(db);

  // The jobs that exist already: what their rows tell (no actor is known but the booking customer's).
  await sql`INSERT INTO job_history (${COLUMNS}) ${sql.raw(initialEntries('appointments', 'NULL::uuid'))}`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`DROP TRIGGER IF EXISTS job_history_on_update ON appointments`.execute(db);
  await sql`DROP TRIGGER IF EXISTS job_history_on_insert ON appointments`.execute(db);
  await sql`DROP FUNCTION IF EXISTS job_history_after_update()`.execute(db);
  await sql`DROP FUNCTION IF EXISTS job_history_after_insert()`.execute(db);
  await sql`DROP TABLE IF EXISTS job_history`.execute(db);
  await sql`DROP INDEX IF EXISTS time_logs_appointment_idx`.execute(db);
}

import { type Kysely, sql } from 'kysely';

/**
 * Job history: one row per change of an appointment, with when (`occurred_at`) and who (`actor_id`, when known),
 * in order of (occurred_at, id). Written by the triggers of history/sql/30_job_history.sql; the lists of its CHECKs
 * are history/sql/10_checks.ts. The jobs that existed before this migration get the entries their rows tell.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    CREATE TABLE job_history (
      id             bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
      appointment_id uuid NOT NULL REFERENCES appointments (id) ON DELETE CASCADE,
      event          text NOT NULL,
      occurred_at    timestamptz NOT NULL,
      actor_id       uuid REFERENCES users (id) ON DELETE SET NULL,
      -- the job's status and stage after the change
      status         text NOT NULL,
      stage          text,
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
  // The report reads a job's time logs by job, in time order (the other time-log indexes lead with the technician
  // or the time).
  await sql`CREATE INDEX time_logs_appointment_idx ON time_logs (appointment_id, starts_at) WHERE appointment_id IS NOT NULL`.execute(db);

  // The jobs that exist already: booked, assigned, started, its stage, completed or cancelled, as their rows show
  // (no actor is known but the booking customer's) — what the insert trigger writes for a job that appears whole.
  await sql`
    INSERT INTO job_history (appointment_id, event, occurred_at, actor_id, status, stage, employee_id)
    SELECT n.id, e.event, e.occurred_at, e.actor_id, e.status, e.stage, e.employee_id
      FROM appointments n
     CROSS JOIN LATERAL (VALUES
       (1, 'BOOKED', n.created_at, n.customer_id, 'PENDING', NULL::text, NULL::uuid, true),
       (2, 'ASSIGNED', n.created_at, NULL::uuid, 'CONFIRMED', NULL, n.assigned_employee_id, n.assigned_employee_id IS NOT NULL),
       (3, 'STARTED', n.started_at, NULL, 'IN_PROGRESS', 'IN_PROGRESS', n.assigned_employee_id, n.started_at IS NOT NULL),
       (4, 'STAGE_CHANGED', greatest(n.started_at, n.updated_at), NULL, 'IN_PROGRESS', n.stage, n.assigned_employee_id,
           n.started_at IS NOT NULL AND n.stage IS NOT NULL AND n.stage <> 'IN_PROGRESS'),
       (5, 'COMPLETED', n.completed_at, NULL, 'COMPLETED', NULL, n.assigned_employee_id, n.completed_at IS NOT NULL),
       (6, 'CANCELLED', n.cancelled_at, NULL, 'CANCELLED', NULL, n.assigned_employee_id, n.cancelled_at IS NOT NULL)
     ) AS e(position, event, occurred_at, actor_id, status, stage, employee_id, happened)
     WHERE e.happened
     ORDER BY n.created_at, n.id, e.position`.execute(db);
}

/**
 * Also drops the triggers that write the table (they would fail every change of a job without it); CASCADE takes
 * what depends on it (the triggers on it, notify_job_entries, which takes its rows).
 */
export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`DROP TRIGGER IF EXISTS job_history_on_update ON appointments`.execute(db);
  await sql`DROP TRIGGER IF EXISTS job_history_on_insert ON appointments`.execute(db);
  await sql`DROP FUNCTION IF EXISTS job_history_after_update()`.execute(db);
  await sql`DROP FUNCTION IF EXISTS job_history_after_insert()`.execute(db);
  await sql`DROP TABLE IF EXISTS job_history CASCADE`.execute(db);
  await sql`DROP INDEX IF EXISTS time_logs_appointment_idx`.execute(db);
}

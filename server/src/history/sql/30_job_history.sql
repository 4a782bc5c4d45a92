-- One job_history row per change of a job, written by statement-level triggers on appointments in the change's own
-- transaction (one set-based INSERT per statement). When: the writer's updated_at (the API's clock), or the
-- statement's time when an UPDATE left version and updated_at alone. Who: carcare.actor, set transaction-locally by
-- the API (history/actor.ts); a booking without one is the customer's.

-- A job that appears whole (the demo seed, a bulk insert) tells what its row shows: booked, assigned, started, its
-- stage, completed or cancelled, in that order. Migration 0006 backfilled the jobs that existed before the same way.
CREATE OR REPLACE FUNCTION job_history_after_insert() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO job_history (appointment_id, event, occurred_at, actor_id, status, stage, employee_id, from_date, from_slot, to_date, to_slot)
  SELECT n.id, e.event, e.occurred_at, e.actor_id, e.status, e.stage, e.employee_id,
         NULL::date, NULL::text, NULL::date, NULL::text
    FROM new_rows n
   CROSS JOIN LATERAL (SELECT nullif(current_setting('carcare.actor', true), '')::uuid AS id) actor
   CROSS JOIN LATERAL (VALUES
     (1, 'BOOKED', n.created_at, coalesce(actor.id, n.customer_id), 'PENDING', NULL::text, NULL::uuid, true),
     (2, 'ASSIGNED', n.created_at, actor.id, 'CONFIRMED', NULL, n.assigned_employee_id, n.assigned_employee_id IS NOT NULL),
     (3, 'STARTED', n.started_at, actor.id, 'IN_PROGRESS', 'IN_PROGRESS', n.assigned_employee_id, n.started_at IS NOT NULL),
     (4, 'STAGE_CHANGED', greatest(n.started_at, n.updated_at), actor.id, 'IN_PROGRESS', n.stage, n.assigned_employee_id,
         n.started_at IS NOT NULL AND n.stage IS NOT NULL AND n.stage <> 'IN_PROGRESS'),
     (5, 'COMPLETED', n.completed_at, actor.id, 'COMPLETED', NULL, n.assigned_employee_id, n.completed_at IS NOT NULL),
     (6, 'CANCELLED', n.cancelled_at, actor.id, 'CANCELLED', NULL, n.assigned_employee_id, n.cancelled_at IS NOT NULL)
   ) AS e(position, event, occurred_at, actor_id, status, stage, employee_id, happened)
   WHERE e.happened
   ORDER BY n.created_at, n.id, e.position;
  RETURN NULL;
END
$$;

-- One row per event a change made, in a fixed order within the change: moved, technician off, technician on, then
-- the status or stage. A job's id never changes, so old and new rows pair up by id.
CREATE OR REPLACE FUNCTION job_history_after_update() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO job_history (appointment_id, event, occurred_at, actor_id, status, stage, employee_id, from_date, from_slot, to_date, to_slot)
  SELECT n.id, e.event,
         CASE WHEN n.version <> o.version OR n.updated_at <> o.updated_at THEN n.updated_at ELSE statement_timestamp() END,
         nullif(current_setting('carcare.actor', true), '')::uuid, n.status, n.stage, e.employee_id, e.from_date, e.from_slot, e.to_date, e.to_slot
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
$$;

CREATE OR REPLACE TRIGGER job_history_on_insert AFTER INSERT ON appointments
  REFERENCING NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION job_history_after_insert();

CREATE OR REPLACE TRIGGER job_history_on_update AFTER UPDATE ON appointments
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION job_history_after_update();

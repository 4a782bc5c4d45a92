-- Notifications and the customer's e-mails, written with the job-history entries that call for them, in the change's
-- own transaction: a change that fails or rolls back leaves neither, a committed one never loses its mail. Each row
-- stores its kind, its audience and the facts its wording needs (`params`, as they were at the time); the server
-- words them (notifications/texts.ts), so a changed sentence needs no migration.
--
-- Who is told (contract/notifications.ts): BOOKED → every active admin; ASSIGNED → the technician and the customer;
-- STARTED, STAGE_CHANGED to AWAITING_PARTS, COMPLETED → the customer; CANCELLED and RESCHEDULED → the technician (on a
-- move that took the job off them, that one) and every active admin. Never the entry's actor. E-mail: the customer
-- only, when their profile wants it and their address is verified (users.email_verified_at, migration 0015: an
-- unverified address gets only the account's own e-mails): their booking (confirmed even though they made it),
-- assignment, start, awaiting parts and completion. A closed (inactive) customer is told nothing.

CREATE OR REPLACE FUNCTION notify_job_entries(entries job_history[], with_mail boolean) RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  WITH e AS (
    SELECT * FROM unnest(entries)
  ),
  f AS (
    SELECT k.kind, h.event, h.occurred_at, h.actor_id, a.id AS appointment_id, a.customer_id,
           cu.email AS customer_email, cu.is_active AS customer_active,
           cu.email_notifications AND cu.is_active AND cu.email_verified_at IS NOT NULL AS customer_mail,
           -- the technician concerned: the one assigned, or the one a move took the job off
           coalesce(h.employee_id, off.employee_id) AS technician_id,
           jsonb_build_object(
             'customer', cu.full_name,
             'technician', tech.full_name,
             'actor', actor.full_name,
             'vehicle', jsonb_build_object('make', v.make, 'model', v.model, 'plate', v.plate),
             'service', st.name,
             'centre', c.name,
             'centreAddress', c.address,
             'date', a.date,
             'slot', ts.label,
             'from', CASE WHEN h.event = 'RESCHEDULED' THEN jsonb_build_object('date', h.from_date, 'slot', from_ts.label) END,
             'to', CASE WHEN h.event = 'RESCHEDULED' THEN jsonb_build_object('date', h.to_date, 'slot', to_ts.label) END,
             'technicianTakenOff', h.employee_id IS NULL AND off.employee_id IS NOT NULL
           ) AS params
      FROM e h
     -- the one place that says which entry is which kind; entries of no kind tell nobody
     CROSS JOIN LATERAL (SELECT CASE
              WHEN h.event = 'BOOKED' THEN 'BOOKING_RECEIVED'
              WHEN h.event = 'ASSIGNED' THEN 'JOB_ASSIGNED'
              WHEN h.event = 'STARTED' THEN 'JOB_STARTED'
              WHEN h.event = 'STAGE_CHANGED' AND h.stage = 'AWAITING_PARTS' THEN 'JOB_AWAITING_PARTS'
              WHEN h.event = 'COMPLETED' THEN 'JOB_COMPLETED'
              WHEN h.event = 'CANCELLED' THEN 'BOOKING_CANCELLED'
              WHEN h.event = 'RESCHEDULED' THEN 'BOOKING_RESCHEDULED'
            END AS kind) k
      JOIN appointments a ON a.id = h.appointment_id
      JOIN users cu ON cu.id = a.customer_id
      JOIN vehicles v ON v.id = a.vehicle_id
      JOIN service_types st ON st.code = a.service_type
      JOIN service_centers c ON c.id = a.center_id
      JOIN time_slots ts ON ts.start = a.slot
      LEFT JOIN time_slots from_ts ON from_ts.start = h.from_slot
      LEFT JOIN time_slots to_ts ON to_ts.start = h.to_slot
      LEFT JOIN LATERAL (
        SELECT u.employee_id FROM e u
         WHERE h.event = 'RESCHEDULED' AND u.appointment_id = h.appointment_id AND u.event = 'UNASSIGNED'
         LIMIT 1
      ) off ON true
      LEFT JOIN users tech ON tech.id = coalesce(h.employee_id, off.employee_id)
      LEFT JOIN users actor ON actor.id = h.actor_id
     WHERE k.kind IS NOT NULL
  ),
  told AS (
    INSERT INTO notifications (user_id, kind, audience, appointment_id, params, created_at)
    SELECT r.user_id, m.kind, m.audience, f.appointment_id, f.params, f.occurred_at
      FROM f
      JOIN (VALUES
        ('BOOKING_RECEIVED', 'ADMINS'),
        ('JOB_ASSIGNED', 'TECHNICIAN'),
        ('JOB_ASSIGNED', 'CUSTOMER'),
        ('JOB_STARTED', 'CUSTOMER'),
        ('JOB_AWAITING_PARTS', 'CUSTOMER'),
        ('JOB_COMPLETED', 'CUSTOMER'),
        ('BOOKING_CANCELLED', 'ADMINS'),
        ('BOOKING_CANCELLED', 'TECHNICIAN'),
        ('BOOKING_RESCHEDULED', 'ADMINS'),
        ('BOOKING_RESCHEDULED', 'TECHNICIAN')
      ) AS m(kind, audience) ON m.kind = f.kind
     CROSS JOIN LATERAL (
       SELECT u.id AS user_id FROM users u WHERE m.audience = 'ADMINS' AND u.role = 'ADMIN' AND u.is_active
       UNION ALL SELECT f.customer_id WHERE m.audience = 'CUSTOMER' AND f.customer_active
       UNION ALL SELECT f.technician_id WHERE m.audience = 'TECHNICIAN' AND f.technician_id IS NOT NULL
     ) AS r
     WHERE r.user_id IS DISTINCT FROM f.actor_id
    RETURNING 1
  )
  INSERT INTO email_outbox (user_id, appointment_id, kind, recipient, params, next_attempt_at, created_at)
  SELECT f.customer_id, f.appointment_id, f.kind, f.customer_email, f.params, f.occurred_at, f.occurred_at
    FROM f
   WHERE with_mail AND f.customer_mail
     AND f.kind IN ('BOOKING_RECEIVED', 'JOB_ASSIGNED', 'JOB_STARTED', 'JOB_AWAITING_PARTS', 'JOB_COMPLETED')
     -- the customer's own booking is confirmed; anything else they did themselves is not mailed
     AND (f.event = 'BOOKED' OR f.actor_id IS DISTINCT FROM f.customer_id);
END
$$;

-- The entries `history_ids`, by id: the demo seed's few picked notifications (with_mail false).
CREATE OR REPLACE FUNCTION notify_job_changes(history_ids bigint[], with_mail boolean) RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  PERFORM notify_job_entries(ARRAY(SELECT h FROM job_history h WHERE h.id = ANY (history_ids) ORDER BY h.id), with_mail);
END
$$;

-- Off for a transaction with set_config('carcare.notifications', 'off', true) (notifications/silence.ts): a bulk
-- write of a shop's past must not flood the admins or mail made-up customers.
CREATE OR REPLACE FUNCTION notifications_after_job_history() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF coalesce(current_setting('carcare.notifications', true), '') <> 'off' THEN
    PERFORM notify_job_entries(ARRAY(SELECT h::job_history FROM new_rows h ORDER BY h.id), true);
  END IF;
  RETURN NULL;
END
$$;

CREATE OR REPLACE TRIGGER notifications_on_job_history AFTER INSERT ON job_history
  REFERENCING NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION notifications_after_job_history();

-- A job's billing notices (billing/: contract/notifications.ts ESTIMATE_PENDING, ESTIMATE_DECIDED, INVOICE_ISSUED,
-- PAYMENT_RECEIVED), written by the billing domain in the change's own transaction, with the same job facts as
-- 30_notify.sql's and the billing facts of the notice (`billing`: the items, the decision, the invoice, the payment,
-- the tracking link), worded by notifications/texts.ts. `audiences`: CUSTOMER, TECHNICIAN (the one assigned), ADMINS.
-- Never the actor. E-mail (with_mail): the customer only, when their profile wants it and their address is verified,
-- and not for what they did themselves. A closed customer is told nothing; nothing while carcare.notifications is off.
CREATE OR REPLACE FUNCTION notify_job_billing(notice_kind text, job uuid, audiences text[], actor uuid, billing jsonb,
                                              told_at timestamptz, with_mail boolean) RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  IF coalesce(current_setting('carcare.notifications', true), '') = 'off' THEN
    RETURN;
  END IF;
  WITH f AS (
    SELECT a.id AS appointment_id, a.customer_id, a.assigned_employee_id AS technician_id,
           cu.email AS customer_email, cu.is_active AS customer_active,
           cu.email_notifications AND cu.is_active AND cu.email_verified_at IS NOT NULL AS customer_mail,
           jsonb_build_object(
             'customer', cu.full_name,
             'technician', tech.full_name,
             'actor', act.full_name,
             'vehicle', jsonb_build_object('make', v.make, 'model', v.model, 'plate', v.plate),
             'service', st.name,
             'centre', c.name,
             'centreAddress', c.address,
             'date', a.date,
             'slot', ts.label,
             'from', NULL,
             'to', NULL,
             'technicianTakenOff', false,
             'billing', billing
           ) AS params
      FROM appointments a
      JOIN users cu ON cu.id = a.customer_id
      JOIN vehicles v ON v.id = a.vehicle_id
      JOIN service_types st ON st.code = a.service_type
      JOIN service_centers c ON c.id = a.center_id
      JOIN time_slots ts ON ts.start = a.slot
      LEFT JOIN users tech ON tech.id = a.assigned_employee_id
      LEFT JOIN users act ON act.id = actor
     WHERE a.id = job
  ),
  told AS (
    INSERT INTO notifications (user_id, kind, audience, appointment_id, params, created_at)
    SELECT r.user_id, notice_kind, r.audience, f.appointment_id, f.params, told_at
      FROM f
     CROSS JOIN LATERAL (
       SELECT u.id AS user_id, 'ADMINS' AS audience FROM users u WHERE 'ADMINS' = ANY (audiences) AND u.role = 'ADMIN' AND u.is_active
       UNION ALL SELECT f.customer_id, 'CUSTOMER' WHERE 'CUSTOMER' = ANY (audiences) AND f.customer_active
       UNION ALL SELECT f.technician_id, 'TECHNICIAN' WHERE 'TECHNICIAN' = ANY (audiences) AND f.technician_id IS NOT NULL
     ) AS r
     WHERE r.user_id IS DISTINCT FROM actor
    RETURNING 1
  )
  INSERT INTO email_outbox (user_id, appointment_id, kind, recipient, params, next_attempt_at, created_at)
  SELECT f.customer_id, f.appointment_id, notice_kind, f.customer_email, f.params, told_at, told_at
    FROM f
   WHERE with_mail AND f.customer_mail AND actor IS DISTINCT FROM f.customer_id;
END
$$;

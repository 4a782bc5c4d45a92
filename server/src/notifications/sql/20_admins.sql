-- Tells every active admin of something that is not a job's (inventory/sql/30_low_stock.sql: a part's stock ran
-- low): one notifications row each, with its kind and the facts its wording needs (`facts`, worded by
-- notifications/texts.ts), and no e-mail. Nothing while carcare.notifications is off for the transaction
-- (notifications/silence.ts), as for a job's notifications (30_notify.sql).
CREATE OR REPLACE FUNCTION notify_admins(notice_kind text, facts jsonb, told_at timestamptz) RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  IF coalesce(current_setting('carcare.notifications', true), '') = 'off' THEN
    RETURN;
  END IF;
  INSERT INTO notifications (user_id, kind, audience, appointment_id, params, created_at)
  SELECT u.id, notice_kind, 'ADMINS', NULL, facts, told_at FROM users u WHERE u.role = 'ADMIN' AND u.is_active ORDER BY u.id;
END
$$;

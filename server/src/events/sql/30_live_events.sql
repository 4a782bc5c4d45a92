-- One live_events row per committed change, with who may see it (events/repository.ts reads them), written by
-- statement-level triggers in the change's own transaction, so every writer publishes and a rolled-back change
-- publishes nothing. An UPDATE that changed nothing publishes nothing.
--   appointments INSERT → appointment.created, UPDATE → appointment.updated: the customer, the technician (after and,
--     when it changed, before) and the admins;
--   time_logs INSERT / UPDATE / DELETE → timelog.changed, with the job's id: the log's technician and the admins;
--   notifications INSERT → notification.created: the recipient only.
-- Kinds: contract/live.ts LIVE_EVENT_TYPES (10_checks.ts refuses any other). Columns written, in order:
-- type, entity id, version, appointment id, admins, user ids.

CREATE OR REPLACE FUNCTION live_events_appointment_insert() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO live_events (type, entity_id, version, appointment_id, admins, user_ids)
  SELECT 'appointment.created', n.id, n.version, n.id, true, array_remove(ARRAY[n.customer_id, n.assigned_employee_id], NULL)
    FROM new_rows n ORDER BY n.id;
  RETURN NULL;
END
$$;

CREATE OR REPLACE TRIGGER live_events_on_appointment_insert AFTER INSERT ON appointments
  REFERENCING NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION live_events_appointment_insert();

CREATE OR REPLACE FUNCTION live_events_appointment_update() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO live_events (type, entity_id, version, appointment_id, admins, user_ids)
  SELECT 'appointment.updated', n.id, n.version, n.id, true,
         array_remove(ARRAY[n.customer_id, n.assigned_employee_id,
                            CASE WHEN o.assigned_employee_id IS DISTINCT FROM n.assigned_employee_id THEN o.assigned_employee_id END], NULL)
    FROM new_rows n JOIN old_rows o ON o.id = n.id WHERE (n.*) IS DISTINCT FROM (o.*) ORDER BY n.id;
  RETURN NULL;
END
$$;

CREATE OR REPLACE TRIGGER live_events_on_appointment_update AFTER UPDATE ON appointments
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION live_events_appointment_update();

CREATE OR REPLACE FUNCTION live_events_timelog_insert() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO live_events (type, entity_id, version, appointment_id, admins, user_ids)
  SELECT 'timelog.changed', n.id, n.version, n.appointment_id, true, ARRAY[n.employee_id] FROM new_rows n ORDER BY n.id;
  RETURN NULL;
END
$$;

CREATE OR REPLACE TRIGGER live_events_on_timelog_insert AFTER INSERT ON time_logs
  REFERENCING NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION live_events_timelog_insert();

CREATE OR REPLACE FUNCTION live_events_timelog_update() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO live_events (type, entity_id, version, appointment_id, admins, user_ids)
  SELECT 'timelog.changed', n.id, n.version, n.appointment_id, true,
         array_remove(ARRAY[n.employee_id, CASE WHEN o.employee_id <> n.employee_id THEN o.employee_id END], NULL)
    FROM new_rows n JOIN old_rows o ON o.id = n.id WHERE (n.*) IS DISTINCT FROM (o.*) ORDER BY n.id;
  RETURN NULL;
END
$$;

CREATE OR REPLACE TRIGGER live_events_on_timelog_update AFTER UPDATE ON time_logs
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION live_events_timelog_update();

CREATE OR REPLACE FUNCTION live_events_timelog_delete() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO live_events (type, entity_id, version, appointment_id, admins, user_ids)
  SELECT 'timelog.changed', o.id, o.version, o.appointment_id, true, ARRAY[o.employee_id] FROM old_rows o ORDER BY o.id;
  RETURN NULL;
END
$$;

CREATE OR REPLACE TRIGGER live_events_on_timelog_delete AFTER DELETE ON time_logs
  REFERENCING OLD TABLE AS old_rows
  FOR EACH STATEMENT EXECUTE FUNCTION live_events_timelog_delete();

CREATE OR REPLACE FUNCTION live_events_notification_insert() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO live_events (type, entity_id, version, appointment_id, admins, user_ids)
  SELECT 'notification.created', n.id, 1, n.appointment_id, false, ARRAY[n.user_id] FROM new_rows n ORDER BY n.created_at, n.id;
  RETURN NULL;
END
$$;

CREATE OR REPLACE TRIGGER live_events_on_notification_insert AFTER INSERT ON notifications
  REFERENCING NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION live_events_notification_insert();

-- One NOTIFY per statement that wrote events, delivered on commit, on carcare_live_<schema> (installations sharing a
-- database in separate schemas never hear each other; db/connect.ts listens the same way). Payloads stay < 8000 bytes:
--   d:[[id, type, entity id, version, appointment id, admins, [user ids]], …]  the events themselves (at most 20);
--   e:<tx>:<first id>:<last id>  a bulk write's events, to be read (concurrent transactions' ids interleave).
CREATE OR REPLACE FUNCTION live_events_notify() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  events text;
BEGIN
  IF (SELECT count(*) FROM new_rows) <= 20 THEN
    SELECT json_agg(json_build_array(n.id::text, n.type, n.entity_id, n.version, n.appointment_id, n.admins, n.user_ids) ORDER BY n.id)::text
      INTO events FROM new_rows n;
    IF octet_length(events) < 7900 THEN
      PERFORM pg_notify('carcare_live_' || current_schema(), 'd:' || events);
      RETURN NULL;
    END IF;
  END IF;
  PERFORM pg_notify('carcare_live_' || current_schema(), 'e:' || b.tx || ':' || b.first_id || ':' || b.last_id)
     FROM (SELECT n.tx, min(n.id) AS first_id, max(n.id) AS last_id FROM new_rows n GROUP BY n.tx) b;
  RETURN NULL;
END
$$;

CREATE OR REPLACE TRIGGER live_events_on_insert AFTER INSERT ON live_events
  REFERENCING NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION live_events_notify();

-- s:<session id>,<session id>…  sessions just revoked (logout, reuse detection, the session cap): their streams end on
-- every instance. 150 ids per notification (150 × 37 bytes < 8000).
CREATE OR REPLACE FUNCTION live_events_sessions_revoked() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('carcare_live_' || current_schema(), 's:' || ended.ids)
     FROM (SELECT string_agg(r.id::text, ',') AS ids
             FROM (SELECT n.id, (row_number() OVER (ORDER BY n.id) - 1) / 150 AS chunk
                     FROM new_rows n JOIN old_rows o ON o.id = n.id
                    WHERE o.revoked_at IS NULL AND n.revoked_at IS NOT NULL) r
            GROUP BY r.chunk) ended;
  RETURN NULL;
END
$$;

CREATE OR REPLACE TRIGGER live_events_on_session_revoked AFTER UPDATE ON sessions
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION live_events_sessions_revoked();

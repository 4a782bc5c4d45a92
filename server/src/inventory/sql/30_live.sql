-- Live events (events/sql/30_live_events.sql explains the table): stock.changed when a part's stock changes at any
-- centre (admins: the Inventory page), job.parts.changed when a job's parts used or reserved change (the job's
-- customer and technician, and admins). Statement-level, one event per part or job per statement.

CREATE OR REPLACE FUNCTION live_events_part_stock_update() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO live_events (type, entity_id, version, appointment_id, admins, user_ids)
  SELECT 'stock.changed', c.part_id, 1, NULL, true, '{}'
    FROM (SELECT DISTINCT n.part_id FROM new_rows n JOIN old_rows o ON o.part_id = n.part_id AND o.center_id = n.center_id
           WHERE (n.*) IS DISTINCT FROM (o.*)) c
   ORDER BY c.part_id;
  RETURN NULL;
END
$$;

CREATE OR REPLACE TRIGGER live_events_on_part_stock_update AFTER UPDATE ON part_stock
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION live_events_part_stock_update();

-- The jobs named in a statement's rows of job_parts or job_reservations.
CREATE OR REPLACE FUNCTION live_events_job_parts(job_ids uuid[]) RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO live_events (type, entity_id, version, appointment_id, admins, user_ids)
  SELECT 'job.parts.changed', a.id, a.version, a.id, true, array_remove(ARRAY[a.customer_id, a.assigned_employee_id], NULL)
    FROM appointments a WHERE a.id = ANY (job_ids) ORDER BY a.id;
END
$$;

CREATE OR REPLACE FUNCTION live_events_job_parts_insert() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM live_events_job_parts(ARRAY(SELECT DISTINCT appointment_id FROM new_rows));
  RETURN NULL;
END
$$;

CREATE OR REPLACE FUNCTION live_events_job_parts_update() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM live_events_job_parts(ARRAY(SELECT DISTINCT appointment_id FROM new_rows UNION SELECT DISTINCT appointment_id FROM old_rows));
  RETURN NULL;
END
$$;

CREATE OR REPLACE FUNCTION live_events_job_parts_delete() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM live_events_job_parts(ARRAY(SELECT DISTINCT appointment_id FROM old_rows));
  RETURN NULL;
END
$$;

CREATE OR REPLACE TRIGGER live_events_on_job_parts_insert AFTER INSERT ON job_parts
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION live_events_job_parts_insert();
CREATE OR REPLACE TRIGGER live_events_on_job_parts_update AFTER UPDATE ON job_parts
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION live_events_job_parts_update();
CREATE OR REPLACE TRIGGER live_events_on_job_parts_delete AFTER DELETE ON job_parts
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION live_events_job_parts_delete();

CREATE OR REPLACE TRIGGER live_events_on_job_reservations_insert AFTER INSERT ON job_reservations
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION live_events_job_parts_insert();
CREATE OR REPLACE TRIGGER live_events_on_job_reservations_update AFTER UPDATE ON job_reservations
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION live_events_job_parts_update();
CREATE OR REPLACE TRIGGER live_events_on_job_reservations_delete AFTER DELETE ON job_reservations
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION live_events_job_parts_delete();

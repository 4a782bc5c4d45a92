-- Live events (events/sql/30_live_events.sql explains the table): job.billing.changed when anything of a job's billing
-- changes — its estimate items and their decisions, its fees and discounts, its invoices and payments — to the job's
-- customer and technician and the admins, and (events/hub.ts) to the job's tracking-link streams. Statement-level,
-- one event per job per statement; the version is the job's.

CREATE OR REPLACE FUNCTION live_events_job_billing(job_ids uuid[]) RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO live_events (type, entity_id, version, appointment_id, admins, user_ids)
  SELECT 'job.billing.changed', a.id, a.version, a.id, true, array_remove(ARRAY[a.customer_id, a.assigned_employee_id], NULL)
    FROM appointments a WHERE a.id = ANY (job_ids) ORDER BY a.id;
END
$$;

-- Tables with an appointment_id column.
CREATE OR REPLACE FUNCTION live_events_billing_insert() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM live_events_job_billing(ARRAY(SELECT DISTINCT appointment_id FROM new_rows));
  RETURN NULL;
END
$$;

CREATE OR REPLACE FUNCTION live_events_billing_update() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM live_events_job_billing(ARRAY(SELECT DISTINCT appointment_id FROM new_rows UNION SELECT DISTINCT appointment_id FROM old_rows));
  RETURN NULL;
END
$$;

CREATE OR REPLACE FUNCTION live_events_billing_delete() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM live_events_job_billing(ARRAY(SELECT DISTINCT appointment_id FROM old_rows));
  RETURN NULL;
END
$$;

-- Decisions name their item, not the job.
CREATE OR REPLACE FUNCTION live_events_decision_insert() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM live_events_job_billing(ARRAY(SELECT DISTINCT i.appointment_id FROM new_rows n JOIN estimate_items i ON i.id = n.item_id));
  RETURN NULL;
END
$$;

CREATE OR REPLACE TRIGGER live_events_on_estimate_items_insert AFTER INSERT ON estimate_items
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION live_events_billing_insert();
CREATE OR REPLACE TRIGGER live_events_on_estimate_items_update AFTER UPDATE ON estimate_items
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION live_events_billing_update();
CREATE OR REPLACE TRIGGER live_events_on_estimate_items_delete AFTER DELETE ON estimate_items
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION live_events_billing_delete();

CREATE OR REPLACE TRIGGER live_events_on_estimate_decisions_insert AFTER INSERT ON estimate_decisions
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION live_events_decision_insert();

CREATE OR REPLACE TRIGGER live_events_on_job_lines_insert AFTER INSERT ON job_lines
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION live_events_billing_insert();
CREATE OR REPLACE TRIGGER live_events_on_job_lines_delete AFTER DELETE ON job_lines
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION live_events_billing_delete();

CREATE OR REPLACE TRIGGER live_events_on_invoices_insert AFTER INSERT ON invoices
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION live_events_billing_insert();
CREATE OR REPLACE TRIGGER live_events_on_invoices_update AFTER UPDATE ON invoices
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION live_events_billing_update();

CREATE OR REPLACE TRIGGER live_events_on_payments_insert AFTER INSERT ON payments
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION live_events_billing_insert();
CREATE OR REPLACE TRIGGER live_events_on_payments_update AFTER UPDATE ON payments
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION live_events_billing_update();

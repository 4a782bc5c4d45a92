-- part_stock.reserved is the sum of the job_reservations at that part and centre.
CREATE OR REPLACE FUNCTION job_reservations_apply() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP IN ('UPDATE', 'DELETE') THEN
    UPDATE part_stock SET reserved = reserved - OLD.quantity WHERE part_id = OLD.part_id AND center_id = OLD.center_id;
  END IF;
  IF TG_OP IN ('INSERT', 'UPDATE') THEN
    UPDATE part_stock SET reserved = reserved + NEW.quantity WHERE part_id = NEW.part_id AND center_id = NEW.center_id;
  END IF;
  RETURN NULL;
END
$$;

CREATE OR REPLACE TRIGGER job_reservations_on_change AFTER INSERT OR UPDATE OR DELETE ON job_reservations
  FOR EACH ROW EXECUTE FUNCTION job_reservations_apply();

-- A job's kit is reserved when it is confirmed (assigned) and again when it moves to another centre. Completing it
-- releases what was reserved but not used, cancelling it (or taking its technician off) releases everything; what
-- is released goes to the next jobs that need it.
CREATE OR REPLACE FUNCTION appointments_reserve_parts() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  released record;
BEGIN
  IF NEW.status NOT IN ('CONFIRMED', 'IN_PROGRESS') OR NEW.center_id IS DISTINCT FROM OLD.center_id THEN
    FOR released IN DELETE FROM job_reservations WHERE appointment_id = NEW.id RETURNING part_id, center_id LOOP
      PERFORM inventory_allocate(released.part_id, released.center_id);
    END LOOP;
  END IF;
  IF NEW.status IN ('CONFIRMED', 'IN_PROGRESS')
     AND (OLD.status NOT IN ('CONFIRMED', 'IN_PROGRESS') OR NEW.center_id IS DISTINCT FROM OLD.center_id) THEN
    PERFORM inventory_reserve_job(NEW.id);
  END IF;
  RETURN NULL;
END
$$;

CREATE OR REPLACE TRIGGER appointments_on_parts_change AFTER UPDATE OF status, center_id ON appointments
  FOR EACH ROW WHEN (NEW.status IS DISTINCT FROM OLD.status OR NEW.center_id IS DISTINCT FROM OLD.center_id)
  EXECUTE FUNCTION appointments_reserve_parts();

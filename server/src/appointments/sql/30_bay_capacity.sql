-- Slot capacity: a job's bay must exist in its centre (a CHECK constraint cannot look at another table).
CREATE OR REPLACE FUNCTION appointments_bay_within_capacity() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF NEW.bay > (SELECT bays FROM service_centers WHERE id = NEW.center_id) THEN
    RAISE EXCEPTION 'bay % is beyond the capacity of service centre %', NEW.bay, NEW.center_id
      USING ERRCODE = 'check_violation', CONSTRAINT = 'appointments_bay_within_capacity';
  END IF;
  RETURN NEW;
END
$$;

CREATE OR REPLACE TRIGGER appointments_bay_within_capacity BEFORE INSERT OR UPDATE OF bay, center_id ON appointments
  FOR EACH ROW EXECUTE FUNCTION appointments_bay_within_capacity();

-- A decision is final: estimate_decisions is append-only (a new version of an item gets a decision of its own).
CREATE OR REPLACE FUNCTION estimate_decisions_append_only() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  RAISE EXCEPTION 'estimate_decisions is append-only' USING ERRCODE = 'restrict_violation';
END
$$;

CREATE OR REPLACE TRIGGER estimate_decisions_no_change BEFORE UPDATE OR DELETE ON estimate_decisions
  FOR EACH STATEMENT EXECUTE FUNCTION estimate_decisions_append_only();

-- The stock ledger is append-only: a correction is a reversing movement, never an edit.
CREATE OR REPLACE FUNCTION stock_movements_append_only() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  RAISE EXCEPTION 'stock_movements is append-only' USING ERRCODE = 'restrict_violation';
END
$$;

CREATE OR REPLACE TRIGGER stock_movements_no_change BEFORE UPDATE OR DELETE ON stock_movements
  FOR EACH STATEMENT EXECUTE FUNCTION stock_movements_append_only();

-- Each movement moves its part's on hand at its centre in the same transaction; the row lock orders concurrent
-- movements, and part_stock's CHECKs refuse the one that would take on hand below zero or below what is reserved.
-- Units coming in go first to the jobs there still waiting for them (20_allocation.sql).
CREATE OR REPLACE FUNCTION stock_movements_apply() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE part_stock SET on_hand = on_hand + NEW.quantity WHERE part_id = NEW.part_id AND center_id = NEW.center_id;
  IF NEW.quantity > 0 THEN
    PERFORM inventory_allocate(NEW.part_id, NEW.center_id);
  END IF;
  RETURN NULL;
END
$$;

CREATE OR REPLACE TRIGGER stock_movements_on_insert AFTER INSERT ON stock_movements
  FOR EACH ROW EXECUTE FUNCTION stock_movements_apply();

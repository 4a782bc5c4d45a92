-- Low stock (contract/notifications.ts PART_LOW_STOCK): when what is available of a part at a centre (on hand −
-- reserved) falls to or below its reorder level (when that is above 0), every active admin is told — once per
-- crossing: the stock must climb back above the level before another fall tells them again. Raising the level to
-- or above what is available is a crossing too. An archived part's crossing, or one in a transaction with
-- notifications off (the demo seed), tells nobody, and still counts as the crossing.
--
-- Judged on what a transaction commits, not step by step: using a job's reserved unit first gives the reservation
-- back (available + 1) and then takes the unit (available − 1), and a receipt is first on hand and then reserved for
-- the jobs waiting for it; a step-by-step comparison would see a crossing in each. So a change of a row that moves
-- it to the other side of its level queues a check that runs at commit (a deferred constraint trigger; the WHEN is
-- evaluated at once, so other changes queue nothing). The check reads the row as the transaction leaves it and
-- compares it with low_stock_alerts (migration 0019: the rows on the low side as of the last commit). The change
-- holds the row's lock until its commit, so concurrent changes of one row are checked one after another, each
-- against what the one before committed: ten uses that cross the level together tell the admins once.

-- When they are told: the change's own time as the API wrote it (the movement's occurred_at, or the job's updated_at
-- when confirming it reserved its kit), noted for the transaction; a new reorder level carries no time of its own,
-- so then the statement's.
CREATE OR REPLACE FUNCTION low_stock_note_time() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  -- Separate statements: a row of the other table has no such column.
  IF TG_TABLE_NAME = 'stock_movements' THEN
    PERFORM set_config('carcare.stock_changed_at', NEW.occurred_at::text, true);
  ELSE
    PERFORM set_config('carcare.stock_changed_at', NEW.updated_at::text, true);
  END IF;
  RETURN NULL;
END
$$;

CREATE OR REPLACE TRIGGER low_stock_time_of_movement AFTER INSERT ON stock_movements
  FOR EACH ROW EXECUTE FUNCTION low_stock_note_time();
CREATE OR REPLACE TRIGGER low_stock_time_of_job AFTER UPDATE OF status, center_id ON appointments
  FOR EACH ROW WHEN (NEW.status IS DISTINCT FROM OLD.status OR NEW.center_id IS DISTINCT FROM OLD.center_id)
  EXECUTE FUNCTION low_stock_note_time();

CREATE OR REPLACE FUNCTION low_stock_check() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  s record;
BEGIN
  SELECT st.on_hand - st.reserved AS available, st.reorder_level, p.sku, p.name, p.unit, p.archived_at, c.name AS centre
    INTO s
    FROM part_stock st
    JOIN parts p ON p.id = st.part_id
    JOIN service_centers c ON c.id = st.center_id
   WHERE st.part_id = NEW.part_id AND st.center_id = NEW.center_id;
  IF NOT FOUND OR s.reorder_level = 0 OR s.available > s.reorder_level THEN
    DELETE FROM low_stock_alerts WHERE part_id = NEW.part_id AND center_id = NEW.center_id;
    RETURN NULL;
  END IF;
  INSERT INTO low_stock_alerts (part_id, center_id) VALUES (NEW.part_id, NEW.center_id) ON CONFLICT DO NOTHING;
  -- Already on the low side when the transaction began (or told by an earlier check of this commit): nothing new.
  IF NOT FOUND OR s.archived_at IS NOT NULL THEN
    RETURN NULL;
  END IF;
  PERFORM notify_admins('PART_LOW_STOCK',
    jsonb_build_object('partId', NEW.part_id, 'sku', s.sku, 'name', s.name, 'unit', s.unit, 'centerId', NEW.center_id,
                       'centre', s.centre, 'available', s.available, 'reorderLevel', s.reorder_level),
    coalesce(nullif(current_setting('carcare.stock_changed_at', true), '')::timestamptz, statement_timestamp()));
  RETURN NULL;
END
$$;

-- A constraint trigger cannot be replaced in place: dropped and created again.
DROP TRIGGER IF EXISTS low_stock_on_update ON part_stock;
CREATE CONSTRAINT TRIGGER low_stock_on_update AFTER UPDATE ON part_stock
  DEFERRABLE INITIALLY DEFERRED FOR EACH ROW
  WHEN ((OLD.reorder_level > 0 AND OLD.on_hand - OLD.reserved <= OLD.reorder_level)
        IS DISTINCT FROM (NEW.reorder_level > 0 AND NEW.on_hand - NEW.reserved <= NEW.reorder_level))
  EXECUTE FUNCTION low_stock_check();

-- A row made with a reorder level and nothing on hand (the demo seed) starts on the low side.
DROP TRIGGER IF EXISTS low_stock_on_insert ON part_stock;
CREATE CONSTRAINT TRIGGER low_stock_on_insert AFTER INSERT ON part_stock
  DEFERRABLE INITIALLY DEFERRED FOR EACH ROW
  WHEN (NEW.reorder_level > 0 AND NEW.on_hand - NEW.reserved <= NEW.reorder_level)
  EXECUTE FUNCTION low_stock_check();

-- Reserving kits. A job's need for a kit part is the kit's quantity less what the job already used and what is
-- reserved for it. Each function locks the part's stock row at the centre before reading what is free there, so two
-- transactions cannot reserve the same last unit; part_stock's CHECK (reserved <= on_hand) stands behind them.

-- Reserves what a confirmed or started job still needs of its kit at its centre, as far as stock is free.
CREATE OR REPLACE FUNCTION inventory_reserve_job(job uuid) RETURNS void LANGUAGE plpgsql AS $$
DECLARE
  line record;
  free integer;
  take integer;
BEGIN
  FOR line IN
    SELECT k.part_id, a.center_id, k.quantity - coalesce(u.quantity, 0) - coalesce(r.quantity, 0) AS need
      FROM appointments a
      JOIN service_kits k ON k.service_type = a.service_type
      JOIN parts p ON p.id = k.part_id AND p.archived_at IS NULL
      LEFT JOIN job_parts u ON u.appointment_id = a.id AND u.part_id = k.part_id
      LEFT JOIN job_reservations r ON r.appointment_id = a.id AND r.part_id = k.part_id
     WHERE a.id = job AND a.status IN ('CONFIRMED', 'IN_PROGRESS')
     ORDER BY k.part_id
  LOOP
    CONTINUE WHEN line.need <= 0;
    SELECT on_hand - reserved INTO free FROM part_stock WHERE part_id = line.part_id AND center_id = line.center_id FOR UPDATE;
    take := least(line.need, coalesce(free, 0));
    CONTINUE WHEN take <= 0;
    INSERT INTO job_reservations (appointment_id, part_id, center_id, quantity) VALUES (job, line.part_id, line.center_id, take)
      ON CONFLICT (appointment_id, part_id) DO UPDATE SET quantity = job_reservations.quantity + EXCLUDED.quantity;
  END LOOP;
END
$$;

-- Gives free units of a part at a centre to the confirmed and started jobs there that still need it, earliest first
-- (after a receipt, a return, a transfer in, or a released reservation).
CREATE OR REPLACE FUNCTION inventory_allocate(part uuid, centre uuid) RETURNS void LANGUAGE plpgsql AS $$
DECLARE
  line record;
  free integer;
  take integer;
BEGIN
  FOR line IN
    SELECT a.id, k.quantity - coalesce(u.quantity, 0) - coalesce(r.quantity, 0) AS need
      FROM appointments a
      JOIN service_kits k ON k.service_type = a.service_type AND k.part_id = part
      LEFT JOIN job_parts u ON u.appointment_id = a.id AND u.part_id = part
      LEFT JOIN job_reservations r ON r.appointment_id = a.id AND r.part_id = part
     WHERE a.center_id = centre AND a.status IN ('CONFIRMED', 'IN_PROGRESS')
       AND k.quantity - coalesce(u.quantity, 0) - coalesce(r.quantity, 0) > 0
     ORDER BY a.date, a.slot, a.id
  LOOP
    SELECT on_hand - reserved INTO free FROM part_stock WHERE part_id = part AND center_id = centre FOR UPDATE;
    EXIT WHEN coalesce(free, 0) <= 0;
    take := least(line.need, free);
    INSERT INTO job_reservations (appointment_id, part_id, center_id, quantity) VALUES (line.id, part, centre, take)
      ON CONFLICT (appointment_id, part_id) DO UPDATE SET quantity = job_reservations.quantity + EXCLUDED.quantity;
  END LOOP;
END
$$;

import { type Kysely, sql } from 'kysely';

/**
 * Parts and their stock, per service centre, as a ledger (inventory/).
 * - `parts`: the catalogue. SKU unique (stored upper-case); money in integer minor units (`*_minor`); archived parts
 *   stay for the ledger's sake and leave the lists.
 * - `part_stock`: one row per part and centre: on hand, reserved for jobs, and the centre's reorder level and
 *   quantity. On hand is never below zero and never below what is reserved (available = on hand − reserved ≥ 0).
 * - `stock_movements`: every change of on hand, signed. Append-only (inventory/sql/30_ledger.sql refuses UPDATE and
 *   DELETE), and each insert moves `part_stock.on_hand` by its quantity in the same statement's transaction, so on
 *   hand always equals the sum of the ledger and is never recomputed on read. A correction is a reversing movement.
 * - `job_parts`: what a technician used on a job (part, quantity), kept equal to the job's USED and RETURNED
 *   movements by the service.
 * - `service_kits`: the parts a service type usually needs (Oil Change = 4 L engine oil + 1 oil filter).
 * - `job_reservations`: units of a kit held for a confirmed job at its centre; `part_stock.reserved` is their sum,
 *   kept by trigger (inventory/sql/30_reservations.sql), so part_stock's CHECK refuses reserving units that are not
 *   there.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    CREATE TABLE parts (
      id               uuid PRIMARY KEY,
      sku              text NOT NULL CONSTRAINT parts_sku_key UNIQUE,
      name             text NOT NULL,
      category         text NOT NULL,
      unit             text NOT NULL,
      unit_cost_minor  integer NOT NULL CONSTRAINT parts_unit_cost_not_negative CHECK (unit_cost_minor >= 0),
      sell_price_minor integer NOT NULL CONSTRAINT parts_sell_price_not_negative CHECK (sell_price_minor >= 0),
      archived_at      timestamptz,
      created_at       timestamptz NOT NULL,
      updated_at       timestamptz NOT NULL,
      version          integer NOT NULL DEFAULT 1
    )`.execute(db);
  await sql`CREATE INDEX parts_name_idx ON parts (lower(name))`.execute(db);
  await sql`
    CREATE TABLE part_stock (
      part_id          uuid NOT NULL REFERENCES parts (id),
      center_id        uuid NOT NULL REFERENCES service_centers (id),
      on_hand          integer NOT NULL DEFAULT 0 CONSTRAINT part_stock_on_hand_not_negative CHECK (on_hand >= 0),
      reserved         integer NOT NULL DEFAULT 0 CONSTRAINT part_stock_reserved_not_negative CHECK (reserved >= 0),
      reorder_level    integer NOT NULL DEFAULT 0 CHECK (reorder_level >= 0),
      reorder_quantity integer NOT NULL DEFAULT 0 CHECK (reorder_quantity >= 0),
      PRIMARY KEY (part_id, center_id),
      CONSTRAINT part_stock_reserved_within_on_hand CHECK (reserved <= on_hand)
    )`.execute(db);
  await sql`CREATE INDEX part_stock_center_idx ON part_stock (center_id, part_id)`.execute(db);
  await sql`
    CREATE TABLE stock_movements (
      id             bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
      part_id        uuid NOT NULL,
      center_id      uuid NOT NULL,
      kind           text NOT NULL,
      quantity       integer NOT NULL CONSTRAINT stock_movements_quantity_not_zero CHECK (quantity <> 0),
      reason         text,
      appointment_id uuid REFERENCES appointments (id),
      reverses_id    bigint CONSTRAINT stock_movements_reverses_once UNIQUE REFERENCES stock_movements (id),
      transfer_id    uuid,
      actor_id       uuid NOT NULL REFERENCES users (id),
      occurred_at    timestamptz NOT NULL,
      FOREIGN KEY (part_id, center_id) REFERENCES part_stock (part_id, center_id),
      CONSTRAINT stock_movements_adjustment_has_reason CHECK (kind <> 'ADJUSTED' OR reason IS NOT NULL)
    )`.execute(db);
  // A part's history at a centre, newest first, paged by id.
  await sql`CREATE INDEX stock_movements_history_idx ON stock_movements (part_id, center_id, id DESC)`.execute(db);
  await sql`CREATE INDEX stock_movements_job_idx ON stock_movements (appointment_id) WHERE appointment_id IS NOT NULL`.execute(db);
  await sql`
    CREATE TABLE job_parts (
      appointment_id uuid NOT NULL REFERENCES appointments (id),
      part_id        uuid NOT NULL REFERENCES parts (id),
      quantity       integer NOT NULL CONSTRAINT job_parts_quantity_positive CHECK (quantity > 0),
      updated_at     timestamptz NOT NULL,
      PRIMARY KEY (appointment_id, part_id)
    )`.execute(db);
  await sql`
    CREATE TABLE service_kits (
      service_type text NOT NULL REFERENCES service_types (code),
      part_id      uuid NOT NULL REFERENCES parts (id),
      quantity     integer NOT NULL CONSTRAINT service_kits_quantity_positive CHECK (quantity > 0),
      PRIMARY KEY (service_type, part_id)
    )`.execute(db);
  await sql`
    CREATE TABLE job_reservations (
      appointment_id uuid NOT NULL REFERENCES appointments (id),
      part_id        uuid NOT NULL,
      center_id      uuid NOT NULL,
      quantity       integer NOT NULL CONSTRAINT job_reservations_quantity_positive CHECK (quantity > 0),
      PRIMARY KEY (appointment_id, part_id),
      FOREIGN KEY (part_id, center_id) REFERENCES part_stock (part_id, center_id)
    )`.execute(db);
  await sql`CREATE INDEX job_reservations_stock_idx ON job_reservations (part_id, center_id)`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`DROP TABLE IF EXISTS job_reservations`.execute(db);
  await sql`DROP TABLE IF EXISTS service_kits`.execute(db);
  await sql`DROP TABLE IF EXISTS job_parts`.execute(db);
  await sql`DROP FUNCTION IF EXISTS job_reservations_apply() CASCADE`.execute(db);
  await sql`DROP FUNCTION IF EXISTS inventory_reserve_job(uuid) CASCADE`.execute(db);
  await sql`DROP FUNCTION IF EXISTS inventory_allocate(uuid, uuid) CASCADE`.execute(db);
  await sql`DROP FUNCTION IF EXISTS appointments_reserve_parts() CASCADE`.execute(db);
  await sql`DROP TABLE IF EXISTS stock_movements`.execute(db);
  await sql`DROP FUNCTION IF EXISTS stock_movements_append_only() CASCADE`.execute(db);
  await sql`DROP FUNCTION IF EXISTS stock_movements_apply() CASCADE`.execute(db);
  await sql`DROP TABLE IF EXISTS part_stock`.execute(db);
  await sql`DROP TABLE IF EXISTS parts`.execute(db);
}

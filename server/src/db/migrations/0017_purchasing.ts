import { type Kysely, sql } from 'kysely';

/**
 * Suppliers and purchase orders (inventory/purchasing*.ts). An order is for one centre and one supplier; its lines
 * are parts with a quantity and a unit cost (minor units) and what has been received of them. It moves DRAFT →
 * ORDERED → PARTLY_RECEIVED → RECEIVED, or CANCELLED before anything arrived (the status list is a CHECK from the
 * contract, inventory/sql/10_checks.ts). Receiving appends RECEIVED movements that name the order.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    CREATE TABLE suppliers (
      id           uuid PRIMARY KEY,
      name         text NOT NULL CONSTRAINT suppliers_name_key UNIQUE,
      contact_name text,
      email        text,
      phone        text,
      created_at   timestamptz NOT NULL
    )`.execute(db);
  await sql`
    CREATE TABLE purchase_orders (
      id          uuid PRIMARY KEY,
      number      bigint GENERATED ALWAYS AS IDENTITY CONSTRAINT purchase_orders_number_key UNIQUE,
      supplier_id uuid NOT NULL REFERENCES suppliers (id),
      center_id   uuid NOT NULL REFERENCES service_centers (id),
      status      text NOT NULL,
      created_by  uuid NOT NULL REFERENCES users (id),
      created_at  timestamptz NOT NULL,
      ordered_at  timestamptz,
      updated_at  timestamptz NOT NULL,
      version     integer NOT NULL DEFAULT 1
    )`.execute(db);
  await sql`
    CREATE TABLE purchase_order_lines (
      order_id        uuid NOT NULL REFERENCES purchase_orders (id) ON DELETE CASCADE,
      part_id         uuid NOT NULL REFERENCES parts (id),
      quantity        integer NOT NULL CONSTRAINT purchase_order_lines_quantity_positive CHECK (quantity > 0),
      unit_cost_minor integer NOT NULL CONSTRAINT purchase_order_lines_cost_not_negative CHECK (unit_cost_minor >= 0),
      received        integer NOT NULL DEFAULT 0,
      PRIMARY KEY (order_id, part_id),
      CONSTRAINT purchase_order_lines_received_within CHECK (received >= 0 AND received <= quantity)
    )`.execute(db);
  await sql`CREATE INDEX purchase_order_lines_part_idx ON purchase_order_lines (part_id)`.execute(db);
  await sql`ALTER TABLE stock_movements ADD COLUMN purchase_order_id uuid REFERENCES purchase_orders (id)`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`ALTER TABLE stock_movements DROP COLUMN IF EXISTS purchase_order_id`.execute(db);
  await sql`DROP TABLE IF EXISTS purchase_order_lines`.execute(db);
  await sql`DROP TABLE IF EXISTS purchase_orders`.execute(db);
  await sql`DROP TABLE IF EXISTS suppliers`.execute(db);
}

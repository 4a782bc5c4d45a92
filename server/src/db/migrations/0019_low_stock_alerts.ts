import { type Kysely, sql } from 'kysely';

/**
 * Low-stock notifications (inventory/sql/30_low_stock.sql): `low_stock_alerts` holds the part_stock rows that are at
 * or below their reorder level (above 0) as the last commit left them — the admins were told of each when it
 * entered (or nobody was to be told: an archived part, a silenced bulk write). A row leaves when its stock climbs
 * back above the level, so the next fall tells them again: once per crossing. The rows already low when this runs
 * are taken as told, so an upgrade tells nobody of stock that was low before it.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    CREATE TABLE low_stock_alerts (
      part_id   uuid NOT NULL,
      center_id uuid NOT NULL,
      PRIMARY KEY (part_id, center_id),
      FOREIGN KEY (part_id, center_id) REFERENCES part_stock (part_id, center_id) ON DELETE CASCADE
    )`.execute(db);
  await sql`
    INSERT INTO low_stock_alerts (part_id, center_id)
    SELECT part_id, center_id FROM part_stock WHERE reorder_level > 0 AND on_hand - reserved <= reorder_level`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`DROP TRIGGER IF EXISTS low_stock_on_insert ON part_stock`.execute(db);
  await sql`DROP TRIGGER IF EXISTS low_stock_on_update ON part_stock`.execute(db);
  await sql`DROP TRIGGER IF EXISTS low_stock_time_of_movement ON stock_movements`.execute(db);
  await sql`DROP TRIGGER IF EXISTS low_stock_time_of_job ON appointments`.execute(db);
  await sql`DROP FUNCTION IF EXISTS low_stock_check()`.execute(db);
  await sql`DROP FUNCTION IF EXISTS low_stock_note_time()`.execute(db);
  await sql`DROP FUNCTION IF EXISTS notify_admins(text, jsonb, timestamptz)`.execute(db);
  await sql`DROP TABLE IF EXISTS low_stock_alerts`.execute(db);
}

import { sql } from 'kysely';
import type { Db } from '../db/schema';

/**
 * The rollups of migration 0009 count days in the time zone kept in `analytics_settings`. The server calls this at
 * start with SHOP_TIME_ZONE: when the stored zone differs (a new installation starts at UTC, or the shop moved),
 * it stores the new one and rebuilds every rollup from the base tables, in one transaction that holds off writes
 * to appointments and time logs meanwhile. Returns whether it rebuilt.
 */
export async function syncAnalyticsTimeZone(db: Db, timeZone: string): Promise<boolean> {
  const { rows } = await sql<{ time_zone: string }>`SELECT time_zone FROM analytics_settings`.execute(db);
  if (rows[0]?.time_zone === timeZone) return false;
  return db.transaction().execute(async (trx) => {
    await sql`LOCK TABLE appointments, time_logs IN SHARE MODE`.execute(trx);
    const { rows: locked } = await sql<{ time_zone: string }>`SELECT time_zone FROM analytics_settings FOR UPDATE`.execute(trx);
    if (locked[0]?.time_zone === timeZone) return false;
    await sql`UPDATE analytics_settings SET time_zone = ${timeZone}`.execute(trx);
    await sql`SELECT analytics_rebuild()`.execute(trx);
    return true;
  });
}

/** Recomputes every rollup from the base tables (e.g. after a bulk load with the triggers off). */
export async function rebuildAnalytics(db: Db): Promise<void> {
  await db.transaction().execute(async (trx) => {
    await sql`LOCK TABLE appointments, time_logs IN SHARE MODE`.execute(trx);
    await sql`SELECT analytics_rebuild()`.execute(trx);
  });
}

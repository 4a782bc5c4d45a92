import { type CompiledQuery, sql, type Transaction } from 'kysely';
import { Appointments } from '../../server/src/appointments/service';
import { Catalog } from '../../server/src/catalog/queries';
import { loadConfig } from '../../server/src/config';
import type { AppointmentListQuery } from '../../server/src/contract/appointments';
import { type OpenedDatabase, openDatabase } from '../../server/src/db/connect';
import { explain, recordQueries } from '../../server/src/db/explain';
import { migrateToLatest } from '../../server/src/db/migrate';
import type { Database, Db } from '../../server/src/db/schema';
import type { Viewer } from '../../server/src/plugins/authenticate';
import { round } from './stats';

/** Where the shop's database is: the embedded one in `dataDir`, or PostgreSQL at `databaseUrl`. */
export interface ShopDatabaseTarget {
  dataDir: string;
  databaseUrl: string | null;
  timeZone: string;
}

/**
 * Opens the database with the server's own code (server/src/db/connect.ts: the same PGlite options and extensions,
 * the same DATA_DIR lock, the same pg pool) and applies the server's migrations. For the embedded database the
 * server must not be running: PGlite is single-process, so the bench seeds before the server starts and reads the
 * plans after it has stopped.
 */
export async function openShopDatabase(target: ShopDatabaseTarget): Promise<{ opened: OpenedDatabase; catalog: Catalog }> {
  const config = loadConfig({ DATA_DIR: target.dataDir, SHOP_TIME_ZONE: target.timeZone, ...(target.databaseUrl && { DATABASE_URL: target.databaseUrl }) });
  const opened = await openDatabase(config, (error) => console.error('[bench] PostgreSQL pool error:', error));
  try {
    await migrateToLatest(opened.db);
    return { opened, catalog: await Catalog.load(opened.db, { timeZone: config.shopTimeZone, timeLogMaxAgeDays: config.timeLogMaxAgeDays }) };
  } catch (error) {
    await opened.close().catch(() => undefined);
    throw error;
  }
}

export interface BoardPlan {
  label: string;
  /** The SQL GET /api/appointments runs for the board (server/src/appointments/repository.ts `list`), with its parameters. */
  sql: string;
  parameters: unknown[];
  /** EXPLAIN (ANALYZE, BUFFERS) output, one line per plan line. */
  plan: string[];
  usesBoardIndex: boolean;
  /** Tables the plan reads in full (Seq Scan). */
  seqScans: string[];
  executionMs: number | null;
  planningMs: number | null;
  /** The database's random_page_cost (default 4: a random read costs 4 sequential ones). */
  randomPageCost: string;
  /** The same EXPLAIN with `SET LOCAL random_page_cost = 1.1` (everything cached), for comparison. */
  cachedCosts: { randomPageCost: string; plan: string[]; seqScans: string[]; executionMs: number | null; planningMs: number | null };
}

const CACHED_RANDOM_PAGE_COST = '1.1';
const ANALYZE = 'ANALYZE, BUFFERS';

function timing(plan: readonly string[], name: 'Planning' | 'Execution'): number | null {
  const line = plan.find((l) => l.startsWith(`${name} Time:`));
  const ms = line ? Number(/([\d.]+) ms/.exec(line)?.[1]) : Number.NaN;
  return Number.isFinite(ms) ? round(ms, 3) : null;
}

const seqScans = (plan: readonly string[]) => [...new Set(plan.flatMap((l) => /Seq Scan on (\w+)/.exec(l)?.[1] ?? []))];

/** EXPLAIN (ANALYZE, BUFFERS) twice (the second run warm), returning the second plan's lines. */
async function explainTwice(db: Db | Transaction<Database>, query: CompiledQuery): Promise<string[]> {
  await explain(db, query, ANALYZE);
  return explain(db, query, ANALYZE);
}

/**
 * The board query's plan: runs the server's own `Appointments.list` for an admin (so the SQL is the one the API
 * runs, not a copy), records the SQL it sent, and runs EXPLAIN (ANALYZE, BUFFERS) on it with the same parameters —
 * twice, keeping the second (warm) one, as the measured requests ran warm.
 */
export async function explainBoard(db: Db, catalog: Catalog, admin: Viewer, label: string, query: AppointmentListQuery): Promise<BoardPlan> {
  const recorded = await recordQueries(db, (recording) => new Appointments(recording, catalog, Date.now).list(admin, query));
  const compiled = recorded.at(-1);
  if (!compiled) throw new Error('Appointments.list ran no query');
  const plan = await explainTwice(db, compiled);
  const { rows: cost } = await sql<{ random_page_cost: string }>`SHOW random_page_cost`.execute(db);
  const cached = await db.transaction().execute(async (trx) => {
    await sql.raw(`SET LOCAL random_page_cost = ${CACHED_RANDOM_PAGE_COST}`).execute(trx);
    return explainTwice(trx, compiled);
  });
  return {
    label,
    sql: compiled.sql,
    parameters: [...compiled.parameters],
    plan,
    usesBoardIndex: plan.some((l) => l.includes('appointments_board_idx')),
    seqScans: seqScans(plan),
    executionMs: timing(plan, 'Execution'),
    planningMs: timing(plan, 'Planning'),
    randomPageCost: cost[0]?.random_page_cost ?? '?',
    cachedCosts: { randomPageCost: CACHED_RANDOM_PAGE_COST, plan: cached, seqScans: seqScans(cached), executionMs: timing(cached, 'Execution'), planningMs: timing(cached, 'Planning') },
  };
}

import { shopNow } from '../../server/src/shopTime';
import { type BenchDatabaseKind, type BenchPostgres, startPostgres } from './postgres';
import { makeTempDir, removeTempDir } from './processes';
import { type BenchServer, serverDataDir, startServer } from './server';
import type { ShopDatabaseTarget } from './shopDb';

export interface ShopRun {
  /** The throw-away cluster, or null on the embedded database. */
  postgres: BenchPostgres | null;
  target: ShopDatabaseTarget;
  now: ReturnType<typeof shopNow>;
  /** An API-only production server on this database, stopped when the run ends if it is still up. */
  startApiServer(): Promise<BenchServer>;
}

/**
 * One data-heavy section's run on one database: a work directory, the cluster for PostgreSQL, and clean-up of the
 * server, the cluster and the directory however `body` ends.
 */
export async function onShopDatabase<R>(kind: BenchDatabaseKind, section: string, timeZone: string, log: (line: string) => void, body: (run: ShopRun) => Promise<R>): Promise<R> {
  const work = makeTempDir(section);
  let postgres: BenchPostgres | null = null;
  let server: BenchServer | null = null;
  try {
    if (kind === 'postgresql') {
      postgres = await startPostgres();
      log(`${section}: ${postgres.version} at ${postgres.url}`);
    }
    const databaseUrl = postgres?.url ?? null;
    const startApiServer = async () => {
      server = await startServer({ accessTokenTtl: '1h', workDir: work, databaseUrl, staticDir: null, env: { NODE_ENV: 'production', DEMO_DATA: '0', SHOP_TIME_ZONE: timeZone } });
      return server;
    };
    return await body({ postgres, target: { dataDir: serverDataDir(work), databaseUrl, timeZone }, now: shopNow(timeZone, Date.now()), startApiServer });
  } finally {
    await (server as BenchServer | null)?.stop().catch(() => undefined);
    await postgres?.stop().catch(() => undefined);
    removeTempDir(work);
  }
}

import { mkdir } from 'node:fs/promises';
import { resolve } from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { Kysely, PostgresDialect } from 'kysely';
import { PGliteDialect } from 'kysely-pglite-dialect';
import pg from 'pg';
import { type AppConfig, isMemoryDataDir } from '../config';
import { lockDataDir } from './dataDirLock';
import type { Database, Db } from './schema';

export interface OpenedDatabase {
  db: Db;
  /** Human-readable description for the start-up log (never contains credentials). */
  description: string;
  close(): Promise<void>;
}

async function openPostgres(databaseUrl: string, onPoolError: (error: Error) => void): Promise<OpenedDatabase> {
  const pool = new pg.Pool({ connectionString: databaseUrl, max: 10 });
  // An idle client losing its connection must not crash the process; the pool replaces it.
  pool.on('error', onPoolError);
  const db = new Kysely<Database>({ dialect: new PostgresDialect({ pool }) });
  const { host, pathname } = new URL(databaseUrl);
  return { db, description: `PostgreSQL at ${host}${pathname}`, close: () => db.destroy() };
}

async function openEmbedded(dataDir: string): Promise<OpenedDatabase> {
  if (isMemoryDataDir(dataDir)) {
    const pglite = new PGlite('memory://');
    await pglite.waitReady;
    const db = new Kysely<Database>({ dialect: new PGliteDialect(pglite) });
    return { db, description: 'embedded PostgreSQL in memory (nothing is kept)', close: () => db.destroy() };
  }
  const dir = resolve(dataDir);
  await mkdir(dir, { recursive: true });
  const unlock = await lockDataDir(dir);
  try {
    const pglite = new PGlite(resolve(dir, 'pgdata'));
    await pglite.waitReady;
    const db = new Kysely<Database>({ dialect: new PGliteDialect(pglite) });
    return {
      db,
      description: `embedded PostgreSQL in ${dir}`,
      close: async () => {
        try {
          await db.destroy();
        } finally {
          await unlock();
        }
      },
    };
  } catch (error) {
    await unlock();
    throw error;
  }
}

/** PostgreSQL via `pg` when DATABASE_URL is set, otherwise embedded PostgreSQL (PGlite) in DATA_DIR. */
export function openDatabase(config: AppConfig, onPoolError: (error: Error) => void): Promise<OpenedDatabase> {
  return config.databaseUrl ? openPostgres(config.databaseUrl, onPoolError) : openEmbedded(config.dataDir);
}

import { mkdir } from 'node:fs/promises';
import { resolve } from 'node:path';
import { PGlite, type PGliteOptions } from '@electric-sql/pglite';
import { btree_gist } from '@electric-sql/pglite/contrib/btree_gist';
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

/**
 * Calendar dates and shop wall-clock times are kept as the text PostgreSQL prints ('2026-11-23',
 * '2026-11-23 09:30:00'): turned into a JS Date they would be shifted into the server's own time zone.
 */
const OID = { date: 1082, timestamp: 1114 } as const;
const asText = (value: string) => value;

const pgTypes = {
  getTypeParser(oid: number, format?: 'text' | 'binary') {
    if (oid === OID.date || oid === OID.timestamp) return asText;
    return format === 'binary' ? pg.types.getTypeParser(oid, 'binary') : pg.types.getTypeParser(oid, 'text');
  },
} as pg.CustomTypesConfig;

/** PGlite with the extensions the migrations use, and the same text parsing as `pg`. */
const pgliteOptions: PGliteOptions = {
  extensions: { btree_gist },
  parsers: { [OID.date]: asText, [OID.timestamp]: asText },
};

async function openPostgres(databaseUrl: string, onPoolError: (error: Error) => void): Promise<OpenedDatabase> {
  const pool = new pg.Pool({ connectionString: databaseUrl, max: 10, types: pgTypes });
  // An idle client losing its connection must not crash the process; the pool replaces it.
  pool.on('error', onPoolError);
  const db = new Kysely<Database>({ dialect: new PostgresDialect({ pool }) });
  const { host, pathname } = new URL(databaseUrl);
  return { db, description: `PostgreSQL at ${host}${pathname}`, close: () => db.destroy() };
}

async function openEmbedded(dataDir: string): Promise<OpenedDatabase> {
  if (isMemoryDataDir(dataDir)) {
    const pglite = new PGlite('memory://', pgliteOptions);
    await pglite.waitReady;
    const db = new Kysely<Database>({ dialect: new PGliteDialect(pglite) });
    return { db, description: 'embedded PostgreSQL in memory (nothing is kept)', close: () => db.destroy() };
  }
  const dir = resolve(dataDir);
  await mkdir(dir, { recursive: true });
  const unlock = await lockDataDir(dir);
  try {
    const pglite = new PGlite(resolve(dir, 'pgdata'), pgliteOptions);
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

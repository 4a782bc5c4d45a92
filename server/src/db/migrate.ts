import { readdirSync } from 'node:fs';
import { join } from 'node:path';
import { type Migration, type MigrationProvider, Migrator, sql } from 'kysely';
import { applySchemaObjects, discoverSchemaObjects } from './objects';
import type { Db } from './schema';

const MIGRATIONS_DIR = join(__dirname, 'migrations');
const MIGRATION_FILE = /^(\d{4}_[a-z0-9_]+)\.ts$/;

/**
 * The numbered migrations (tables, indexes, constraints, data), every `NNNN_name.ts` of migrations/, applied in
 * name order. Read with require, which tsx (start, serve) and jest (ts-jest) both give .ts files.
 */
export function discoverMigrations(dir = MIGRATIONS_DIR): Record<string, Migration> {
  const migrations: Record<string, Migration> = {};
  for (const file of readdirSync(dir).sort()) {
    const name = MIGRATION_FILE.exec(file)?.[1];
    if (!name) throw new Error(`migrations/${file}: name it NNNN_name.ts`);
    // eslint-disable-next-line @typescript-eslint/no-require-imports
    const migration = require(join(dir, file)) as Partial<Migration>;
    if (typeof migration.up !== 'function') throw new Error(`migrations/${file} must export up()`);
    migrations[name] = migration as Migration;
  }
  return migrations;
}

const provider: MigrationProvider = { getMigrations: async () => discoverMigrations() };

/**
 * Held (a session-level advisory lock) while migrating, so servers starting together on one database migrate one
 * after another, and the tests' schema clean-up never drops a schema while Kysely lists every schema's tables.
 */
export const MIGRATION_LOCK_KEY = 4_172_903_118;

export interface MigrationReport {
  /** Numbered migrations applied by this call. */
  migrations: string[];
  /** sql/ files applied by this call (db/objects.ts). */
  objects: string[];
}

/** The numbered migrations, then the replaceable objects whose files changed, under one lock. */
export async function migrateToLatest(db: Db): Promise<MigrationReport> {
  // Read before the lock: a file that cannot be read fails the start before anything is written.
  const objectFiles = discoverSchemaObjects();
  return db.connection().execute(async (connection) => {
    await sql`SELECT pg_advisory_lock(${MIGRATION_LOCK_KEY}::bigint)`.execute(connection);
    try {
      // Kysely looks its bookkeeping tables up in every schema unless told which: several installations may share
      // one database in separate schemas.
      const { rows } = await sql<{ schema: string | null }>`SELECT current_schema() AS schema`.execute(connection);
      const migrator = new Migrator({ db: connection, provider, migrationTableSchema: rows[0]?.schema ?? undefined });
      const { error, results } = await migrator.migrateToLatest();
      const failed = results?.find((result) => result.status === 'Error');
      if (error) {
        throw new Error(`Database migration ${failed ? `"${failed.migrationName}" ` : ''}failed`, { cause: error });
      }
      const objects = await applySchemaObjects(connection, objectFiles);
      return { migrations: (results ?? []).map((result) => result.migrationName), objects };
    } finally {
      await sql`SELECT pg_advisory_unlock(${MIGRATION_LOCK_KEY}::bigint)`.execute(connection);
    }
  });
}

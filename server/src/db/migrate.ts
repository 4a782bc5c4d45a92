import { type Migration, type MigrationProvider, Migrator, sql } from 'kysely';
import type { Db } from './schema';
import * as init from './migrations/0001_init';
import * as shop from './migrations/0002_shop';
import * as staff from './migrations/0005_staff';
import * as limits from './migrations/0003_limits';
import * as oauthCodes from './migrations/0004_oauth_codes';
import * as jobHistory from './migrations/0006_job_history';
import * as timeLogReview from './migrations/0007_timelog_review';
import * as contact from './migrations/0008_contact';
import * as analytics from './migrations/0009_analytics';
import * as notifications from './migrations/0010_notifications';
import * as liveEvents from './migrations/0011_live_events';
import * as tracking from './migrations/0012_tracking';

/**
 * Versioned migrations, applied in name order at start. Listed statically (rather than read from the folder)
 * so they work the same under tsx, jest and any bundler. Add new files as `000N_name.ts` and list them here.
 */
const migrations: Record<string, Migration> = {
  '0001_init': init,
  '0002_shop': shop,
  '0005_staff': staff,
  '0003_limits': limits,
  '0004_oauth_codes': oauthCodes,
  '0006_job_history': jobHistory,
  '0007_timelog_review': timeLogReview,
  '0008_contact': contact,
  '0009_analytics': analytics,
  '0010_notifications': notifications,
  '0011_live_events': liveEvents,
  '0012_tracking': tracking,
};

const provider: MigrationProvider = { getMigrations: async () => migrations };

/**
 * Held (a session-level advisory lock) while migrating, so servers starting together on one database migrate one
 * after another, and nothing that takes it too (the tests' schema clean-up) changes the catalogue while Kysely
 * reads it: its look-up of the migration tables lists every schema's tables, and a schema dropped meanwhile fails
 * that query ("schema … does not exist").
 */
export const MIGRATION_LOCK_KEY = 4_172_903_118;

export async function migrateToLatest(db: Db): Promise<void> {
  await db.connection().execute(async (connection) => {
    await sql`SELECT pg_advisory_lock(${MIGRATION_LOCK_KEY}::bigint)`.execute(connection);
    try {
      // Kysely looks its bookkeeping tables up across all schemas unless told which one: name the current schema
      // (first in search_path), so several installations can share one database in separate schemas.
      const { rows } = await sql<{ schema: string | null }>`SELECT current_schema() AS schema`.execute(connection);
      const migrator = new Migrator({ db: connection, provider, migrationTableSchema: rows[0]?.schema ?? undefined });
      const { error, results } = await migrator.migrateToLatest();
      const failed = results?.find((result) => result.status === 'Error');
      if (error) {
        throw new Error(`Database migration ${failed ? `"${failed.migrationName}" ` : ''}failed`, { cause: error });
      }
    } finally {
      await sql`SELECT pg_advisory_unlock(${MIGRATION_LOCK_KEY}::bigint)`.execute(connection);
    }
  });
}

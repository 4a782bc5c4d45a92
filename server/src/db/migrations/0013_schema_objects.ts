import { type Kysely, sql } from 'kysely';

/** The replaceable objects applied from the domains' sql/ files, with the checksum of each (db/objects.ts). */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    CREATE TABLE schema_objects (
      name       text PRIMARY KEY,
      checksum   text NOT NULL,
      applied_at timestamptz NOT NULL DEFAULT statement_timestamp()
    )`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`DROP TABLE IF EXISTS schema_objects`.execute(db);
}

import { type Kysely, sql } from 'kysely';

/**
 * Rate-limit counters (server/src/limits): one row per rule and key (a client IP, or IP + e-mail digest) with
 * the number of hits in its current window and when that window ends. Counted with one atomic upsert, so the
 * limits hold under concurrency and for every API instance sharing the database. Ended windows are purged.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    CREATE TABLE rate_limit_counters (
      rule       text NOT NULL,
      key        text NOT NULL,
      hits       integer NOT NULL CHECK (hits > 0),
      expires_at timestamptz NOT NULL,
      PRIMARY KEY (rule, key)
    )`.execute(db);
  await sql`CREATE INDEX rate_limit_counters_expires_at_idx ON rate_limit_counters (expires_at)`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`DROP TABLE rate_limit_counters`.execute(db);
}

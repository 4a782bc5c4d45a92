import type { Kysely } from 'kysely';

/**
 * Live events (issue 16): live_events (one row per committed change, with its audience) written by triggers on appointments, time_logs and notifications, announced with pg_notify after commit.
 */
export async function up(_db: Kysely<unknown>): Promise<void> {
  // scaffold: filled in by the issue 16 work
}

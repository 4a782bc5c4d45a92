import type { Kysely } from 'kysely';

/**
 * Tracking links (issue 16): tracking_links (128-bit token, revocable, expiring 30 days after completion).
 */
export async function up(_db: Kysely<unknown>): Promise<void> {
  // scaffold: filled in by the issue 16 work
}

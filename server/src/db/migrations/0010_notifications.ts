import type { Kysely } from 'kysely';

/**
 * Notifications and the e-mail outbox (issue 16): notifications (one row per recipient), email_outbox, users.email_notifications; triggers on job_history write both in the change's transaction.
 */
export async function up(_db: Kysely<unknown>): Promise<void> {
  // scaffold: filled in by the issue 16 work
}

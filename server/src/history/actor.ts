import { sql, type Transaction } from 'kysely';
import type { Database } from '../db/schema';

/**
 * Names who makes the changes of this transaction, for the job history: its triggers (sql/30_job_history.sql)
 * read it with `current_setting('carcare.actor', true)`. Transaction-local (`set_config(…, true)`), so it ends
 * with the transaction and never leaks to the next user of a pooled connection. Call it inside the transaction,
 * before the change.
 */
export async function actAs(trx: Transaction<Database>, userId: string): Promise<void> {
  await sql`SELECT set_config('carcare.actor', ${userId}, true)`.execute(trx);
}

import type { Kysely, Transaction } from 'kysely';
import { sqlState } from './errors';

/** deadlock_detected and serialization_failure: PostgreSQL aborted the transaction; running it again is safe. */
const RETRYABLE = new Set(['40P01', '40001']);
export const TRANSACTION_ATTEMPTS = 3;

/**
 * Runs `work` in one transaction. When PostgreSQL aborts it as a deadlock victim (two transactions locking the same
 * rows — jobs, logs, the analytics rollups their triggers keep — in opposite orders) or as a serialization
 * failure, the whole transaction was rolled back, so it runs again, up to TRANSACTION_ATTEMPTS times, instead of
 * answering 500 for a conflict the user had no part in. Any other error is thrown at once.
 */
export async function transact<DB, T>(db: Kysely<DB>, work: (trx: Transaction<DB>) => Promise<T>): Promise<T> {
  for (let attempt = 1; ; attempt += 1) {
    try {
      return await db.transaction().execute(work);
    } catch (error) {
      if (attempt >= TRANSACTION_ATTEMPTS || !RETRYABLE.has(sqlState(error) ?? '')) throw error;
    }
  }
}

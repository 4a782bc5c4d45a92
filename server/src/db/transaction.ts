import { type Kysely, sql, type Transaction } from 'kysely';
import { sqlState } from './errors';

/** deadlock_detected and serialization_failure: PostgreSQL aborted the transaction; running it again is safe. */
const RETRYABLE = new Set(['40P01', '40001']);
export const TRANSACTION_ATTEMPTS = 3;

/**
 * Runs `work` in one transaction. When PostgreSQL aborts it as a deadlock victim (two transactions locking the same
 * rows — jobs, logs, the analytics rollups their triggers keep — in opposite orders) or as a serialization
 * failure, the whole transaction was rolled back, so it runs again, up to TRANSACTION_ATTEMPTS times, instead of
 * answering 500 for a conflict the user had no part in. Any other error is thrown at once.
 *
 * Inside a transaction already (the ambient one of an idempotent request, db/ambient.ts) it is a savepoint of it:
 * an error rolls back to the savepoint, so `work` still commits entirely or not at all, and a deadlock or
 * serialization failure (which aborts only the savepoint's part) runs it again the same way.
 */
export async function transact<DB, T>(db: Kysely<DB>, work: (trx: Transaction<DB>) => Promise<T>): Promise<T> {
  if (db.isTransaction) return nested(db as Transaction<DB>, work);
  for (let attempt = 1; ; attempt += 1) {
    try {
      return await db.transaction().execute(work);
    } catch (error) {
      if (attempt >= TRANSACTION_ATTEMPTS || !RETRYABLE.has(sqlState(error) ?? '')) throw error;
    }
  }
}

let savepoints = 0;

async function nested<DB, T>(trx: Transaction<DB>, work: (trx: Transaction<DB>) => Promise<T>): Promise<T> {
  savepoints = (savepoints + 1) % Number.MAX_SAFE_INTEGER;
  const name = sql.id(`nested_${savepoints}`);
  await sql`SAVEPOINT ${name}`.execute(trx);
  for (let attempt = 1; ; attempt += 1) {
    let result: T;
    try {
      result = await work(trx);
    } catch (error) {
      // Still there after the rollback to it: the next attempt starts from it again.
      await sql`ROLLBACK TO SAVEPOINT ${name}`.execute(trx);
      if (attempt >= TRANSACTION_ATTEMPTS || !RETRYABLE.has(sqlState(error) ?? '')) {
        await sql`RELEASE SAVEPOINT ${name}`.execute(trx);
        throw error;
      }
      continue;
    }
    await sql`RELEASE SAVEPOINT ${name}`.execute(trx);
    return result;
  }
}

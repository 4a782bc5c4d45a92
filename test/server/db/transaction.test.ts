import type { Kysely, Transaction } from 'kysely';
import { TRANSACTION_ATTEMPTS, transact } from '../../../server/src/db/transaction';

type Db = Record<string, never>;

/** A database whose transactions fail with the given errors, in turn, and then succeed. */
function databaseFailingWith(...errors: unknown[]) {
  const runs: number[] = [];
  const db = {
    transaction: () => ({
      execute: async <T>(work: (trx: Transaction<Db>) => Promise<T>): Promise<T> => {
        runs.push(runs.length + 1);
        const error = errors.shift();
        if (error) throw error;
        return work({} as Transaction<Db>);
      },
    }),
  } as unknown as Kysely<Db>;
  return { db, runs };
}

const deadlock = Object.assign(new Error('deadlock detected'), { code: '40P01' });
const serialization = Object.assign(new Error('could not serialize access'), { code: '40001' });

describe('transact', () => {
  test('runs a transaction PostgreSQL aborted as a deadlock victim or a serialization failure again', async () => {
    const { db, runs } = databaseFailingWith(deadlock, serialization);
    await expect(transact(db, async () => 'done')).resolves.toBe('done');
    expect(runs).toHaveLength(3);
  });

  test(`gives up after ${TRANSACTION_ATTEMPTS} attempts and throws the last error`, async () => {
    const { db, runs } = databaseFailingWith(deadlock, deadlock, deadlock, deadlock);
    await expect(transact(db, async () => 'done')).rejects.toBe(deadlock);
    expect(runs).toHaveLength(TRANSACTION_ATTEMPTS);
  });

  test('throws any other error at once: a constraint violation or a refusal is the answer, not a reason to retry', async () => {
    const unique = Object.assign(new Error('duplicate key'), { code: '23505' });
    const { db, runs } = databaseFailingWith(unique);
    await expect(transact(db, async () => 'done')).rejects.toBe(unique);
    expect(runs).toHaveLength(1);
    const refused = databaseFailingWith();
    const httpError = new Error('Already assigned');
    await expect(transact(refused.db, async () => Promise.reject(httpError))).rejects.toBe(httpError);
    expect(refused.runs).toHaveLength(1);
  });
});

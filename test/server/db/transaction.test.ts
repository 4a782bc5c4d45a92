import { type Kysely, sql, type Transaction } from 'kysely';
import { TRANSACTION_ATTEMPTS, transact } from '../../../server/src/db/transaction';
import { startTestApp, type TestApp } from '../helpers/testApp';

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

describe('transact inside a transaction (an idempotent request\'s, db/ambient.ts)', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp();
  });
  afterAll(async () => {
    await t.close();
  });

  /** Runs `work` in a transaction with a scratch table holding 1, and answers what the table holds at its end. */
  async function inTransaction(work: (trx: Transaction<Record<string, never>>) => Promise<void>): Promise<number[]> {
    return t.app.db.transaction().execute(async (trx) => {
      await sql`CREATE TEMP TABLE nested_scratch (n integer PRIMARY KEY) ON COMMIT DROP`.execute(trx);
      await sql`INSERT INTO nested_scratch VALUES (1)`.execute(trx);
      await work(trx as unknown as Transaction<Record<string, never>>);
      const { rows } = await sql<{ n: number }>`SELECT n FROM nested_scratch ORDER BY n`.execute(trx);
      return rows.map((row) => row.n);
    });
  }

  test('is a savepoint: an error undoes its own writes only, and the transaction goes on', async () => {
    const held = await inTransaction(async (trx) => {
      const failing = transact(trx, async (inner) => {
        await sql`INSERT INTO nested_scratch VALUES (2)`.execute(inner);
        await sql`INSERT INTO nested_scratch VALUES (1)`.execute(inner);
      });
      await expect(failing).rejects.toMatchObject({ code: '23505' });
      await expect(transact(trx, async (inner) => (await sql`INSERT INTO nested_scratch VALUES (3)`.execute(inner), 'done'))).resolves.toBe('done');
    });
    expect(held).toEqual([1, 3]);
  });

  test('runs its part again from the savepoint after a deadlock, and keeps a refusal its own', async () => {
    let attempts = 0;
    const held = await inTransaction(async (trx) => {
      await transact(trx, async (inner) => {
        attempts += 1;
        await sql`INSERT INTO nested_scratch VALUES (2)`.execute(inner);
        if (attempts === 1) await sql`DO $$ BEGIN RAISE EXCEPTION 'deadlock detected' USING ERRCODE = '40P01'; END $$`.execute(inner);
      });
      const refused = new Error('Already assigned');
      await expect(
        transact(trx, async (inner) => {
          await sql`INSERT INTO nested_scratch VALUES (4)`.execute(inner);
          throw refused;
        }),
      ).rejects.toBe(refused);
    });
    expect(attempts).toBe(2);
    expect(held).toEqual([1, 2]);
  });
});

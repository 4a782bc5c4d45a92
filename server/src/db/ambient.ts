import { AsyncLocalStorage } from 'node:async_hooks';
import type { Transaction } from 'kysely';
import type { Database, Db } from './schema';

/**
 * A transaction that the code of one request runs in without being handed it: while `open`, every query made through
 * the app's `db` (plugins/database.ts) inside `runIn(scope, …)` goes to `trx`, and db/transaction.ts's `transact`
 * nests in it as a savepoint. The idempotency plugin uses it so a change and its kept answer commit together
 * (plugins/idempotency.ts). Whoever opened the transaction closes the scope before committing or rolling back: work
 * that outlives it (a notification's follow-up read) goes back to the pool.
 */
export interface AmbientScope {
  readonly trx: Transaction<Database>;
  open: boolean;
}

const scopes = new AsyncLocalStorage<AmbientScope>();

/** Runs `work` with `scope` as the ambient transaction of everything it awaits. */
export function runIn<T>(scope: AmbientScope, work: () => T): T {
  return scopes.run(scope, work);
}

/**
 * `root`, except that inside an open scope each property is the scope's transaction's. Methods are bound to the
 * object they come from: Kysely keeps its state in private fields, which a proxy as `this` could not reach.
 */
export function ambientDb(root: Db): Db {
  return new Proxy(root, {
    get(target, property) {
      const scope = scopes.getStore();
      const actual: Db = scope?.open ? scope.trx : target;
      const value: unknown = Reflect.get(actual, property, actual);
      return typeof value === 'function' ? (value as (...args: unknown[]) => unknown).bind(actual) : value;
    },
  });
}

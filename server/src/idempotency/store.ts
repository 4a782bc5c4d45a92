import { createHash } from 'node:crypto';
import type { Transaction } from 'kysely';
import { type Clock, isoAt } from '../clock';
import { at, type Database, type Db } from '../db/schema';

type Trx = Transaction<Database>;

/** An answer as it was sent: sent again, byte for byte, to a retry. */
export interface KeptAnswer {
  statusCode: number;
  contentType: string | null;
  body: string;
}

/** What a key held when a request claimed it: nothing live (the key is this request's now), or a finished request. */
export type Claim = { claimed: true } | { claimed: false; fingerprint: string; answer: KeptAnswer };

/** A JSON value with every object's keys in order, so two bodies that differ only in key order are the same request. */
function canonical(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(canonical);
  if (value !== null && typeof value === 'object') {
    return Object.fromEntries(
      Object.keys(value)
        .sort()
        .map((key) => [key, canonical((value as Record<string, unknown>)[key])]),
    );
  }
  return value;
}

/** What makes two requests the same request: method, route, path parameters and body (SHA-256, hex). */
export function fingerprintOf(request: { method: string; route: string; params: unknown; body: unknown }): string {
  const text = JSON.stringify([request.method, request.route, canonical(request.params ?? {}), canonical(request.body ?? null)]);
  return createHash('sha256').update(text).digest('hex');
}

/** The idempotency_keys table (migration 0021). */
export class IdempotencyKeys {
  constructor(
    readonly db: Db,
    private readonly now: Clock,
    private readonly ttlMs: number,
  ) {}

  /**
   * Claims (user, key) in `trx` for a request with this fingerprint. A key nobody holds, or whose answer has
   * expired, becomes this request's (the row stays locked until `trx` ends). A key another transaction is claiming
   * makes this INSERT wait until that one commits (then its answer is read here) or rolls back (then the key is
   * this request's): the primary key and the row lock do the waiting, on every server instance alike.
   */
  async claim(trx: Trx, userId: string, key: string, fingerprint: string): Promise<Claim> {
    const now = this.now();
    const inserted = await trx
      .insertInto('idempotency_keys')
      .values({ user_id: userId, key, fingerprint, created_at: isoAt(now), expires_at: isoAt(now + this.ttlMs) })
      .onConflict((conflict) =>
        conflict
          .columns(['user_id', 'key'])
          .doUpdateSet((eb) => ({
            fingerprint: eb.ref('excluded.fingerprint'),
            status_code: null,
            content_type: null,
            body: null,
            created_at: eb.ref('excluded.created_at'),
            expires_at: eb.ref('excluded.expires_at'),
          }))
          .where('idempotency_keys.expires_at', '<=', at(now)),
      )
      .returning('user_id')
      .executeTakeFirst();
    if (inserted) return { claimed: true };
    // The row is committed (a claim only commits with its answer) and locked by the ON CONFLICT above.
    const row = await trx
      .selectFrom('idempotency_keys')
      .select(['fingerprint', 'status_code', 'content_type', 'body'])
      .where('user_id', '=', userId)
      .where('key', '=', key)
      .executeTakeFirstOrThrow();
    if (row.status_code === null) throw new Error('idempotency key without an answer');
    return { claimed: false, fingerprint: row.fingerprint, answer: { statusCode: row.status_code, contentType: row.content_type, body: row.body ?? '' } };
  }

  /** Keeps the answer of the request that claimed (user, key), in its transaction. */
  async keep(trx: Trx, userId: string, key: string, answer: KeptAnswer): Promise<void> {
    await trx
      .updateTable('idempotency_keys')
      .set({ status_code: answer.statusCode, content_type: answer.contentType, body: answer.body })
      .where('user_id', '=', userId)
      .where('key', '=', key)
      .execute();
  }

  /** Deletes the expired keys; answers how many. */
  async purge(): Promise<number> {
    const result = await this.db.deleteFrom('idempotency_keys').where('expires_at', '<=', at(this.now())).executeTakeFirst();
    return Number(result.numDeletedRows);
  }
}

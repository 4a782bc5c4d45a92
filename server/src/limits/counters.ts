import { createHash } from 'node:crypto';
import { sql } from 'kysely';
import { type Clock, isoAt } from '../clock';
import { at, type Db } from '../db/schema';
import { normaliseEmail } from '../users/queries';

/** A limit: at most `max` hits per key in a window of `windowMs`; the hit after that is refused with `message`. */
export interface LimitRule {
  /** Stored with each counter; two rules with one name share their counters. */
  name: string;
  max: number;
  windowMs: number;
  /** The 429 answer's message. */
  message: string;
}

export type HitResult = { allowed: true } | { allowed: false; retryAfterSeconds: number };

/**
 * Counters in the database (table `rate_limit_counters`, migration 0003), so every API instance sharing it sees
 * the same numbers. A window starts with a key's first hit and lasts `windowMs`; the next hit after it starts a
 * new one. `hit` counts and decides in one statement (an upsert the database serialises per row), so N
 * simultaneous requests get the numbers 1…N and exactly `max` of them are allowed — nothing is read first and
 * written later. Counters never grow past max + 1, and ended windows are deleted by `purge`; there is no eviction,
 * so no flood of other keys can reset a counter before its window ends.
 */
export class RateCounters {
  constructor(
    private readonly db: Db,
    private readonly now: Clock,
  ) {}

  async hit(rule: LimitRule, key: string): Promise<HitResult> {
    const nowMs = this.now();
    const now = isoAt(nowMs);
    const { rows } = await sql<{ hits: number; expires_at: Date | string }>`
      INSERT INTO rate_limit_counters AS c (rule, key, hits, expires_at)
      VALUES (${rule.name}, ${key}, 1, ${isoAt(nowMs + rule.windowMs)}::timestamptz)
      ON CONFLICT (rule, key) DO UPDATE SET
        hits = CASE WHEN c.expires_at <= ${now}::timestamptz THEN 1 ELSE LEAST(c.hits, ${rule.max}::integer) + 1 END,
        expires_at = CASE WHEN c.expires_at <= ${now}::timestamptz THEN excluded.expires_at ELSE c.expires_at END
      RETURNING hits, expires_at`.execute(this.db);
    const { hits, expires_at } = rows[0];
    if (hits <= rule.max) return { allowed: true };
    return { allowed: false, retryAfterSeconds: Math.max(1, Math.ceil((new Date(expires_at).getTime() - nowMs) / 1000)) };
  }

  /** Forgets a key's hits (e.g. an account's failed logins after a successful one). */
  async clear(rule: LimitRule, key: string): Promise<void> {
    await this.db.deleteFrom('rate_limit_counters').where('rule', '=', rule.name).where('key', '=', key).execute();
  }

  /** Deletes the counters whose window has ended; returns how many. */
  async purge(): Promise<number> {
    const result = await this.db.deleteFrom('rate_limit_counters').where('expires_at', '<=', at(this.now())).executeTakeFirst();
    return Number(result.numDeletedRows);
  }
}

/**
 * An address in a counter key (failed logins, password-reset requests per address): SHA-256 of the normalised
 * address, base64url. The table holds no list of the addresses people (or attackers) typed.
 */
export function emailDigest(email: string): string {
  return createHash('sha256').update(normaliseEmail(email)).digest('base64url');
}

/** Counter key of an account as seen from one client (its RateLimits.clientKey), the e-mail as its emailDigest. */
export function accountKey(email: string, client: string): string {
  return `${client} ${emailDigest(email)}`;
}

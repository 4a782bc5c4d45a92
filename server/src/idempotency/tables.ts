import type { ColumnType } from 'kysely';

/**
 * Idempotency keys (migration 0021): the first request's fingerprint and answer per user and key. `status_code`,
 * `content_type` and `body` are NULL only inside the transaction that inserted the row (it writes them before it
 * commits), so no other request ever reads a row without its answer.
 */
export interface IdempotencyKeysTable {
  user_id: string;
  key: string;
  fingerprint: string;
  status_code: number | null;
  content_type: string | null;
  body: string | null;
  created_at: ColumnType<Date, string, string>;
  expires_at: ColumnType<Date, string, string>;
}

declare module '../db/schema' {
  interface Database {
    idempotency_keys: IdempotencyKeysTable;
  }
}

import type { ColumnType } from 'kysely';
import type { AccountTokenPurpose } from './rules';

/**
 * The links of account e-mails (migration 0015): SHA-256 of the token (never the token), the address the link was
 * sent to, its expiry, and `used_at` once spent (single use).
 */
export interface AccountTokensTable {
  id: string;
  user_id: string;
  purpose: AccountTokenPurpose;
  token_hash: string;
  email: string;
  expires_at: ColumnType<Date, string, string>;
  used_at: ColumnType<Date | null, string | null | undefined, string | null>;
  created_at: ColumnType<Date, string, string>;
}

declare module '../db/schema' {
  interface Database {
    account_tokens: AccountTokensTable;
  }
}

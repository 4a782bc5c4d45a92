import { type ColumnType, type Kysely, type RawBuilder, type Selectable, sql } from 'kysely';

export const ROLES = ['CUSTOMER', 'EMPLOYEE', 'ADMIN'] as const;
export type Role = (typeof ROLES)[number];

/**
 * Timestamps are read as Date and always written as ISO-8601 strings: a representation every driver
 * (pg, PGlite) accepts the same way, and the app's clock (injectable in tests) stays the only source of "now".
 */
type Timestamp = ColumnType<Date, string, string>;

/** A point in time as a query operand (e.g. `where('expires_at', '>', at(now))`), passed as an ISO string. */
export function at(ms: number): RawBuilder<Date> {
  return sql<Date>`${new Date(ms).toISOString()}`;
}

export interface UsersTable {
  id: string;
  email: string;
  password_hash: string | null;
  full_name: string;
  phone_number: string;
  address: string;
  role: Role;
  department: string | null;
  employee_id: string | null;
  google_sub: string | null;
  is_active: ColumnType<boolean, boolean | undefined, boolean>;
  created_at: Timestamp;
  updated_at: Timestamp;
}

/** One sign-in = one session = one refresh-token rotation family. `expires_at` is absolute and never extended. */
export interface SessionsTable {
  id: string;
  user_id: string;
  device_info: string;
  created_at: Timestamp;
  last_used_at: Timestamp;
  expires_at: Timestamp;
  revoked_at: ColumnType<Date | null, string | null | undefined, string | null>;
}

/**
 * Refresh tokens are stored only as SHA-256 hashes. Once spent, `successor_pair` holds the pair issued in
 * exchange, encrypted with a key derived from the spent token itself (see auth/successorBox.ts), so the
 * same pair can be handed back within REFRESH_REUSE_LEEWAY without the database ever holding a usable token.
 */
export interface RefreshTokensTable {
  id: string;
  session_id: string;
  token_hash: string;
  created_at: Timestamp;
  used_at: ColumnType<Date | null, string | null | undefined, string | null>;
  successor_id: string | null;
  successor_pair: string | null;
}

export interface Database {
  users: UsersTable;
  sessions: SessionsTable;
  refresh_tokens: RefreshTokensTable;
}

export type Db = Kysely<Database>;
export type UserRow = Selectable<UsersTable>;
export type SessionRow = Selectable<SessionsTable>;

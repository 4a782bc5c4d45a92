import { type Kysely, sql } from 'kysely';

// Migrations receive Kysely<unknown>: they must not depend on the current TypeScript schema. The CHECKs of
// columns whose values are a list of the contract (here users.role) are built from it: <domain>/sql/10_checks.ts.
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    CREATE TABLE users (
      id            uuid PRIMARY KEY,
      email         text NOT NULL,
      password_hash text,
      full_name     text NOT NULL,
      phone_number  text NOT NULL DEFAULT '',
      address       text NOT NULL DEFAULT '',
      role          text NOT NULL,
      department    text,
      employee_id   text,
      google_sub    text,
      is_active     boolean NOT NULL DEFAULT true,
      created_at    timestamptz NOT NULL,
      updated_at    timestamptz NOT NULL,
      CONSTRAINT users_email_lower CHECK (email = lower(email))
    )`.execute(db);
  await sql`CREATE UNIQUE INDEX users_email_key ON users (email)`.execute(db);
  await sql`CREATE UNIQUE INDEX users_google_sub_key ON users (google_sub) WHERE google_sub IS NOT NULL`.execute(db);

  await sql`
    CREATE TABLE sessions (
      id           uuid PRIMARY KEY,
      user_id      uuid NOT NULL REFERENCES users (id) ON DELETE CASCADE,
      device_info  text NOT NULL DEFAULT '',
      created_at   timestamptz NOT NULL,
      last_used_at timestamptz NOT NULL,
      expires_at   timestamptz NOT NULL,
      revoked_at   timestamptz
    )`.execute(db);
  await sql`CREATE INDEX sessions_user_id_idx ON sessions (user_id)`.execute(db);

  await sql`
    CREATE TABLE refresh_tokens (
      id             uuid PRIMARY KEY,
      session_id     uuid NOT NULL REFERENCES sessions (id) ON DELETE CASCADE,
      token_hash     text NOT NULL,
      created_at     timestamptz NOT NULL,
      used_at        timestamptz,
      successor_id   uuid REFERENCES refresh_tokens (id) ON DELETE SET NULL,
      successor_pair text
    )`.execute(db);
  await sql`CREATE UNIQUE INDEX refresh_tokens_token_hash_key ON refresh_tokens (token_hash)`.execute(db);
  await sql`CREATE INDEX refresh_tokens_session_id_idx ON refresh_tokens (session_id)`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`DROP TABLE refresh_tokens`.execute(db);
  await sql`DROP TABLE sessions`.execute(db);
  await sql`DROP TABLE users`.execute(db);
}

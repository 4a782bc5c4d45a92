import { type Kysely, sql } from 'kysely';

/**
 * Staff approval: a technician (EMPLOYEE) account is usable for the shop's work only once an admin approved it.
 * - `approved_at` / `approved_by`: when and by whom; NULL means "awaiting approval". Only EMPLOYEE rows use them.
 * - Deactivation is the existing `is_active = false` (no sign-in, no tokens).
 * Technicians registered before this migration were already working: they count as approved at registration.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    ALTER TABLE users
      ADD COLUMN approved_at timestamptz,
      ADD COLUMN approved_by uuid REFERENCES users (id) ON DELETE SET NULL`.execute(db);
  await sql`UPDATE users SET approved_at = created_at WHERE role = 'EMPLOYEE'`.execute(db);
  // The Staff page lists technicians; the assignment list wants the approved, active ones.
  await sql`CREATE INDEX users_staff_idx ON users (role, is_active, approved_at)`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`DROP INDEX IF EXISTS users_staff_idx`.execute(db);
  await sql`ALTER TABLE users DROP COLUMN IF EXISTS approved_by, DROP COLUMN IF EXISTS approved_at`.execute(db);
}

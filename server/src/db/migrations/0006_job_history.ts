import type { Kysely } from 'kysely';

/** Job history: one row per change of an appointment (scaffold: filled in by its feature's work). */
export async function up(_db: Kysely<unknown>): Promise<void> {}

export async function down(_db: Kysely<unknown>): Promise<void> {}

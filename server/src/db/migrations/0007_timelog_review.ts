import type { Kysely } from 'kysely';

/** Time-log review: state, reason, reviewer (scaffold: filled in by its feature's work). */
export async function up(_db: Kysely<unknown>): Promise<void> {}

export async function down(_db: Kysely<unknown>): Promise<void> {}

import { sql } from 'kysely';
import type { Db } from '../db/schema';

/**
 * For a bulk write of a shop's past (the demo seed, the bench's data sets), inside its transaction: the job-history
 * entries this transaction writes call for no notification and no e-mail (the trigger of sql/30_notify.sql reads
 * `carcare.notifications`). Transaction-local, so it cannot leak to a pooled connection's next user.
 */
export async function silenceNotifications(trx: Db): Promise<void> {
  await sql`SELECT set_config('carcare.notifications', 'off', true)`.execute(trx);
}

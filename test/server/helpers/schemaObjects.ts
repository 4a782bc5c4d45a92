import { applySchemaObjects } from '../../../server/src/db/objects';
import type { Db } from '../../../server/src/db/schema';

/**
 * After a migration's down() and up() run by hand: applies every sql/ file again, as a start does on a database
 * that has none of them (down() drops the objects that write its tables; the checksums would say nothing changed).
 */
export async function reapplySchemaObjects(db: Db): Promise<void> {
  await db.deleteFrom('schema_objects').execute();
  await applySchemaObjects(db);
}

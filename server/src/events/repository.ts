import { sql } from 'kysely';
import type { LiveEventType } from '../contract/live';
import type { Db } from '../db/schema';
import type { EventRange, EventRow } from './messages';
import type { LiveSubscriber } from './types';

/** Events deleted per purge statement, and the pause between two. */
const PURGE_BATCH = 1000;
const PURGE_PAUSE_MS = 20;

/** live_events, the table the triggers write each committed change's events to. */
export class LiveEventRepository {
  constructor(private readonly db: Db) {}

  /**
   * The range of ids a resume may start from: ids up to `purgedThrough` are gone, and `issued` is the last id
   * this database handed out (an id above it belongs to another installation or a reset database).
   */
  async horizon(): Promise<{ purgedThrough: bigint; issued: bigint } | undefined> {
    const { rows } = await sql<{ purged_through: string; issued: string }>`
      SELECT h.purged_through::text AS purged_through,
             coalesce(pg_sequence_last_value(pg_get_serial_sequence('live_events', 'id')::regclass), 0)::text AS issued
        FROM live_events_horizon h`.execute(this.db);
    const row = rows[0];
    return row && { purgedThrough: BigInt(row.purged_through), issued: BigInt(row.issued) };
  }

  /**
   * Events after `afterEventId` the subscriber may see, oldest first, at most `limit`: a user's audience, or a
   * tracking link's job's events of the `trackingKinds`.
   */
  async after(subscriber: LiveSubscriber, afterEventId: string, limit: number, trackingKinds: readonly LiveEventType[]): Promise<EventRow[]> {
    const visible =
      subscriber.kind === 'user'
        ? sql`(${subscriber.isAdmin} AND e.admins OR ${subscriber.userId}::uuid = ANY (e.user_ids))`
        : sql`(e.type = ANY (${[...trackingKinds]}::text[]) AND e.appointment_id = ${subscriber.appointmentId}::uuid)`;
    const { rows } = await sql<EventRow>`
      SELECT e.id::text AS event_id, e.type, e.entity_id, e.version, e.appointment_id, e.admins, e.user_ids::text[] AS user_ids
        FROM live_events e
       WHERE e.id > ${afterEventId}::bigint AND ${visible}
       ORDER BY e.id
       LIMIT ${limit}`.execute(this.db);
    return rows;
  }

  /** One primary-key range scan per range (LATERAL: never a scan of the whole table, which a bulk seed fills). */
  async inRanges(ranges: readonly EventRange[]): Promise<EventRow[]> {
    const { rows } = await sql<EventRow>`
      SELECT e.id::text AS event_id, e.type, e.entity_id, e.version, e.appointment_id, e.admins, e.user_ids::text[] AS user_ids
        FROM unnest(${ranges.map((b) => b.tx)}::bigint[], ${ranges.map((b) => b.first)}::bigint[], ${ranges.map((b) => b.last)}::bigint[]) AS b(tx, first_id, last_id)
       CROSS JOIN LATERAL (
         SELECT * FROM live_events WHERE id BETWEEN b.first_id AND b.last_id AND tx = b.tx
       ) e
       ORDER BY e.id`.execute(this.db);
    return rows;
  }

  /**
   * Deletes events older than `olderThanMs` and records the last deleted id, so a resume from before it gets
   * `resync`. Oldest first, PURGE_BATCH rows a statement with a pause between them: a bulk write's events go
   * without holding the database (PGlite runs one statement at a time) for long. `stopped` ends it early.
   */
  async purge(olderThanMs: number, stopped: () => boolean): Promise<number> {
    let total = 0;
    for (;;) {
      const { rows } = await sql<{ deleted: string }>`
        WITH gone AS (
          DELETE FROM live_events WHERE id IN (
            SELECT id FROM live_events
             WHERE created_at < statement_timestamp() - make_interval(secs => ${olderThanMs / 1000}::double precision)
             ORDER BY id LIMIT ${PURGE_BATCH})
          RETURNING id),
        horizon AS (
          UPDATE live_events_horizon SET purged_through = greatest(purged_through, (SELECT max(id) FROM gone))
           WHERE EXISTS (SELECT 1 FROM gone))
        SELECT count(*)::text AS deleted FROM gone`.execute(this.db);
      const deleted = Number(rows[0]?.deleted ?? 0);
      total += deleted;
      if (deleted < PURGE_BATCH || stopped()) return total;
      await new Promise((resolve) => setTimeout(resolve, PURGE_PAUSE_MS));
    }
  }
}

import type { FastifyBaseLogger } from 'fastify';
import { sql } from 'kysely';
import type { LiveEventType } from '../contract/live';
import type { Unlisten } from '../db/connect';
import type { Db } from '../db/schema';
import type { LiveEventHub, LiveSubscriber, LiveSubscription, PublishedEvent } from './types';

declare module 'fastify' {
  interface FastifyInstance {
    /** The process's fan-out of committed events (issue 16); see events/liveEvents.ts. */
    liveEvents: LiveEventHub;
  }
}

/** The NOTIFY channel of migration 0011 (scoped by schema in db/connect.ts `listen`). */
export const LIVE_CHANNEL = 'carcare_live';

/** Events deleted per purge statement, and the pause between two. */
const PURGE_BATCH = 1000;
const PURGE_PAUSE_MS = 20;

/** A replay longer than this answers null (the client resyncs: a full refetch is cheaper than a flood). */
export const MAX_REPLAY = 1000;

type Handlers = Parameters<LiveEventHub['subscribe']>[1];
type Control = Parameters<Handlers['onControl']>[0];

interface Entry {
  subscriber: LiveSubscriber;
  handlers: Handlers;
}

interface Batch {
  tx: string;
  first: string;
  last: string;
}

interface EventRow {
  event_id: string;
  type: LiveEventType;
  entity_id: string;
  version: number;
  appointment_id: string | null;
  admins: boolean;
  user_ids: string[];
}

export interface LiveEventsOptions {
  db: Db;
  listen: (channel: string, onPayload: (payload: string) => void, onReconnect: () => void) => Promise<Unlisten>;
  log: FastifyBaseLogger;
  /** How long events are kept for Last-Event-ID (LIVE_EVENTS_KEPT); purged every so often, never in the hot path. */
  resumeWindowMs: number;
}

const DIGITS = /^\d{1,18}$/;

function toPublished(row: EventRow): PublishedEvent {
  return {
    eventId: String(row.event_id),
    data: { type: row.type, id: row.entity_id, version: Number(row.version), appointmentId: row.appointment_id },
    audience: { admins: row.admins, userIds: row.user_ids },
  };
}

const TYPES = new Set<string>(['appointment.created', 'appointment.updated', 'timelog.changed', 'notification.created']);

/** The events of a `d:` notification (migration 0011's JSON arrays); null when it is not what the trigger writes. */
function parseEvents(json: string): PublishedEvent[] | null {
  let parsed: unknown;
  try {
    parsed = JSON.parse(json);
  } catch {
    return null;
  }
  if (!Array.isArray(parsed)) return null;
  const events: PublishedEvent[] = [];
  for (const item of parsed) {
    if (!Array.isArray(item) || item.length !== 7) return null;
    const [id, type, entityId, version, appointmentId, admins, userIds] = item as unknown[];
    if (typeof id !== 'string' || typeof type !== 'string' || !TYPES.has(type) || typeof entityId !== 'string' || typeof version !== 'number') return null;
    if ((appointmentId !== null && typeof appointmentId !== 'string') || typeof admins !== 'boolean' || !Array.isArray(userIds)) return null;
    events.push(
      toPublished({
        event_id: id,
        type: type as LiveEventType,
        entity_id: entityId,
        version,
        appointment_id: appointmentId,
        admins,
        user_ids: userIds.map(String),
      }),
    );
  }
  return events;
}

/** The key of what a stream was opened with, as a revocation names it: `s:<session id>` or `t:<tracking token>`. */
function grantOf(subscriber: LiveSubscriber): string {
  return subscriber.kind === 'user' ? `s:${subscriber.sessionId}` : `t:${subscriber.token}`;
}

function addTo<K>(map: Map<K, Set<Entry>>, key: K, entry: Entry): void {
  let set = map.get(key);
  if (!set) map.set(key, (set = new Set()));
  set.add(entry);
}

function removeFrom<K>(map: Map<K, Set<Entry>>, key: K, entry: Entry): void {
  const set = map.get(key);
  if (!set) return;
  set.delete(entry);
  if (set.size === 0) map.delete(key);
}

/**
 * The hub (`app.liveEvents`): one database LISTEN per instance (migration 0011's NOTIFY), its subscribers indexed
 * by user, appointment, and what they were opened with (session, tracking token).
 * - `d:` notifications carry the events themselves (a change's one or two): delivered at once, no query.
 * - `e:` notifications (a bulk write's many events) are coalesced: all those that arrive before the next turn of
 *   the event loop are read with one query, then delivered in id order to the subscribers in the event's audience (admins, listed users) and,
 *   for `appointment.updated`, to that appointment's tracking subscribers.
 * - `s:` / `t:` notifications (sessions / tracking links revoked, on any instance) → `session-ended` to the
 *   subscribers opened with them.
 * - The listener reconnected (notifications may have been lost) → `resync` to everyone.
 */
export class LiveEvents implements LiveEventHub {
  private readonly all = new Set<Entry>();
  private readonly admins = new Set<Entry>();
  private readonly byUser = new Map<string, Set<Entry>>();
  private readonly byGrant = new Map<string, Set<Entry>>();
  private readonly byAppointment = new Map<string, Set<Entry>>();
  private pending: Batch[] = [];
  /** `d:` events that arrived while a range was being read: delivered after it. */
  private ready: PublishedEvent[] = [];
  private draining = false;
  private closed = false;
  private unlisten: Unlisten | undefined;
  private purgeTimer: NodeJS.Timeout | undefined;

  private constructor(private readonly options: LiveEventsOptions) {}

  /** Listens, and purges old events now and every half resume window (at most every 5 minutes). */
  static async start(options: LiveEventsOptions): Promise<LiveEvents> {
    const hub = new LiveEvents(options);
    hub.unlisten = await options.listen(
      LIVE_CHANNEL,
      (payload) => hub.onNotification(payload),
      () => hub.onReconnect(),
    );
    // Not awaited: a large backlog (a bulk import's events) must not hold up the start.
    hub.purge().catch((error: unknown) => options.log.error({ err: error }, 'live event purge failed'));
    hub.purgeTimer = setInterval(
      () => hub.purge().catch((error: unknown) => options.log.error({ err: error }, 'live event purge failed')),
      Math.min(5 * 60_000, Math.max(1000, options.resumeWindowMs / 2)),
    );
    hub.purgeTimer.unref();
    return hub;
  }

  get size(): number {
    return this.all.size;
  }

  subscribe(subscriber: LiveSubscriber, handlers: Handlers): LiveSubscription {
    const entry: Entry = { subscriber, handlers };
    this.all.add(entry);
    addTo(this.byGrant, grantOf(subscriber), entry);
    if (subscriber.kind === 'user') {
      addTo(this.byUser, subscriber.userId, entry);
      if (subscriber.isAdmin) this.admins.add(entry);
    } else {
      addTo(this.byAppointment, subscriber.appointmentId, entry);
    }
    return {
      unsubscribe: () => {
        if (!this.all.delete(entry)) return;
        removeFrom(this.byGrant, grantOf(subscriber), entry);
        if (subscriber.kind === 'user') {
          removeFrom(this.byUser, subscriber.userId, entry);
          this.admins.delete(entry);
        } else {
          removeFrom(this.byAppointment, subscriber.appointmentId, entry);
        }
      },
    };
  }

  async replay(subscriber: LiveSubscriber, afterEventId: string): Promise<PublishedEvent[] | null> {
    if (!DIGITS.test(afterEventId)) return null;
    const { db } = this.options;
    const bounds = await sql<{ purged_through: string; issued: string }>`
      SELECT h.purged_through::text AS purged_through,
             coalesce(pg_sequence_last_value(pg_get_serial_sequence('live_events', 'id')::regclass), 0)::text AS issued
        FROM live_events_horizon h`.execute(db);
    const horizon = bounds.rows[0];
    // Older than what is kept, or an id this database never issued (another installation's, a reset database).
    if (!horizon || BigInt(afterEventId) < BigInt(horizon.purged_through) || BigInt(afterEventId) > BigInt(horizon.issued)) return null;
    const visible =
      subscriber.kind === 'user'
        ? sql`(${subscriber.isAdmin} AND e.admins OR ${subscriber.userId}::uuid = ANY (e.user_ids))`
        : sql`(e.type = 'appointment.updated' AND e.appointment_id = ${subscriber.appointmentId}::uuid)`;
    const { rows } = await sql<EventRow>`
      SELECT e.id::text AS event_id, e.type, e.entity_id, e.version, e.appointment_id, e.admins, e.user_ids::text[] AS user_ids
        FROM live_events e
       WHERE e.id > ${afterEventId}::bigint AND ${visible}
       ORDER BY e.id
       LIMIT ${MAX_REPLAY + 1}`.execute(db);
    if (rows.length > MAX_REPLAY) return null;
    return rows.map(toPublished);
  }

  /**
   * Deletes events older than the resume window (`olderThanMs`, default the configured one) and records the last
   * deleted id, so a resume from before it gets `resync`. In batches of PURGE_BATCH rows, oldest first (a walk of the
   * primary key: old events have the low ids), with a pause between them: a bulk write's events (the bench's
   * 100,000-job seed) are removed without holding the database — PGlite runs one statement at a time — for long.
   */
  async purge(olderThanMs = this.options.resumeWindowMs): Promise<number> {
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
        SELECT count(*)::text AS deleted FROM gone`.execute(this.options.db);
      const deleted = Number(rows[0]?.deleted ?? 0);
      total += deleted;
      if (deleted < PURGE_BATCH || this.closed) return total;
      await new Promise((resolve) => setTimeout(resolve, PURGE_PAUSE_MS));
    }
  }

  /** Stops listening and purging; subscribers are left to their streams (closed by the app's preClose). */
  async close(): Promise<void> {
    this.closed = true;
    clearInterval(this.purgeTimer);
    await this.unlisten?.();
  }

  private onNotification(payload: string): void {
    if (this.closed) return;
    const [kind, rest] = [payload.slice(0, 2), payload.slice(2)];
    if (kind === 'd:') {
      const events = parseEvents(rest);
      if (events === null) {
        this.options.log.error('live events: unreadable notification: streams resync');
        for (const entry of [...this.all]) this.control(entry, 'resync');
        return;
      }
      // Behind a range still being read, so events leave in the order they came.
      if (this.draining) this.ready.push(...events);
      else for (const event of events) this.deliver(event);
    } else if (kind === 'e:') {
      const [tx, first, last] = rest.split(':');
      if (!DIGITS.test(tx ?? '') || !DIGITS.test(first ?? '') || !DIGITS.test(last ?? '')) return;
      this.pending.push({ tx, first, last });
      this.drainSoon();
    } else if (kind === 's:' || kind === 't:') {
      for (const id of rest.split(',')) {
        const entries = this.byGrant.get(kind + id);
        if (entries) for (const entry of [...entries]) this.control(entry, 'session-ended');
      }
    }
  }

  private onReconnect(): void {
    if (this.closed) return;
    this.options.log.warn({ subscribers: this.all.size }, 'database listener reconnected: live streams resync');
    for (const entry of [...this.all]) this.control(entry, 'resync');
  }

  private drainSoon(): void {
    if (this.draining) return;
    this.draining = true;
    setImmediate(() => void this.drain());
  }

  /** Reads the pending batches' events with one query per turn and delivers them; loops while more arrive. */
  private async drain(): Promise<void> {
    try {
      while (this.pending.length > 0 && !this.closed) {
        const batches = this.pending.splice(0);
        let rows: EventRow[];
        try {
          rows = await this.load(batches);
        } catch (error) {
          if (this.closed) return;
          this.options.log.error({ err: error }, 'live events could not be read: streams resync');
          for (const entry of [...this.all]) this.control(entry, 'resync');
          continue;
        }
        for (const row of rows) this.deliver(toPublished(row));
      }
    } finally {
      this.draining = false;
      for (const event of this.ready.splice(0)) this.deliver(event);
    }
  }

  /** One primary-key range scan per batch (LATERAL: never a scan of the whole table, which a bulk seed fills). */
  private async load(batches: Batch[]): Promise<EventRow[]> {
    const { rows } = await sql<EventRow>`
      SELECT e.id::text AS event_id, e.type, e.entity_id, e.version, e.appointment_id, e.admins, e.user_ids::text[] AS user_ids
        FROM unnest(${batches.map((b) => b.tx)}::bigint[], ${batches.map((b) => b.first)}::bigint[], ${batches.map((b) => b.last)}::bigint[]) AS b(tx, first_id, last_id)
       CROSS JOIN LATERAL (
         SELECT * FROM live_events WHERE id BETWEEN b.first_id AND b.last_id AND tx = b.tx
       ) e
       ORDER BY e.id`.execute(this.options.db);
    return rows;
  }

  private deliver(event: PublishedEvent): void {
    if (this.all.size === 0) return;
    const targets = new Set<Entry>();
    if (event.audience.admins) for (const entry of this.admins) targets.add(entry);
    for (const userId of event.audience.userIds) {
      const entries = this.byUser.get(userId);
      if (entries) for (const entry of entries) targets.add(entry);
    }
    if (event.data.type === 'appointment.updated' && event.data.appointmentId) {
      const entries = this.byAppointment.get(event.data.appointmentId);
      if (entries) for (const entry of entries) targets.add(entry);
    }
    for (const entry of targets) {
      try {
        entry.handlers.onEvent(event);
      } catch (error) {
        this.options.log.error({ err: error }, 'live event subscriber failed');
      }
    }
  }

  private control(entry: Entry, control: Control): void {
    try {
      entry.handlers.onControl(control);
    } catch (error) {
      this.options.log.error({ err: error }, 'live event subscriber failed');
    }
  }
}

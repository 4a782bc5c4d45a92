import type { FastifyBaseLogger } from 'fastify';
import { LIVE_EVENT_TYPES, type LiveEventType } from '../contract/live';
import type { Unlisten } from '../db/connect';
import type { Db } from '../db/schema';
import { type EventRange, isEventId, LIVE_CHANNEL, parseNotification, toPublished } from './messages';
import { LiveEventRepository } from './repository';
import type { LiveEventHub, LiveSubscriber, LiveSubscription, PublishedEvent } from './types';

/** A replay longer than this answers null (the client resyncs: a full refetch is cheaper than a flood). */
export const MAX_REPLAY = 1000;

/**
 * Which kinds a tracking link's stream receives (its job's events only). A Record over the contract's kinds: a
 * kind added to contract/live.ts does not type-check until the hub says where it goes.
 */
const FOR_TRACKING_LINKS: Record<LiveEventType, boolean> = {
  'appointment.created': false,
  'appointment.updated': true,
  'timelog.changed': false,
  'notification.created': false,
  'stock.changed': false,
  'job.parts.changed': false,
  // The tracking page shows the job's estimate and takes decisions on it.
  'job.billing.changed': true,
};
export const TRACKING_LINK_KINDS: readonly LiveEventType[] = LIVE_EVENT_TYPES.filter((type) => FOR_TRACKING_LINKS[type]);

type Handlers = Parameters<LiveEventHub['subscribe']>[1];
type Control = Parameters<Handlers['onControl']>[0];

interface Entry {
  subscriber: LiveSubscriber;
  handlers: Handlers;
}

export interface LiveEventsOptions {
  db: Db;
  listen: (channel: string, onPayload: (payload: string) => void, onReconnect: () => void) => Promise<Unlisten>;
  log: FastifyBaseLogger;
  /** How long events are kept for Last-Event-ID (LIVE_EVENTS_KEPT); purged every so often, never in the hot path. */
  resumeWindowMs: number;
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
 * The hub (`app.liveEvents`): one database LISTEN per instance, subscribers indexed by user, appointment and what
 * they were opened with. Bulk writes' ranges are read once per event-loop turn, so a seed costs one query, not many.
 */
export class LiveEvents implements LiveEventHub {
  private readonly repository: LiveEventRepository;
  private readonly all = new Set<Entry>();
  private readonly admins = new Set<Entry>();
  private readonly byUser = new Map<string, Set<Entry>>();
  private readonly byGrant = new Map<string, Set<Entry>>();
  private readonly byAppointment = new Map<string, Set<Entry>>();
  private pending: EventRange[] = [];
  /** Events that arrived while ranges were being read: delivered after them. */
  private ready: PublishedEvent[] = [];
  private draining = false;
  private closed = false;
  private unlisten: Unlisten | undefined;
  private purgeTimer: NodeJS.Timeout | undefined;

  private constructor(private readonly options: LiveEventsOptions) {
    this.repository = new LiveEventRepository(options.db);
  }

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
    if (!isEventId(afterEventId)) return null;
    const horizon = await this.repository.horizon();
    // Older than what is kept, or an id this database never issued (another installation's, a reset database).
    if (!horizon || BigInt(afterEventId) < horizon.purgedThrough || BigInt(afterEventId) > horizon.issued) return null;
    const rows = await this.repository.after(subscriber, afterEventId, MAX_REPLAY + 1, TRACKING_LINK_KINDS);
    if (rows.length > MAX_REPLAY) return null;
    return rows.map(toPublished);
  }

  /** Deletes events older than the resume window (`olderThanMs`, default the configured one); returns how many. */
  purge(olderThanMs = this.options.resumeWindowMs): Promise<number> {
    return this.repository.purge(olderThanMs, () => this.closed);
  }

  /** Stops listening and purging; subscribers are left to their streams (closed by the events plugin's preClose). */
  async close(): Promise<void> {
    this.closed = true;
    clearInterval(this.purgeTimer);
    await this.unlisten?.();
  }

  private onNotification(payload: string): void {
    if (this.closed) return;
    const notification = parseNotification(payload);
    switch (notification?.kind) {
      case 'events':
        // Behind ranges still being read, so events leave in the order they came.
        if (this.draining) this.ready.push(...notification.events);
        else for (const event of notification.events) this.deliver(event);
        return;
      case 'unreadable':
        this.options.log.error('live events: unreadable notification: streams resync');
        this.resyncAll();
        return;
      case 'range':
        this.pending.push(notification.range);
        this.drainSoon();
        return;
      case 'revoked':
        for (const grant of notification.grants) {
          const entries = this.byGrant.get(grant);
          if (entries) for (const entry of [...entries]) this.control(entry, 'session-ended');
        }
        return;
      default:
        return;
    }
  }

  private onReconnect(): void {
    if (this.closed) return;
    this.options.log.warn({ subscribers: this.all.size }, 'database listener reconnected: live streams resync');
    this.resyncAll();
  }

  private resyncAll(): void {
    for (const entry of [...this.all]) this.control(entry, 'resync');
  }

  private drainSoon(): void {
    if (this.draining) return;
    this.draining = true;
    setImmediate(() => void this.drain());
  }

  /** Reads the pending ranges' events with one query per turn and delivers them; loops while more arrive. */
  private async drain(): Promise<void> {
    try {
      while (this.pending.length > 0 && !this.closed) {
        const ranges = this.pending.splice(0);
        let rows;
        try {
          rows = await this.repository.inRanges(ranges);
        } catch (error) {
          if (this.closed) return;
          this.options.log.error({ err: error }, 'live events could not be read: streams resync');
          this.resyncAll();
          continue;
        }
        for (const row of rows) this.deliver(toPublished(row));
      }
    } finally {
      this.draining = false;
      for (const event of this.ready.splice(0)) this.deliver(event);
    }
  }

  private deliver(event: PublishedEvent): void {
    if (this.all.size === 0) return;
    const targets = new Set<Entry>();
    if (event.audience.admins) for (const entry of this.admins) targets.add(entry);
    for (const userId of event.audience.userIds) {
      const entries = this.byUser.get(userId);
      if (entries) for (const entry of entries) targets.add(entry);
    }
    if (FOR_TRACKING_LINKS[event.data.type] && event.data.appointmentId) {
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

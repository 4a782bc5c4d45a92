import type { LiveEventData } from '../contract/live';

/** Who may receive a data event, as the database wrote it with the change (a reassigned job's old technician too). */
export interface LiveAudience {
  /** Every admin receives it (true for appointment and time-log events). */
  admins: boolean;
  /** Individual users who receive it (customer, technicians; a notification's recipient). */
  userIds: string[];
}

export interface PublishedEvent {
  /** Monotonic per database (the live_events row id), sent as the SSE `id:`. */
  eventId: string;
  data: LiveEventData;
  audience: LiveAudience;
}

/**
 * A stream's filter: a signed-in user's (their own audience) or a tracking link's (one appointment) — and what it
 * was opened with (the session, the link's token), whose revocation through any instance ends it.
 */
export type LiveSubscriber =
  | { kind: 'user'; userId: string; isAdmin: boolean; sessionId: string }
  | { kind: 'appointment'; appointmentId: string; token: string };

export interface LiveSubscription {
  unsubscribe(): void;
}

/** The process's fan-out of committed events (events/hub.ts), `app.liveEvents`. */
export interface LiveEventHub {
  /** `onEvent` for every event this subscriber may see; `onControl` for resync, and session-ended (its session or tracking link revoked). */
  subscribe(subscriber: LiveSubscriber, handlers: { onEvent(event: PublishedEvent): void; onControl(control: 'resync' | 'session-ended'): void }): LiveSubscription;
  /** Events after `afterEventId` this subscriber may see, oldest first; null when they are no longer kept (send resync). */
  replay(subscriber: LiveSubscriber, afterEventId: string): Promise<PublishedEvent[] | null>;
  /** Subscribers connected to this instance (for the bench and the health log). */
  readonly size: number;
}

/**
 * Live updates: GET /api/events, a `text/event-stream` read by the SPA with `fetch` streaming and the
 * normal `Authorization: Bearer` header (never a token in the URL); GET /api/track/:token/events, the same stream
 * scoped to one job's tracking link (no sign-in).
 *
 * Each message on the wire:
 *   id: <event id>          (a data event only; send it back as `Last-Event-ID` to resume after a short break)
 *   event: <type>           (one of LIVE_EVENT_TYPES or STREAM_CONTROL)
 *   data: <JSON>            (LiveEventData for a data event, {} or a small object for a control event)
 *
 * Events carry ids and versions only, never the data itself: the client refetches what it shows (RTK Query tag
 * invalidation), so there is one copy of the data and the server's authorization of each read stays the only one.
 */

export const LIVE_EVENT_TYPES = ['appointment.created', 'appointment.updated', 'timelog.changed', 'notification.created', 'stock.changed', 'job.parts.changed', 'job.billing.changed'] as const;
export type LiveEventType = (typeof LIVE_EVENT_TYPES)[number];

/** The `data` of a data event. */
export interface LiveEventData {
  type: LiveEventType;
  /**
   * The changed thing's id: the appointment, the time log, the notification, the part whose stock changed at some
   * centre (stock.changed, to admins), the job whose parts used or reserved changed (job.parts.changed), or the job
   * whose billing changed: estimate items, decisions, fees and discounts, its invoice or payments (job.billing.changed).
   */
  id: string;
  /** Its version after the change (a deleted time log: its last version; a notification and stock: 1; a job's parts: the job's). */
  version: number;
  /** The job concerned: the appointment itself, a time log's job (null: time not on a job), a notification's job, a job's parts' job. */
  appointmentId: string | null;
}

/** Control events: not data, not resumable (no `id:`). */
export const STREAM_CONTROL = {
  /** Every HEARTBEAT_INTERVAL_MS, so proxies keep the stream open and the client can tell a dead one. */
  heartbeat: 'heartbeat',
  /** The access token the stream was opened with has expired: the client refreshes it and reconnects. */
  tokenExpired: 'token-expired',
  /** The session was ended (logout, logout-all, revoked): the client stops. */
  sessionEnded: 'session-ended',
  /**
   * Events may have been missed (Last-Event-ID older than what the server keeps, or the server's own database
   * listener reconnected): the client refetches everything it shows.
   */
  resync: 'resync',
} as const;
export type StreamControl = (typeof STREAM_CONTROL)[keyof typeof STREAM_CONTROL];

export const HEARTBEAT_INTERVAL_MS = 25_000;

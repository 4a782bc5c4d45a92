import { LIVE_EVENT_TYPES, type LiveEventType } from '../contract/live';
import type { PublishedEvent } from './types';

/** The NOTIFY channel the live-event triggers send on (scoped by schema in db/connect.ts `listen`). */
export const LIVE_CHANNEL = 'carcare_live';

const KINDS: ReadonlySet<string> = new Set(LIVE_EVENT_TYPES);

/** Whether `type` is one of the contract's event kinds: the one list the triggers, the hub and the SPA share. */
export function isLiveEventType(type: unknown): type is LiveEventType {
  return typeof type === 'string' && KINDS.has(type);
}

/** A live_events row as the hub reads it. */
export interface EventRow {
  event_id: string;
  type: LiveEventType;
  entity_id: string;
  version: number;
  appointment_id: string | null;
  admins: boolean;
  user_ids: string[];
}

export function toPublished(row: EventRow): PublishedEvent {
  return {
    eventId: String(row.event_id),
    data: { type: row.type, id: row.entity_id, version: Number(row.version), appointmentId: row.appointment_id },
    audience: { admins: row.admins, userIds: row.user_ids },
  };
}

/** A bulk write's events: the live_events rows of transaction `tx` with ids `first`…`last`. */
export interface EventRange {
  tx: string;
  first: string;
  last: string;
}

/**
 * A notification on the live channel: a change's events (`d:` + JSON), a bulk write's range to read (`e:`), or
 * revoked sessions / tracking links (`s:` / `t:`). `unreadable` makes every stream refetch, so it must stay rare.
 */
export type LiveNotification =
  | { kind: 'events'; events: PublishedEvent[] }
  | { kind: 'unreadable' }
  | { kind: 'range'; range: EventRange }
  | { kind: 'revoked'; grants: string[] };

const DIGITS = /^\d{1,18}$/;

/** Whether `value` is an event id this database could have issued (a bigint, as text). */
export function isEventId(value: string): boolean {
  return DIGITS.test(value);
}

export function parseNotification(payload: string): LiveNotification | null {
  const [prefix, rest] = [payload.slice(0, 2), payload.slice(2)];
  switch (prefix) {
    case 'd:': {
      const events = parseEvents(rest);
      return events === null ? { kind: 'unreadable' } : { kind: 'events', events };
    }
    case 'e:': {
      const [tx, first, last] = rest.split(':');
      if (!isEventId(tx ?? '') || !isEventId(first ?? '') || !isEventId(last ?? '')) return null;
      return { kind: 'range', range: { tx, first, last } };
    }
    case 's:':
    case 't:':
      return { kind: 'revoked', grants: rest.split(',').map((id) => prefix + id) };
    default:
      return null;
  }
}

/** The events of a `d:` notification; null when it is not what the trigger writes. */
export function parseEvents(json: string): PublishedEvent[] | null {
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
    if (typeof id !== 'string' || !isLiveEventType(type) || typeof entityId !== 'string' || typeof version !== 'number') return null;
    if ((appointmentId !== null && typeof appointmentId !== 'string') || typeof admins !== 'boolean' || !Array.isArray(userIds)) return null;
    events.push(toPublished({ event_id: id, type, entity_id: entityId, version, appointment_id: appointmentId, admins, user_ids: userIds.map(String) }));
  }
  return events;
}

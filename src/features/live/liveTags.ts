import type { LiveEventData, LiveEventType } from '@contract/live';
import type { api } from '@/api/api';

/** One tag as RTK Query's invalidateTags takes it. */
export type LiveTag = NonNullable<Parameters<typeof api.util.invalidateTags>[0][number]>;

/**
 * What an event makes stale: the changed thing's own tag and every list that shows it — the same tags a mutation
 * of that thing invalidates in this tab (features/jobs/jobsApi.ts, timeLogs, timesheets), so another person's change
 * refetches exactly what this person's own change would. The job lists (board columns, My Services, Assigned
 * Services, counts, availability) provide the type-wide 'Appointment' tag, the technicians' workload 'Employee',
 * the analytics page 'Analytics'.
 */
export function tagsForEvent(type: LiveEventType, event: Pick<LiveEventData, 'id'>): LiveTag[] {
  switch (type) {
    case 'appointment.created':
      // A booking can add a vehicle to its customer's list.
      return [{ type: 'Appointment', id: event.id }, 'Appointment', 'Vehicle', 'History', 'Analytics'];
    case 'appointment.updated':
      return [{ type: 'Appointment', id: event.id }, 'Appointment', 'Employee', 'History', 'Analytics'];
    case 'timelog.changed':
      return [{ type: 'TimeLog', id: event.id }, 'TimeLog', 'TimeLogReview', 'Analytics'];
    case 'notification.created':
      return ['Notification'];
  }
}

/**
 * After a break (or a `resync` from the server) events may have been missed: every tag a list of server data
 * provides is invalidated, so each list on screen refetches once (lists nobody shows are only marked stale).
 * Not the profile, the sessions or the catalogue: no event changes those.
 */
export const RESYNC_TAGS: readonly LiveTag[] = [
  'Appointment',
  'Vehicle',
  'Employee',
  'History',
  'Analytics',
  'TimeLog',
  'TimeLogReview',
  'Notification',
  'TrackingLink',
];

/** A stable key per tag, to merge a burst of events into one invalidation. */
export function tagKey(tag: LiveTag): string {
  return typeof tag === 'string' ? tag : `${tag.type}:${String(tag.id ?? '')}`;
}

import type { LiveEventType } from '@contract/live';
import type { api } from '@/api/api';

/** A tag type as RTK Query's invalidateTags takes it (every list provides type-wide tags, none per id). */
export type LiveTag = NonNullable<Parameters<typeof api.util.invalidateTags>[0][number]> & string;

/**
 * What an event makes stale: the same tags a mutation of that thing invalidates in this tab, so another person's
 * change refetches exactly what this person's own change would — a booking as bookAppointment (the job lists,
 * counts, availability, analytics and tracking link provide 'Appointment'; a booking can add a vehicle), a job's
 * change as the status/assign/reschedule/cancel mutations (and the technicians' workload, 'Employee'), a time log
 * as the review mutations (the technician's logs and the admin's review queue; analytics provides both too).
 */
export function tagsForEvent(type: LiveEventType): LiveTag[] {
  switch (type) {
    case 'appointment.created':
      return ['Appointment', 'Vehicle'];
    case 'appointment.updated':
      return ['Appointment', 'Employee'];
    case 'timelog.changed':
      return ['TimeLog', 'TimeLogReview'];
    case 'notification.created':
      return ['Notification'];
  }
}

/**
 * After a break (or a `resync` from the server) events may have been missed: every tag an event can invalidate,
 * so each list on screen refetches once (lists nobody shows are only marked stale). Not the profile, the sessions,
 * the catalogue or the contact messages: no event changes those.
 */
export const RESYNC_TAGS: readonly LiveTag[] = ['Appointment', 'Vehicle', 'Employee', 'TimeLog', 'TimeLogReview', 'Notification'];

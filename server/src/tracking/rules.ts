import type { JobHistoryEvent } from '../contract/reports';
import type { Stage } from '../contract/statuses';

/**
 * The public tracking page's words for a job's history (migration 0006's events), in the customer's terms:
 * who did it is never shown, and a technician is "assigned" without a name (the page shows the first name once).
 */
const EVENT_LABELS: Record<JobHistoryEvent, string> = {
  BOOKED: 'Booked',
  ASSIGNED: 'Technician assigned',
  UNASSIGNED: 'Awaiting a technician',
  RESCHEDULED: 'Rescheduled',
  STARTED: 'Work started',
  STAGE_CHANGED: 'Work in progress',
  COMPLETED: 'Completed',
  REOPENED: 'Reopened',
  WORK_RESET: 'Back to not started',
  CANCELLED: 'Cancelled',
  STATUS_CHANGED: 'Status updated',
};

const STAGE_CHANGE_LABELS: Record<Stage, string> = {
  IN_PROGRESS: 'Work in progress',
  AWAITING_PARTS: 'Awaiting parts',
  QUALITY_CHECK: 'Quality check',
};

/** "Booked", "Technician assigned", "Work started", "Awaiting parts", "Quality check", "Completed"… */
export function timelineLabel(event: JobHistoryEvent, stage: Stage | null): string {
  if (event === 'STAGE_CHANGED' && stage !== null) return STAGE_CHANGE_LABELS[stage];
  return EVENT_LABELS[event];
}

/** "Nimal Perera" → "Nimal": the only part of a technician's name the public page shows. */
export function firstName(fullName: string): string {
  return fullName.trim().split(/\s+/)[0] ?? '';
}

import type { JobHistoryEvent } from '../contract/reports';
import type { Stage } from '../contract/statuses';
import { STAGE_LABELS } from '../reports/format';

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

/**
 * "Booked", "Technician assigned", "Work started", "Awaiting Parts", "Quality Check", "Completed"… A stage change
 * is named as the app names the stage everywhere (spec §4's substatuses; the page's own status line says
 * "In Progress · Awaiting Parts" above it).
 */
export function timelineLabel(event: JobHistoryEvent, stage: Stage | null): string {
  if (event === 'STAGE_CHANGED' && stage !== null) return STAGE_LABELS[stage];
  return EVENT_LABELS[event];
}

/** "Nimal Perera" → "Nimal": the only part of a technician's name the public page shows. */
export function firstName(fullName: string): string {
  return fullName.trim().split(/\s+/)[0] ?? '';
}

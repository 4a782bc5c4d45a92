import { isoAt, toIso } from '../clock';
import type { JobHistoryEvent } from '../contract/reports';
import type { Stage } from '../contract/statuses';
import { TRACKING_LINK_TTL_AFTER_COMPLETION_DAYS } from '../contract/tracking';
import { STAGE_LABELS } from '../reports/format';
import { shopInstant } from '../shopTime';

const DAY_MS = 86_400_000;
export const TRACKING_LINK_TTL_MS = TRACKING_LINK_TTL_AFTER_COMPLETION_DAYS * DAY_MS;

/** Only a string of the token's shape is ever looked up (anything else is "not found" without a query). */
export function isTrackingTokenShape(token: string): boolean {
  return /^[A-Za-z0-9_-]{22}$/.test(token);
}

/** When a job's link stops working: TTL after it was completed (or cancelled); null while the job is open. */
export function linkExpiry(job: { status: string; completed_at: Date | null; cancelled_at: Date | null }): number | null {
  const ended = job.status === 'COMPLETED' ? job.completed_at : job.status === 'CANCELLED' ? job.cancelled_at : null;
  return ended === null ? null : new Date(ended).getTime() + TRACKING_LINK_TTL_MS;
}

/** Done: when it was; cancelled: none; else the technician's estimate, or the slot's start plus the service's duration. */
export function completionEstimate(
  job: { status: string; date: string; slot: string; estimated_completion: Date | null; completed_at: Date | null },
  durationMinutes: number,
  timeZone: string,
): string | null {
  if (job.status === 'CANCELLED') return null;
  if (job.status === 'COMPLETED' && job.completed_at !== null) return toIso(job.completed_at);
  if (job.estimated_completion !== null) return toIso(job.estimated_completion);
  return isoAt(shopInstant(timeZone, job.date, job.slot) + durationMinutes * 60_000);
}

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

/**
 * The job lifecycle's rules, free of I/O: when a date and slot may be booked, and what a status change does.
 * The service applies them inside its transactions; the database's constraints back them up.
 */
import { isoAt, toIso } from '../clock';
import { BOOKING_WINDOW_DAYS } from '../contract/appointments';
import { type AppointmentStatus, type Stage, STATUS_OF_TECHNICIAN_STATUS, type TechnicianStatus } from '../contract/statuses';
import { calendarDaysBetween, type ShopNow } from '../shopTime';
import { ConflictError, type FieldErrors, invalidField } from '../domain/errors';

/** Spec §9: starting a job sets its estimated completion one hour ahead. */
export const ESTIMATE_AFTER_START_MS = 60 * 60 * 1000;

/** Progress shown on the admin board while a job is in progress, by stage, unless the technician gives one. */
export const PROGRESS_BY_STAGE: Record<Stage, number> = {
  IN_PROGRESS: 25,
  AWAITING_PARTS: 50,
  QUALITY_CHECK: 90,
  AWAITING_APPROVAL: 50,
};

/**
 * Why a date and slot cannot be booked, by field (empty when they can): bookings run from now until
 * BOOKING_WINDOW_DAYS ahead, and today's slots until they start.
 */
export function bookingTimeErrors(date: string, slot: string, now: ShopNow): FieldErrors {
  const days = calendarDaysBetween(now.date, date);
  if (days < 0) return { date: 'Service date cannot be in the past' };
  if (days > BOOKING_WINDOW_DAYS) return { date: `Service date must be within the next ${BOOKING_WINDOW_DAYS} days` };
  if (days === 0 && slot <= now.time) return { slot: 'That time slot has already started. Please choose a later one.' };
  return {};
}

/** Jobs that have not started may be cancelled or moved. */
export function isChangeableBooking(status: AppointmentStatus): boolean {
  return status === 'PENDING' || status === 'CONFIRMED';
}

export interface JobState {
  status: AppointmentStatus;
  stage: Stage | null;
  progress: number | null;
  startedAt: string | null;
  estimatedCompletion: string | null;
  completedAt: string | null;
}

/** The lifecycle fields of a stored job. */
export function jobStateOf(row: {
  status: AppointmentStatus;
  stage: Stage | null;
  progress: number | null;
  started_at: Date | null;
  estimated_completion: Date | null;
  completed_at: Date | null;
}): JobState {
  const iso = (value: Date | null) => (value === null ? null : toIso(value));
  return {
    status: row.status,
    stage: row.stage,
    progress: row.progress,
    startedAt: iso(row.started_at),
    estimatedCompletion: iso(row.estimated_completion),
    completedAt: iso(row.completed_at),
  };
}

export interface StatusRequest {
  status: TechnicianStatus;
  stage?: Stage;
  progress?: number;
}

/**
 * What a technician's status change does to a job; null when nothing would change. Any of the three statuses may
 * be picked (spec §4), so a completed job can be reopened and going back to not started clears the work record.
 */
export function nextJobState(current: JobState, request: StatusRequest, nowMs: number): JobState | null {
  if (current.status === 'PENDING') throw new ConflictError('Assign a technician before changing the status.');
  if (current.status === 'CANCELLED') throw new ConflictError('This appointment was cancelled.');
  const status = STATUS_OF_TECHNICIAN_STATUS[request.status];
  if (status !== 'IN_PROGRESS' && (request.stage !== undefined || request.progress !== undefined)) {
    throw invalidField(request.stage !== undefined ? 'stage' : 'progress', 'Stage and progress apply only to a job in progress');
  }
  const now = isoAt(nowMs);

  switch (status) {
    case 'CONFIRMED':
      if (current.status === 'CONFIRMED') return null;
      return { status, stage: null, progress: null, startedAt: null, estimatedCompletion: null, completedAt: null };
    case 'COMPLETED':
      if (current.status === 'COMPLETED') return null;
      return { ...current, status, stage: null, progress: 100, startedAt: current.startedAt ?? now, completedAt: now };
    case 'IN_PROGRESS': {
      const stage = request.stage ?? (current.status === 'IN_PROGRESS' ? (current.stage ?? 'IN_PROGRESS') : 'IN_PROGRESS');
      const progress = request.progress ?? (current.status === 'IN_PROGRESS' && stage === current.stage ? current.progress : PROGRESS_BY_STAGE[stage]);
      if (current.status === 'IN_PROGRESS' && stage === current.stage && progress === current.progress) return null;
      if (current.status === 'CONFIRMED') {
        return { status, stage, progress, startedAt: now, estimatedCompletion: new Date(nowMs + ESTIMATE_AFTER_START_MS).toISOString(), completedAt: null };
      }
      if (current.status === 'COMPLETED') {
        return { status, stage, progress, startedAt: current.startedAt, estimatedCompletion: new Date(nowMs + ESTIMATE_AFTER_START_MS).toISOString(), completedAt: null };
      }
      return { ...current, stage, progress };
    }
    default:
      throw new ConflictError('That status cannot be set here.');
  }
}

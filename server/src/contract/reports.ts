/**
 * The service report (issue 17): GET /api/appointments/:id/report answers the job's report as a PDF
 * (`application/pdf`, downloaded as an attachment), to the same people GET /api/appointments/:id answers.
 * The report's stage history comes from the job history (migration 0006): one entry per change of a job.
 */
import { type Static, Type } from 'typebox';
import { StringEnum } from './common';

/**
 * What happened to a job, one entry per change (written by the database in the same transaction as the change):
 * - BOOKED: the customer booked it (PENDING);
 * - ASSIGNED / UNASSIGNED: a technician was given the job / taken off it (a deactivated technician's jobs not
 *   started yet, or a move to a time the technician is busy);
 * - RESCHEDULED: moved to another date and slot (`fromDate`/`fromSlot` → `toDate`/`toSlot`);
 * - STARTED: the work started (IN_PROGRESS, at `stage`); STAGE_CHANGED: the job in progress moved to `stage`
 *   (e.g. AWAITING_PARTS, QUALITY_CHECK); COMPLETED; REOPENED: a completed job went back to in progress;
 *   WORK_RESET: back to not started (the work record cleared);
 * - CANCELLED; STATUS_CHANGED: any other change of status (none today).
 */
export const JOB_HISTORY_EVENTS = [
  'BOOKED',
  'ASSIGNED',
  'UNASSIGNED',
  'RESCHEDULED',
  'STARTED',
  'STAGE_CHANGED',
  'COMPLETED',
  'REOPENED',
  'WORK_RESET',
  'CANCELLED',
  'STATUS_CHANGED',
] as const;
export type JobHistoryEvent = (typeof JOB_HISTORY_EVENTS)[number];

export const REPORT_MESSAGES = {
  /** The same answer as GET /api/appointments/:id for a job the caller may not see. */
  notFound: 'Appointment not found',
} as const;

/** The report's file name: `carcare-report-<plate>-<date>.pdf`, only letters, digits, dots and hyphens. */
export const REPORT_FILE_PREFIX = 'carcare-report';

/** The PDF itself (binary); the schema only documents it. */
export const ReportPdf = Type.Unsafe<Buffer>({ type: 'string', format: 'binary', contentMediaType: 'application/pdf' });

/** One entry of a job's history as the report shows it. */
export const JobHistoryEntry = Type.Object({
  event: StringEnum(JOB_HISTORY_EVENTS),
  /** ISO 8601 instant. */
  occurredAt: Type.String(),
  /** The person who made the change, when known (the demo workshop's and older jobs' entries have none). */
  actor: Type.Optional(Type.Object({ id: Type.String(), fullName: Type.String() })),
  /** The technician concerned: the one assigned or taken off, otherwise the one assigned at the time. */
  technician: Type.Optional(Type.Object({ id: Type.String(), fullName: Type.String() })),
  status: Type.String(),
  stage: Type.Optional(Type.String()),
  fromDate: Type.Optional(Type.String()),
  fromSlot: Type.Optional(Type.String()),
  toDate: Type.Optional(Type.String()),
  toSlot: Type.Optional(Type.String()),
});
export type JobHistoryEntry = Static<typeof JobHistoryEntry>;

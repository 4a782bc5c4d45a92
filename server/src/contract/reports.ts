/**
 * The service report: GET /api/appointments/:id/report answers the job's report as a PDF
 * (`application/pdf`, downloaded as an attachment), to the same people GET /api/appointments/:id answers.
 * The report's stage history comes from the job history (migration 0006): one entry per change of a job.
 * The route's answers are a PDF or the contract's errors, so there is no response schema here; these are the
 * history's vocabulary (also the database's CHECK) and the file name's prefix.
 */

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

/** The report's file name: `carcare-report-<plate>-<date>.pdf`, only ASCII letters, digits and hyphens. */
export const REPORT_FILE_PREFIX = 'carcare-report';

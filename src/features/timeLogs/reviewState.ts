import type { TimeLogReviewState } from '@contract/timeLogs';

/** How a log's review state reads on every screen. */
export const REVIEW_STATE_LABELS: Record<TimeLogReviewState, string> = {
  SUBMITTED: 'Submitted',
  APPROVED: 'Approved',
  REJECTED: 'Rejected',
};

/** An approved log is final: the technician can no longer edit or delete it (the server answers 409). */
export function isLocked(log: { reviewState: TimeLogReviewState }): boolean {
  return log.reviewState === 'APPROVED';
}

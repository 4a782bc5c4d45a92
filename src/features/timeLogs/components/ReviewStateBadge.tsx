import { memo } from 'react';
import { CircleCheck, CircleDashed, CircleX } from 'lucide-react';
import type { TimeLogReviewState } from '@contract/timeLogs';
import { Badge, type BadgeTone } from '@/components/Badge';
import { REVIEW_STATE_LABELS } from '../reviewState';

const icons = { SUBMITTED: CircleDashed, APPROVED: CircleCheck, REJECTED: CircleX } as const;
const tones: Record<TimeLogReviewState, BadgeTone> = { SUBMITTED: 'info', APPROVED: 'success', REJECTED: 'danger' };

/** A log's review state as a pill: icon and text ("Submitted", "Approved", "Rejected"), never colour alone. */
export const ReviewStateBadge = memo(function ReviewStateBadge({ state, className }: { state: TimeLogReviewState; className?: string }) {
  return (
    <Badge tone={tones[state]} icon={icons[state]} className={className}>
      {REVIEW_STATE_LABELS[state]}
    </Badge>
  );
});

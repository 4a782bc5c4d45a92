import { memo } from 'react';
import { CircleCheck, CircleDashed, CircleX, Clock, LoaderCircle } from 'lucide-react';
import { Badge, type BadgeTone } from '@/components/Badge';
import { JOB_STATUS_WORDS, type JobStatusWord } from '../labels';

const ICONS = { not_completed: Clock, completed: CircleCheck, cancelled: CircleX, not_started: CircleDashed, in_progress: LoaderCircle } as const;
const TONES: Record<JobStatusWord, BadgeTone> = {
  not_completed: 'warning',
  completed: 'success',
  cancelled: 'neutral',
  not_started: 'neutral',
  in_progress: 'info',
};

/** A job's status as the viewer's role words it, as a pill: icon and text, never colour alone. */
export const JobStatusBadge = memo(function JobStatusBadge({ status }: { status: JobStatusWord }) {
  return (
    <Badge tone={TONES[status]} icon={ICONS[status]}>
      {JOB_STATUS_WORDS[status]}
    </Badge>
  );
});

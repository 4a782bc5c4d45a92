import { memo } from 'react';
import { CircleCheck, CircleDashed, LoaderCircle } from 'lucide-react';
import type { TechnicianStatus } from '@contract/statuses';
import { Badge, type BadgeTone } from '@/components/Badge';
import { TECHNICIAN_STATUS_LABELS } from '@/features/jobs/labels';

const icons = { not_started: CircleDashed, in_progress: LoaderCircle, completed: CircleCheck } as const;
const tones: Record<TechnicianStatus, BadgeTone> = { not_started: 'neutral', in_progress: 'info', completed: 'success' };

/** A coloured pill with the status's human label (colour is never the only cue: icon + text). */
function StatusBadge({ status }: { status: TechnicianStatus }) {
  return (
    <Badge tone={tones[status]} icon={icons[status]}>
      {TECHNICIAN_STATUS_LABELS[status]}
    </Badge>
  );
}

export default memo(StatusBadge);

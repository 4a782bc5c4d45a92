import { CircleCheck, CircleX, Clock } from 'lucide-react';
import { Badge, type BadgeTone } from '@/components/Badge';
import { CUSTOMER_STATUS_LABELS, type CustomerStatus } from '@/features/jobs/labels';

const ICONS = { not_completed: Clock, completed: CircleCheck, cancelled: CircleX } as const;
const TONES: Record<CustomerStatus, BadgeTone> = { not_completed: 'warning', completed: 'success', cancelled: 'neutral' };

/** A readable status pill: "Not Completed" / "Completed" / "Cancelled" (text, not colour alone). */
export function StatusBadge({ status }: { status: CustomerStatus }) {
  return (
    <Badge tone={TONES[status]} icon={ICONS[status]}>
      {CUSTOMER_STATUS_LABELS[status]}
    </Badge>
  );
}

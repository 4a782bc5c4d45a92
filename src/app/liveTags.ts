import type { LiveEventType } from '@contract/live';
import type { InventoryTag } from '@/features/inventory';
import type { JobTag } from '@/features/jobs';
import type { NotificationTag } from '@/features/notifications';
import type { TimeLogTag } from '@/features/timeLogs';

type LiveTag = JobTag | TimeLogTag | NotificationTag | InventoryTag;

/**
 * What another person's change makes stale here: the tags the same change made in this tab invalidates. Typed by
 * the contract's list of kinds, so a new kind fails the type-check until it is given its tags.
 */
export const LIVE_TAGS: Readonly<Record<LiveEventType, readonly LiveTag[]>> = {
  'appointment.created': ['Job', 'Vehicle'],
  'appointment.updated': ['Job', 'Employee'],
  'timelog.changed': ['TimeLog', 'TimeLogReview'],
  'notification.created': ['Notification'],
  'stock.changed': ['Part', 'StockMovement'],
  'job.parts.changed': ['Part', 'StockMovement'],
};

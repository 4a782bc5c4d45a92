import type { LiveEventType } from '@contract/live';
import type { BillingTag } from '@/features/billing';
import type { InventoryTag, JobPartsTag, PurchasingTag } from '@/features/inventory';
import type { JobTag } from '@/features/jobs';
import type { NotificationTag } from '@/features/notifications';
import type { TimeLogTag } from '@/features/timeLogs';

type LiveTag = JobTag | TimeLogTag | NotificationTag | InventoryTag | JobPartsTag | PurchasingTag | BillingTag;

/**
 * What another person's change makes stale here: the tags the same change made in this tab invalidates. Typed by
 * the contract's list of kinds, so a new kind fails the type-check until it is given its tags.
 */
export const LIVE_TAGS: Readonly<Record<LiveEventType, readonly LiveTag[]>> = {
  // A booking or a change of date, centre or status changes which jobs are short of their kit.
  'appointment.created': ['Job', 'Vehicle', 'Shortage'],
  'appointment.updated': ['Job', 'Employee', 'Shortage'],
  'timelog.changed': ['TimeLog', 'TimeLogReview'],
  'notification.created': ['Notification'],
  // Stock received on an order changes the order and the reorder suggestions.
  'stock.changed': ['Part', 'StockMovement', 'Shortage', 'Suggestion', 'PurchaseOrder'],
  'job.parts.changed': ['Part', 'StockMovement', 'JobParts', 'Shortage'],
  'job.billing.changed': ['Billing', 'BillingSummary', 'Invoice'],
};

import { LIVE_EVENT_TYPES } from '@contract/live';
import { LIVE_TAGS } from '@/app/liveTags';
import { BILLING_TAG_TYPES } from '@/features/billing/billingTags';
import { INVENTORY_TAG_TYPES } from '@/features/inventory/inventoryApi';
import { JOB_PARTS_TAG_TYPES } from '@/features/inventory/jobPartsApi';
import { PURCHASING_TAG_TYPES } from '@/features/inventory/purchasingApi';
import { JOB_TAG_TYPES } from '@/features/jobs/jobsApi';
import { NOTIFICATION_TAG_TYPES } from '@/features/notifications/notificationsApi';
import { TIME_LOG_TAG_TYPES } from '@/features/timeLogs/timeLogsApi';

describe('the live event kinds', () => {
  test("each event invalidates what the same change made in this tab does (the lists provide type-wide tags)", () => {
    expect(LIVE_TAGS['appointment.created']).toEqual(['Job', 'Vehicle', 'Shortage']);
    expect(LIVE_TAGS['appointment.updated']).toEqual(['Job', 'Employee', 'Shortage']);
    expect(LIVE_TAGS['timelog.changed']).toEqual(['TimeLog', 'TimeLogReview']);
    expect(LIVE_TAGS['notification.created']).toEqual(['Notification']);
    expect(LIVE_TAGS['stock.changed']).toEqual(['Part', 'StockMovement', 'Shortage', 'Suggestion', 'PurchaseOrder']);
    expect(LIVE_TAGS['job.parts.changed']).toEqual(['Part', 'StockMovement', 'JobParts', 'Shortage']);
    expect(LIVE_TAGS['job.billing.changed']).toEqual(['Billing', 'BillingSummary', 'Invoice']);
  });

  test.each(LIVE_EVENT_TYPES)('the contract’s kind %s makes a domain’s tags stale', (kind) => {
    const owned = new Set<string>([...JOB_TAG_TYPES, ...TIME_LOG_TAG_TYPES, ...NOTIFICATION_TAG_TYPES, ...INVENTORY_TAG_TYPES, ...JOB_PARTS_TAG_TYPES, ...PURCHASING_TAG_TYPES, ...BILLING_TAG_TYPES]);
    expect(LIVE_TAGS[kind].length).toBeGreaterThan(0);
    for (const tag of LIVE_TAGS[kind]) expect(owned).toContain(tag);
  });

  test('the map has no kind the contract does not list', () => {
    expect(Object.keys(LIVE_TAGS).sort()).toEqual([...LIVE_EVENT_TYPES].sort());
  });
});

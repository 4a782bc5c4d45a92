import { LiveIndicator } from '@/features/live';
import { OfflineBanner } from '@/features/offline';
import { LIVE_TAGS } from '@/app/liveTags';

export { NotificationBell, NotificationsPanel } from '@/features/notifications';

/** The offline banner, and the live indicator wired to the tags each event kind makes stale. */
export function LiveStatus({ offline }: { offline: 'queue' | 'readOnly' }) {
  return (
    <>
      <OfflineBanner mode={offline} />
      <LiveIndicator tags={LIVE_TAGS} />
    </>
  );
}

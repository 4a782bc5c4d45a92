import { selectCurrentUser } from '@/features/auth';
import { LiveIndicator } from '@/features/live';
import { OfflineBanner } from '@/features/offline';
import { useAppSelector } from '@/store/hooks';
import { LIVE_TAGS } from '@/app/liveTags';

export { NotificationBell, NotificationsPanel } from '@/features/notifications';

/**
 * The header's connection status: the offline banner (it starts the tab's offline machinery) and the live indicator
 * wired to the tags each event kind makes stale. Offline, a technician's time and status changes are kept and sent
 * later; everyone else's are turned off.
 */
export function LiveStatus() {
  const technician = useAppSelector(selectCurrentUser)?.roles.includes('EMPLOYEE') ?? false;
  return (
    <>
      <OfflineBanner mode={technician ? 'queue' : 'readOnly'} />
      <LiveIndicator tags={LIVE_TAGS} />
    </>
  );
}

import { useEffect } from 'react';
import { getAppStore } from '@/app/appStore';
import { selectCurrentUser } from '@/features/auth';
import { LiveIndicator } from '@/features/live';
import { OfflineBanner } from '@/features/offline';
import { useAppSelector } from '@/store/hooks';
import { LIVE_TAGS } from '@/app/liveTags';

export { NotificationBell, NotificationsPanel } from '@/features/notifications';

/**
 * The header's connection status: the offline banner (it starts the tab's offline machinery) and the live indicator
 * wired to the tags each event kind makes stale. Offline, a technician's time and status changes are kept and sent
 * later; everyone else's are turned off. With it (in the header of every signed-in page, loaded after the page) the
 * signed-in user's answers start being kept on the device, wherever the visit began.
 */
export function LiveStatus() {
  const technician = useAppSelector(selectCurrentUser)?.roles.includes('EMPLOYEE') ?? false;
  useEffect(() => {
    void import(/* webpackChunkName: "device-data" */ '@/app/deviceData').then((m) => m.keptOnDevice(getAppStore().store));
  }, []);
  return (
    <>
      <OfflineBanner mode={technician ? 'queue' : 'readOnly'} />
      <LiveIndicator tags={LIVE_TAGS} />
    </>
  );
}

import { useEffect } from 'react';
import { LiveIndicator } from '@/features/live';
import { getAppStore } from '@/app/appStore';
import { LIVE_TAGS } from '@/app/liveTags';

export { NotificationBell, NotificationsPanel } from '@/features/notifications';

/**
 * The live indicator, wired to the tags each event kind makes stale. With it (in the header of every signed-in page,
 * loaded after the page) the signed-in user's answers start being kept on the device, wherever the visit began.
 */
export function LiveStatus() {
  useEffect(() => {
    void import(/* webpackChunkName: "device-data" */ '@/app/deviceData').then((m) => m.keptOnDevice(getAppStore().store));
  }, []);
  return <LiveIndicator tags={LIVE_TAGS} />;
}

import { LiveIndicator } from '@/features/live';
import { LIVE_TAGS } from '@/app/liveTags';

export { NotificationBell, NotificationsPanel } from '@/features/notifications';

/** The live indicator, wired to the tags each event kind makes stale. */
export function LiveStatus() {
  return <LiveIndicator tags={LIVE_TAGS} />;
}

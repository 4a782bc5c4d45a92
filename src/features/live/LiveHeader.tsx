import { lazy, Suspense } from 'react';
import type { LiveTagMap } from './liveTags';
import styles from './LiveHeader.module.css';

// The bell, its panel and the live listener load as one chunk after the signed-in layout has rendered: the
// layouts' own chunks (which every signed-in route lists up front) stay as they were, and the page's first
// render does not wait for them.
const NotificationBell = lazy(() =>
  import(/* webpackChunkName: "live" */ '@/features/notifications/NotificationBell').then((m) => ({ default: m.NotificationBell })),
);
const LiveIndicator = lazy(() => import(/* webpackChunkName: "live" */ './LiveIndicator').then((m) => ({ default: m.LiveIndicator })));

/** The header's notifications bell (a same-sized blank while its code loads, so nothing moves). */
export function HeaderBell() {
  return (
    <Suspense fallback={<span className={styles.bellSpace} aria-hidden="true" />}>
      <NotificationBell />
    </Suspense>
  );
}

/** The header's live updates status; rendering it starts the tab's live listener, which invalidates `tags`. */
export function HeaderLiveStatus({ tags }: { tags: LiveTagMap }) {
  return (
    <Suspense fallback={null}>
      <LiveIndicator tags={tags} />
    </Suspense>
  );
}

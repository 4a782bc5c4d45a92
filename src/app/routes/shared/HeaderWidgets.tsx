import { lazy, Suspense } from 'react';
import styles from './HeaderWidgets.module.css';

// The bell, its panel and the live listener load as one chunk once the signed-in frame has rendered: the frame's own
// chunks stay as they were, and the page's first render does not wait for them.
const NotificationBell = lazy(() => import(/* webpackChunkName: "live" */ './liveWidgets').then((m) => ({ default: m.NotificationBell })));
const LiveStatus = lazy(() => import(/* webpackChunkName: "live" */ './liveWidgets').then((m) => ({ default: m.LiveStatus })));

/** The header's notifications bell (a same-sized blank while its code loads, so nothing moves). */
export function HeaderBell() {
  return (
    <Suspense fallback={<span className={styles.bellSpace} aria-hidden="true" />}>
      <NotificationBell />
    </Suspense>
  );
}

/** The header's live updates status; rendering it starts the tab's live listener. */
export function HeaderLiveStatus() {
  return (
    <Suspense fallback={null}>
      <LiveStatus />
    </Suspense>
  );
}

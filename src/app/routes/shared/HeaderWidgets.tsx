import { lazy, Suspense } from 'react';
import { UserCog } from 'lucide-react';
import { NavLink } from 'react-router-dom';
import * as paths from '@/config/paths';
import { authApi } from '@/features/auth';
import { afterFirstPaint } from '@/lib/afterFirstPaint';
import { cx } from '@/lib/classNames';
import styles from './HeaderWidgets.module.css';

// The bell, its panel and the live listener load as one chunk once the signed-in page has painted: the frame's own
// chunks stay as they were, and neither the page's first render nor its first paint waits for them or their work.
const liveWidgets = () => afterFirstPaint().then(() => import(/* webpackChunkName: "live" */ './liveWidgets'));
const NotificationBell = lazy(() => liveWidgets().then((m) => ({ default: m.NotificationBell })));
const LiveStatus = lazy(() => liveWidgets().then((m) => ({ default: m.LiveStatus })));
const VerifyEmailBanner = lazy(() => import(/* webpackChunkName: "account-banner" */ './accountWidgets').then((m) => ({ default: m.VerifyEmailBanner })));

/** The header's notifications bell (a same-sized blank while its code loads, so nothing moves). */
export function HeaderBell() {
  return (
    <Suspense fallback={<span className={styles.bellSpace} aria-hidden="true" />}>
      <NotificationBell />
    </Suspense>
  );
}

/** The header's offline banner and live updates status; rendering it starts the tab's live listener and offline machinery. */
export function HeaderLiveStatus() {
  return (
    <Suspense fallback={null}>
      <LiveStatus />
    </Suspense>
  );
}

/** The header link Account (to Account settings): its text beside the icon, visually hidden on narrow phones. */
export function HeaderAccountLink() {
  return (
    <NavLink to={paths.account} className={({ isActive }) => cx(styles.account, isActive && styles.active)}>
      <UserCog aria-hidden="true" />
      <span className={styles.accountText}>Account</span>
    </NavLink>
  );
}

/**
 * "Verify your e-mail address" on every page while the profile says the address is not verified; the banner's code
 * loads only then.
 */
export function VerifyEmailNotice() {
  const { unverified, email } = authApi.endpoints.getProfile.useQuery(undefined, {
    selectFromResult: ({ data }) => ({ unverified: data?.emailVerified === false, email: data?.email ?? '' }),
  });
  if (!unverified) return null;
  return (
    <Suspense fallback={null}>
      <VerifyEmailBanner email={email} />
    </Suspense>
  );
}

import { lazy, Suspense, useEffect, useState } from 'react';
import { Link, useLocation, useNavigate } from 'react-router-dom';
import * as paths from '@/config/paths';
import { AuthLayout, LoginForm, type SessionUser } from '@/features/auth';
import { hasLeftNotice } from '@/lib/leftNotice';
import { rememberedOrigin } from '@/lib/safeRedirect';
import { useHydrated } from '@/lib/useHydrated';
import { loadWhenIdle, whenIdle } from '@/lib/whenIdle';
import { clearIfSignedOut, DASHBOARD_CODE, dashboardOf, startFirstReads } from './signInNext';

// Rare (a closed account's message), so its code is fetched only when there is one: the route's budget stays the form's.
const LeftNotice = lazy(() => import(/* webpackChunkName: "left-notice" */ './LeftNotice'));

/** A message left by the page before, once the page is hydrated (its pre-rendered HTML has none). */
function LeftNoticeSlot() {
  const hydrated = useHydrated();
  const [left] = useState(hasLeftNotice);
  return hydrated && left ? (
    <Suspense fallback={null}>
      <LeftNotice />
    </Suspense>
  ) : null;
}

/**
 * /login: after signing in, where the guard sent this person from (same-origin paths only), else their dashboard,
 * whose reads start with the answer. The dashboards' code is fetched while the browser is idle.
 */
export function Component() {
  const navigate = useNavigate();
  const location = useLocation();
  // The device's data checked first (offline too), then the dashboards' code while online.
  useEffect(() => {
    const cancelCheck = whenIdle(() => void clearIfSignedOut().catch(() => undefined));
    const cancelCode = loadWhenIdle(DASHBOARD_CODE);
    return () => {
      cancelCheck();
      cancelCode();
    };
  }, []);
  const nextFor = (user: SessionUser) => rememberedOrigin(location.state, dashboardOf(user.role), user.id);
  // The answer's task: the dashboard's reads leave before React draws the signed-in state.
  const onAnswer = (user: SessionUser) => {
    if (nextFor(user) === dashboardOf(user.role)) startFirstReads(user);
  };
  const onSignedIn = (user: SessionUser) => navigate(nextFor(user), { replace: true });
  return (
    <AuthLayout
      title="Welcome back"
      subtitle="Sign in to track your services and appointments."
      footer={
        <p>
          Don&apos;t have an account? <Link to={paths.register}>Sign up</Link>
        </p>
      }
    >
      <LeftNoticeSlot />
      <LoginForm onSignedIn={onSignedIn} onAnswer={onAnswer} />
    </AuthLayout>
  );
}

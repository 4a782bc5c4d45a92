import { Navigate, Outlet, useLocation } from 'react-router-dom';
import { useAppSelector } from '@/store/hooks';
import { selectClientStateRestored } from '@/store/clientState';
import { Spinner } from '@/components/Spinner';
import * as paths from '@/config/paths';
import { CenteredBox } from '@/components/StatusPage';
import { selectAuth } from '../authSlice';

/**
 * Spec §4 "Auth guard". Signed-in pages also wait for the persisted client state (drafts, filters), so a page never
 * renders its defaults and then jumps.
 */
export function RequireAuth() {
  const { isAuthenticated, isLoading, endedUserId } = useAppSelector(selectAuth);
  const restored = useAppSelector(selectClientStateRestored);
  const location = useLocation();
  if (!restored) {
    return (
      <CenteredBox>
        <Spinner label="Loading CarCare" size="lg" />
      </CenteredBox>
    );
  }
  if (isLoading) {
    return (
      <CenteredBox>
        <Spinner label="Checking your session" size="lg" />
      </CenteredBox>
    );
  }
  // A session that just ended here remembers whose page this was: someone else signing in next starts on their own dashboard.
  if (!isAuthenticated) return <Navigate to={paths.login} replace state={{ from: location, ...(endedUserId && { forUser: endedUserId }) }} />;
  return <Outlet />;
}

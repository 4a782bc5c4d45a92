import { Navigate, Outlet, useLocation } from 'react-router-dom';
import { useAppSelector } from '@/app/hooks';
import { Spinner } from '@/components/Spinner';
import { CenteredBox } from '@/components/StatusPage';
import { selectAuth } from '@/features/auth/authSlice';

/** Spec §4 "Auth guard": loading shows a spinner; not signed in → /login, remembering the origin. */
export default function RequireAuth() {
  const { isAuthenticated, isLoading } = useAppSelector(selectAuth);
  const location = useLocation();
  if (isLoading) {
    return (
      <CenteredBox>
        <Spinner label="Checking your session" size="lg" />
      </CenteredBox>
    );
  }
  if (!isAuthenticated) return <Navigate to="/login" replace state={{ from: location }} />;
  return <Outlet />;
}

import { Navigate, Outlet, useLocation } from 'react-router-dom';
import { useAppSelector } from '@/store/hooks';
import { selectCurrentUser, selectIsAuthenticated } from '../authSlice';
import * as paths from '@/config/paths';
import { rememberedOrigin } from '@/lib/safeRedirect';

/**
 * Login and register routes: signed-in users are sent to /dashboard (spec §2) — or, right after signing in,
 * to the page the auth guard remembered (same-origin paths only), so this guard and the login page agree.
 */
export function GuestOnly() {
  const isAuthenticated = useAppSelector(selectIsAuthenticated);
  const user = useAppSelector(selectCurrentUser);
  const location = useLocation();
  return isAuthenticated ? <Navigate to={rememberedOrigin(location.state, paths.dashboard, user?.id)} replace /> : <Outlet />;
}

import { Navigate } from 'react-router-dom';
import { type Role, selectCurrentUser } from '@/features/auth';
import { useAppSelector } from '@/store/hooks';
import type { RoleViews } from '../routeTypes';
import { AccessError } from './AccessError';
import { roleLoader } from './roleLoader';
import { ViewOf } from './roleViews';

/** The route of a path whose view depends on the role: its loader, and a component that follows the role. */
export function roleRoute(views: RoleViews, accessError: boolean) {
  return { loader: roleLoader(views), Component: roleSwitch(views, accessError) };
}

function roleSwitch(views: RoleViews, accessError: boolean) {
  return function RoleSwitch() {
    const view = views[useAppSelector(selectCurrentUser)?.role as Role];
    if (!view) return accessError ? <AccessError /> : null;
    if ('redirect' in view) return <Navigate to={view.redirect} replace />;
    return <ViewOf view={view} />;
  };
}

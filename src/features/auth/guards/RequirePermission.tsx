import { Outlet } from 'react-router-dom';
import { useAppSelector } from '@/store/hooks';
import { selectIsAuthenticated } from '../authSlice';
import { AccessDenied } from './AccessDenied';

export interface Permission {
  resource: string;
  action: string;
}

/** Spec §6: the permission check only returns whether the user is authenticated. */
export function usePermission(_permission: Permission): boolean {
  return useAppSelector(selectIsAuthenticated);
}

export function RequirePermission({ resource, action }: Permission) {
  const allowed = usePermission({ resource, action });
  if (!allowed) return <AccessDenied message="You don't have the required permissions." />;
  return <Outlet />;
}

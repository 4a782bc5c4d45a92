import { Outlet } from 'react-router-dom';
import { useAppSelector } from '@/store/hooks';
import { selectCurrentUser } from '../authSlice';
import { hasRole } from '../sessionUser';
import type { Role } from '../types';
import { AccessDenied } from './AccessDenied';

/** Spec §6: a required role that the user's first role lacks → Access Denied with a Go Back button. */
export function RequireRole({ role, withinMain = false }: { role: Role; withinMain?: boolean }) {
  const user = useAppSelector(selectCurrentUser);
  if (!hasRole(user, role)) return <AccessDenied message={`This page requires ${role} access.`} withinMain={withinMain} />;
  return <Outlet />;
}

import { lazy } from 'react';
import { Navigate } from 'react-router-dom';
import { useAppSelector } from '@/store/hooks';
import { selectCurrentUser } from '@/features/auth/authSlice';
import { tokenStorage } from '@/features/auth/tokenStorage';
import AccessError from './AccessError';

const loadCustomerDashboard = () => import(/* webpackChunkName: "customer" */ '@/features/customer/CustomerDashboard');
const loadEmployeeDashboard = () => import(/* webpackChunkName: "employee" */ '@/features/employee/EmployeeDashboard');
const CustomerDashboard = lazy(loadCustomerDashboard);
const EmployeeDashboard = lazy(loadEmployeeDashboard);

/**
 * Starts downloading the view of the role stored with the session, so a deep link to /dashboard fetches it in
 * parallel with the rest of the route instead of after this router has rendered (src/app/routes.tsx preloads).
 */
export function preloadStoredRoleView(): void {
  const stored = tokenStorage.read();
  if (stored.kind !== 'session') return;
  const load = { CUSTOMER: loadCustomerDashboard, EMPLOYEE: loadEmployeeDashboard }[stored.session.user.role];
  void load?.().catch(() => undefined); // the lazy component retries on render
}

/** Spec §2 "Dashboard router": the view chosen by role; ADMIN → /admin/dashboard; unknown → Access Error. */
export default function DashboardRouter() {
  const user = useAppSelector(selectCurrentUser);
  switch (user?.role) {
    case 'ADMIN':
      return <Navigate to="/admin/dashboard" replace />;
    case 'CUSTOMER':
      return <CustomerDashboard />;
    case 'EMPLOYEE':
      return <EmployeeDashboard />;
    default:
      return <AccessError />;
  }
}

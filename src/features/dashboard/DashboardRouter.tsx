import { lazy } from 'react';
import { Navigate } from 'react-router-dom';
import { useAppSelector } from '@/app/hooks';
import { selectCurrentUser } from '@/features/auth/authSlice';
import AccessError from './AccessError';

const CustomerDashboard = lazy(() => import(/* webpackChunkName: "customer" */ '@/features/customer/CustomerDashboard'));
const EmployeeDashboard = lazy(() => import(/* webpackChunkName: "employee" */ '@/features/employee/EmployeeDashboard'));

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

import { lazy } from 'react';
import { useAppSelector } from '@/app/hooks';
import { selectCurrentUser } from '@/features/auth/authSlice';

// Each role's view is its own chunk: a customer never downloads the admin's charts.
const CustomerServiceHistory = lazy(() => import(/* webpackChunkName: "reports-customer" */ '@/features/reports/CustomerServiceHistory'));
const WeeklyHours = lazy(() => import(/* webpackChunkName: "reports-technician" */ '@/features/timesheets/WeeklyHours'));
const AnalyticsView = lazy(() => import(/* webpackChunkName: "reports-admin" */ '@/features/analytics/AnalyticsView'));

/** /reports: a customer's service history, a technician's hours by week, the admin's analytics. */
export default function ReportsPage() {
  const role = useAppSelector(selectCurrentUser)?.role;
  switch (role) {
    case 'CUSTOMER':
      return <CustomerServiceHistory />;
    case 'EMPLOYEE':
      return <WeeklyHours />;
    case 'ADMIN':
      return <AnalyticsView />;
    default:
      return null;
  }
}

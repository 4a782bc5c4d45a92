import { lazy, type ReactNode, Suspense } from 'react';
import { useAppSelector } from '@/store/hooks';
import { Spinner } from '@/components/Spinner';
import { CenteredBox } from '@/components/StatusPage';
import { selectCurrentUser } from '@/features/auth/authSlice';

// The frame of each role's own area (the same chunks as /dashboard and /admin) and each role's view, its own
// chunk: a customer never downloads the admin's charts.
const DashboardLayout = lazy(() => import(/* webpackChunkName: "dashboard" */ '@/features/dashboard/DashboardLayout'));
const AdminLayout = lazy(() => import(/* webpackChunkName: "admin" */ '@/features/admin/AdminLayout'));
const CustomerServiceHistory = lazy(() => import(/* webpackChunkName: "reports-customer" */ '@/features/reports/CustomerServiceHistory'));
const WeeklyHours = lazy(() => import(/* webpackChunkName: "reports-technician" */ '@/features/timesheets/WeeklyHours'));
const AnalyticsView = lazy(() => import(/* webpackChunkName: "reports-admin" */ '@/features/analytics/AnalyticsView'));

/** The view loads inside the frame, so the header and navigation paint before the view's own code arrives. */
function View({ children }: { children: ReactNode }) {
  return (
    <Suspense
      fallback={
        <CenteredBox>
          <Spinner label="Loading reports" size="lg" />
        </CenteredBox>
      }
    >
      {children}
    </Suspense>
  );
}

/** /reports: a customer's service history, a technician's hours by week, the admin's analytics. */
export default function ReportsPage() {
  const role = useAppSelector(selectCurrentUser)?.role;
  switch (role) {
    case 'CUSTOMER':
      return (
        <DashboardLayout>
          <View>
            <CustomerServiceHistory />
          </View>
        </DashboardLayout>
      );
    case 'EMPLOYEE':
      return (
        <DashboardLayout>
          <View>
            <WeeklyHours />
          </View>
        </DashboardLayout>
      );
    case 'ADMIN':
      return (
        <AdminLayout>
          <View>
            <AnalyticsView />
          </View>
        </AdminLayout>
      );
    default:
      return null;
  }
}

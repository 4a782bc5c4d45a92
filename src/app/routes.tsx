import { lazy, Suspense } from 'react';
import { matchRoutes, Navigate, Outlet, type RouteObject } from 'react-router-dom';
import { HydrationGate } from '@/components/HydrationGate';
import { Spinner } from '@/components/Spinner';
import { CenteredBox } from '@/components/StatusPage';
import RouteErrorPage from './RouteErrorPage';

// The store and the guards load with the first page that needs them (never on the public pages); the signed-in
// guards (and Access Denied) are a chunk of their own, which the login and register pages never download.
const loadStoreLayout = () => import(/* webpackChunkName: "store" */ './StoreLayout');
const StoreLayout = lazy(loadStoreLayout);
const loadGuestOnly = () => import(/* webpackChunkName: "store" */ '@/features/auth/guards/GuestOnly');
const GuestOnly = lazy(loadGuestOnly);
const loadRequireAuth = () => import(/* webpackChunkName: "guards" */ '@/features/auth/guards/RequireAuth');
const RequireAuth = lazy(loadRequireAuth);
const loadRequireRole = () => import(/* webpackChunkName: "guards" */ '@/features/auth/guards/RequireRole');
const RequireRole = lazy(loadRequireRole);
const loadRequirePermission = () => import(/* webpackChunkName: "guards" */ '@/features/auth/guards/RequirePermission');
const RequirePermission = lazy(loadRequirePermission);

// Every page is its own chunk (route-level code splitting); the names show in the build's chunk report.
const loadLandingPage = () => import(/* webpackChunkName: "landing" */ '@/features/landing/LandingPage');
const LandingPage = lazy(loadLandingPage);
const loadAboutPage = () => import(/* webpackChunkName: "info" */ '@/features/landing/AboutPage');
const AboutPage = lazy(loadAboutPage);
const loadServicesPage = () => import(/* webpackChunkName: "info" */ '@/features/landing/ServicesPage');
const ServicesPage = lazy(loadServicesPage);
const loadPricingPage = () => import(/* webpackChunkName: "info" */ '@/features/landing/PricingPage');
const PricingPage = lazy(loadPricingPage);
const loadTrackingPage = () => import(/* webpackChunkName: "tracking" */ '@/features/tracking/TrackingPage');
const TrackingPage = lazy(loadTrackingPage);
const loadLoginPage = () => import(/* webpackChunkName: "login" */ '@/features/auth/pages/LoginPage');
const LoginPage = lazy(loadLoginPage);
const loadRegisterPage = () => import(/* webpackChunkName: "register" */ '@/features/auth/pages/RegisterPage');
const RegisterPage = lazy(loadRegisterPage);
const loadEmployeeRegisterPage = () => import(/* webpackChunkName: "register-employee" */ '@/features/auth/pages/EmployeeRegisterPage');
const EmployeeRegisterPage = lazy(loadEmployeeRegisterPage);
const loadOAuthCallbackPage = () => import(/* webpackChunkName: "oauth-callback" */ '@/features/auth/pages/OAuthCallbackPage');
const OAuthCallbackPage = lazy(loadOAuthCallbackPage);
const loadCompleteProfilePage = () => import(/* webpackChunkName: "complete-profile" */ '@/features/auth/pages/CompleteProfilePage');
const CompleteProfilePage = lazy(loadCompleteProfilePage);
const loadDashboardLayout = () => import(/* webpackChunkName: "dashboard" */ '@/features/dashboard/DashboardLayout');
const DashboardLayout = lazy(loadDashboardLayout);
const loadDashboardRouter = () =>
  import(/* webpackChunkName: "dashboard" */ '@/features/dashboard/DashboardRouter').then((m) => {
    m.preloadStoredRoleView();
    return m;
  });
const DashboardRouter = lazy(loadDashboardRouter);
const loadBookingPage = () => import(/* webpackChunkName: "booking" */ '@/features/booking/BookingPage');
const BookingPage = lazy(loadBookingPage);
const loadAdminLayout = () => import(/* webpackChunkName: "admin" */ '@/features/admin/AdminLayout');
const AdminLayout = lazy(loadAdminLayout);
const loadAdminDashboard = () => import(/* webpackChunkName: "admin-board" */ '@/features/admin/AdminDashboard');
const AdminDashboard = lazy(loadAdminDashboard);
const loadAnalyticsPage = () => import(/* webpackChunkName: "admin-analytics" */ '@/features/analytics/AnalyticsPage');
const AnalyticsPage = lazy(loadAnalyticsPage);
const loadInventoryPage = () => import(/* webpackChunkName: "admin-inventory-notifications" */ '@/features/admin/InventoryPage');
const InventoryPage = lazy(loadInventoryPage);
const loadNotificationsPage = () => import(/* webpackChunkName: "admin-inventory-notifications" */ '@/features/admin/NotificationsPage');
const NotificationsPage = lazy(loadNotificationsPage);
const loadTimesheetsPage = () => import(/* webpackChunkName: "admin-timesheets" */ '@/features/timesheets/TimesheetsPage');
const TimesheetsPage = lazy(loadTimesheetsPage);
const loadMessagesPage = () => import(/* webpackChunkName: "admin-messages" */ '@/features/contact/MessagesPage');
const MessagesPage = lazy(loadMessagesPage);
const loadStaffPage = () => import(/* webpackChunkName: "admin-staff" */ '@/features/admin/StaffPage');
const StaffPage = lazy(loadStaffPage);
const loadReportsPage = () => import(/* webpackChunkName: "reports" */ './ReportsPage');
const ReportsPage = lazy(loadReportsPage);
const loadNotFoundPage = () => import(/* webpackChunkName: "not-found" */ './NotFoundPage');
const NotFoundPage = lazy(loadNotFoundPage);

function PageFallback() {
  return (
    <CenteredBox>
      <Spinner label="Loading page" size="lg" />
    </CenteredBox>
  );
}

/** Every lazy page loads under one Suspense boundary; nothing in a pre-rendered page works before hydration. */
function RootLayout() {
  return (
    <Suspense fallback={<PageFallback />}>
      <HydrationGate>
        <Outlet />
      </HydrationGate>
    </Suspense>
  );
}

/**
 * Starts downloading every lazy chunk the route at `pathname` needs at once, instead of one after another as
 * each lazy layout renders the next (store → guard → page). main.tsx calls it before the first render; the promise
 * settles when they have all loaded or failed.
 */
export function preloadRoute(pathname: string): Promise<void> {
  const loads = (matchRoutes(routes, pathname) ?? []).map((match) => {
    const handle = match.route.handle as { preload?: () => Promise<unknown> } | undefined;
    return handle?.preload?.().catch(() => undefined); // a failed preload is retried by the lazy component itself
  });
  return Promise.all(loads).then(() => undefined);
}

/** The route table of spec §2. The router base path is /. */
export const routes: RouteObject[] = [
  {
    element: <RootLayout />,
    errorElement: <RouteErrorPage />,
    children: [
      { path: '/', element: <LandingPage />, handle: { preload: loadLandingPage } },
      { path: '/about', element: <AboutPage />, handle: { preload: loadAboutPage } },
      { path: '/services', element: <ServicesPage />, handle: { preload: loadServicesPage } },
      { path: '/pricing', element: <PricingPage />, handle: { preload: loadPricingPage } },
      { path: '/track/:token', element: <TrackingPage />, handle: { preload: loadTrackingPage } },
      {
        element: <StoreLayout />,
        handle: { preload: loadStoreLayout },
        children: [
          {
            element: <GuestOnly />,
            handle: { preload: loadGuestOnly },
            children: [
              { path: '/login', element: <LoginPage />, handle: { preload: loadLoginPage } },
              { path: '/register', element: <RegisterPage />, handle: { preload: loadRegisterPage } },
              { path: '/register/employee', element: <EmployeeRegisterPage />, handle: { preload: loadEmployeeRegisterPage } },
            ],
          },
          { path: '/oauth/callback', element: <OAuthCallbackPage />, handle: { preload: loadOAuthCallbackPage } },
          {
            element: <RequireAuth />,
            handle: { preload: loadRequireAuth },
            children: [
              { path: '/complete-profile', element: <CompleteProfilePage />, handle: { preload: loadCompleteProfilePage } },
              {
                path: '/dashboard',
                element: <DashboardLayout />,
                handle: { preload: loadDashboardLayout },
                children: [
                  { index: true, element: <DashboardRouter />, handle: { preload: loadDashboardRouter } },
                  {
                    element: <RequireRole role="CUSTOMER" withinMain />,
                    handle: { preload: loadRequireRole },
                    children: [{ path: 'appointments', element: <BookingPage />, handle: { preload: loadBookingPage } }],
                  },
                ],
              },
              {
                path: '/admin',
                element: <RequireRole role="ADMIN" />,
                handle: { preload: loadRequireRole },
                children: [
                  {
                    element: <AdminLayout />,
                    handle: { preload: loadAdminLayout },
                    children: [
                      { index: true, element: <Navigate to="dashboard" replace /> },
                      { path: 'dashboard', element: <AdminDashboard />, handle: { preload: loadAdminDashboard } },
                      { path: 'analytics', element: <AnalyticsPage />, handle: { preload: loadAnalyticsPage } },
                      { path: 'inventory', element: <InventoryPage />, handle: { preload: loadInventoryPage } },
                      { path: 'notifications', element: <NotificationsPage />, handle: { preload: loadNotificationsPage } },
                      { path: 'staff', element: <StaffPage />, handle: { preload: loadStaffPage } },
                      { path: 'timesheets', element: <TimesheetsPage />, handle: { preload: loadTimesheetsPage } },
                      { path: 'messages', element: <MessagesPage />, handle: { preload: loadMessagesPage } },
                      { path: '*', element: <Navigate to="/admin/dashboard" replace /> },
                    ],
                  },
                ],
              },
              {
                element: <RequirePermission resource="reports" action="read" />,
                handle: { preload: loadRequirePermission },
                children: [{ path: '/reports', element: <ReportsPage />, handle: { preload: loadReportsPage } }],
              },
            ],
          },
        ],
      },
      { path: '*', element: <NotFoundPage />, handle: { preload: loadNotFoundPage } },
    ],
  },
];

import { lazy, Suspense } from 'react';
import { Navigate, Outlet, type RouteObject } from 'react-router-dom';
import { Spinner } from '@/components/Spinner';
import { CenteredBox } from '@/components/StatusPage';

// The store and the guards load with the first page that needs them (never on the public pages).
const StoreLayout = lazy(() => import(/* webpackChunkName: "store" */ './StoreLayout'));
const GuestOnly = lazy(() => import(/* webpackChunkName: "store" */ '@/features/auth/guards/GuestOnly'));
const RequireAuth = lazy(() => import(/* webpackChunkName: "store" */ '@/features/auth/guards/RequireAuth'));
const RequireRole = lazy(() => import(/* webpackChunkName: "store" */ '@/features/auth/guards/RequireRole'));
const RequirePermission = lazy(() => import(/* webpackChunkName: "store" */ '@/features/auth/guards/RequirePermission'));

// Every page is its own chunk (route-level code splitting); the names show in the build's chunk report.
const LandingPage = lazy(() => import(/* webpackChunkName: "landing" */ '@/features/landing/LandingPage'));
const AboutPage = lazy(() => import(/* webpackChunkName: "info" */ '@/features/landing/AboutPage'));
const ServicesPage = lazy(() => import(/* webpackChunkName: "info" */ '@/features/landing/ServicesPage'));
const PricingPage = lazy(() => import(/* webpackChunkName: "info" */ '@/features/landing/PricingPage'));
const LoginPage = lazy(() => import(/* webpackChunkName: "login" */ '@/features/auth/pages/LoginPage'));
const RegisterPage = lazy(() => import(/* webpackChunkName: "register" */ '@/features/auth/pages/RegisterPage'));
const EmployeeRegisterPage = lazy(() => import(/* webpackChunkName: "register-employee" */ '@/features/auth/pages/EmployeeRegisterPage'));
const OAuthCallbackPage = lazy(() => import(/* webpackChunkName: "oauth-callback" */ '@/features/auth/pages/OAuthCallbackPage'));
const CompleteProfilePage = lazy(() => import(/* webpackChunkName: "complete-profile" */ '@/features/auth/pages/CompleteProfilePage'));
const DashboardLayout = lazy(() => import(/* webpackChunkName: "dashboard" */ '@/features/dashboard/DashboardLayout'));
const DashboardRouter = lazy(() => import(/* webpackChunkName: "dashboard" */ '@/features/dashboard/DashboardRouter'));
const BookingPage = lazy(() => import(/* webpackChunkName: "booking" */ '@/features/booking/BookingPage'));
const AdminLayout = lazy(() => import(/* webpackChunkName: "admin" */ '@/features/admin/AdminLayout'));
const AdminDashboard = lazy(() => import(/* webpackChunkName: "admin" */ '@/features/admin/AdminDashboard'));
const AnalyticsPage = lazy(() => import(/* webpackChunkName: "admin-placeholders" */ '@/features/admin/AnalyticsPage'));
const InventoryPage = lazy(() => import(/* webpackChunkName: "admin-placeholders" */ '@/features/admin/InventoryPage'));
const NotificationsPage = lazy(() => import(/* webpackChunkName: "admin-placeholders" */ '@/features/admin/NotificationsPage'));
const ReportsPage = lazy(() => import(/* webpackChunkName: "reports" */ './ReportsPage'));
const NotFoundPage = lazy(() => import(/* webpackChunkName: "not-found" */ './NotFoundPage'));

function PageFallback() {
  return (
    <CenteredBox>
      <Spinner label="Loading page" size="lg" />
    </CenteredBox>
  );
}

/** Every lazy page loads under one Suspense boundary. */
function RootLayout() {
  return (
    <Suspense fallback={<PageFallback />}>
      <Outlet />
    </Suspense>
  );
}

/** The route table of spec §2. The router base path is /. */
export const routes: RouteObject[] = [
  {
    element: <RootLayout />,
    children: [
      { path: '/', element: <LandingPage /> },
      { path: '/about', element: <AboutPage /> },
      { path: '/services', element: <ServicesPage /> },
      { path: '/pricing', element: <PricingPage /> },
      {
        element: <StoreLayout />,
        children: [
          {
            element: <GuestOnly />,
            children: [
              { path: '/login', element: <LoginPage /> },
              { path: '/register', element: <RegisterPage /> },
              { path: '/register/employee', element: <EmployeeRegisterPage /> },
            ],
          },
          { path: '/oauth/callback', element: <OAuthCallbackPage /> },
          {
            element: <RequireAuth />,
            children: [
              { path: '/complete-profile', element: <CompleteProfilePage /> },
              {
                path: '/dashboard',
                element: <DashboardLayout />,
                children: [
                  { index: true, element: <DashboardRouter /> },
                  {
                    element: <RequireRole role="CUSTOMER" withinMain />,
                    children: [{ path: 'appointments', element: <BookingPage /> }],
                  },
                ],
              },
              {
                path: '/admin',
                element: <RequireRole role="ADMIN" />,
                children: [
                  {
                    element: <AdminLayout />,
                    children: [
                      { index: true, element: <Navigate to="dashboard" replace /> },
                      { path: 'dashboard', element: <AdminDashboard /> },
                      { path: 'analytics', element: <AnalyticsPage /> },
                      { path: 'inventory', element: <InventoryPage /> },
                      { path: 'notifications', element: <NotificationsPage /> },
                      { path: '*', element: <Navigate to="/admin/dashboard" replace /> },
                    ],
                  },
                ],
              },
              {
                element: <RequirePermission resource="reports" action="read" />,
                children: [{ path: '/reports', element: <ReportsPage /> }],
              },
            ],
          },
        ],
      },
      { path: '*', element: <NotFoundPage /> },
    ],
  },
];

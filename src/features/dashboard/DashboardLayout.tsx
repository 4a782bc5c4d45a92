import { CalendarPlus, FileText, LayoutDashboard } from 'lucide-react';
import type { ReactNode } from 'react';
import { Outlet } from 'react-router-dom';
import { useAppDispatch, useAppSelector } from '@/store/hooks';
import { LIVE_TAGS } from '@/app/liveTags';
import { AppShell, type AppShellNavItem } from '@/components/AppShell';
import { selectCurrentUser } from '@/features/auth/authSlice';
import { logoutUser } from '@/features/auth/authThunks';
import { HeaderBell, HeaderLiveStatus } from '@/features/live/LiveHeader';
import { hasRole } from '@/features/auth/sessionUser';

const DASHBOARD: AppShellNavItem = { to: '/dashboard', label: 'Dashboard', icon: LayoutDashboard, end: true };
const APPOINTMENTS: AppShellNavItem = { to: '/dashboard/appointments', label: 'Appointments', icon: CalendarPlus };
const REPORTS: AppShellNavItem = { to: '/reports', label: 'Reports', icon: FileText };
const CUSTOMER_NAV = [DASHBOARD, APPOINTMENTS, REPORTS];
const OTHER_NAV = [DASHBOARD, REPORTS];

/**
 * Spec §2 "Dashboard navigation": Dashboard, Appointments (customer only), Logout (then to /login); and Reports
 * (/reports, the service history or hours). The header also has the notifications bell and, when live updates are
 * down, the indicator (which also keeps the tab's live listener running while the layout is shown). Renders its child route, or `children` where a page outside /dashboard
 * (/reports) uses the same frame.
 */
export default function DashboardLayout({ children }: { children?: ReactNode }) {
  const dispatch = useAppDispatch();
  const user = useAppSelector(selectCurrentUser);

  return (
    <AppShell
      brandName="CarCare"
      brandTo="/"
      brandLabel="CarCare home"
      navLabel="Dashboard"
      navItems={hasRole(user, 'CUSTOMER') ? CUSTOMER_NAV : OTHER_NAV}
      onLogout={() => void dispatch(logoutUser({ redirectTo: '/login' }))}
      actions={<HeaderBell />}
      status={<HeaderLiveStatus tags={LIVE_TAGS} />}
    >
      {children ?? <Outlet />}
    </AppShell>
  );
}

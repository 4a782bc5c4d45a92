import { CalendarPlus, LayoutDashboard } from 'lucide-react';
import { Outlet } from 'react-router-dom';
import { useAppDispatch, useAppSelector } from '@/app/hooks';
import { AppShell, type AppShellNavItem } from '@/components/AppShell';
import { selectCurrentUser } from '@/features/auth/authSlice';
import { logoutUser } from '@/features/auth/authThunks';
import { hasRole } from '@/features/auth/sessionUser';

const DASHBOARD: AppShellNavItem = { to: '/dashboard', label: 'Dashboard', icon: LayoutDashboard, end: true };
const APPOINTMENTS: AppShellNavItem = { to: '/dashboard/appointments', label: 'Appointments', icon: CalendarPlus };
const CUSTOMER_NAV = [DASHBOARD, APPOINTMENTS];
const OTHER_NAV = [DASHBOARD];

/** Spec §2 "Dashboard navigation": Dashboard, Appointments (customer only), Logout (then to /login). */
export default function DashboardLayout() {
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
    >
      <Outlet />
    </AppShell>
  );
}

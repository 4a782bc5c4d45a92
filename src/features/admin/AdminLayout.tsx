import { Bell, ChartColumn, Clock, LayoutDashboard, Mail, Package, Users } from 'lucide-react';
import type { ReactNode } from 'react';
import { Outlet } from 'react-router-dom';
import { useAppDispatch, useAppSelector } from '@/store/hooks';
import { LIVE_TAGS } from '@/app/liveTags';
import { AppShell, type AppShellNavItem } from '@/components/AppShell';
import { selectCurrentUser } from '@/features/auth/authSlice';
import { logoutUser } from '@/features/auth/authThunks';
import { HeaderBell, HeaderLiveStatus } from '@/features/live/LiveHeader';
import { useGetUnreadContactCountQuery } from '@/features/contact/contactApi';

const NAV_ITEMS: readonly AppShellNavItem[] = [
  { to: '/admin/dashboard', label: 'Dashboard', icon: LayoutDashboard },
  { to: '/admin/analytics', label: 'Analytics', icon: ChartColumn },
  { to: '/admin/inventory', label: 'Inventory', icon: Package },
  { to: '/admin/notifications', label: 'Notifications', icon: Bell },
  { to: '/admin/staff', label: 'Staff', icon: Users },
  { to: '/admin/timesheets', label: 'Timesheets', icon: Clock },
];

/** The Messages item names its unread count in its text, so the link's accessible name says it too. */
function messagesItem(unread: number): AppShellNavItem {
  return { to: '/admin/messages', label: unread > 0 ? `Messages (${unread} unread)` : 'Messages', icon: Mail };
}

/**
 * The admin area shell (spec §2 "Admin sub-routes"): its own navigation, Logout (then /login), the notifications
 * bell, the live updates indicator (which keeps the tab's live listener running), and the page — its child route,
 * or `children` where a page outside /admin (/reports) uses the same frame.
 */
export default function AdminLayout({ children }: { children?: ReactNode }) {
  const dispatch = useAppDispatch();
  const user = useAppSelector(selectCurrentUser);
  const { data: unread = 0 } = useGetUnreadContactCountQuery();

  return (
    <AppShell
      brandName="CarCare"
      brandTo="/admin/dashboard"
      brandLabel="CarCare Admin home"
      brandBadge="Admin"
      userName={user?.fullName}
      navLabel="Admin"
      navItems={[...NAV_ITEMS, messagesItem(unread)]}
      onLogout={() => void dispatch(logoutUser({ redirectTo: '/login' }))}
      actions={<HeaderBell />}
      status={<HeaderLiveStatus tags={LIVE_TAGS} />}
    >
      {children ?? <Outlet />}
    </AppShell>
  );
}

import type { ReactNode } from 'react';
import { Outlet } from 'react-router-dom';
import { AppShell, type AppShellNavItem } from '@/components/AppShell';
import * as paths from '@/config/paths';
import { logoutUser, selectCurrentUser } from '@/features/auth';
import { useGetUnreadContactCountQuery } from '@/features/contact';
import { useAppDispatch, useAppSelector } from '@/store/hooks';
import { HeaderAccountLink, HeaderBell, HeaderLiveStatus, VerifyEmailNotice } from '../shared/HeaderWidgets';
import { useNavItems } from '../shared/nav';
import { ADMIN_NAV_ICONS } from './adminNavIcons';

/** The Messages link names its unread count in its text, so its accessible name says it too. */
function withUnread(item: AppShellNavItem, unread: number): AppShellNavItem {
  return item.to === paths.adminMessages && unread > 0 ? { ...item, label: `${item.label} (${unread} unread)` } : item;
}

/**
 * The admin area's frame (spec §2 "Admin sub-routes"; Logout goes to /login). Renders its child route, or
 * `children` where the admin's view elsewhere (/reports) uses the same frame.
 */
export function Component({ children }: { children?: ReactNode }) {
  const dispatch = useAppDispatch();
  const user = useAppSelector(selectCurrentUser);
  const { data: unread = 0 } = useGetUnreadContactCountQuery();
  const items = useNavItems('admin', user, ADMIN_NAV_ICONS);
  return (
    <AppShell
      brandName="CarCare"
      brandTo={paths.adminDashboard}
      brandLabel="CarCare Admin home"
      brandBadge="Admin"
      userName={user?.fullName}
      navLabel="Admin"
      navItems={items.map((item) => withUnread(item, unread))}
      onLogout={() => void dispatch(logoutUser({ redirectTo: paths.login }))}
      actions={
        <>
          <HeaderAccountLink />
          <HeaderBell />
        </>
      }
      status={<HeaderLiveStatus />}
      notice={<VerifyEmailNotice />}
    >
      {children ?? <Outlet />}
    </AppShell>
  );
}

import type { ReactNode } from 'react';
import { Outlet } from 'react-router-dom';
import { AppShell } from '@/components/AppShell';
import * as paths from '@/config/paths';
import { logoutUser, selectCurrentUser } from '@/features/auth';
import { confirmAction } from '@/lib/dialogs';
import { useAppDispatch, useAppSelector } from '@/store/hooks';
import { HeaderAccountLink, HeaderBell, HeaderLiveStatus, VerifyEmailNotice } from './HeaderWidgets';
import { DASHBOARD_NAV_ICONS } from './dashboardNavIcons';
import { useNavItems } from './nav';

/** Asked before a logout that would lose changes not sent yet (a logout clears this device's data). */
export function unsentChangesWarning(count: number): string {
  return `${count === 1 ? '1 change has' : `${count} changes have`} not been sent yet and will be lost if you log out now. Log out anyway?`;
}

/**
 * The customer's and the technician's frame (spec §2 "Dashboard navigation"; Logout goes to /login). Renders its
 * child route, or `children` where a role's view elsewhere (/reports) uses the same frame.
 */
export function Component({ children }: { children?: ReactNode }) {
  const dispatch = useAppDispatch();
  const user = useAppSelector(selectCurrentUser);
  // The technician's changes kept on this device (the offline domain's queue, once loaded) go with a logout.
  const unsent = useAppSelector((state) => state.offlineQueue?.entries.length ?? 0);
  const logout = () => {
    if (unsent > 0 && !confirmAction(unsentChangesWarning(unsent))) return;
    void dispatch(logoutUser({ redirectTo: paths.login }));
  };
  return (
    <AppShell
      brandName="CarCare"
      brandTo={paths.home}
      brandLabel="CarCare home"
      navLabel="Dashboard"
      navItems={useNavItems('dashboard', user, DASHBOARD_NAV_ICONS)}
      onLogout={logout}
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

import type { LucideIcon } from 'lucide-react';
import { useContext } from 'react';
import type { AppShellNavItem } from '@/components/AppShell';
import { hasRole, type SessionUser } from '@/features/auth';
import type { RouteObject } from 'react-router-dom';
import { RouteTable } from '../RootLayout';
import type { NavArea, NavItem, RouteHandle } from '../routeTypes';

/** Each area's navigation, from the `nav` handles of the table's routes, in the table's order. */
function navByArea(routes: readonly RouteObject[], base = ''): Record<NavArea, NavItem[]> {
  const areas: Record<NavArea, NavItem[]> = { dashboard: [], admin: [] };
  for (const route of routes) {
    const path = route.path === undefined ? base : route.path.startsWith('/') ? route.path : `${base}/${route.path}`;
    const nav = (route.handle as RouteHandle | undefined)?.nav;
    if (nav) {
      const { area, ...item } = nav;
      areas[area].push({ ...item, to: path });
    }
    const below = navByArea(route.children ?? [], path);
    areas.dashboard.push(...below.dashboard);
    areas.admin.push(...below.admin);
  }
  return areas;
}

const navOfTable = new WeakMap<readonly RouteObject[], Record<NavArea, NavItem[]>>();

/**
 * An area's navigation as the route table declares it, the links this user's role may follow. The icons come from the
 * area's frame, so one area's frame does not carry the other's icons.
 */
export function useNavItems(area: NavArea, user: SessionUser | null, icons: Readonly<Record<string, LucideIcon>>): AppShellNavItem[] {
  const pages = useContext(RouteTable);
  let nav = navOfTable.get(pages);
  if (!nav) {
    nav = navByArea(pages);
    navOfTable.set(pages, nav);
  }
  return nav[area]
    .filter((item) => !item.roles || item.roles.some((role) => hasRole(user, role)))
    .map(({ to, label, icon, end }) => ({ to, label, icon: icons[icon], end }));
}

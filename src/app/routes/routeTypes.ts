import type { ComponentType, ReactNode } from 'react';
import type { LoaderFunction } from 'react-router-dom';
import type { Role } from '@/features/auth';
import type { ADMIN_NAV_ICONS } from './admin/adminNavIcons';
import type { DASHBOARD_NAV_ICONS } from './shared/dashboardNavIcons';

// The route table's types, apart from its functions so the frames and guards that read them import nothing back.

export type NavArea = 'dashboard' | 'admin';

interface NavLink {
  label: string;
  /** Only these roles see the link. */
  roles?: readonly Role[];
  /** Active on exactly this path only (a parent route). */
  end?: boolean;
}

/** A route's link in its area's navigation, in the table's order; its icon is one its area's frame has. */
export type NavHandle =
  | (NavLink & { area: 'dashboard'; icon: keyof typeof DASHBOARD_NAV_ICONS })
  | (NavLink & { area: 'admin'; icon: keyof typeof ADMIN_NAV_ICONS });

export interface NavItem extends NavLink {
  to: string;
  icon: string;
}

/** What the build needs to know of a route. The browser never reads it: its bundle compiles it out. */
export interface RouteMeta {
  /** The webpackChunkName of each lazy part the route loads itself. */
  chunks: readonly string[];
  /** Its JavaScript budget in KiB gzip, when not the default. */
  budgetKiB?: number;
  /** The build writes the page to HTML (scripts/prerender.ts). */
  prerender?: boolean;
  /** The build writes this signed-in area's frame, sent for any path in it while its code loads. */
  shell?: boolean;
  /** A signed-in visitor is sent on from here (GuestOnly): such a page is rendered, never hydrated. */
  guestOnly?: boolean;
  /** The views of a path whose view depends on the role, each measured on its own. */
  roleViews?: RoleViews;
  /** Only these roles open the route and the routes below it (its guard's): the service worker keeps its code for them only. */
  roles?: readonly Role[];
}

export interface RouteHandle {
  nav?: NavHandle;
  meta?: RouteMeta;
}

/** One role's view of a path whose view depends on the role. */
export interface RoleView {
  page: () => Promise<{ Component: ComponentType }>;
  /** Its loader, in the first-data chunk: it starts the view's reads while the view's code downloads. */
  data?: () => Promise<{ loader: LoaderFunction }>;
  /** The role's frame, where the route is outside every area (/reports). */
  frame?: () => Promise<{ Component: ComponentType<{ children?: ReactNode }> }>;
  meta?: RouteMeta;
}

export type RoleViews = Partial<Record<Role, RoleView | { redirect: string }>>;

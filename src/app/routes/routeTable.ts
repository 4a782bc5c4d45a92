import type { ComponentType, ReactNode } from 'react';
import type { LoaderFunction, RouteObject } from 'react-router-dom';
import type { Role } from '@/features/auth';
import type { ADMIN_NAV_ICONS } from './admin/AdminLayout';
import type { DASHBOARD_NAV_ICONS } from './shared/DashboardLayout';

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
}

export interface RouteHandle {
  nav?: NavHandle;
  meta?: RouteMeta;
}

// process.env.ROUTE_META is true in the build's Node bundle and false in the browser's (webpack.config.js), where these
// compile to nothing.

/** A route's handle with its build facts, spread into the route: `{ path, lazy, ...routeMeta({ chunks }, { nav }) }`. */
export function routeMeta(facts: RouteMeta, handle?: Omit<RouteHandle, 'meta'>): { handle?: RouteHandle } | undefined {
  if (process.env.ROUTE_META) return { handle: { ...handle, meta: facts } };
  return handle && { handle };
}

/** A role view's build facts, spread into it. */
export function meta(facts: RouteMeta): { meta?: RouteMeta } | undefined {
  return process.env.ROUTE_META ? { meta: facts } : undefined;
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

/**
 * A path whose view depends on the role (spec §2 "Dashboard router", /reports): its loader starts the role's reads
 * and view code together, so the view's code is not what holds back its data.
 */
export function byRole(views: RoleViews, options: { accessError?: boolean; nav?: NavHandle; shell?: boolean } = {}) {
  return {
    // The loader lives with the guards, not with the views: the role's reads start before the view's code is in.
    lazy: () => import(/* webpackChunkName: "guards" */ './shared/guards').then((m) => m.roleRoute(views, options.accessError ?? false)),
    ...routeMeta({ chunks: ['guards'], shell: options.shell, roleViews: views }, options.nav && { nav: options.nav }),
  };
}

/**
 * The table again, with fresh lazy objects: React Router empties a route's object-form `lazy` as it loads it, so every
 * router after the first (the tests', the build's one per page) needs its own.
 */
export function freshRoutes(routes: readonly RouteObject[]): RouteObject[] {
  return routes.map((route) => ({
    ...route,
    ...(typeof route.lazy === 'object' && { lazy: { ...route.lazy } }),
    ...(route.children && { children: freshRoutes(route.children) }),
  })) as RouteObject[];
}

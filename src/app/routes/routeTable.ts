import type { RouteObject } from 'react-router-dom';
import type { NavHandle, RoleViews, RouteHandle, RouteMeta } from './routeTypes';

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

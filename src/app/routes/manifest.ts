import type { RouteObject } from 'react-router-dom';
import type { Role } from '@/features/auth';
import type { RouteHandle } from './routeTypes';

/** Every route's JavaScript budget unless its meta names another (KiB gzip). */
export const DEFAULT_BUDGET_KIB = 200;

export interface MeasuredRoute {
  /** The path, and the role where the path's view depends on it: "/reports (customer)". */
  name: string;
  /** The chunk groups a first visit loads (build-stats/chunk-groups.json). */
  groups: string[];
  budgetKiB: number;
  /** The roles that open it (its guards' `roles`, its role view's), or null: anyone, signed in or not. */
  roles: readonly Role[] | null;
}

export interface PrerenderedPage {
  path: string;
  /** Its chunk groups beyond the entry's: their CSS goes in the page's head, their scripts start after it paints. */
  groups: string[];
  guestOnly: boolean;
}

export interface Shell {
  prefix: string;
  groups: string[];
}

export interface RouteManifest {
  measured: MeasuredRoute[];
  prerendered: PrerenderedPage[];
  shells: Shell[];
}

const unique = (names: readonly string[]) => [...new Set(names)];

/** The roles of a route below one that only `above` open (null: no guard above names roles). */
function narrowed(above: readonly Role[] | null, own: readonly Role[] | undefined): readonly Role[] | null {
  if (!own) return above;
  return above ? own.filter((role) => above.includes(role)) : own;
}
const handleOf = (route: RouteObject) => route.handle as RouteHandle | undefined;

/** The chunks of the layouts below an area's route (pathless routes): every page of the area renders inside them. */
function frameChunks(routes: readonly RouteObject[]): string[] {
  return routes.filter((route) => route.path === undefined && !route.index).flatMap((route) => [...(handleOf(route)?.meta?.chunks ?? []), ...frameChunks(route.children ?? [])]);
}

/**
 * The loaders' chunks, when a page of the area (or a role's view of it) has a loader: theirs, and the device's cache
 * that a loader reads before it starts the reads (pageLoader.ts), which would otherwise be asked for only then.
 */
function loaderChunks(route: RouteObject): string[] {
  const views = Object.values(handleOf(route)?.meta?.roleViews ?? {}).flatMap((view) => (view && 'meta' in view ? (view.meta?.chunks ?? []) : []));
  const own = [...(handleOf(route)?.meta?.chunks ?? []), ...views];
  const hasLoader = own.includes('first-data') || (route.children ?? []).some((child) => loaderChunks(child).length > 0);
  return hasLoader ? ['first-data', 'device-data'] : [];
}

/**
 * The build facts (chunk groups and budgets, pre-rendered pages, shells) derived from the route table, so a new page is
 * one table entry; only the build's Node bundle keeps the meta this reads.
 */
export function routeManifest(routes: readonly RouteObject[]): RouteManifest {
  const manifest: RouteManifest = { measured: [], prerendered: [], shells: [] };

  function visit(route: RouteObject, base: string, above: readonly string[], guestOnly: boolean, rolesAbove: readonly Role[] | null) {
    const handle = handleOf(route);
    const facts = handle?.meta;
    if (route.lazy && !facts) throw new Error(`A lazy route under "${base || '/'}" has no meta: the build cannot size it`);
    const path = route.path === undefined ? base : route.path.startsWith('/') ? route.path : `${base}/${route.path}`;
    const chain = unique([...above, ...(facts?.chunks ?? [])]);
    const guest = guestOnly || Boolean(facts?.guestOnly);
    const page = route.path !== undefined || route.index;
    const roles = narrowed(rolesAbove, facts?.roles);

    if (facts?.shell) manifest.shells.push({ prefix: path, groups: unique([...chain, ...frameChunks(route.children ?? []), ...loaderChunks(route)]) });
    if (page && facts && !path.includes('*')) {
      const budgetKiB = facts.budgetKiB ?? DEFAULT_BUDGET_KIB;
      if (facts.roleViews) {
        for (const [role, view] of Object.entries(facts.roleViews)) {
          if (!view || 'redirect' in view) continue;
          if (!view.meta) throw new Error(`${path}: the ${role} view has no meta`);
          manifest.measured.push({
            name: `${path} (${role.toLowerCase()})`,
            groups: unique(['main', ...chain, ...view.meta.chunks]),
            budgetKiB: view.meta.budgetKiB ?? budgetKiB,
            roles: narrowed(roles, [role as Role]),
          });
        }
      } else if (!route.children?.length) {
        manifest.measured.push({ name: path, groups: unique([...(facts.prerender ? ['boot'] : []), 'main', ...chain]), budgetKiB, roles });
      }
      if (facts.prerender) manifest.prerendered.push({ path, groups: chain, guestOnly: guest });
    }
    for (const child of route.children ?? []) visit(child, path, chain, guest, roles);
  }

  for (const route of routes) visit(route, '', [], false, null);
  return manifest;
}

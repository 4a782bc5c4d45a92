import { getAppStore } from '@/app/appStore';
import * as paths from '@/config/paths';
import type { Role, SessionUser } from '@/features/auth';
import type { PageLoader } from '../shared/pageLoader';

// What signing in leads to, fetched ahead by the sign-in page: the dashboards' code while the visitor types, and the
// role's first reads as soon as the answer names the role (before the route starts, in parallel with its code).
// The chunk names are the route table's (index.tsx), so these are the same files. The import() calls are written
// here rather than shared with the table: a module shared by the two could not be inlined into the route table's
// bundle, which every page loads and which has no bytes to spare.

/** Each role's dashboard, where sign-in goes when no other page was asked for. */
export const dashboardOf = (role: string): string => (role === 'ADMIN' ? paths.adminDashboard : paths.dashboard);

type Loader = () => Promise<unknown>;

/** The loaders below once downloaded (while the visitor types): sign-in starts their reads in the answer's own task. */
const loaded: Partial<Record<Role, PageLoader>> = {};

/** Each role's dashboard loader: the requests its page makes first, with the page's arguments (the same cache entries). */
const FIRST_READS: Record<Role, () => Promise<PageLoader>> = {
  CUSTOMER: () => import(/* webpackChunkName: "first-data" */ '../customer/dashboard.data').then((m) => (loaded.CUSTOMER = m.loader)),
  // With the page's own code: the route table has no loader for this page.
  EMPLOYEE: () => import(/* webpackChunkName: "technician" */ '../technician/dashboard.data').then((m) => (loaded.EMPLOYEE = m.loader)),
  ADMIN: () => import(/* webpackChunkName: "first-data" */ '../admin/board.data').then((m) => (loaded.ADMIN = m.loader)),
};

/**
 * Nobody is signed in on this page: nothing of anyone may stay on the device. A session usually ends with its keeper
 * deleting it all (deviceData.ts); this covers one that ended before the keeper had loaded (a refresh refused at start).
 */
export async function clearIfSignedOut(): Promise<void> {
  const { clearDeviceData } = await import(/* webpackChunkName: "device-data" */ '../../deviceData');
  if (!getAppStore().store.getState().auth.user) await clearDeviceData();
}

/** The dashboards' code (every role's: the visitor has not said who they are). */
export const DASHBOARD_CODE: readonly Loader[] = [
  () => import(/* webpackChunkName: "guards" */ '../shared/guards'),
  () => import(/* webpackChunkName: "dashboard" */ '../shared/DashboardLayout'),
  () => import(/* webpackChunkName: "customer" */ '../customer/dashboard'),
  () => import(/* webpackChunkName: "technician" */ '../technician/dashboard'),
  () => import(/* webpackChunkName: "admin" */ '../admin/AdminLayout'),
  () => import(/* webpackChunkName: "admin-board" */ '../admin/board'),
  // The signed-in frames' header widgets (live status, notifications), drawn right after the page.
  () => import(/* webpackChunkName: "live" */ '../shared/liveWidgets'),
  ...Object.values(FIRST_READS),
];

/**
 * Starts the signed-in user's first reads (none for a role without a dashboard) at once — in this task when their
 * loader's code is here, so they leave before React draws the signed-in state: nothing of the user is on the device
 * at sign-in, so they do not wait for its restore. A failure is left to the page, which reads again.
 */
export function startFirstReads(user: SessionUser): void {
  const role = user.role as Role;
  const start = (loader: PageLoader) => loader.startReads(user);
  const ready = loaded[role];
  if (ready) start(ready);
  else void (FIRST_READS[role] as (typeof FIRST_READS)[Role] | undefined)?.().then(start, () => undefined);
}

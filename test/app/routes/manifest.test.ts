import type { RouteObject } from 'react-router-dom';
import type { RouteManifest } from '@/app/routes/manifest';
import type { RouteHandle } from '@/app/routes/routeTypes';

// The build facts exist only where ROUTE_META is set (the build's Node bundle), so the table is loaded afresh with it.
async function buildManifest(): Promise<RouteManifest> {
  process.env.ROUTE_META = '1';
  try {
    let manifest: RouteManifest | undefined;
    await jest.isolateModulesAsync(async () => {
      const { routes } = await import('@/app/routes');
      const { routeManifest } = await import('@/app/routes/manifest');
      manifest = routeManifest(routes);
    });
    if (!manifest) throw new Error('no manifest');
    return manifest;
  } finally {
    delete process.env.ROUTE_META;
  }
}

const budgets = (manifest: RouteManifest) => Object.fromEntries(manifest.measured.map((route) => [route.name, route.budgetKiB]));
const groupsOf = (manifest: RouteManifest, name: string) => manifest.measured.find((route) => route.name === name)?.groups;

test('every page of the table is measured, with the budgets of the spec', async () => {
  const manifest = await buildManifest();
  const budget = budgets(manifest);
  expect(budget).toMatchObject({
    '/': 130,
    '/track/:token': 130,
    '/terms': 130,
    '/privacy': 130,
    '/login': 163,
    '/forgot-password': 162,
    '/reset-password': 162,
    '/verify-email': 162,
    '/admin/analytics': 202,
    '/reports (admin)': 202,
  });
  const named = ['/', '/track/:token', '/terms', '/privacy', '/login', '/forgot-password', '/reset-password', '/verify-email', '/admin/analytics', '/reports (admin)'];
  const others = Object.entries(budget).filter(([name]) => !named.includes(name));
  expect(others.map(([name, kib]) => [name, kib]).filter(([, kib]) => kib !== 200)).toEqual([]);
  // Each role's view of a role-dependent path is measured on its own.
  expect(Object.keys(budget)).toEqual(
    expect.arrayContaining([
      '/register',
      '/register/employee',
      '/oauth/callback',
      '/complete-profile',
      '/dashboard (customer)',
      '/dashboard (employee)',
      '/dashboard/appointments',
      '/admin/dashboard',
      '/admin/staff',
      '/admin/analytics',
      '/admin/timesheets',
      '/admin/messages',
      '/reports (customer)',
      '/reports (employee)',
      '/reports (admin)',
      '/account (customer)',
      '/account (employee)',
      '/account (admin)',
    ]),
  );
});

test('the landing page, a tracking link and the legal pages load neither the store nor a signed-in frame', async () => {
  const manifest = await buildManifest();
  for (const name of ['/', '/track/:token', '/terms', '/privacy']) {
    expect(groupsOf(manifest, name)).toEqual(expect.arrayContaining(['main']));
    expect(groupsOf(manifest, name)).not.toEqual(expect.arrayContaining(['store']));
    expect(groupsOf(manifest, name)).not.toEqual(expect.arrayContaining(['guards']));
  }
  // The two pages whose first reads start beside their code carry the loaders' chunk.
  expect(groupsOf(manifest, '/dashboard (customer)')).toContain('first-data');
  expect(groupsOf(manifest, '/admin/dashboard')).toContain('first-data');
});

test("each page names the roles that open it, from its guards and its role's view: the service worker keeps their code for them", async () => {
  const manifest = await buildManifest();
  const roles = Object.fromEntries(manifest.measured.map((route) => [route.name, route.roles]));
  expect(roles).toMatchObject({
    '/': null,
    '/login': null,
    '/track/:token': null,
    '/dashboard (customer)': ['CUSTOMER'],
    '/dashboard (employee)': ['EMPLOYEE'],
    '/dashboard/appointments': ['CUSTOMER'],
    '/admin/dashboard': ['ADMIN'],
    '/admin/analytics': ['ADMIN'],
    '/account (employee)': ['EMPLOYEE'],
    '/reports (admin)': ['ADMIN'],
  });
  // A page any signed-in user may need before they have a role's view (completing a Google sign-up) is everyone's.
  expect(roles['/complete-profile']).toBeNull();
});

test('the build pre-renders the public pages and writes a shell per signed-in area', async () => {
  const manifest = await buildManifest();
  expect(manifest.prerendered.map((page) => page.path)).toEqual([
    '/',
    '/about',
    '/services',
    '/pricing',
    '/terms',
    '/privacy',
    '/login',
    '/register',
    '/register/employee',
    '/forgot-password',
  ]);
  expect(manifest.prerendered.filter((page) => page.guestOnly).map((page) => page.path)).toEqual(['/login', '/register', '/register/employee', '/forgot-password']);
  expect(manifest.shells.map((shell) => shell.prefix).sort()).toEqual(['/account', '/admin', '/dashboard', '/reports']);
  // The areas whose pages have a loader preload it and the device's cache it reads first, not one after the other.
  const groups = Object.fromEntries(manifest.shells.map((shell) => [shell.prefix, shell.groups]));
  for (const prefix of ['/dashboard', '/admin']) expect(groups[prefix]).toEqual(expect.arrayContaining(['first-data', 'device-data']));
  expect(groups['/account']).not.toContain('device-data');
});

test("the browser's table carries no build facts, and the build refuses a lazy page without them", async () => {
  const { routes } = await import('@/app/routes');
  const { routeManifest } = await import('@/app/routes/manifest');
  const metas = (list: readonly RouteObject[]): unknown[] =>
    list.flatMap((route) => [(route.handle as RouteHandle | undefined)?.meta, ...metas(route.children ?? [])].filter(Boolean));
  expect(metas(routes)).toEqual([]);
  expect(() => routeManifest(routes)).toThrow('has no meta: the build cannot size it');
});

import { act, screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { LAST_30 } from '../../features/analytics/fixtures';
import { API } from '../../msw/handlers';
import { server } from '../../msw/server';
import { renderApp, signedIn, signedOut, storeSession } from '../../utils/renderWithProviders';
import { PERSIST, REHYDRATE } from 'redux-persist';
import { matchRoutes } from 'react-router-dom';
import { provideAppStore } from '@/app/appStore';
import { PERSIST_KEY, setupStore } from '@/app/store';
import { initialAuthState } from '@/features/auth/authSlice';

type LazyParts = Record<string, () => Promise<unknown>>;

const path = (router: { state: { location: { pathname: string } } }) => router.state.location.pathname;

describe('GuestOnly: login and register routes', () => {
  test.each(['/login', '/register', '/register/employee'])('a signed-in user visiting %s is sent to /dashboard', async (route) => {
    const { router } = renderApp(route, { preloadedState: { auth: signedIn('CUSTOMER') } });
    await waitFor(() => expect(path(router)).toBe('/dashboard'));
  });
});

test('a signed-in user on /login with a remembered origin goes there, never off-site', async () => {
  const { router } = renderApp({ pathname: '/login', state: { from: { pathname: '/reports', search: '', hash: '' } } }, { preloadedState: { auth: signedIn('CUSTOMER') } });
  await waitFor(() => expect(path(router)).toBe('/reports'));
  const second = renderApp({ pathname: '/login', state: { from: '//evil.example' } }, { preloadedState: { auth: signedIn('CUSTOMER') } });
  await waitFor(() => expect(path(second.router)).toBe('/dashboard'));
});

describe('RequireAuth', () => {
  test('shows a spinner while the session is loading', async () => {
    renderApp('/dashboard', { preloadedState: { auth: initialAuthState } });
    expect(await screen.findByRole('status', { name: 'Checking your session' })).toBeInTheDocument();
  });

  test('a signed-in page waits for the drafts and filters kept in localStorage, then shows', async () => {
    const store = setupStore({ auth: signedIn('CUSTOMER') });
    store.dispatch({ type: PERSIST, key: PERSIST_KEY, register: () => undefined, rehydrate: () => undefined });
    const { router } = renderApp('/dashboard', { store });
    expect(await screen.findByRole('status', { name: 'Loading CarCare' })).toBeInTheDocument();
    expect(screen.queryByRole('navigation', { name: 'Dashboard' })).not.toBeInTheDocument();
    act(() => {
      store.dispatch({ type: REHYDRATE, key: PERSIST_KEY, payload: undefined });
    });
    expect(await screen.findByRole('navigation', { name: 'Dashboard' })).toBeInTheDocument();
    expect(path(router)).toBe('/dashboard');
  });

  test.each(['/dashboard', '/dashboard/appointments', '/complete-profile', '/admin/dashboard', '/reports'])(
    'signed out, %s redirects to /login remembering the origin',
    async (route) => {
      const { router } = renderApp(`${route}?tab=1`, { preloadedState: { auth: signedOut } });
      await waitFor(() => expect(path(router)).toBe('/login'));
      expect(router.state.location.state).toMatchObject({ from: { pathname: route, search: '?tab=1' } });
    },
  );
});

describe('RequireRole', () => {
  test.each([
    ['EMPLOYEE', '/dashboard/appointments', 'This page requires CUSTOMER access.'],
    ['ADMIN', '/dashboard/appointments', 'This page requires CUSTOMER access.'],
    ['CUSTOMER', '/admin/dashboard', 'This page requires ADMIN access.'],
    ['EMPLOYEE', '/admin/analytics', 'This page requires ADMIN access.'],
  ])('%s on %s sees Access Denied', async (role, route, message) => {
    renderApp(route, { preloadedState: { auth: signedIn(role) } });
    expect(await screen.findByRole('heading', { name: 'Access Denied' })).toBeInTheDocument();
    expect(screen.getByText(message)).toBeInTheDocument();
  });

  test('Go Back returns to the previous page', async () => {
    const { router, user } = renderApp('/dashboard', { preloadedState: { auth: signedIn('EMPLOYEE') } });
    await waitFor(() => expect(path(router)).toBe('/dashboard'));
    await act(() => router.navigate('/admin/dashboard'));
    await user.click(await screen.findByRole('button', { name: 'Go Back' }));
    await waitFor(() => expect(path(router)).toBe('/dashboard'));
  });
});

describe('RequirePermission and /reports', () => {
  test.each([
    ['CUSTOMER', 'Service history', 'Dashboard'],
    ['EMPLOYEE', 'My hours', 'Dashboard'],
    ['ADMIN', 'Analytics', 'Admin'],
  ] as const)('a signed-in %s sees their own report view in their own frame', async (role, heading, navName) => {
    // jsdom draws no canvas: the admin's charts get no 2D context (as where a canvas is unsupported).
    const canvas = jest.spyOn(HTMLCanvasElement.prototype, 'getContext').mockImplementation(() => null);
    server.use(http.get(`${API}/analytics`, () => HttpResponse.json(LAST_30)));
    renderApp('/reports', { preloadedState: { auth: signedIn(role) } });
    expect(await screen.findByRole('heading', { level: 1, name: heading }, { timeout: 5000 })).toBeInTheDocument();
    expect(screen.getByRole('navigation', { name: navName })).toBeInTheDocument();
    expect(screen.getByRole('main')).toContainElement(screen.getByRole('heading', { level: 1, name: heading }));
    canvas.mockRestore();
  });

  test('the dashboard navigation leads to Reports', async () => {
    const { user, router } = renderApp('/dashboard', { preloadedState: { auth: signedIn('CUSTOMER') } });
    const nav = await screen.findByRole('navigation', { name: 'Dashboard' });
    await user.click(within(nav).getByRole('link', { name: 'Reports' }));
    await waitFor(() => expect(path(router)).toBe('/reports'));
    expect(await screen.findByRole('heading', { level: 1, name: 'Service history' })).toBeInTheDocument();
    expect(within(screen.getByRole('navigation', { name: 'Dashboard' })).getByRole('link', { name: 'Reports' })).toHaveAttribute('aria-current', 'page');
  });
});

describe('dashboard router (spec §2)', () => {
  test('ADMIN is redirected to /admin/dashboard', async () => {
    const { router } = renderApp('/dashboard', { preloadedState: { auth: signedIn('ADMIN') } });
    await waitFor(() => expect(path(router)).toBe('/admin/dashboard'));
  });

  test('an unknown role shows Access Error with a support hint', async () => {
    renderApp('/dashboard', { preloadedState: { auth: signedIn('MECHANIC') } });
    expect(await screen.findByRole('heading', { name: 'Access Error' })).toBeInTheDocument();
    expect(screen.getByText('Unable to determine your dashboard. Please contact support.')).toBeInTheDocument();
  });

  test.each(['CUSTOMER', 'EMPLOYEE'])('%s stays on /dashboard with their own view', async (role) => {
    const { router } = renderApp('/dashboard', { preloadedState: { auth: signedIn(role) } });
    expect(await screen.findByRole('navigation', { name: 'Dashboard' })).toBeInTheDocument();
    expect(path(router)).toBe('/dashboard');
    expect(screen.queryByRole('heading', { name: 'Access Error' })).not.toBeInTheDocument();
  });
});

describe('admin sub-routes (spec §2)', () => {
  test.each([
    ['/admin', '/admin/dashboard'],
    ['/admin/', '/admin/dashboard'],
    ['/admin/unknown', '/admin/dashboard'],
    ['/admin/deeply/unknown/path', '/admin/dashboard'],
    ['/admin/analytics', '/admin/analytics'],
    ['/admin/inventory', '/admin/inventory'],
    ['/admin/notifications', '/admin/notifications'],
  ])('%s → %s', async (route, expected) => {
    // The analytics page asks for its figures as soon as it shows (inside the admin frame).
    server.use(http.get(`${API}/analytics`, () => HttpResponse.json(LAST_30)));
    const { router } = renderApp(route, { preloadedState: { auth: signedIn('ADMIN') } });
    await waitFor(() => expect(path(router)).toBe(expected));
  });
});

describe('dashboard navigation (spec §2)', () => {
  test('a customer sees Dashboard, Appointments and Logout', async () => {
    renderApp('/dashboard', { preloadedState: { auth: signedIn('CUSTOMER') } });
    const nav = await screen.findByRole('navigation', { name: 'Dashboard' });
    expect(within(nav).getByRole('link', { name: 'Dashboard' })).toHaveAttribute('href', '/dashboard');
    expect(within(nav).getByRole('link', { name: 'Appointments' })).toHaveAttribute('href', '/dashboard/appointments');
    expect(within(nav).getByRole('button', { name: 'Logout' })).toBeInTheDocument();
  });

  test('an employee has no Appointments link', async () => {
    renderApp('/dashboard', { preloadedState: { auth: signedIn('EMPLOYEE') } });
    const nav = await screen.findByRole('navigation', { name: 'Dashboard' });
    expect(within(nav).queryByRole('link', { name: 'Appointments' })).not.toBeInTheDocument();
  });

  test('Logout calls the server, clears storage and goes to /login', async () => {
    let calls = 0;
    server.use(
      http.post(`${API}/auth/logout`, () => {
        calls += 1;
        return HttpResponse.json({ message: 'Logged out successfully' });
      }),
    );
    const auth = signedIn('CUSTOMER');
    storeSession(auth);
    const { router, user, store } = renderApp('/dashboard', { preloadedState: { auth } });
    await user.click(await screen.findByRole('button', { name: 'Logout' }));
    await waitFor(() => expect(path(router)).toBe('/login'));
    expect(calls).toBe(1);
    expect(store.getState().auth.isAuthenticated).toBe(false);
    expect(localStorage.getItem('token')).toBeNull();
    expect(localStorage.getItem('refresh_token')).toBeNull();
    expect(localStorage.getItem('user')).toBeNull();
  });

  test('Logout still signs out when the server fails (the failure is only logged)', async () => {
    const warn = jest.spyOn(console, 'warn').mockImplementation(() => {});
    server.use(http.post(`${API}/auth/logout`, () => HttpResponse.json({ message: 'boom' }, { status: 500 })));
    const auth = signedIn('EMPLOYEE');
    storeSession(auth);
    const { router, user } = renderApp('/dashboard', { preloadedState: { auth } });
    await user.click(await screen.findByRole('button', { name: 'Logout' }));
    await waitFor(() => expect(path(router)).toBe('/login'));
    expect(localStorage.getItem('token')).toBeNull();
    expect(warn).toHaveBeenCalled();
    warn.mockRestore();
  });
});

describe('Page Not Found', () => {
  test('any other path shows Page Not Found with a link home', async () => {
    renderApp('/no/such/page');
    expect(await screen.findByRole('heading', { name: 'Page Not Found' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Go back home' })).toHaveAttribute('href', '/');
  });
});


describe('the route table', () => {
  test.each(['/', '/login', '/register/employee', '/oauth/callback', '/dashboard', '/dashboard/appointments', '/admin/dashboard', '/reports', '/nowhere'])(
    'every layout and page of %s below the root is a lazy route module that yields its component',
    async (pathname) => {
      const { routes } = await import('@/app/routes');
      const matches = matchRoutes(routes, pathname) ?? [];
      expect(matches.length).toBeGreaterThan(1);
      // The router downloads every matched level at once, instead of one after another as each layout renders.
      for (const { route } of matches.slice(1)) {
        const lazy = route.lazy as LazyParts | (() => Promise<Record<string, unknown>>) | undefined;
        expect(lazy).toBeDefined();
        const parts = typeof lazy === 'function' ? await lazy() : Object.fromEntries(await Promise.all(Object.entries(lazy ?? {}).map(async ([key, load]) => [key, await load()])));
        expect(typeof parts.Component).toBe('function');
        if ('loader' in parts) expect(typeof parts.loader).toBe('function');
      }
    },
  );

  test('the /dashboard loader starts a customer’s own jobs before the page renders, and nothing for another role', async () => {
    const { routes } = await import('@/app/routes');
    const index = matchRoutes(routes, '/dashboard')?.at(-1)?.route;
    const load = index?.lazy as () => Promise<{ loader: (args: unknown) => Promise<unknown> }>;
    const run = async (role: string) => {
      const store = setupStore({ auth: signedIn(role) });
      const { loader } = await load();
      provideAppStore(store);
      await loader({ request: new Request('http://localhost/dashboard'), params: {}, context: {} });
      return Object.values(store.getState().api.queries).map((query) => query?.endpointName);
    };
    expect(await run('CUSTOMER')).toEqual(['getJobs']);
    expect(await run('EMPLOYEE')).toEqual([]);
  });
});

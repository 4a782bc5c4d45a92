import { screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { API } from '../../../msw/handlers';
import { server } from '../../../msw/server';
import { renderApp, signedIn, storeSession } from '../../../utils/renderWithProviders';
import { LAST_30 } from '../../../features/analytics/fixtures';
import { shopWithJobs } from '../../../features/jobs/board/boardFixtures';
import { boardHandlers, fakeBoard } from '../../../features/jobs/board/fakeBoard';

const admin = () => ({ preloadedState: { auth: signedIn('ADMIN') } });

/** The dashboard asks the server for its columns, counts and the catalogue: a small shop answers. */
function serveBoard() {
  const shop = shopWithJobs();
  const board = fakeBoard(shop.jobs, shop.all);
  server.use(...boardHandlers(board));
  return board;
}

beforeEach(() => {
  serveBoard();
});
/** The first render of a lazy page compiles its chunk under ts-jest, which can take over a second when suites run in parallel. */
const FIRST_LOAD = { timeout: 5000 };

describe('admin sub-routes (spec §2)', () => {
  test.each(['/admin', '/admin/', '/admin/anything', '/admin/deep/unknown/path'])('%s redirects to /admin/dashboard', async (path) => {
    const { router } = renderApp(path, admin());
    expect(await screen.findByRole('heading', { level: 1, name: 'Admin Dashboard' }, FIRST_LOAD)).toBeInTheDocument();
    await waitFor(() => expect(router.state.location.pathname).toBe('/admin/dashboard'));
  });

  test('/admin/inventory is the Inventory page, no longer under construction', async () => {
    const { router } = renderApp('/admin/inventory', admin());
    expect(await screen.findByRole('heading', { level: 1, name: 'Inventory' }, FIRST_LOAD)).toBeInTheDocument();
    expect(await screen.findByRole('combobox', { name: 'Centre' }, FIRST_LOAD)).toHaveDisplayValue('Downtown Workshop');
    expect(screen.getByRole('searchbox', { name: 'Search parts' })).toBeInTheDocument();
    expect(await screen.findByText('No parts yet')).toBeInTheDocument();
    expect(screen.queryByText('This page is under construction.')).not.toBeInTheDocument();
    expect(screen.queryByRole('list', { name: 'Coming soon' })).not.toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/admin/inventory');
  });

  test('/admin/notifications is the notifications list, no longer under construction', async () => {
    const { router } = renderApp('/admin/notifications', admin());
    expect(await screen.findByRole('heading', { level: 1, name: 'Notifications' }, FIRST_LOAD)).toBeInTheDocument();
    expect(await screen.findByText('No notifications yet')).toBeInTheDocument();
    expect(screen.queryByText('This page is under construction.')).not.toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/admin/notifications');
  });

  test('/admin/analytics is the Analytics page, no longer under construction', async () => {
    server.use(http.get(`${API}/analytics`, () => HttpResponse.json(LAST_30)));
    // jsdom draws no canvas: the charts get no 2D context (as where a canvas is unsupported).
    const canvas = jest.spyOn(HTMLCanvasElement.prototype, 'getContext').mockImplementation(() => null);
    const { router } = renderApp('/admin/analytics', admin());
    expect(await screen.findByRole('heading', { level: 1, name: 'Analytics' }, FIRST_LOAD)).toBeInTheDocument();
    expect(screen.getByRole('radio', { name: 'Last 30 days' })).toBeChecked();
    expect(await screen.findByRole('region', { name: 'Summary' }, FIRST_LOAD)).toBeInTheDocument();
    expect(screen.queryByText('This page is under construction.')).not.toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/admin/analytics');
    await waitFor(() => expect(canvas).toHaveBeenCalledTimes(4));
    canvas.mockRestore();
  });

  test('an ADMIN visiting /dashboard lands on /admin/dashboard', async () => {
    const { router } = renderApp('/dashboard', admin());
    expect(await screen.findByRole('heading', { level: 1, name: 'Admin Dashboard' }, FIRST_LOAD)).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/admin/dashboard');
  });
});

describe('role guard (spec §6)', () => {
  test.each(['CUSTOMER', 'EMPLOYEE'])('a %s sees Access Denied on every admin route', async (role) => {
    for (const path of ['/admin', '/admin/dashboard', '/admin/analytics', '/admin/inventory', '/admin/notifications', '/admin/staff', '/admin/anything']) {
      const { unmount, router } = renderApp(path, { preloadedState: { auth: signedIn(role) } });
      expect(await screen.findByRole('heading', { name: 'Access Denied' }, FIRST_LOAD)).toBeInTheDocument();
      expect(screen.getByText('This page requires ADMIN access.')).toBeInTheDocument();
      expect(screen.getByRole('button', { name: 'Go Back' })).toBeInTheDocument();
      expect(screen.queryByRole('heading', { name: 'Admin Dashboard' })).not.toBeInTheDocument();
      expect(screen.queryByRole('navigation', { name: 'Admin' })).not.toBeInTheDocument();
      expect(router.state.location.pathname).toBe(path);
      unmount();
    }
  });

  test('a signed-out visitor is sent to /login', async () => {
    const { router } = renderApp('/admin/dashboard');
    await waitFor(() => expect(router.state.location.pathname).toBe('/login'), FIRST_LOAD);
    expect(screen.queryByRole('heading', { name: 'Admin Dashboard' })).not.toBeInTheDocument();
  });
});

describe('admin layout', () => {
  test('has a skip link, the admin navigation and a main landmark', async () => {
    renderApp('/admin/dashboard', admin());
    const title = await screen.findByRole('heading', { level: 1, name: 'Admin Dashboard' }, FIRST_LOAD);
    const main = screen.getByRole('main');
    expect(main).toHaveAttribute('id', 'main-content');
    expect(main).toContainElement(title);
    expect(screen.getByRole('link', { name: 'Skip to content' })).toHaveAttribute('href', '#main-content');
    const nav = screen.getByRole('navigation', { name: 'Admin' });
    const links = within(nav).getAllByRole('link');
    expect(links.map((l) => [l.textContent, l.getAttribute('href')])).toEqual([
      ['Dashboard', '/admin/dashboard'],
      ['Analytics', '/admin/analytics'],
      ['Inventory', '/admin/inventory'],
      ['Invoices', '/admin/invoices'],
      ['Notifications', '/admin/notifications'],
      ['Staff', '/admin/staff'],
      ['Timesheets', '/admin/timesheets'],
      ['Messages', '/admin/messages'],
    ]);
    expect(within(nav).getByRole('link', { name: 'Dashboard' })).toHaveAttribute('aria-current', 'page');
    expect(within(nav).getByRole('button', { name: 'Logout' })).toBeInTheDocument();
  });

  test('the brand link\'s accessible name contains its visible text (WCAG 2.5.3 Label in Name)', async () => {
    renderApp('/admin/dashboard', admin());
    await screen.findByRole('heading', { level: 1, name: 'Admin Dashboard' }, FIRST_LOAD);
    const brand = screen.getByRole('link', { name: 'CarCare Admin home' });
    expect(brand).toHaveAttribute('href', '/admin/dashboard');
    // The visible text (the badge is shown upper-case: "CarCare ADMIN") is part of the accessible name.
    const visible = (brand.textContent ?? '').replace(/\s+/g, ' ').trim();
    expect(visible).toBe('CarCare Admin');
    expect((brand.getAttribute('aria-label') ?? '').toLowerCase()).toContain(visible.toLowerCase());
  });

  test('the navigation links go to their pages', async () => {
    const { user, router } = renderApp('/admin/dashboard', admin());
    const nav = await screen.findByRole('navigation', { name: 'Admin' }, FIRST_LOAD);
    server.use(
      http.get(`${API}/staff`, () => HttpResponse.json([])),
      http.get(`${API}/analytics`, () => HttpResponse.json(LAST_30)),
    );
    // jsdom draws no canvas: the Analytics page's charts get no 2D context (as where a canvas is unsupported).
    const canvas = jest.spyOn(HTMLCanvasElement.prototype, 'getContext').mockImplementation(() => null);
    for (const [name, path] of [
      ['Analytics', '/admin/analytics'],
      ['Inventory', '/admin/inventory'],
      ['Notifications', '/admin/notifications'],
      ['Staff', '/admin/staff'],
      ['Dashboard', '/admin/dashboard'],
    ]) {
      await user.click(within(nav).getByRole('link', { name }));
      const title = name === 'Dashboard' ? 'Admin Dashboard' : name;
      expect(await screen.findByRole('heading', { level: 1, name: title }, FIRST_LOAD)).toBeInTheDocument();
      expect(router.state.location.pathname).toBe(path);
      expect(within(nav).getByRole('link', { name })).toHaveAttribute('aria-current', 'page');
    }
    canvas.mockRestore();
  });

  test('Logout clears the session and lands on /login', async () => {
    const auth = signedIn('ADMIN');
    storeSession(auth);
    let logoutCalls = 0;
    server.use(
      http.post(`${API}/auth/logout`, () => {
        logoutCalls += 1;
        return HttpResponse.json({ message: 'Logged out successfully' });
      }),
    );
    const { user, router, store } = renderApp('/admin/dashboard', { preloadedState: { auth } });
    await user.click(await screen.findByRole('button', { name: 'Logout' }, FIRST_LOAD));

    await waitFor(() => expect(router.state.location.pathname).toBe('/login'));
    expect(logoutCalls).toBe(1);
    expect(localStorage.getItem('token')).toBeNull();
    expect(localStorage.getItem('refresh_token')).toBeNull();
    expect(localStorage.getItem('user')).toBeNull();
    expect(store.getState().auth.isAuthenticated).toBe(false);
    expect(screen.queryByRole('navigation', { name: 'Admin' })).not.toBeInTheDocument();
  });

  test('Logout clears the board: the Day filter, the open dialog and the cached server data; nothing on the server changes', async () => {
    const board = serveBoard();
    const { user, store } = renderApp('/admin/dashboard', admin());
    const awaiting = await screen.findByRole('region', { name: 'Awaiting Assignment' }, FIRST_LOAD);
    await within(awaiting).findByRole('article', { name: 'Toyota Camry' });
    await user.type(screen.getByLabelText('Day'), '2099-01-15');
    // The Day filter refetches the column: wait for the day's card, not the one of the list before it.
    await user.click(await within(awaiting).findByRole('button', { name: 'Assign Employee', description: /Toyota Camry/ }, FIRST_LOAD));
    await user.type(within(screen.getByRole('dialog')).getByRole('searchbox', { name: 'Search employees' }), 'nim');
    expect(store.getState().appointments).toEqual({ boardDay: '2099-01-15', employeeSearch: 'nim', assigningId: expect.any(String) });
    expect(Object.keys(store.getState().api.queries).length).toBeGreaterThan(0);
    await user.keyboard('{Escape}');

    await user.click(screen.getByRole('button', { name: 'Logout' }));
    await waitFor(() => expect(store.getState().auth.isAuthenticated).toBe(false));
    expect(store.getState().appointments).toEqual({ boardDay: null, employeeSearch: '', assigningId: null });
    await waitFor(() => expect(store.getState().api.queries).toEqual({}));
    expect(board.requests.assign).toEqual([]);
  });
});

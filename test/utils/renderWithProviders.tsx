import { render, type RenderOptions } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ReactElement, ReactNode } from 'react';
import { Provider } from 'react-redux';
import { createMemoryRouter, RouterProvider, type InitialEntry, type RouteObject } from 'react-router-dom';
import { registerNavigator } from '@/lib/navigation';
import { routes as appRoutes } from '@/app/routes';
import { freshRoutes } from '@/app/routes/routeTable';
import { provideAppStore } from '@/app/appStore';
import { setupStore, type AppStore, type RootState } from '@/app/store';
import { type AuthState, type SessionUser, toSessionUser } from '@/features/auth';

export interface ProviderOptions extends Omit<RenderOptions, 'queries'> {
  preloadedState?: Partial<RootState>;
  store?: AppStore;
  /** Where the memory router starts (a path or a location with state). */
  route?: InitialEntry;
}

/** A user with the given role, as the app keeps it. */
export function makeUser(role = 'CUSTOMER', overrides: Partial<SessionUser> = {}): SessionUser {
  const names: Record<string, string> = { CUSTOMER: 'Alex Morgan', EMPLOYEE: 'Sam Fernando', ADMIN: 'Ada Admin' };
  return {
    ...toSessionUser({ id: `u-${role.toLowerCase()}`, email: `${role.toLowerCase()}@example.com`, fullName: names[role] ?? 'Pat Unknown', roles: [role] }),
    ...overrides,
  };
}

/** A signed-in auth state (tokens match test/msw/handlers TEST_TOKENS). */
export function signedIn(role = 'CUSTOMER', overrides: Partial<SessionUser> = {}): AuthState {
  return {
    user: makeUser(role, overrides),
    token: 'access-token-1',
    refreshToken: 'refresh-token-1',
    isAuthenticated: true,
    isLoading: false,
    error: null,
  };
}

export const signedOut: AuthState = { user: null, token: null, refreshToken: null, isAuthenticated: false, isLoading: false, error: null };

/** Also writes the session into localStorage, as a real sign-in would have. */
export function storeSession(auth: AuthState): void {
  if (!auth.token || !auth.user) return;
  localStorage.setItem('token', auth.token);
  if (auth.refreshToken) localStorage.setItem('refresh_token', auth.refreshToken);
  localStorage.setItem('user', JSON.stringify(auth.user));
}

function withStore(options: ProviderOptions) {
  const store = options.store ?? setupStore({ auth: signedOut, ...options.preloadedState });
  const user = userEvent.setup();
  return { store, user };
}

/** Renders the real route table of the app at `route` (guards, lazy pages and all). */
export function renderApp(route: InitialEntry = '/', options: ProviderOptions = {}) {
  return renderRoutes(freshRoutes(appRoutes), { ...options, route });
}

/** Renders `routes` in a memory router; the router is registered for navigation from outside React. */
export function renderRoutes(routes: RouteObject[], options: ProviderOptions = {}) {
  const { store, user } = withStore(options);
  // The loaders reach the test's store as the app's reach the app's.
  provideAppStore(store);
  const router = createMemoryRouter(routes, { initialEntries: [options.route ?? '/'] });
  registerNavigator(router);
  const result = render(
    <Provider store={store}>
      <RouterProvider router={router} />
    </Provider>,
    options,
  );
  return { store, user, router, ...result };
}

/**
 * Renders one element with a store and a memory router (at `route`, rendered for any path). Use renderApp to
 * exercise routing.
 */
export function renderWithProviders(ui: ReactElement, options: ProviderOptions = {}) {
  return renderRoutes([{ path: '*', element: ui }], options);
}

export function Wrapper({ store, children }: { store: AppStore; children: ReactNode }) {
  return <Provider store={store}>{children}</Provider>;
}

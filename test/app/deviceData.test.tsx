import { act, configure, screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { CACHE_FORMAT_VERSION, CACHE_MAX_AGE_MS, type KeptCache, cacheKeyFor, keptOnDevice } from '@/app/deviceData';
import { setupStore, type AppStore } from '@/app/store';
import { authSuccess, logout } from '@/features/auth';
import { jobsApi, OWN_JOBS } from '@/features/jobs';
import { API } from '../msw/handlers';
import { held } from '../msw/held';
import { server } from '../msw/server';
import { makeAppointment, page } from '../msw/shop';
import { makeUser, renderApp, renderRoutes, signedIn, signedOut } from '../utils/renderWithProviders';
import { serveCustomerShop } from '../features/jobs/customer/customerTestUtils';
import { technicianJob, technicianShop } from '../fixtures/technicianShop';
import { LOGIN_RESPONSE } from '../features/auth/authTestUtils';

// The device's IndexedDB (lib/deviceStore.ts) as a Map: jsdom has none. The real one is exercised end to end
// (test/e2e/deviceData.spec.ts). Values go through JSON, as IndexedDB's structured clone copies them.
const mockRecords = new Map<string, unknown>();
const mockDevice = { writes: 0, deleted: [] as string[] };
jest.mock('@/lib/deviceStore', () => ({
  DEVICE_DATABASE: 'carcare-device-data',
  canKeepOnDevice: () => true,
  deviceRecords: {
    get: (key: string) => Promise.resolve(mockRecords.get(key)),
    set: (key: string, value: unknown) => {
      mockDevice.writes += 1;
      mockRecords.set(key, JSON.parse(JSON.stringify(value)));
      return Promise.resolve();
    },
    delete: (key: string) => Promise.resolve(void mockRecords.delete(key)),
    keys: () => Promise.resolve([...mockRecords.keys()]),
  },
  deleteDatabases: (prefix: string) => {
    mockDevice.deleted.push(`databases ${prefix}`);
    mockRecords.clear();
    return Promise.resolve();
  },
  deleteCaches: (prefix: string) => {
    mockDevice.deleted.push(`caches ${prefix}`);
    return Promise.resolve();
  },
}));

configure({ asyncUtilTimeout: 5000 });

const WRITE_MS = 20;
const CUSTOMER = signedIn('CUSTOMER');
const customerId = CUSTOMER.user!.id;

const corolla = makeAppointment({ status: 'CONFIRMED', vehicle: { id: 'v-1', plate: 'CAB-4821', make: 'Toyota', model: 'Corolla', year: 2018 }, date: '2099-02-10' });
const civic = makeAppointment({ status: 'PENDING', vehicle: { id: 'v-2', plate: 'KD-7733', make: 'Honda', model: 'Civic' }, date: '2099-02-12' });

beforeEach(() => {
  mockRecords.clear();
  mockDevice.writes = 0;
  mockDevice.deleted = [];
});

function kept(userId = customerId): KeptCache {
  return mockRecords.get(cacheKeyFor(userId)) as KeptCache;
}

/**
 * A signed-in store whose answers are kept on the device, once what was kept is back. Its keeper is the one the app's
 * pages use for it too (keptOnDevice), and it stops after the test: a keeper left running would write this user's
 * answers into a later test's device.
 */
const stops: AbortController[] = [];
async function keptStore(auth = CUSTOMER, writeIntervalMs = WRITE_MS): Promise<AppStore> {
  const store = setupStore({ auth });
  const stop = new AbortController();
  stops.push(stop);
  await keptOnDevice(store, { writeIntervalMs, signal: stop.signal });
  return store;
}
afterEach(() => {
  for (const stop of stops.splice(0)) stop.abort();
});

/** The customer's jobs fetched in one store and written to the device, as a previous visit leaves them. */
async function previousVisit(jobs = [corolla]): Promise<KeptCache> {
  serveCustomerShop({ jobs });
  const store = await keptStore();
  await store.dispatch(jobsApi.endpoints.getJobs.initiate(OWN_JOBS, { subscribe: false }));
  await waitFor(() => expect(kept()).toBeDefined());
  // That visit's tab is closed.
  stops.pop()!.abort();
  return kept();
}

const serviceList = () => screen.getByRole('region', { name: 'Service list' });

describe('the signed-in user’s answers kept on the device', () => {
  test('fulfilled queries are written under the user’s id, with the format version, at most once per interval', async () => {
    serveCustomerShop({ jobs: [corolla] });
    server.use(http.get(`${API}/catalog`, () => HttpResponse.json({ message: 'Something went wrong', success: false }, { status: 500 })));
    // An interval the three answers fit in even on a loaded machine.
    const store = await keptStore(CUSTOMER, 500);

    await Promise.all([
      store.dispatch(jobsApi.endpoints.getJobs.initiate(OWN_JOBS, { subscribe: false })),
      store.dispatch(jobsApi.endpoints.getJobs.initiate({ status: 'COMPLETED' }, { subscribe: false })),
      store.dispatch(jobsApi.endpoints.getCatalog.initiate(undefined, { subscribe: false })),
    ]);
    await waitFor(() => expect(kept()).toBeDefined());

    const record = kept();
    expect(record.version).toBe(CACHE_FORMAT_VERSION);
    expect(record.userId).toBe(customerId);
    // Only the answers: the failed catalogue request is not kept, nor any mutation or subscription.
    expect(Object.values(record.queries).map((query) => [query.endpointName, query.originalArgs])).toEqual([
      ['getJobs', OWN_JOBS],
      ['getJobs', { status: 'COMPLETED' }],
    ]);
    expect(Object.keys(record)).not.toContain('mutations');
    expect(JSON.stringify(record.queries)).toContain('CAB-4821');
    // Three answers within the interval, one write.
    expect(mockDevice.writes).toBe(1);
  });

  test('a returning user’s dashboard paints from the device while the server is slow, then shows the fresh list', async () => {
    await previousVisit([corolla]);
    const store = await keptStore();
    const list = held('get', '/appointments', page([civic, corolla]));

    renderApp('/dashboard', { store });

    // From the device, before the server has answered.
    expect(await within(await screen.findByRole('region', { name: 'Service list' })).findByRole('button', { name: /Toyota Corolla/ })).toBeInTheDocument();
    expect(within(serviceList()).queryByRole('button', { name: /Honda Civic/ })).not.toBeInTheDocument();
    // The page asked the server again, once.
    await waitFor(() => expect(list.calls()).toBe(1));

    act(() => list.release());
    expect(await within(serviceList()).findByRole('button', { name: /Honda Civic/ })).toBeInTheDocument();
    expect(list.calls()).toBe(1);
  });

  test('kept jobs stay on the device when reading them again fails (offline)', async () => {
    await previousVisit([corolla]);
    server.use(http.get(`${API}/appointments`, () => HttpResponse.error()));
    const store = await keptStore();

    await store.dispatch(jobsApi.endpoints.getJobs.initiate(OWN_JOBS, { subscribe: false }));
    expect(Object.values(store.getState().api.queries).map((entry) => entry?.status)).toEqual(['rejected']);

    // The next write after the failed read (the restore's own write may land before it, on a slow machine).
    mockRecords.clear();
    await waitFor(() => expect(kept()).toBeDefined());
    expect(Object.values(kept().queries).map((query) => query.endpointName)).toEqual(['getJobs']);
    expect(JSON.stringify(kept().queries)).toContain('CAB-4821');
  });

  test('a written record says whose answers the device holds (localStorage), and a deletion takes that back first', async () => {
    expect(localStorage.getItem('carcare_kept_for')).toBeNull();
    await previousVisit([corolla]);
    expect(localStorage.getItem('carcare_kept_for')).toBe(customerId);

    const store = await keptStore();
    // Deleted in one step with the data: a deletion begins by it (lib/deviceData.ts), so no page waits for the device meanwhile.
    let markAtDeletion: string | null | undefined;
    const deleting = jest.spyOn(mockDevice.deleted, 'push').mockImplementation(function (this: string[], ...items: string[]) {
      markAtDeletion ??= localStorage.getItem('carcare_kept_for');
      return Array.prototype.push.apply(this, items);
    });
    store.dispatch(logout());

    await waitFor(() => expect([...mockDevice.deleted]).toEqual(['databases carcare', 'caches carcare-user']));
    deleting.mockRestore();
    expect(markAtDeletion).toBeNull();
    expect(localStorage.getItem('carcare_kept_for')).toBeNull();
  });

  test('a keeper started after the page’s answers came in (nothing was kept to wait for) keeps them too', async () => {
    serveCustomerShop({ jobs: [corolla] });
    const store = setupStore({ auth: CUSTOMER });
    await store.dispatch(jobsApi.endpoints.getJobs.initiate(OWN_JOBS, { subscribe: false }));
    expect(mockDevice.writes).toBe(0);

    const stop = new AbortController();
    stops.push(stop);
    await keptOnDevice(store, { writeIntervalMs: WRITE_MS, signal: stop.signal });

    // No answer came after it started: what was already there is written all the same.
    await waitFor(() => expect(kept()).toBeDefined());
    expect(JSON.stringify(kept().queries)).toContain('CAB-4821');
    expect(localStorage.getItem('carcare_kept_for')).toBe(customerId);
  });

  test('another user’s data on the device is deleted, never shown', async () => {
    await previousVisit([corolla]);
    const other = signedIn('CUSTOMER', { id: 'u-someone-else', fullName: 'Sam Other' });

    const store = await keptStore(other);

    expect(mockRecords.size).toBe(0);
    expect(mockDevice.deleted).toEqual(['databases carcare', 'caches carcare-user']);
    expect(store.getState().api.queries).toEqual({});
  });

  test.each([
    ['six days', 6, true],
    ['eight days', 8, false],
  ])('an answer kept %s ago is shown: %s', async (_label, days, shown) => {
    const record = await previousVisit([corolla]);
    const fetchedAt = Date.now() - days * 24 * 60 * 60 * 1000;
    for (const query of Object.values(record.queries)) query.fetchedAt = fetchedAt;
    mockRecords.set(cacheKeyFor(customerId), record);
    expect(days * 24 * 60 * 60 * 1000 > CACHE_MAX_AGE_MS).toBe(!shown);

    const store = await keptStore();

    const restored = Object.values(store.getState().api.queries).map((entry) => entry?.endpointName);
    expect(restored).toEqual(shown ? ['getJobs'] : []);
  });

  test('signing out deletes the app’s data on the device, and a write that was waiting never lands', async () => {
    serveCustomerShop({ jobs: [corolla] });
    const store = await keptStore(CUSTOMER, 200);
    await store.dispatch(jobsApi.endpoints.getJobs.initiate(OWN_JOBS, { subscribe: false }));

    store.dispatch(logout());

    await waitFor(() => expect(mockDevice.deleted).toEqual(['databases carcare', 'caches carcare-user']));
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(mockRecords.size).toBe(0);
    expect(mockDevice.writes).toBe(0);
  });

  test('another user signing in (in another tab) empties this tab’s cache and the device', async () => {
    await previousVisit([corolla]);
    const store = await keptStore();
    expect(Object.keys(store.getState().api.queries)).toHaveLength(1);

    store.dispatch(authSuccess({ user: makeUser('ADMIN'), token: 'access-token-2', refreshToken: 'refresh-token-2' }));

    expect(store.getState().api.queries).toEqual({});
    await waitFor(() => expect(mockDevice.deleted).toEqual(['databases carcare', 'caches carcare-user']));
    expect(mockRecords.has(cacheKeyFor(customerId))).toBe(false);
  });
});

describe('signing in starts the role’s first reads', () => {
  function answerLogin(roles: string[], id: string) {
    server.use(http.post(`${API}/auth/login`, () => HttpResponse.json({ ...LOGIN_RESPONSE, id, roles })));
  }

  async function signIn(user: ReturnType<typeof renderApp>['user']) {
    await user.type(screen.getByLabelText('Email'), 'alex@example.com');
    await user.type(screen.getByLabelText('Password', { selector: 'input' }), 'secret-password');
    await user.click(screen.getByRole('button', { name: 'Sign In' }));
  }

  test('a customer’s jobs are asked for by the sign-in itself, before any page needs them', async () => {
    answerLogin(['CUSTOMER'], 'u-1');
    const shop = serveCustomerShop({ jobs: [corolla] });
    // The sign-in page alone, and a dashboard that reads nothing: only the sign-in can ask for the jobs.
    const { user } = renderRoutes(
      [
        { path: '/login', lazy: () => import('@/app/routes/auth/login') },
        { path: '/dashboard', element: <h1>Next page</h1> },
      ],
      { route: '/login', preloadedState: { auth: signedOut } },
    );
    await screen.findByRole('heading', { level: 1, name: 'Welcome back' });

    await signIn(user);

    expect(await screen.findByRole('heading', { level: 1, name: 'Next page' })).toBeInTheDocument();
    await waitFor(() => expect(shop.listRequests).toHaveLength(1));
  });

  test('with the dashboard’s code already here, the jobs leave before the sign-in is drawn, with the new token', async () => {
    answerLogin(['CUSTOMER'], 'u-1');
    serveCustomerShop({ jobs: [corolla] });
    const { DASHBOARD_CODE } = await import('@/app/routes/auth/signInNext');
    const { user, store } = renderRoutes(
      [
        { path: '/login', lazy: () => import('@/app/routes/auth/login') },
        { path: '/dashboard', element: <h1>Next page</h1> },
      ],
      { route: '/login', preloadedState: { auth: signedOut } },
    );
    await screen.findByRole('heading', { level: 1, name: 'Welcome back' });
    // What /login fetches while the visitor types.
    await Promise.all(DASHBOARD_CODE.map((load) => load()));
    // The moment each jobs request is handed to the network: was the session in the store yet?
    const sent: { signedIn: boolean; authorization: string | null }[] = [];
    const network = globalThis.fetch;
    const fetchSpy = jest.spyOn(globalThis, 'fetch').mockImplementation((input, init) => {
      // RTK Query hands over a Request (copying it would use up a body); its URL and headers are read as they are.
      if (input instanceof Request && new URL(input.url).pathname.endsWith('/appointments')) {
        sent.push({ signedIn: store.getState().auth.isAuthenticated, authorization: input.headers.get('Authorization') });
      }
      return network(input, init);
    });
    try {
      await signIn(user);
      expect(await screen.findByRole('heading', { level: 1, name: 'Next page' })).toBeInTheDocument();
    } finally {
      fetchSpy.mockRestore();
    }
    expect(sent).toEqual([{ signedIn: false, authorization: `Bearer ${LOGIN_RESPONSE.token}` }]);
  });

  test('a customer’s dashboard after sign-in shows the jobs the sign-in asked for, asked once', async () => {
    answerLogin(['CUSTOMER'], 'u-1');
    const shop = serveCustomerShop({ jobs: [corolla] });
    const { user, router } = renderApp('/login', { preloadedState: { auth: signedOut } });
    await screen.findByRole('heading', { level: 1 });

    await signIn(user);

    expect(await within(await screen.findByRole('region', { name: 'Service list' })).findByRole('button', { name: /Toyota Corolla/ })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/dashboard');
    expect(shop.listRequests).toHaveLength(1);
  });

  test('a technician’s profile, counts, jobs and month of logs are asked for once each', async () => {
    answerLogin(['EMPLOYEE'], 'u-2');
    const shop = technicianShop({ jobs: [technicianJob({ plate: 'CAB-4821', make: 'Toyota', model: 'Corolla' })] });
    const profiles: string[] = [];
    server.use(
      http.get(`${API}/auth/profile`, () => {
        profiles.push('profile');
        return HttpResponse.json({ id: 'u-2', email: 'alex@example.com', fullName: 'Alex Morgan', roles: ['EMPLOYEE'], approvalStatus: 'APPROVED' });
      }),
    );
    const { user, router } = renderApp('/login', { preloadedState: { auth: signedOut } });
    await screen.findByRole('heading', { level: 1 });

    await signIn(user);

    expect(await screen.findByRole('grid', { name: 'Monthly Work Summary' })).toBeInTheDocument();
    expect(await screen.findByText(/CAB-4821/)).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/dashboard');
    await waitFor(() => expect(shop.requestsTo('GET', '/time-logs')).toHaveLength(1));
    expect(profiles).toHaveLength(1);
    expect(shop.requestsTo('GET', '/appointments/counts')).toHaveLength(1);
    expect(shop.requestsTo('GET', '/appointments').filter((request) => request.path === '/appointments').map((request) => request.query.status)).toEqual(['CONFIRMED,IN_PROGRESS', 'COMPLETED']);
  });
});

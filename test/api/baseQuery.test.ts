import { waitFor } from '@testing-library/react';
import { delay, http, HttpResponse } from 'msw';
import { api } from '@/api/api';
import { toApiError } from '@/api/errors';
import { registerNavigator } from '@/lib/navigation';
import { setupStore } from '@/app/store';
import { authApi } from '@/features/auth/authApi';
import { customerFilterChanged, initialServicesState } from '@/features/jobs/servicesSlice';
import { logoutUser } from '@/features/auth/authThunks';
import { API } from '../msw/handlers';
import { server } from '../msw/server';
import { signedIn, storeSession } from '../utils/renderWithProviders';

/** A test-only endpoint: mutations are never de-duplicated, so N calls are N requests. */
const probeApi = api.injectEndpoints({
  endpoints: (build) => ({
    probe: build.mutation<{ ok: true; n: number }, number | string>({
      query: (n) => ({ url: `/probe/${n}`, method: 'POST', body: {} }),
    }),
  }),
});

const OLD = { token: 'access-old', refreshToken: 'refresh-old' };
const NEW = { token: 'access-new', refreshToken: 'refresh-new' };

function signedInStore(tokens: { token: string; refreshToken: string | null } = OLD) {
  const auth = { ...signedIn('CUSTOMER'), ...tokens };
  storeSession(auth);
  return setupStore({ auth });
}

let navigate: jest.Mock;
function useNavigatorAt(pathname: string) {
  navigate = jest.fn();
  registerNavigator({ navigate, state: { location: { pathname } } });
}

let refreshCalls = 0;
/** Probe answers: 200 for the new token, 401 "JWT token has expired" for anything else. */
function expiringApi({ refreshOk = true, refreshDelayMs = 20 } = {}) {
  refreshCalls = 0;
  server.use(
    http.post(`${API}/auth/refresh-token`, async ({ request }) => {
      refreshCalls += 1;
      const body = (await request.json()) as { refreshToken?: string };
      await delay(refreshDelayMs);
      if (!refreshOk || body.refreshToken !== OLD.refreshToken) {
        return HttpResponse.json({ message: 'Invalid or expired refresh token', success: false }, { status: 401 });
      }
      return HttpResponse.json(NEW);
    }),
    http.post(`${API}/probe/:n`, ({ request, params }) => {
      if (request.headers.get('Authorization') === `Bearer ${NEW.token}`) return HttpResponse.json({ ok: true, n: Number(params.n) });
      return HttpResponse.json({ message: 'JWT token has expired', success: false }, { status: 401 });
    }),
  );
}

beforeEach(() => useNavigatorAt('/dashboard'));
afterEach(() => registerNavigator(null));

describe('token refresh (spec §4 "Token refresh")', () => {
  test('10 concurrent requests that get an expiry 401 cause exactly 1 refresh and all 10 succeed on their single retry', async () => {
    expiringApi();
    const probeCalls: string[] = [];
    server.events.on('request:start', ({ request }) => {
      if (request.url.includes('/probe/')) probeCalls.push(request.headers.get('Authorization') ?? '');
    });
    const store = signedInStore();

    const results = await Promise.all(Array.from({ length: 10 }, (_, i) => store.dispatch(probeApi.endpoints.probe.initiate(i))));

    expect(refreshCalls).toBe(1);
    expect(results.map((r) => r.data?.ok)).toEqual(Array(10).fill(true));
    // 10 first attempts with the old token, 10 retries with the new one — each request retried once.
    expect(probeCalls.filter((h) => h === `Bearer ${OLD.token}`)).toHaveLength(10);
    expect(probeCalls.filter((h) => h === `Bearer ${NEW.token}`)).toHaveLength(10);
    expect(store.getState().auth).toMatchObject({ token: NEW.token, refreshToken: NEW.refreshToken, isAuthenticated: true });
    expect(localStorage.getItem('token')).toBe(NEW.token);
    expect(localStorage.getItem('refresh_token')).toBe(NEW.refreshToken);
    expect(navigate).not.toHaveBeenCalled();
    server.events.removeAllListeners();
  });

  test('a 401 arriving after the refresh finished causes no second refresh', async () => {
    expiringApi({ refreshDelayMs: 5 });
    server.use(
      http.post(`${API}/probe/slow`, async ({ request }) => {
        const isNew = request.headers.get('Authorization') === `Bearer ${NEW.token}`;
        if (!isNew) await delay(150); // its 401 lands well after the other request's refresh
        return isNew ? HttpResponse.json({ ok: true, n: -1 }) : HttpResponse.json({ message: 'JWT token has expired' }, { status: 401 });
      }),
    );
    const store = signedInStore();

    const slow = store.dispatch(probeApi.endpoints.probe.initiate('slow'));
    const fast = await store.dispatch(probeApi.endpoints.probe.initiate(1));
    expect(fast.data?.ok).toBe(true);
    expect(refreshCalls).toBe(1);

    const late = await slow;
    expect(late.data?.ok).toBe(true);
    expect(refreshCalls).toBe(1);
  });

  test('a retry that gets 401 again stops there: no second refresh, the session ends', async () => {
    expiringApi();
    server.use(http.post(`${API}/probe/:n`, () => HttpResponse.json({ message: 'Invalid JWT token' }, { status: 401 })));
    const store = signedInStore();

    const result = await store.dispatch(probeApi.endpoints.probe.initiate(1));

    expect(refreshCalls).toBe(1);
    expect(result.error).toMatchObject({ status: 401, message: 'Invalid JWT token' });
    expect(store.getState().auth.isAuthenticated).toBe(false);
    expect(navigate).toHaveBeenCalledWith('/login', { replace: true });
  });

  test('the login call never triggers a refresh; its 401 gives the server message or "Invalid credentials"', async () => {
    expiringApi();
    server.use(http.post(`${API}/auth/login`, () => HttpResponse.json({ message: 'Invalid JWT token or password' }, { status: 401 })));
    const store = signedInStore();
    const first = await store.dispatch(authApi.endpoints.login.initiate({ email: 'a@b.co', password: 'x' }));
    expect(first.error).toMatchObject({ status: 401, message: 'Invalid JWT token or password' });

    server.use(http.post(`${API}/auth/login`, () => new HttpResponse(null, { status: 401 })));
    const second = await store.dispatch(authApi.endpoints.login.initiate({ email: 'a@b.co', password: 'x' }));
    expect(second.error).toMatchObject({ status: 401, message: 'Invalid credentials' });

    expect(refreshCalls).toBe(0);
    expect(navigate).not.toHaveBeenCalled();
    expect(localStorage.getItem('token')).toBe(OLD.token);
  });

  test('the refresh call itself never triggers a refresh', async () => {
    expiringApi({ refreshOk: false });
    const store = signedInStore();
    const result = await store.dispatch(authApi.endpoints.refreshToken.initiate({ refreshToken: 'whatever' }));
    expect(result.error).toMatchObject({ status: 401, message: 'Invalid or expired refresh token' });
    expect(refreshCalls).toBe(1);
    expect(navigate).not.toHaveBeenCalled();
  });

  test('a failed refresh clears the three keys, logs out and lands on /login once', async () => {
    expiringApi({ refreshOk: false });
    const store = signedInStore();

    const results = await Promise.all(Array.from({ length: 10 }, (_, i) => store.dispatch(probeApi.endpoints.probe.initiate(i))));

    expect(refreshCalls).toBe(1);
    expect(results.every((r) => r.error?.message === 'Your session has expired. Please login again.')).toBe(true);
    expect(localStorage.getItem('token')).toBeNull();
    expect(localStorage.getItem('refresh_token')).toBeNull();
    expect(localStorage.getItem('user')).toBeNull();
    expect(store.getState().auth).toMatchObject({ isAuthenticated: false, user: null, token: null });
    expect(navigate).toHaveBeenCalledTimes(1);
    expect(navigate).toHaveBeenCalledWith('/login', { replace: true });
  });

  test.each([
    ['cannot be reached (offline, or a reload aborting it)', () => HttpResponse.error(), { status: 'NETWORK', message: 'Network error. Please check your connection.' }],
    ['answers 503', () => HttpResponse.json({ message: 'Service unavailable', success: false }, { status: 503 }), { status: 503 }],
  ])('a refresh that %s keeps the session: tokens and user stay, no /login, the caller gets the error', async (_what, answer, error) => {
    expiringApi();
    server.use(http.post(`${API}/auth/refresh-token`, answer));
    const store = signedInStore();

    const result = await store.dispatch(probeApi.endpoints.probe.initiate(1));

    expect(result.error).toMatchObject(error);
    expect(localStorage.getItem('token')).toBe(OLD.token);
    expect(localStorage.getItem('refresh_token')).toBe(OLD.refreshToken);
    expect(localStorage.getItem('user')).not.toBeNull();
    expect(store.getState().auth).toMatchObject({ isAuthenticated: true, token: OLD.token, refreshToken: OLD.refreshToken });
    expect(navigate).not.toHaveBeenCalled();

    // Once the server answers again, the next request refreshes and succeeds.
    expiringApi();
    const again = await store.dispatch(probeApi.endpoints.probe.initiate(2));
    expect(again.data).toEqual({ ok: true, n: 2 });
    expect(refreshCalls).toBe(1);
  });

  test('a failed refresh while already on /login does not navigate again', async () => {
    useNavigatorAt('/login');
    expiringApi({ refreshOk: false });
    const store = signedInStore();
    await store.dispatch(probeApi.endpoints.probe.initiate(1));
    expect(navigate).not.toHaveBeenCalled();
    expect(store.getState().auth.isAuthenticated).toBe(false);
  });

  test('a 401 about tokens with no refresh token clears tokens and user and goes to /login', async () => {
    expiringApi();
    const store = signedInStore({ token: OLD.token, refreshToken: null });
    const result = await store.dispatch(probeApi.endpoints.probe.initiate(1));
    expect(refreshCalls).toBe(0);
    expect(result.error).toBeDefined();
    expect(localStorage.getItem('token')).toBeNull();
    expect(localStorage.getItem('user')).toBeNull();
    expect(navigate).toHaveBeenCalledWith('/login', { replace: true });
  });

  test('a new token written by another tab is adopted and retried without a refresh of our own', async () => {
    expiringApi();
    const store = signedInStore();
    server.use(
      http.post(`${API}/probe/other-tab`, ({ request }) => {
        if (request.headers.get('Authorization') === `Bearer ${NEW.token}`) return HttpResponse.json({ ok: true, n: 0 });
        localStorage.setItem('token', NEW.token); // the other tab refreshed meanwhile
        localStorage.setItem('refresh_token', NEW.refreshToken);
        return HttpResponse.json({ message: 'JWT token has expired' }, { status: 401 });
      }),
    );
    const result = await store.dispatch(probeApi.endpoints.probe.initiate('other-tab'));
    expect(result.data?.ok).toBe(true);
    expect(refreshCalls).toBe(0);
    expect(store.getState().auth.token).toBe(NEW.token);
  });

  test('uses navigator.locks for a cross-tab single refresh where the browser has it', async () => {
    const request = jest.fn((_name: string, cb: () => Promise<unknown>) => cb());
    Object.defineProperty(navigator, 'locks', { value: { request }, configurable: true });
    try {
      expiringApi();
      const store = signedInStore();
      const result = await store.dispatch(probeApi.endpoints.probe.initiate(1));
      expect(result.data?.ok).toBe(true);
      expect(request).toHaveBeenCalledWith('carcare-token-refresh', expect.any(Function));
      expect(refreshCalls).toBe(1);
    } finally {
      delete (navigator as unknown as Record<string, unknown>).locks;
    }
  });
});

describe('request errors (spec §8 "Requests")', () => {
  test('no response gives the network message', async () => {
    server.use(http.post(`${API}/probe/:n`, () => HttpResponse.error()));
    const store = signedInStore();
    const result = await store.dispatch(probeApi.endpoints.probe.initiate(1));
    expect(result.error).toEqual({ status: 'NETWORK', message: 'Network error. Please check your connection.' });
  });

  test('a request still unanswered after 10 000 ms is aborted with a time-out', async () => {
    jest.useFakeTimers({ advanceTimers: true });
    let abortReason: Error | undefined;
    try {
      // The server never answers. (MSW answers an aborted mocked request with a 500 of its own, so the
      // time-out's mapping to the network message is asserted on toApiError below; here: when it fires.)
      server.use(
        http.post(
          `${API}/probe/:n`,
          ({ request }) =>
            new Promise<Response>((resolve) => {
              request.signal.addEventListener('abort', () => {
                abortReason = request.signal.reason as Error;
                resolve(HttpResponse.error());
              });
            }),
        ),
      );
      const store = signedInStore();
      const pending = store.dispatch(probeApi.endpoints.probe.initiate(1));
      await jest.advanceTimersByTimeAsync(9_900);
      expect(abortReason).toBeUndefined();
      await jest.advanceTimersByTimeAsync(200);
      await pending;
      expect(abortReason?.name).toBe('TimeoutError');
    } finally {
      jest.useRealTimers();
    }
  });

  test('time-outs and failed connections map to the network message', () => {
    const network = { status: 'NETWORK', message: 'Network error. Please check your connection.' };
    expect(toApiError({ status: 'TIMEOUT_ERROR', error: 'TimeoutError: signal timed out' })).toEqual(network);
    expect(toApiError({ status: 'FETCH_ERROR', error: 'TypeError: Failed to fetch' })).toEqual(network);
  });

  test('403 gives the server message, or the access-denied message', async () => {
    const store = signedInStore();
    server.use(http.post(`${API}/probe/:n`, () => HttpResponse.json({ message: 'Admins only' }, { status: 403 })));
    expect((await store.dispatch(probeApi.endpoints.probe.initiate(1))).error).toMatchObject({ status: 403, message: 'Admins only' });
    server.use(http.post(`${API}/probe/:n`, () => new HttpResponse(null, { status: 403 })));
    expect((await store.dispatch(probeApi.endpoints.probe.initiate(2))).error).toEqual({
      status: 403,
      message: 'Access denied. You do not have permission to access this resource.',
    });
    expect(store.getState().auth.isAuthenticated).toBe(true);
  });

  test('other statuses give the server message, or "Something went wrong"', async () => {
    const store = signedInStore();
    server.use(http.post(`${API}/probe/:n`, () => HttpResponse.json({ message: 'Email already exists' }, { status: 409 })));
    expect((await store.dispatch(probeApi.endpoints.probe.initiate(1))).error).toMatchObject({ status: 409, message: 'Email already exists' });
    server.use(http.post(`${API}/probe/:n`, () => new HttpResponse('<html>oops</html>', { status: 500 })));
    expect((await store.dispatch(probeApi.endpoints.probe.initiate(2))).error).toMatchObject({ status: 500, message: 'Something went wrong' });
  });

  test('field errors of a 400 are kept', async () => {
    const store = signedInStore();
    server.use(
      http.post(`${API}/probe/:n`, () =>
        HttpResponse.json({ message: 'Validation failed', errors: { password: 'Password must be at least 8 characters long' } }, { status: 400 }),
      ),
    );
    expect((await store.dispatch(probeApi.endpoints.probe.initiate(1))).error).toEqual({
      status: 400,
      message: 'Validation failed',
      errors: { password: 'Password must be at least 8 characters long' },
      serverMessage: 'Validation failed',
    });
  });

  test('any other 401 clears storage, goes to /login, with the message or "Authentication failed"', async () => {
    const store = signedInStore();
    server.use(http.post(`${API}/probe/:n`, () => new HttpResponse(null, { status: 401 })));
    const result = await store.dispatch(probeApi.endpoints.probe.initiate(1));
    expect(result.error).toMatchObject({ status: 401, message: 'Authentication failed' });
    expect(localStorage.getItem('token')).toBeNull();
    expect(store.getState().auth.isAuthenticated).toBe(false);
    expect(navigate).toHaveBeenCalledWith('/login', { replace: true });
  });

  test('sends the bearer token and JSON content type', async () => {
    let seen: Headers | undefined;
    server.use(
      http.post(`${API}/probe/:n`, ({ request }) => {
        seen = request.headers;
        return HttpResponse.json({ ok: true, n: 1 });
      }),
    );
    const store = signedInStore();
    await store.dispatch(probeApi.endpoints.probe.initiate(1));
    expect(seen?.get('Authorization')).toBe(`Bearer ${OLD.token}`);
    expect(seen?.get('Content-Type')).toBe('application/json');
  });

  test('the profile call with an explicit token uses that token', async () => {
    let auth: string | null = null;
    server.use(
      http.get(`${API}/auth/profile`, ({ request }) => {
        auth = request.headers.get('Authorization');
        return HttpResponse.json({ id: 1, email: 'a@b.co', fullName: 'A B', roles: ['CUSTOMER'] });
      }),
    );
    const store = signedInStore();
    await store.dispatch(authApi.endpoints.getProfileWithToken.initiate('explicit-token'));
    expect(auth).toBe('Bearer explicit-token');
  });
});

describe('logout', () => {
  test('calls the server, clears storage, resets the RTK Query cache and the client-state slices', async () => {
    let logoutBody: unknown;
    server.use(
      http.post(`${API}/auth/logout`, async ({ request }) => {
        logoutBody = await request.json();
        return HttpResponse.json({ message: 'Logged out successfully' });
      }),
    );
    const store = signedInStore();
    await store.dispatch(authApi.endpoints.getProfile.initiate());
    store.dispatch(customerFilterChanged('completed'));
    expect(Object.keys(store.getState().api.queries)).not.toHaveLength(0);
    expect(store.getState().services).not.toEqual(initialServicesState);

    await store.dispatch(logoutUser({ redirectTo: '/login' }));

    expect(logoutBody).toEqual({ refreshToken: OLD.refreshToken });
    await waitFor(() => expect(store.getState().api.queries).toEqual({}));
    expect(store.getState().services).toEqual(initialServicesState);
    expect(store.getState().auth).toMatchObject({ isAuthenticated: false, isLoading: false, user: null });
    expect(localStorage.getItem('token')).toBeNull();
    expect(localStorage.getItem('refresh_token')).toBeNull();
    expect(localStorage.getItem('user')).toBeNull();
    expect(navigate).toHaveBeenCalledWith('/login', { replace: true });
  });

  test('a server failure is ignored (only logged) and the user is still signed out', async () => {
    const warn = jest.spyOn(console, 'warn').mockImplementation(() => {});
    server.use(http.post(`${API}/auth/logout`, () => HttpResponse.error()));
    const store = signedInStore();
    await store.dispatch(logoutUser());
    expect(warn).toHaveBeenCalled();
    expect(store.getState().auth.isAuthenticated).toBe(false);
    expect(localStorage.getItem('token')).toBeNull();
    expect(navigate).toHaveBeenCalledWith('/', { replace: true });
    warn.mockRestore();
  });
});

import { StrictMode } from 'react';
import { act, configure, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { tokenStorage } from '@/features/auth/tokenStorage';
import { API, OAUTH_EXCHANGE_ANSWER, OAUTH_LINK_INVALID } from '../../../msw/handlers';
import { server } from '../../../msw/server';
import { renderApp } from '../../../utils/renderWithProviders';
import { storedUser } from '../../../features/auth/authTestUtils';
import { ACCOUNT_MESSAGES } from '../../../features/account/accountTestUtils';

// These tests render the real route table: the first visit of a lazy page is transformed cold, which can
// take longer than the defaults on a busy machine.
configure({ asyncUtilTimeout: 5000 });
jest.setTimeout(15_000);

const PROFILE = {
  id: 'u-1',
  email: 'alex@example.com',
  fullName: 'Alex Morgan',
  phoneNumber: '+94 77 123 4567',
  address: '12 Main Street',
  roles: ['CUSTOMER'],
  role: 'CUSTOMER',
  isActive: true,
};

function base64url(value: object): string {
  return Buffer.from(JSON.stringify(value)).toString('base64url');
}

/** An access token shaped like the server's (HS256 JWT with sub, email, roles); the signature is not checked here. */
const JWT = `${base64url({ alg: 'HS256', typ: 'JWT' })}.${base64url({
  sub: '8d0c1a52-0000-4000-8000-000000000001',
  email: 'gina@example.com',
  roles: ['CUSTOMER'],
  sid: '8d0c1a52-0000-4000-8000-000000000002',
  exp: 4102444800,
})}.signature`;

/** The browser arrives at the callback with these query parameters (renderApp uses a memory router). */
function arrive(search: string, options: Parameters<typeof renderApp>[1] = {}) {
  const path = `/oauth/callback${search}`;
  window.history.replaceState(null, '', path);
  return renderApp(path, options);
}

/** Profile requests answered with `profile`; records the Authorization header of each. */
function profileAnswers(answer: () => Response) {
  const authorizations: (string | null)[] = [];
  server.use(
    http.get(`${API}/auth/profile`, ({ request }) => {
      authorizations.push(request.headers.get('Authorization'));
      return answer();
    }),
  );
  return authorizations;
}

afterEach(() => {
  window.history.replaceState(null, '', '/');
});

describe('OAuth callback: success', () => {
  test('saves the tokens, loads the profile with the explicit token and goes to /dashboard (phone present)', async () => {
    const authorizations = profileAnswers(() => HttpResponse.json(PROFILE));
    const { router, store } = arrive('?token=tok-abc&refreshToken=ref-xyz');
    await waitFor(() => expect(router.state.location.pathname).toBe('/dashboard'));
    expect(authorizations).toEqual(['Bearer tok-abc']);
    expect(localStorage.getItem('token')).toBe('tok-abc');
    expect(localStorage.getItem('refresh_token')).toBe('ref-xyz');
    expect(storedUser()).toMatchObject({ id: 'u-1', email: 'alex@example.com', phoneNumber: '+94 77 123 4567', roles: ['CUSTOMER'] });
    expect(store.getState().auth).toMatchObject({ isAuthenticated: true, token: 'tok-abc', refreshToken: 'ref-xyz' });
  });

  test('an empty phone number sends the user to /complete-profile', async () => {
    profileAnswers(() => HttpResponse.json({ ...PROFILE, phoneNumber: '' }));
    const { router } = arrive('?token=tok-abc&refreshToken=ref-xyz');
    await waitFor(() => expect(router.state.location.pathname).toBe('/complete-profile'));
    expect(await screen.findByRole('button', { name: 'Complete Profile' })).toBeInTheDocument();
  });

  test('shows a loading state first, and the tokens leave the address bar before the profile answers', async () => {
    let release!: () => void;
    const gate = new Promise<void>((resolve) => {
      release = resolve;
    });
    server.use(
      http.get(`${API}/auth/profile`, async () => {
        await gate;
        return HttpResponse.json(PROFILE);
      }),
    );
    const { router } = arrive('?token=tok-abc&refreshToken=ref-xyz');
    expect(await screen.findByRole('status', { name: 'Signing you in' })).toBeInTheDocument();
    expect(window.location.pathname).toBe('/oauth/callback');
    expect(window.location.search).toBe('');
    expect(router.state.location.search).toBe('');
    release();
    await waitFor(() => expect(router.state.location.pathname).toBe('/dashboard'));
    expect(window.location.search).toBe('');
  });

  test('under StrictMode the parameters are read, the tokens saved and the profile loaded once', async () => {
    const saveTokens = jest.spyOn(tokenStorage, 'saveTokens');
    const authorizations = profileAnswers(() => HttpResponse.json(PROFILE));
    const { router, store } = arrive('?token=tok-abc&refreshToken=ref-xyz', { wrapper: StrictMode });
    await waitFor(() => expect(router.state.location.pathname).toBe('/dashboard'));
    expect(saveTokens).toHaveBeenCalledTimes(1);
    expect(authorizations).toHaveLength(1);
    expect(store.getState().auth.isAuthenticated).toBe(true);
    expect(window.location.search).toBe('');
    saveTokens.mockRestore();
  });
});

/** Exchange requests answered with `answer` (default: the login body); records each request body. */
function exchangeAnswers(answer: () => Response | Promise<Response> = () => HttpResponse.json(OAUTH_EXCHANGE_ANSWER)) {
  const bodies: unknown[] = [];
  server.use(
    http.post(`${API}/auth/oauth/exchange`, async ({ request }) => {
      bodies.push(await request.json());
      return answer();
    }),
  );
  return bodies;
}

describe('OAuth callback: one-time code', () => {
  test('POSTs the code once, signs in with the pair it gets back, goes to /dashboard; the URL keeps no code', async () => {
    const bodies = exchangeAnswers();
    const authorizations = profileAnswers(() => HttpResponse.json(PROFILE));
    const { router, store } = arrive('?code=one-time-code-123');
    await waitFor(() => expect(router.state.location.pathname).toBe('/dashboard'));
    expect(bodies).toEqual([{ code: 'one-time-code-123' }]);
    // The profile is loaded with the exchanged token.
    expect(authorizations).toEqual([`Bearer ${OAUTH_EXCHANGE_ANSWER.token}`]);
    expect(localStorage.getItem('token')).toBe(OAUTH_EXCHANGE_ANSWER.token);
    expect(localStorage.getItem('refresh_token')).toBe(OAUTH_EXCHANGE_ANSWER.refreshToken);
    expect(store.getState().auth).toMatchObject({ isAuthenticated: true, token: OAUTH_EXCHANGE_ANSWER.token, refreshToken: OAUTH_EXCHANGE_ANSWER.refreshToken });
    expect(storedUser()).toMatchObject({ id: 'u-1', email: 'alex@example.com' });
    expect(window.location.href).not.toContain('code');
    expect(router.state.location.search).toBe('');
    // The answer carries tokens: it is not kept in the API cache.
    expect(JSON.stringify(store.getState())).not.toContain('one-time-code-123');
  });

  test('the code leaves the address bar before the exchange answers, under the "Signing you in" spinner', async () => {
    let release!: () => void;
    const gate = new Promise<void>((resolve) => {
      release = resolve;
    });
    const bodies = exchangeAnswers(async () => {
      await gate;
      return HttpResponse.json(OAUTH_EXCHANGE_ANSWER);
    });
    profileAnswers(() => HttpResponse.json(PROFILE));
    const { router } = arrive('?code=one-time-code-123');
    expect(await screen.findByRole('status', { name: 'Signing you in' })).toBeInTheDocument();
    await waitFor(() => expect(bodies).toHaveLength(1));
    expect(window.location.pathname).toBe('/oauth/callback');
    expect(window.location.search).toBe('');
    expect(router.state.location.search).toBe('');
    release();
    await waitFor(() => expect(router.state.location.pathname).toBe('/dashboard'));
  });

  test('an empty phone number after the exchange → /complete-profile', async () => {
    exchangeAnswers();
    profileAnswers(() => HttpResponse.json({ ...PROFILE, phoneNumber: '' }));
    const { router } = arrive('?code=one-time-code-123');
    await waitFor(() => expect(router.state.location.pathname).toBe('/complete-profile'));
    expect(await screen.findByRole('button', { name: 'Complete Profile' })).toBeInTheDocument();
  });

  test('a refused code: the server message under "Authentication Failed", a link to /login, nothing stored', async () => {
    exchangeAnswers(() => HttpResponse.json({ message: OAUTH_LINK_INVALID, success: false }, { status: 400 }));
    const authorizations = profileAnswers(() => HttpResponse.json(PROFILE));
    const { router, store } = arrive('?code=someone-elses-code');
    expect(await screen.findByRole('heading', { level: 1, name: 'Authentication Failed' })).toBeInTheDocument();
    expect(screen.getByRole('alert')).toHaveTextContent(OAUTH_LINK_INVALID);
    expect(screen.getByRole('link', { name: 'Go now' })).toHaveAttribute('href', '/login');
    expect(window.location.search).toBe('');
    expect(authorizations).toEqual([]);
    expect(localStorage.getItem('token')).toBeNull();
    expect(store.getState().auth.isAuthenticated).toBe(false);
    await userEvent.click(screen.getByRole('link', { name: 'Go now' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/login'));
  });

  test('the exchange failing without an answer (network) → "An unexpected error occurred during authentication."', async () => {
    exchangeAnswers(() => HttpResponse.error());
    arrive('?code=one-time-code-123');
    expect(await screen.findByRole('alert')).toHaveTextContent('An unexpected error occurred during authentication.');
    expect(screen.getByRole('heading', { level: 1, name: 'Authentication Failed' })).toBeInTheDocument();
    expect(localStorage.getItem('token')).toBeNull();
  });

  test('under StrictMode the code is exchanged once and the profile loaded once', async () => {
    const bodies = exchangeAnswers();
    const authorizations = profileAnswers(() => HttpResponse.json(PROFILE));
    const { router, store } = arrive('?code=one-time-code-123', { wrapper: StrictMode });
    await waitFor(() => expect(router.state.location.pathname).toBe('/dashboard'));
    expect(bodies).toHaveLength(1);
    expect(authorizations).toHaveLength(1);
    expect(store.getState().auth.isAuthenticated).toBe(true);
    expect(window.location.search).toBe('');
  });

  test('legacy token parameters still sign in without any exchange', async () => {
    const bodies = exchangeAnswers();
    profileAnswers(() => HttpResponse.json(PROFILE));
    const { router } = arrive('?token=tok-abc&refreshToken=ref-xyz');
    await waitFor(() => expect(router.state.location.pathname).toBe('/dashboard'));
    expect(bodies).toEqual([]);
    expect(localStorage.getItem('token')).toBe('tok-abc');
  });
});

describe('OAuth callback: failures and their timed redirects (spec §8, §9)', () => {
  // When each timer was started (fake clock), to measure the redirect delay from the moment the page set it.
  let started: { delay: number; at: number }[] = [];
  let timerSpy: jest.SpyInstance | undefined;

  beforeEach(() => {
    // Fully manual clock: the checks are to the millisecond (waitFor/findBy advance it while they poll).
    jest.useFakeTimers();
    started = [];
    const fakeSetTimeout = window.setTimeout;
    timerSpy = jest.spyOn(window, 'setTimeout').mockImplementation(((handler: TimerHandler, delay?: number, ...args: unknown[]) => {
      started.push({ delay: delay ?? 0, at: Date.now() });
      return fakeSetTimeout(handler, delay, ...args);
    }) as typeof window.setTimeout);
  });
  afterEach(() => {
    timerSpy?.mockRestore();
    jest.useRealTimers();
  });

  /**
   * Nothing happens until `delay` ms after the page started its redirect timer (the last timer of a few
   * seconds started so far: request time-outs are 10 s); then the browser goes to `to`.
   */
  async function expectRedirectAfter(router: ReturnType<typeof renderApp>['router'], delay: number, to: string) {
    const here = router.state.location.pathname;
    const redirect = started.filter((t) => t.delay >= 1000 && t.delay < 10_000).at(-1);
    expect(redirect).toBeDefined();
    const startedAt = redirect?.at ?? 0;
    await act(async () => {
      jest.advanceTimersByTime(startedAt + delay - 1 - Date.now());
    });
    expect(router.state.location.pathname).toBe(here);
    await act(async () => {
      jest.advanceTimersByTime(1);
    });
    // Checked at once: waitFor would move the fake clock on while it polls.
    expect(router.state.location.pathname).toBe(to);
  }

  test('an error parameter is shown decoded under "Authentication Failed", then /login after 3000 ms', async () => {
    const { router } = arrive(`?error=${encodeURIComponent('Google sign-in is not configured & unavailable')}`);
    expect(await screen.findByRole('heading', { level: 1, name: 'Authentication Failed' })).toBeInTheDocument();
    expect(screen.getByRole('alert')).toHaveTextContent('Google sign-in is not configured & unavailable');
    expect(window.location.search).toBe('');
    await expectRedirectAfter(router, 3000, '/login');
  });

  test('Google sign-in refused for an unverified password account: the server’s words are shown', async () => {
    arrive(`?error=${encodeURIComponent(ACCOUNT_MESSAGES.googleUnverified)}`);
    expect(await screen.findByRole('heading', { level: 1, name: 'Authentication Failed' })).toBeInTheDocument();
    expect(screen.getByRole('alert')).toHaveTextContent(ACCOUNT_MESSAGES.googleUnverified);
    expect(localStorage.getItem('token')).toBeNull();
  });

  test('a doubly encoded error parameter is decoded too', async () => {
    arrive(`?error=${encodeURIComponent(encodeURIComponent('Access denied by user'))}`);
    expect(await screen.findByText('Access denied by user')).toBeInTheDocument();
  });

  test.each(['?token=tok-abc', '?refreshToken=ref-xyz', ''])('missing token or refreshToken (%s) → message, then /login after 3000 ms', async (search) => {
    const { router } = arrive(search);
    expect(await screen.findByText('Authentication failed. Missing tokens.')).toBeInTheDocument();
    expect(screen.getByRole('heading', { level: 1, name: 'Authentication Failed' })).toBeInTheDocument();
    expect(window.location.search).toBe('');
    expect(localStorage.getItem('token')).toBeNull();
    await expectRedirectAfter(router, 3000, '/login');
  });

  test('profile failure after the tokens are saved → message, a session from the token claims, /dashboard after 2000 ms', async () => {
    profileAnswers(() => HttpResponse.json({ message: 'Internal server error', success: false }, { status: 500 }));
    const { router, store } = arrive(`?token=${JWT}&refreshToken=ref-xyz`);
    expect(await screen.findByText('Authentication successful, but failed to load profile. Redirecting...')).toBeInTheDocument();
    expect(localStorage.getItem('token')).toBe(JWT);
    expect(localStorage.getItem('refresh_token')).toBe('ref-xyz');
    expect(store.getState().auth.user).toMatchObject({ id: '8d0c1a52-0000-4000-8000-000000000001', email: 'gina@example.com', roles: ['CUSTOMER'], role: 'CUSTOMER' });
    expect(storedUser()).toMatchObject({ email: 'gina@example.com' });
    await expectRedirectAfter(router, 2000, '/dashboard');
    // Signed in from the claims, so the dashboard does not bounce to /login.
    expect(await screen.findByRole('navigation', { name: 'Dashboard' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/dashboard');
  });

  test('profile failure with an unreadable token still redirects to /dashboard after 2000 ms (which then asks to sign in)', async () => {
    profileAnswers(() => HttpResponse.error());
    const { router, store } = arrive('?token=not-a-jwt&refreshToken=ref-xyz');
    expect(await screen.findByText('Authentication successful, but failed to load profile. Redirecting...')).toBeInTheDocument();
    expect(store.getState().auth.isAuthenticated).toBe(false);
    const seen: string[] = [];
    // Where it lands, each time (a lazy page's navigation first emits its pending state, at the old location).
    const unsubscribe = router.subscribe((state) => {
      if (state.navigation.state === 'idle') seen.push(state.location.pathname);
    });
    await expectRedirectAfter(router, 2000, '/login');
    expect(seen[0]).toBe('/dashboard');
    unsubscribe();
  });

  test('any other failure → "An unexpected error occurred during authentication." then /login after 3000 ms', async () => {
    const save = jest.spyOn(tokenStorage, 'saveTokens').mockImplementation(() => {
      throw new Error('QuotaExceededError');
    });
    const { router, store } = arrive('?token=tok-abc&refreshToken=ref-xyz');
    expect(await screen.findByText('An unexpected error occurred during authentication.')).toBeInTheDocument();
    expect(screen.getByRole('heading', { level: 1, name: 'Authentication Failed' })).toBeInTheDocument();
    expect(store.getState().auth.isAuthenticated).toBe(false);
    await expectRedirectAfter(router, 3000, '/login');
    save.mockRestore();
  });

  test('leaving the page clears the pending redirect', async () => {
    const { router, unmount } = arrive('?error=denied');
    await screen.findByText('denied');
    unmount();
    await act(async () => {
      jest.advanceTimersByTime(5000);
    });
    expect(router.state.location.pathname).toBe('/oauth/callback');
  });
});

import { fetchBaseQuery, type BaseQueryApi, type BaseQueryFn, type FetchArgs, type FetchBaseQueryError } from '@reduxjs/toolkit/query';
import { Mutex } from 'async-mutex';
import { navigateTo } from '@/lib/navigation';
import { storedTokens } from '@/lib/sessionTokens';
import { MESSAGES, isTokenProblem, toApiError, type ApiError } from './errors';
import { logout, type SessionTokensState, tokensRefreshed, type TokenPair } from './session';
import { API_BASE_URL } from './url';

export { API_BASE_URL };

/** Absolute form of the API base (fetch's Request outside a browser page cannot resolve a relative URL). */
function absoluteBaseUrl(base: string): string {
  if (typeof window === 'undefined' || /^https?:\/\//.test(base)) return base;
  return new URL(base, window.location.origin).toString().replace(/\/$/, '');
}
export const REQUEST_TIMEOUT_MS = 10_000;
const REFRESH_LOCK_NAME = 'carcare-token-refresh';

/** Calls whose 401 means "wrong credentials", never "refresh and retry" (spec §8, architecture.md §4). */
const NO_REAUTH_PATHS = ['/auth/login', '/auth/refresh-token', '/auth/rotate-refresh-token', '/auth/register/'];

function currentToken(api: Pick<BaseQueryApi, 'getState'>): string | null {
  return (api.getState() as SessionTokensState).auth.token ?? storedTokens.token();
}

/**
 * What the offline domain, once loaded, makes of each request: called before it is sent (no `result`), where it may
 * refuse it (a change while offline: the refusal is the answer), and again with the outcome (whether an answer came). Installed from outside, so
 * this layer knows no feature and the sign-in page does not carry its code.
 */
export type RequestWatcher = (
  args: string | FetchArgs,
  api: BaseQueryApi,
  result?: { error?: FetchBaseQueryError; meta?: { response?: Response } },
) => { error: ApiError } | null | undefined;
let watcher: RequestWatcher | undefined;
export function watchRequests(next: RequestWatcher): void {
  watcher = next;
}

const rawBaseQuery = fetchBaseQuery({
  baseUrl: absoluteBaseUrl(API_BASE_URL),
  timeout: REQUEST_TIMEOUT_MS,
  prepareHeaders: (headers, api) => {
    // An explicit Authorization (profile with an explicit token) wins over the stored one.
    if (!headers.has('Authorization')) {
      const token = currentToken(api);
      if (token) headers.set('Authorization', `Bearer ${token}`);
    }
    if (!headers.has('Content-Type')) headers.set('Content-Type', 'application/json');
    headers.set('Accept', 'application/json');
    return headers;
  },
});

/** One refresh at a time in this tab (async-mutex) and, where the browser has Web Locks, across tabs. */
const refreshMutex = new Mutex();
function exclusive<T>(fn: () => Promise<T>): Promise<T> {
  return refreshMutex.runExclusive(() => {
    const locks = typeof navigator !== 'undefined' ? navigator.locks : undefined;
    return locks ? locks.request(REFRESH_LOCK_NAME, fn) : fn();
  });
}

function endSession(api: BaseQueryApi): void {
  api.dispatch(logout());
  navigateTo('/login');
}

type ReauthOutcome = 'retry' | 'ended' | { unreachable: FetchBaseQueryError };

/**
 * Whether a failed refresh is the server refusing the session (spec §4: storage cleared, /login) rather than the
 * server not being reached — offline, timed out, a reload aborting the request, a 5xx or 429 — after which the
 * session is kept: the refresh token may still be good, and signing out there would lose it for nothing.
 */
function sessionRefused({ status }: FetchBaseQueryError): boolean {
  return typeof status === 'number' && status < 500 && status !== 429;
}

/**
 * Runs under the lock. If the token changed since the failed request was sent (another request or tab already
 * refreshed), adopt it and retry; if the session is already gone, stop; otherwise refresh once.
 */
async function refreshOnce(usedToken: string | null, api: BaseQueryApi, extra: object): Promise<ReauthOutcome> {
  const stateToken = (api.getState() as SessionTokensState).auth.token;
  const storedToken = storedTokens.token();
  if (!stateToken && !storedToken) return 'ended';
  if (storedToken && storedToken !== usedToken) {
    if (storedToken !== stateToken) api.dispatch(tokensRefreshed({ token: storedToken, refreshToken: storedTokens.refreshToken() ?? '' }));
    return 'retry';
  }
  if (stateToken && stateToken !== usedToken) return 'retry';

  const refreshToken = storedTokens.refreshToken() ?? (api.getState() as SessionTokensState).auth.refreshToken;
  if (!refreshToken) {
    endSession(api);
    return 'ended';
  }
  const result = await rawBaseQuery({ url: '/auth/refresh-token', method: 'POST', body: { refreshToken } }, api, extra);
  const pair = result.data as Partial<TokenPair> | undefined;
  if (!result.error && pair?.token) {
    const next: TokenPair = { token: pair.token, refreshToken: pair.refreshToken ?? refreshToken };
    storedTokens.save(next.token, next.refreshToken); // before the lock is released, for other tabs
    api.dispatch(tokensRefreshed(next));
    return 'retry';
  }
  if (result.error && !sessionRefused(result.error)) return { unreachable: result.error };
  endSession(api);
  return 'ended';
}

/**
 * Bearer token, 10 s time-out and spec §4's refresh-and-retry (one refresh at a time, each request retried once);
 * errors come out as {@link ApiError} with the spec §8 messages so no screen words its own.
 */
export const baseQueryWithReauth: BaseQueryFn<string | FetchArgs, unknown, ApiError> = async (args, api, extra) => {
  const url = typeof args === 'string' ? args : args.url;
  const isAuthCall = NO_REAUTH_PATHS.some((p) => url.startsWith(p));
  const refused = watcher?.(args, api);
  if (refused) return refused;

  await refreshMutex.waitForUnlock();
  const usedToken = currentToken(api);
  let result = await rawBaseQuery(args, api, extra ?? {});
  watcher?.(args, api, result);

  if (result.error && !isAuthCall && isTokenProblem(result.error)) {
    const outcome = await exclusive(() => refreshOnce(usedToken, api, extra ?? {}));
    if (outcome === 'ended') return { error: { status: 401, message: MESSAGES.SESSION_EXPIRED } };
    if (outcome !== 'retry') return { error: toApiError(outcome.unreachable) };
    result = await rawBaseQuery(args, api, extra ?? {});
    // Retried once; a second 401 ends the session instead of refreshing again.
    if (result.error && result.error.status === 401) {
      endSession(api);
      return { error: toApiError(result.error) };
    }
  } else if (result.error && result.error.status === 401 && !isAuthCall) {
    // Spec §8: any other 401 → storage cleared, /login, message or 'Authentication failed'.
    endSession(api);
  }

  if (result.error) return { error: toApiError(result.error, url.startsWith('/auth/login')) };
  return { data: result.data, meta: result.meta };
};

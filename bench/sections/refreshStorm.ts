import { SignJWT } from 'jose';
import type { BenchSession } from '../lib/apiClient';
import { round } from '../lib/stats';

export const STORM_SIZE = 100;
const STORM_TIMEOUT_MS = 60_000;

export interface RefreshStormResult {
  concurrentRequests: number;
  refreshCalls: number;
  successes: number;
  failures: string[];
  /** 401s the server sent (every request of the storm starts with the expired token). */
  unauthorizedResponses: number;
  /** From the first 401 arriving to the last request resolving successfully. */
  firstUnauthorizedToLastSuccessMs: number;
  /** From dispatching the first request to the last success. */
  totalMs: number;
  passed: boolean;
}

interface AccessClaims {
  sub: string;
  email: string;
  roles: string[];
  sid: string;
}

function claimsOf(token: string): AccessClaims {
  const payload = JSON.parse(Buffer.from(token.split('.')[1] ?? '', 'base64url').toString('utf8')) as Partial<AccessClaims>;
  if (!payload.sub || !payload.sid || !payload.email || !Array.isArray(payload.roles)) throw new Error('Unexpected access-token claims');
  return { sub: payload.sub, email: payload.email, roles: payload.roles, sid: payload.sid };
}

/**
 * An access token of the same session that expired a minute ago, signed like server/src/auth/accessTokens.ts
 * (HS256 with the UTF-8 bytes of JWT_SECRET; claims sub, email, roles, sid, iat, exp). Checked against the server.
 */
async function expiredTokenFor(session: BenchSession, jwtSecret: string, apiBase: string): Promise<string> {
  const claims = claimsOf(session.token);
  const now = Math.floor(Date.now() / 1000);
  const token = await new SignJWT({ email: claims.email, roles: claims.roles, sid: claims.sid })
    .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
    .setSubject(claims.sub)
    .setIssuedAt(now - 120)
    .setExpirationTime(now - 60)
    .sign(new TextEncoder().encode(jwtSecret));
  const res = await fetch(`${apiBase}/auth/profile`, { headers: { authorization: `Bearer ${token}` } });
  const body = (await res.json()) as { message?: string };
  if (res.status !== 401 || body.message !== 'JWT token has expired') {
    throw new Error(`The forged token is not seen as expired: ${res.status} ${JSON.stringify(body)}`);
  }
  return token;
}

function urlOf(input: RequestInfo | URL): string {
  if (typeof input === 'string') return input;
  return input instanceof URL ? input.href : input.url;
}

/**
 * Section 4: the app's real API layer (src/api/baseQuery.ts through the store and authApi) in Node: 100
 * concurrent updateProfile mutations (never deduplicated) with an expired access token must produce exactly one
 * refresh call and 100 successes. `process.env.API_BASE_URL` must be set before src/ is first imported.
 */
export async function runRefreshStorm(apiBase: string, jwtSecret: string, session: BenchSession): Promise<RefreshStormResult> {
  const expiredToken = await expiredTokenFor(session, jwtSecret, apiBase);

  process.env.API_BASE_URL = apiBase;
  // The browser bundle is a production build: load Redux Toolkit / React Redux without their development-only
  // checks (serializability, immutability), which would otherwise dominate the timing.
  process.env.NODE_ENV = 'production';
  const { API_BASE_URL } = await import('../../src/api/baseQuery');
  if (API_BASE_URL !== apiBase) throw new Error(`src/api/baseQuery.ts was imported before API_BASE_URL was set (it uses ${API_BASE_URL})`);
  // The store's domains come with their components (one public entry each), whose CSS Modules Node cannot load.
  require.extensions['.css'] = (module) => {
    module.exports = {};
  };
  const { setupStore } = await import('../../src/app/store');
  const { authApi } = await import('../../src/features/auth/authApi');

  const store = setupStore({
    auth: { user: session.user, token: expiredToken, refreshToken: session.refreshToken, isAuthenticated: true, isLoading: false, error: null },
  });

  let refreshCalls = 0;
  let unauthorizedResponses = 0;
  let firstUnauthorizedAt: number | null = null;
  let lastSuccessAt = 0;
  let successes = 0;
  const failures: string[] = [];
  const originalFetch = globalThis.fetch;
  globalThis.fetch = async (input: RequestInfo | URL, init?: RequestInit) => {
    if (urlOf(input).endsWith('/auth/refresh-token')) refreshCalls += 1;
    const response = await originalFetch(input, init);
    if (response.status === 401) {
      unauthorizedResponses += 1;
      firstUnauthorizedAt ??= performance.now();
    }
    return response;
  };

  const started = performance.now();
  try {
    const calls = Array.from({ length: STORM_SIZE }, () =>
      store
        .dispatch(authApi.endpoints.updateProfile.initiate({ fullName: session.user.fullName }))
        .unwrap()
        .then(
          () => {
            successes += 1;
            lastSuccessAt = performance.now();
          },
          (error: unknown) => {
            failures.push(JSON.stringify(error));
          },
        ),
    );
    let timer: NodeJS.Timeout | undefined;
    const timeout = new Promise<never>((_, reject) => {
      timer = setTimeout(() => reject(new Error(`The refresh storm did not settle within ${STORM_TIMEOUT_MS / 1000} s`)), STORM_TIMEOUT_MS);
    });
    await Promise.race([Promise.all(calls), timeout]).finally(() => clearTimeout(timer));
  } finally {
    globalThis.fetch = originalFetch;
  }

  return {
    concurrentRequests: STORM_SIZE,
    refreshCalls,
    successes,
    failures: failures.slice(0, 3),
    unauthorizedResponses,
    firstUnauthorizedToLastSuccessMs: firstUnauthorizedAt === null ? Number.NaN : round(lastSuccessAt - firstUnauthorizedAt, 1),
    totalMs: round(lastSuccessAt - started, 1),
    passed: refreshCalls === 1 && successes === STORM_SIZE,
  };
}

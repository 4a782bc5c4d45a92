import { http, HttpResponse } from 'msw';

/** The API origin jsdom resolves `/api` against. */
export const API = 'http://localhost/api';

export const TEST_TOKENS = { token: 'access-token-1', refreshToken: 'refresh-token-1' } as const;

/** POST /auth/oauth/exchange's answer (the login body) for any code, by default. */
export const OAUTH_EXCHANGE_ANSWER = {
  ...TEST_TOKENS,
  type: 'Bearer',
  id: 'u-1',
  email: 'alex@example.com',
  fullName: 'Alex Morgan',
  roles: ['CUSTOMER'],
} as const;

/** The server's one answer to a code it refuses (unknown, expired, spent, another browser's). */
export const OAUTH_LINK_INVALID = 'Sign-in link is invalid or has expired. Please sign in again.';

/**
 * Default handlers: a signed-in user's happy paths. Tests override per case with `server.use(...)`;
 * any request without a handler fails the test (onUnhandledRequest: 'error').
 */
export const handlers = [
  // The offline machinery asks the server's health after a request got no answer.
  http.get(`${API}/health`, () => HttpResponse.json({ status: 'ok' })),
  http.post(`${API}/auth/logout`, () => HttpResponse.json({ message: 'Logged out successfully' })),
  http.post(`${API}/auth/oauth/exchange`, () => HttpResponse.json(OAUTH_EXCHANGE_ANSWER, { headers: { 'Cache-Control': 'no-store' } })),
  http.get(`${API}/auth/profile`, () =>
    HttpResponse.json({
      id: 'u-1',
      email: 'alex@example.com',
      fullName: 'Alex Morgan',
      phoneNumber: '+94 77 123 4567',
      address: '12 Main Street',
      roles: ['CUSTOMER'],
      role: 'CUSTOMER',
      isActive: true,
      createdAt: '2025-10-01T08:00:00.000Z',
      updatedAt: '2025-10-01T08:00:00.000Z',
    }),
  ),
];

import { type APIRequestContext, expect } from '@playwright/test';
import { TEST_PASSWORD, uniqueEmail } from './constants';

/** Test setup goes straight to the real API (the journeys under test use the UI). */

export type PublicRole = 'CUSTOMER' | 'EMPLOYEE';

export interface TestUser {
  email: string;
  password: string;
  fullName: string;
  phoneNumber: string;
  address: string;
  /** Technicians only: shown to the admin as their specialization. */
  department?: string;
}

/** The login / registration answer: the token pair and the user (api-contract.md). */
export interface AuthAnswer {
  token: string;
  refreshToken: string;
  id: string;
  email: string;
  fullName: string;
  roles: string[];
}

export function newTestUser(role: PublicRole, overrides: Partial<TestUser> = {}): TestUser {
  const first = role === 'EMPLOYEE' ? 'Tara' : 'Casey';
  const last = role === 'EMPLOYEE' ? 'Technician' : 'Customer';
  return {
    email: uniqueEmail(role.toLowerCase()),
    password: TEST_PASSWORD,
    fullName: `${first} ${last}`,
    phoneNumber: '+94 77 555 0100',
    address: '12 Galle Road, Colombo',
    ...overrides,
  };
}

/** POST /api/auth/register/customer|employee → the new user, signed in (its own session). */
export async function registerViaApi(
  request: APIRequestContext,
  role: PublicRole,
  overrides: Partial<TestUser> = {},
): Promise<{ user: TestUser; auth: AuthAnswer }> {
  const user = newTestUser(role, overrides);
  const path = role === 'EMPLOYEE' ? '/api/auth/register/employee' : '/api/auth/register/customer';
  const response = await request.post(path, { data: { ...user, role } });
  expect(response.status(), `register ${role}: ${await response.text()}`).toBe(201);
  const auth = (await response.json()) as AuthAnswer;
  return { user, auth };
}

/** POST /api/auth/login → a new session (token pair) for that user. */
export async function loginViaApi(request: APIRequestContext, email: string, password: string): Promise<AuthAnswer> {
  const response = await request.post('/api/auth/login', { data: { email, password } });
  expect(response.status(), `login ${email}: ${await response.text()}`).toBe(200);
  return (await response.json()) as AuthAnswer;
}

/** POST /api/auth/logout-all with the user's access token: revokes every session of that user. */
export async function logoutAllViaApi(request: APIRequestContext, token: string): Promise<void> {
  const response = await request.post('/api/auth/logout-all', { headers: { Authorization: `Bearer ${token}` } });
  expect(response.status(), `logout-all: ${await response.text()}`).toBe(200);
}

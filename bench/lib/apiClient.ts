import { toSessionUser } from '../../src/features/auth/sessionUser';
import type { LoginResponse, SessionUser } from '../../src/features/auth/types';

/** A signed-in user of the bench: credentials, tokens, and the `user` object the SPA keeps in localStorage. */
export interface BenchSession {
  email: string;
  password: string;
  token: string;
  refreshToken: string;
  user: SessionUser;
}

export type RegisterRole = 'customer' | 'employee';

async function postJson<T>(url: string, body: unknown): Promise<T> {
  const res = await fetch(url, { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify(body) });
  const text = await res.text();
  if (!res.ok) throw new Error(`POST ${url} → ${res.status} ${text.slice(0, 300)}`);
  return JSON.parse(text) as T;
}

function toSession(email: string, password: string, res: LoginResponse): BenchSession {
  return { email, password, token: res.token, refreshToken: res.refreshToken, user: toSessionUser(res) };
}

let counter = 0;

/** Registers a fresh user through the API (POST /api/auth/register/{customer|employee}). */
export async function registerUser(apiBase: string, role: RegisterRole, fullName: string): Promise<BenchSession> {
  counter += 1;
  const email = `bench-${role}-${Date.now().toString(36)}-${counter}@carcare.test`;
  const password = 'Bench-Passw0rd!';
  const res = await postJson<LoginResponse>(`${apiBase}/auth/register/${role}`, {
    email,
    password,
    fullName,
    phoneNumber: '+94771234567',
    address: '12 Galle Road, Colombo',
    ...(role === 'employee' ? { employeeId: `EMP-${counter}`, department: 'Mechanical' } : {}),
  });
  return toSession(email, password, res);
}

/**
 * An admin approves a registered technician (POST /api/employees/:id/approve): new technician accounts start
 * pending and cannot be assigned or load their jobs until then.
 */
export async function approveTechnician(apiBase: string, admin: BenchSession, technician: BenchSession): Promise<void> {
  const url = `${apiBase}/employees/${encodeURIComponent(technician.user.id)}/approve`;
  const res = await fetch(url, { method: 'POST', headers: { 'Content-Type': 'application/json', Authorization: `Bearer ${admin.token}` }, body: '{}' });
  if (!res.ok) throw new Error(`POST ${url} → ${res.status} ${(await res.text()).slice(0, 300)}`);
}

/** Signs in through POST /api/auth/login. */
export async function loginUser(apiBase: string, email: string, password: string): Promise<BenchSession> {
  return toSession(email, password, await postJson<LoginResponse>(`${apiBase}/auth/login`, { email, password }));
}

/** The three localStorage keys the SPA restores a session from (src/features/auth/tokenStorage.ts). */
export function sessionStorageEntries(session: BenchSession): { name: string; value: string }[] {
  return [
    { name: 'token', value: session.token },
    { name: 'refresh_token', value: session.refreshToken },
    { name: 'user', value: JSON.stringify(session.user) },
  ];
}

/** GET a keyset-paged list (`{ items, nextCursor? }`) to its end, 200 at a time, as the SPA's fetchAllPages does. */
export async function getAllPages<T>(apiBase: string, session: BenchSession, path: string, params: Record<string, string>): Promise<T[]> {
  const items: T[] = [];
  let cursor: string | undefined;
  do {
    const query = new URLSearchParams({ ...params, limit: '200', ...(cursor && { cursor }) });
    const res = await fetch(`${apiBase}${path}?${query}`, { headers: { Authorization: `Bearer ${session.token}` } });
    const text = await res.text();
    if (!res.ok) throw new Error(`GET ${path}?${query} → ${res.status} ${text.slice(0, 300)}`);
    const page = JSON.parse(text) as { items: T[]; nextCursor?: string };
    items.push(...page.items);
    cursor = page.nextCursor;
  } while (cursor);
  return items;
}

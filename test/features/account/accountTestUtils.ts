import { http, HttpResponse, type JsonBodyType } from 'msw';
import type { ProfileResponse } from '@/features/auth';
import { API } from '../../msw/handlers';
import { server } from '../../msw/server';

/** Everything the account pages say, word for word: the tests assert the contract's own strings. */
export { ACCOUNT_MESSAGES } from '@contract/accountMessages';

/** GET /api/auth/profile as the server answers it, for the signed-in test user of `signedIn(role)`. */
export function profileOf(role = 'CUSTOMER', overrides: Partial<ProfileResponse> & Record<string, unknown> = {}) {
  const names: Record<string, string> = { CUSTOMER: 'Alex Morgan', EMPLOYEE: 'Sam Fernando', ADMIN: 'Ada Admin' };
  return {
    id: `u-${role.toLowerCase()}`,
    email: `${role.toLowerCase()}@example.com`,
    fullName: names[role] ?? 'Pat Unknown',
    phoneNumber: '+94 77 123 4567',
    address: '12 Main Street',
    roles: [role],
    role,
    isActive: true,
    createdAt: '2025-10-01T08:00:00.000Z',
    updatedAt: '2025-10-01T08:00:00.000Z',
    emailNotifications: true,
    emailVerified: true,
    ...(role === 'EMPLOYEE' && { approvalStatus: 'APPROVED' }),
    ...overrides,
  };
}

/**
 * Serves the profile; each GET reads `current()` again, so a test can change it (a verified address, a pending one).
 * With `until`, every answer waits for that promise (a slow server: what the page does before the profile is in).
 */
export function serveProfile(current: () => JsonBodyType, { until }: { until?: Promise<void> } = {}) {
  let reads = 0;
  server.use(
    http.get(`${API}/auth/profile`, async () => {
      reads += 1;
      await until;
      return HttpResponse.json(current());
    }),
  );
  return { reads: () => reads };
}

export interface Sent {
  body: unknown;
  authorization: string | null;
}

/**
 * A handler for one account call that records what it was sent and answers `answer`: a JSON body (200), or
 * `{ status, body }` for another status.
 */
export function answerWith(method: 'post' | 'put', path: string, answer: JsonBodyType | { status: number; body: JsonBodyType }) {
  const sent: Sent[] = [];
  server.use(
    http[method](`${API}${path}`, async ({ request }) => {
      const text = await request.text();
      sent.push({ body: text ? (JSON.parse(text) as unknown) : undefined, authorization: request.headers.get('authorization') });
      if (answer && typeof answer === 'object' && 'status' in answer && typeof answer.status === 'number') {
        const { status, body } = answer as { status: number; body: JsonBodyType };
        return HttpResponse.json(body, { status });
      }
      return HttpResponse.json(answer as JsonBodyType);
    }),
  );
  return sent;
}

/** A refusal in the API's error shape. */
export function refusal(status: number, message: string, errors?: Record<string, string>) {
  return { status, body: { success: false, message, ...(errors && { errors }) } };
}

import type { TrackedJob } from '@contract/tracking';
import { FALLBACKS, MESSAGES, serverMessage } from '@/api/errors';
import { apiUrl } from '@/api/url';

/**
 * A plain fetch, because the page opens signed out, often on a phone, and must load neither the store nor RTK Query;
 * errors read like every other request's (spec §8).
 */
const TIMEOUT_MS = 10_000;

export type TrackedJobResult = { kind: 'ok'; job: TrackedJob } | { kind: 'not-found' } | { kind: 'error'; message: string };

export const trackPath = (token: string) => `/track/${encodeURIComponent(token)}`;

async function messageOf(response: Response): Promise<string> {
  try {
    return serverMessage(await response.json()) ?? FALLBACKS.other;
  } catch {
    return FALLBACKS.other; // not JSON (a proxy's error page): never shown
  }
}

/** GET /api/track/:token — the job, "not found" (wrong, revoked or expired: the server does not say which), or an error. */
export async function fetchTrackedJob(token: string): Promise<TrackedJobResult> {
  const controller = new AbortController();
  const timer = setTimeout(() => controller.abort(), TIMEOUT_MS);
  try {
    const response = await fetch(apiUrl(trackPath(token)), {
      headers: { Accept: 'application/json' },
      cache: 'no-store',
      credentials: 'omit',
      referrerPolicy: 'no-referrer',
      signal: controller.signal,
    });
    if (response.status === 404) return { kind: 'not-found' };
    if (!response.ok) return { kind: 'error', message: await messageOf(response) };
    return { kind: 'ok', job: (await response.json()) as TrackedJob };
  } catch {
    return { kind: 'error', message: MESSAGES.NETWORK_ERROR };
  } finally {
    clearTimeout(timer);
  }
}

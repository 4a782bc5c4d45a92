import type { TrackedJob } from '@contract/tracking';
import { FALLBACKS, MESSAGES, serverMessage } from '@/api/errors';
import { apiUrl } from '@/api/url';

/**
 * The public tracking page's data, read with a plain fetch: the page loads neither the store nor RTK Query (it
 * is opened signed out, often on a phone). No credentials, no referrer, never cached. Errors read as every other
 * request's do (spec §8 "Requests": the server's message or 'Something went wrong'; no answer: the network message).
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

import type { TrackedJob } from '@contract/tracking';

/**
 * The public tracking page's data, read with a plain fetch: the page loads neither the store nor RTK Query (it
 * is opened signed out, often on a phone). No credentials, no referrer, never cached.
 */
const API_BASE_URL = process.env.API_BASE_URL || '/api';
const TIMEOUT_MS = 10_000;

export const NOT_FOUND_MESSAGE = 'Tracking link not found';
const NETWORK_MESSAGE = 'Network error. Please check your connection.';
const OTHER_MESSAGE = 'Something went wrong';

export type TrackedJobResult = { kind: 'ok'; job: TrackedJob } | { kind: 'not-found' } | { kind: 'error'; message: string };

export function apiUrl(path: string): string {
  const base = API_BASE_URL.replace(/\/+$/, '');
  return /^https?:\/\//.test(base) ? `${base}${path}` : new URL(`${base}${path}`, window.location.origin).toString();
}

export const trackPath = (token: string) => `/track/${encodeURIComponent(token)}`;

async function messageOf(response: Response): Promise<string> {
  try {
    const body = (await response.json()) as { message?: unknown };
    return typeof body.message === 'string' && body.message ? body.message : OTHER_MESSAGE;
  } catch {
    return OTHER_MESSAGE;
  }
}

/** GET /api/track/:token — the job, "not found" (wrong, revoked or expired: the server does not say which), or an error. */
export async function fetchTrackedJob(token: string, signal?: AbortSignal): Promise<TrackedJobResult> {
  const controller = new AbortController();
  const timer = setTimeout(() => controller.abort(), TIMEOUT_MS);
  const abort = () => controller.abort();
  signal?.addEventListener('abort', abort);
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
  } catch (error) {
    if (signal?.aborted) throw error;
    return { kind: 'error', message: NETWORK_MESSAGE };
  } finally {
    clearTimeout(timer);
    signal?.removeEventListener('abort', abort);
  }
}

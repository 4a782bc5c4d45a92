import type { DecisionBody, TrackedEstimate } from '@contract/billing';
import { FALLBACKS, MESSAGES, serverMessage } from '@/api/errors';
import { apiUrl } from '@/api/url';

/**
 * The tracking page's estimate, by plain fetch: the page opens signed out, often on a phone, and loads neither the
 * store nor RTK Query (scripts/check-budgets.ts). The token authorizes this and nothing else.
 */
const TIMEOUT_MS = 10_000;

/** A refusal as the server worded it, with its status (409: decided or changed meanwhile; 404: the link is gone). */
export class TrackedEstimateError extends Error {
  constructor(
    message: string,
    readonly status: number | 'NETWORK',
  ) {
    super(message);
    this.name = 'TrackedEstimateError';
  }
}

const trackPath = (token: string) => `/track/${encodeURIComponent(token)}`;

async function request(path: string, init: RequestInit = {}): Promise<TrackedEstimate> {
  const controller = new AbortController();
  const timer = setTimeout(() => controller.abort(), TIMEOUT_MS);
  let response: Response;
  try {
    response = await fetch(apiUrl(path), {
      ...init,
      headers: { Accept: 'application/json', ...(init.body !== undefined && { 'Content-Type': 'application/json' }) },
      cache: 'no-store',
      credentials: 'omit',
      referrerPolicy: 'no-referrer',
      signal: controller.signal,
    });
  } catch {
    throw new TrackedEstimateError(MESSAGES.NETWORK_ERROR, 'NETWORK');
  } finally {
    clearTimeout(timer);
  }
  let body: unknown;
  try {
    body = await response.json();
  } catch {
    body = undefined; // not JSON (a proxy's error page): never shown
  }
  if (!response.ok) throw new TrackedEstimateError(serverMessage(body) ?? FALLBACKS.other, response.status);
  return body as TrackedEstimate;
}

/** GET /api/track/:token/estimate: the job's estimate items and totals, without names. */
export function fetchTrackedEstimate(token: string): Promise<TrackedEstimate> {
  return request(`${trackPath(token)}/estimate`);
}

/** POST /api/track/:token/estimate-items/:id/decision (channel LINK): the estimate after it. */
export function decideTrackedItem(token: string, itemId: string, body: DecisionBody): Promise<TrackedEstimate> {
  return request(`${trackPath(token)}/estimate-items/${encodeURIComponent(itemId)}/decision`, { method: 'POST', body: JSON.stringify(body) });
}

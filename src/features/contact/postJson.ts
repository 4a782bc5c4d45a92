import { apiUrl } from '@/api/url';

/**
 * A JSON POST to the API for the public pages' forms (contact, newsletter) — a plain fetch, so the landing route
 * loads neither the store nor RTK Query (scripts/check-budgets.ts). The answer is reduced to what a form shows.
 */
const TIMEOUT_MS = 10_000;

export type PostResult =
  | { ok: true }
  | {
      ok: false;
      /** HTTP status, or 'NETWORK' when no answer arrived (offline, server down, time-out). */
      status: number | 'NETWORK';
      /** The server's `message`, when its answer is the API's JSON error body. */
      message?: string;
      /** Field messages of a 400. */
      errors?: Record<string, string>;
    };

function errorFields(body: unknown): { message?: string; errors?: Record<string, string> } {
  if (typeof body !== 'object' || body === null) return {};
  const { message, errors } = body as { message?: unknown; errors?: unknown };
  const fields: Record<string, string> = {};
  if (typeof errors === 'object' && errors !== null) {
    for (const [field, text] of Object.entries(errors)) if (typeof text === 'string') fields[field] = text;
  }
  return {
    ...(typeof message === 'string' && message.trim() !== '' && { message }),
    ...(Object.keys(fields).length > 0 && { errors: fields }),
  };
}

export async function postJson(path: string, body: unknown): Promise<PostResult> {
  let response: Response;
  const controller = new AbortController();
  const timer = setTimeout(() => controller.abort(), TIMEOUT_MS);
  try {
    response = await fetch(apiUrl(path), {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', Accept: 'application/json' },
      body: JSON.stringify(body),
      signal: controller.signal,
    });
  } catch {
    return { ok: false, status: 'NETWORK' };
  } finally {
    clearTimeout(timer);
  }
  if (response.ok) return { ok: true };
  let data: unknown = null;
  try {
    data = await response.json();
  } catch {
    // Not JSON (e.g. a proxy's HTML error page): nothing of it is shown.
  }
  return { ok: false, status: response.status, ...errorFields(data) };
}

/** What a public form shows for a failure: the server's own words for 400 and 429, else `generic`. */
export function failureMessage(result: Exclude<PostResult, { ok: true }>, generic: string): string {
  if ((result.status === 400 || result.status === 429) && result.message) return result.message;
  return generic;
}

/**
 * Where the API is (API_BASE_URL at build time, else this site's /api), for every caller: the store's baseQuery
 * and the public pages' plain fetches (the landing forms, the tracking page), which must not load the store.
 */
export const API_BASE_URL = process.env.API_BASE_URL || '/api';

/** `path` under the API as an absolute URL: "/track/abc" → "https://site/api/track/abc". */
export function apiUrl(path: string): string {
  const base = API_BASE_URL.replace(/\/+$/, '');
  return /^https?:\/\//.test(base) ? `${base}${path}` : new URL(`${base}${path}`, window.location.origin).toString();
}

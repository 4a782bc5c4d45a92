/** Minimal cookie helpers (two short-lived cookies of Google sign-in are all the API sets; no plugin needed). */

export function readCookie(header: string | undefined, name: string): string | undefined {
  if (!header) return undefined;
  for (const part of header.split(';')) {
    const index = part.indexOf('=');
    if (index > 0 && part.slice(0, index).trim() === name) {
      const value = part.slice(index + 1).trim();
      try {
        return decodeURIComponent(value);
      } catch {
        return undefined;
      }
    }
  }
  return undefined;
}

export interface CookieOptions {
  path: string;
  maxAgeSeconds: number;
  secure: boolean;
  /**
   * Lax (default): sent on the provider's top-level redirect back, not on cross-site subrequests. Strict: sent
   * only by same-site requests (the SPA's own exchange call).
   */
  sameSite?: 'Lax' | 'Strict';
}

/** Always HttpOnly; SameSite=Lax unless told Strict. */
export function serializeCookie(name: string, value: string, { path, maxAgeSeconds, secure, sameSite = 'Lax' }: CookieOptions): string {
  return [`${name}=${encodeURIComponent(value)}`, `Path=${path}`, `Max-Age=${maxAgeSeconds}`, 'HttpOnly', `SameSite=${sameSite}`, ...(secure ? ['Secure'] : [])].join('; ');
}

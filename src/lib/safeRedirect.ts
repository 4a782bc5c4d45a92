/**
 * Only same-origin paths are ever redirected to (architecture.md §5): a single leading "/" followed by
 * something that is not another "/" or "\" (which browsers treat as protocol-relative), no scheme, no
 * control characters. Anything else falls back.
 */
export function safeRedirectPath(candidate: unknown, fallback = '/dashboard'): string {
  if (typeof candidate !== 'string' || candidate.length === 0 || candidate.length > 2048) return fallback;
  // eslint-disable-next-line no-control-regex -- rejecting control characters is the point
  if (/[\u0000-\u001f\u007f]/.test(candidate)) return fallback;
  if (!candidate.startsWith('/') || candidate.startsWith('//') || candidate.startsWith('/\\')) return fallback;
  try {
    const base = 'https://carcare.invalid';
    const url = new URL(candidate, base);
    if (url.origin !== base) return fallback;
    return `${url.pathname}${url.search}${url.hash}`;
  } catch {
    return fallback;
  }
}

/**
 * The path a guard remembered in location state (`{ from: Location, forUser? }`), made safe. When the origin was
 * remembered for a session that ended (`forUser`), it is only for that person: anyone else signing in (`userId`)
 * goes to the fallback, their own dashboard, instead of the previous person's last page.
 */
export function rememberedOrigin(state: unknown, fallback = '/dashboard', userId?: string): string {
  if (typeof state !== 'object' || state === null || !('from' in state)) return fallback;
  const owner = (state as { forUser?: unknown }).forUser;
  if (typeof owner === 'string' && userId !== undefined && owner !== userId) return fallback;
  const from = (state as { from: unknown }).from;
  if (typeof from === 'string') return safeRedirectPath(from, fallback);
  if (typeof from === 'object' && from !== null) {
    const { pathname = '', search = '', hash = '' } = from as { pathname?: unknown; search?: unknown; hash?: unknown };
    if (typeof pathname === 'string' && typeof search === 'string' && typeof hash === 'string') {
      return safeRedirectPath(`${pathname}${search}${hash}`, fallback);
    }
  }
  return fallback;
}

/**
 * Which dashboard a browser's signed-in user opens, so the first HTML can already be that page's frame (its heading and
 * introduction, no personal data) instead of grey blocks. The SPA writes it into a cookie beside the session and
 * removes it with the session; the static site (server/src/plugins/staticSite.ts) and, offline, the service worker
 * read it to choose the pre-rendered frame (scripts/prerender.ts). It names a page, not a person: nothing it says is
 * trusted for anything but the choice of a static file.
 */
import type { Role } from './auth';

export const PAGE_VIEW_COOKIE = 'carcare_view';

export const PAGE_VIEWS = ['customer', 'technician', 'admin'] as const;
export type PageView = (typeof PAGE_VIEWS)[number];

/**
 * The view of each role's signed-in user, for the build and the bench (a technician's only once approved: the SPA's
 * pageViewOf, which spells it out in if-statements — this table in every page's entry would cost /login its last bytes).
 */
export const VIEW_OF_ROLE: Record<Role, PageView> = { CUSTOMER: 'customer', EMPLOYEE: 'technician', ADMIN: 'admin' };

export function isPageView(value: unknown): value is PageView {
  return typeof value === 'string' && (PAGE_VIEWS as readonly string[]).includes(value);
}

/** Pre-rendered frames by path, then by view: `{ "/dashboard": { "customer": "prerendered/frame-….html" } }`. */
export type PageFrames = Record<string, Partial<Record<PageView, string>>>;

/** The frame for `pathname` when the cookie names a view that has one there. */
export function frameFor(frames: PageFrames, pathname: string, view: unknown): string | undefined {
  return isPageView(view) ? frames[pathname]?.[view] : undefined;
}

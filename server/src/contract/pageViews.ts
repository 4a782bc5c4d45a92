/**
 * Which dashboard a browser's signed-in user opens, so the first HTML can already be that page's frame (its heading and
 * introduction, no personal data) instead of grey blocks. The SPA writes it into a cookie beside the session and
 * removes it with the session; the static site (server/src/plugins/staticSite.ts) and, offline, the service worker
 * read it to choose the pre-rendered frame (scripts/prerender.ts). It names a page, not a person: nothing it says is
 * trusted for anything but the choice of a static file.
 */
export const PAGE_VIEW_COOKIE = 'carcare_view';

export const PAGE_VIEWS = ['customer', 'technician', 'admin'] as const;
export type PageView = (typeof PAGE_VIEWS)[number];

export function isPageView(value: unknown): value is PageView {
  return typeof value === 'string' && (PAGE_VIEWS as readonly string[]).includes(value);
}

/** Pre-rendered frames by path, then by view: `{ "/dashboard": { "customer": "prerendered/frame-….html" } }`. */
export type PageFrames = Record<string, Partial<Record<PageView, string>>>;

/** The frame for `pathname` when the cookie names a view that has one there. */
export function frameFor(frames: PageFrames, pathname: string, view: unknown): string | undefined {
  return isPageView(view) ? frames[pathname]?.[view] : undefined;
}

import { frameFor, type PageFrames, type PageView } from '@contract/pageViews';

/**
 * What the build tells the service worker about its pages (scripts/serviceWorkerPages.ts writes it into dist/sw.js
 * after scripts/prerender.ts): the same choice of file per path as the static site (server/src/plugins/staticSite.ts).
 */
export interface PageManifest {
  /** A pre-rendered public page per path: "/login" → "/prerendered/login.html". */
  pages: Record<string, string>;
  /** A signed-in area's shell per path prefix: "/admin" → "/prerendered/shell-admin.html". */
  shells: Record<string, string>;
  /** A dashboard's frame per path and view: "/dashboard" → { customer: "/prerendered/frame-dashboard-customer.html" }. */
  frames: PageFrames;
  /** The pages and shells to precache, each with a hash of its content. */
  precache: { url: string; revision: string }[];
  /** The code only a signed-in view uses (scripts/serviceWorkerPages.ts viewCode): kept for that view's user only. */
  views: Record<PageView, string[]>;
  /** The cache that holds the signed-in view's code, named after this build's lists. */
  viewCache: string;
}

/** The SPA's own page, for any other path. */
export const SPA_SHELL = '/index.html';

/**
 * The cached page that answers a navigation to `pathname` when the network does not: `view` is the browser's view
 * cookie (PAGE_VIEW_COOKIE), which picks a dashboard's frame.
 */
export function pageFor({ pages, shells, frames }: Pick<PageManifest, 'pages' | 'shells' | 'frames'>, pathname: string, view?: string): string {
  const page = pages[pathname] ?? frameFor(frames, pathname, view);
  if (page) return page;
  const area = Object.keys(shells).find((prefix) => pathname === prefix || pathname.startsWith(`${prefix}/`));
  return area ? shells[area] : SPA_SHELL;
}

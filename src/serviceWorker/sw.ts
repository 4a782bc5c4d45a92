/**
 * The service worker (built by workbox-webpack-plugin's InjectManifest into dist/sw.js, served at /sw.js for the whole
 * site). It keeps only what is the same for every visitor: the build's content-hashed code, index.html and the
 * pre-rendered pages. It never answers /api (those requests go to the network exactly as without it) and caches
 * nothing at run time, so no one's data ever lands in Cache Storage.
 */
import { clientsClaim, setCacheNameDetails } from 'workbox-core';
import { addRoute, cleanupOutdatedCaches, matchPrecache, precache, type PrecacheEntry } from 'workbox-precaching';
import type { RouteHandlerCallbackOptions } from 'workbox-core/types';
import { NavigationRoute, registerRoute } from 'workbox-routing';
import { pageFor, type PageManifest } from './pages';
import { SKIP_WAITING } from './messages';
import { PAGE_VIEW_COOKIE } from '@contract/pageViews';

declare const self: ServiceWorkerGlobalScope & {
  /** The Cookie Store API (Chromium; not in TypeScript's WebWorker lib yet). */
  cookieStore?: { get(name: string): Promise<{ value: string } | null> };
  /** webpack's assets (InjectManifest): every JS and CSS file of the app, index.html, the favicon. */
  __WB_MANIFEST: (PrecacheEntry | string)[];
  /** The pre-rendered pages, written in after the build pre-renders them (scripts/serviceWorkerPages.ts). */
  __CARCARE_PAGES: PageManifest;
};

/** How long a navigation waits for the network before the cached page answers (a bay's Wi-Fi that hangs). */
const NETWORK_TIMEOUT_MS = 3000;

// One cache, "carcare-precache-v2-<scope>" (README: Service worker).
setCacheNameDetails({ prefix: 'carcare' });

const pages = self.__CARCARE_PAGES;

// Downloaded at install, one file after another; a new build's worker downloads only what changed. Content-hashed
// files (/assets/) are kept under their URL, the pages under their content's hash: answered cache-first.
precache([...self.__WB_MANIFEST, ...pages.precache]);
cleanupOutdatedCaches();

/** The view cookie the app writes beside the session (Chromium's Cookie Store API; elsewhere no frame is chosen). */
async function pageView(): Promise<string | undefined> {
  try {
    return (await self.cookieStore?.get(PAGE_VIEW_COOKIE))?.value;
  } catch {
    return undefined;
  }
}

/** The path's page from the precache: its pre-rendered page or the view's frame, its area's shell, else the SPA's index.html. */
const cachedPage = async (url: URL) => matchPrecache(pageFor(pages, url.pathname, await pageView()));

/** Pages: the network first (the server's page is always as new as the build), the cached page when it fails or hangs. */
async function navigate({ request, url }: RouteHandlerCallbackOptions): Promise<Response> {
  const network = fetch(request);
  // Answered by the cache after the timeout, the network's failure would be reported nowhere.
  network.catch(() => undefined);
  let timer: ReturnType<typeof setTimeout> | undefined;
  const slow = new Promise<'slow'>((resolve) => {
    timer = setTimeout(resolve, NETWORK_TIMEOUT_MS, 'slow');
  });
  try {
    const first = await Promise.race([network, slow]);
    if (first !== 'slow') return first;
    return (await cachedPage(url)) ?? (await network);
  } catch {
    return (await cachedPage(url)) ?? Response.error();
  } finally {
    clearTimeout(timer);
  }
}

// Before the precache's route, so a page is never answered cache-first. Not for the API (a download opened as a page),
// nor the pages whose URL carries a secret (a sign-in callback's tokens, a tracking link): they need the network anyway.
registerRoute(new NavigationRoute(navigate, { denylist: [/^\/api(\/|$)/, /^\/oauth\/callback/, /^\/track\//] }));
// The precached files by their own URL only: "/" is a page (above), not "/index.html".
addRoute({ directoryIndex: '', cleanURLs: false });

// The page's "Reload" on "A new version is available" (./updatePrompt.ts): this build takes over from the old one.
self.addEventListener('message', (event) => {
  if ((event.data as { type?: unknown } | null)?.type === SKIP_WAITING) void self.skipWaiting();
});
// The first visit's page is controlled at once, so it works offline without a second visit.
clientsClaim();

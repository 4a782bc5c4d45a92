/**
 * The service worker (built by workbox-webpack-plugin's InjectManifest into dist/sw.js, served at /sw.js for the whole
 * site). It keeps only the build's files, never anyone's data: the code and pages every visitor uses (index.html, the
 * pre-rendered pages, the public pages' and the entry's code), and the code of the signed-in user's view (customer,
 * technician or admin) for that user only. It never answers /api (those requests go to the network exactly as without
 * it), so no one's data ever lands in Cache Storage.
 */
import { clientsClaim, setCacheNameDetails } from 'workbox-core';
import { addRoute, cleanupOutdatedCaches, matchPrecache, precache, type PrecacheEntry } from 'workbox-precaching';
import type { RouteHandlerCallbackOptions } from 'workbox-core/types';
import { NavigationRoute, registerRoute } from 'workbox-routing';
import { pageFor, type PageManifest } from './pages';
import { SKIP_WAITING, VIEW_CHANGED } from './messages';
import { isPageView, PAGE_VIEW_COOKIE, type PageView } from '@contract/pageViews';

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

/** The signed-in views' own code (by path): not precached for every visitor. */
const viewFiles = new Set(Object.values(pages.views).flat());
const pathOf = (entry: PrecacheEntry | string) => new URL(typeof entry === 'string' ? entry : entry.url, self.location.origin).pathname;

// Downloaded at install, one file after another; a new build's worker downloads only what changed. Content-hashed
// files (/assets/) are kept under their URL, the pages under their content's hash: answered cache-first.
precache([...self.__WB_MANIFEST.filter((entry) => !viewFiles.has(pathOf(entry))), ...pages.precache]);
cleanupOutdatedCaches();

/**
 * The view the cookie beside the session names (Chromium's Cookie Store API), null for none; undefined where this
 * worker cannot read cookies (no frame is chosen, and only a page's word changes the view's code).
 */
async function cookieView(): Promise<PageView | null | undefined> {
  if (!self.cookieStore) return undefined;
  try {
    const view = (await self.cookieStore.get(PAGE_VIEW_COOKIE))?.value;
    return isPageView(view) ? view : null;
  } catch {
    return undefined;
  }
}

/**
 * The view's code in its cache, and nothing else there: another view's files (a different user signed in) and the
 * files of a signed-out session go. Calls run one after another, the last view given winning.
 */
let keeping: Promise<void> = Promise.resolve();
function keepViewCode(view: PageView | null): Promise<void> {
  keeping = keeping.then(async () => {
    const wanted = view ? pages.views[view] : [];
    const cache = await caches.open(pages.viewCache);
    const kept = new Map((await cache.keys()).map((request) => [new URL(request.url).pathname, request]));
    await Promise.all([...kept].filter(([file]) => !wanted.includes(file)).map(([, request]) => cache.delete(request)));
    // One after another, like the precache: a phone on a bay's Wi-Fi is not asked for thirty files at once.
    for (const file of wanted) if (!kept.has(file)) await cache.add(file);
  }).catch(() => undefined); // Offline or a failed download: the next sign-in, page or visit tries again.
  return keeping;
}

const keepCookieView = () => cookieView().then((view) => (view === undefined ? undefined : keepViewCode(view)));

// The code of the view signed in when this build installs, so it works offline from its first activation.
self.addEventListener('install', (event) => event.waitUntil(keepCookieView()));
// An older build's view code goes with the older build.
self.addEventListener('activate', (event) =>
  event.waitUntil(
    caches.keys().then((names) => Promise.all(names.filter((name) => name.startsWith('carcare-view-code-') && name !== pages.viewCache).map((name) => caches.delete(name)))),
  ),
);
// A view's code: from its cache when kept, else from the network (a file of another view, or not downloaded yet).
registerRoute(
  ({ url }) => url.origin === self.location.origin && viewFiles.has(url.pathname),
  async ({ request }) => (await caches.match(request, { cacheName: pages.viewCache })) ?? fetch(request),
);

/** The path's page from the precache: its pre-rendered page or the view's frame, its area's shell, else the SPA's index.html. */
const cachedPage = async (url: URL) => matchPrecache(pageFor(pages, url.pathname, (await cookieView()) ?? undefined));

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
  const data = event.data as { type?: unknown; view?: unknown } | null;
  if (data?.type === SKIP_WAITING) void self.skipWaiting();
  // A page's sign-in or sign-out (its view cookie changed): only a choice among the build's files.
  if (data?.type === VIEW_CHANGED) event.waitUntil(keepViewCode(isPageView(data.view) ? data.view : null));
});
// The first visit's page is controlled at once, so it works offline without a second visit.
clientsClaim();

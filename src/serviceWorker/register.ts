/**
 * Registers the service worker (./sw.ts, built as /sw.js; ./start.ts loads this once the page is idle), offers a new
 * build when one is waiting (the prompt's code, ./updatePrompt.ts, loads only then) and tells the worker which
 * signed-in view's code to keep.
 */

import { isPageView, PAGE_VIEW_COOKIE, type PageView } from '@contract/pageViews';
import { whenIdle } from '@/lib/whenIdle';
import { VIEW_CHANGED } from './messages';

/** The Cookie Store API's change event (Chromium, Safari, Firefox; not in TypeScript's DOM lib yet). */
interface CookieChanges extends Event {
  changed: { name: string }[];
  deleted: { name: string }[];
}
type CookieStore = EventTarget;

/** The view the page's view cookie names, or null (signed out, or a technician awaiting approval). */
function pageView(): PageView | null {
  const value = document.cookie
    .split(';')
    .map((pair) => pair.trim().split('='))
    .find(([name]) => name === PAGE_VIEW_COOKIE)?.[1];
  return isPageView(value) ? value : null;
}

/**
 * After a sign-in the dashboard's own code and reads come first: the worker is told to download the view's code once
 * the page has settled (a signed-in phone's first reads share a slow link with it).
 */
export const VIEW_CODE_DELAY_MS = 5000;

/**
 * Tells the worker whose code to keep — the signed-in view the cookie beside the session names (customer, technician,
 * admin; none when signed out) — once it is active, and again whenever that cookie changes in this page's life (a
 * sign-in, a sign-out, another user). A browser without the Cookie Store API tells it on the next page load.
 */
export function shareView(registration: ServiceWorkerRegistration): void {
  const tell = (active = registration.active) => active?.postMessage({ type: VIEW_CHANGED, view: pageView() });
  void navigator.serviceWorker.ready.then((ready) => tell(ready.active));
  const cookieStore = (window as { cookieStore?: CookieStore }).cookieStore;
  let cancelPending = () => {};
  cookieStore?.addEventListener('change', (event) => {
    const { changed, deleted } = event as CookieChanges;
    if (![...changed, ...deleted].some((cookie) => cookie.name === PAGE_VIEW_COOKIE)) return;
    cancelPending();
    // Signed out: the previous view's code goes at once.
    if (pageView() === null) tell();
    else cancelPending = afterIdleDelay(() => tell());
  });
}

/** `task` in the first idle moment {@link VIEW_CODE_DELAY_MS} from now; returns a cancel. */
function afterIdleDelay(task: () => void): () => void {
  let cancelIdle = () => {};
  const timer = setTimeout(() => {
    cancelIdle = whenIdle(task);
  }, VIEW_CODE_DELAY_MS);
  return () => {
    clearTimeout(timer);
    cancelIdle();
  };
}

/** A visible tab that is never hidden (an admin board on a wall) still checks for a new build this often. */
const UPDATE_CHECK_INTERVAL_MS = 60 * 60 * 1000;

/** "A new version is available — Reload", for this waiting worker (null: a newer build already took over). */
function offerUpdate(worker: ServiceWorker | null): void {
  void import(/* webpackChunkName: "update-prompt" */ './updatePrompt').then((prompt) => prompt.showUpdatePrompt(worker));
}

/**
 * Offers the registration's waiting worker, now or once one has installed; checks for a new build on every visit and
 * whenever the tab is shown again, so no tab keeps an old build for long.
 */
export function watchForUpdates(registration: ServiceWorkerRegistration): void {
  const { serviceWorker } = navigator;
  // The first worker to install is no update: the page had no controller before it.
  const offerWaiting = () => {
    if (registration.waiting && serviceWorker.controller) offerUpdate(registration.waiting);
  };
  offerWaiting();
  registration.addEventListener('updatefound', () => {
    const worker = registration.installing;
    worker?.addEventListener('statechange', () => {
      if (worker.state === 'installed') offerWaiting();
    });
  });

  // Another tab's Reload put the new build in charge: this tab's code is the old one.
  let controlled = Boolean(serviceWorker.controller);
  serviceWorker.addEventListener('controllerchange', () => {
    if (controlled) offerUpdate(null);
    controlled = true;
  });

  const check = () => {
    if (document.visibilityState === 'visible') registration.update().catch(() => undefined);
  };
  document.addEventListener('visibilitychange', check);
  setInterval(check, UPDATE_CHECK_INTERVAL_MS);
  // A worker registered on an earlier visit: look for a newer build now.
  if (registration.active) check();
}

/** Registers /sw.js for the whole site (production builds: the dev server builds no worker). */
export function registerServiceWorker(): void {
  const { serviceWorker } = navigator;
  if (process.env.NODE_ENV !== 'production') {
    // One left by a production build served on this origin would answer with its old files.
    void serviceWorker.getRegistrations().then((registrations) => registrations.forEach((registration) => void registration.unregister()));
    return;
  }
  serviceWorker.register('/sw.js').then(
    // A blocked registration (a privacy extension, Playwright's `serviceWorkers: 'block'`) resolves with nothing.
    (registration: ServiceWorkerRegistration | undefined) => {
      if (!registration) return;
      watchForUpdates(registration);
      shareView(registration);
    },
    (error: unknown) => console.warn('The service worker could not start:', error),
  );
}

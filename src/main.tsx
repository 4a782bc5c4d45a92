import { StrictMode, startTransition } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { createBrowserRouter, RouterProvider } from 'react-router-dom';
import '@/styles/global.css';
import { routes } from '@/app/routes';
import { registerNavigator } from '@/lib/navigation';
import { hasStoredSession } from '@/lib/storedSession';
import { startServiceWorker } from '@/serviceWorker/start';

const container = document.getElementById('root');
if (!container) throw new Error('#root is missing from index.html');
// What the build wrote into the page (scripts/prerender.ts): a public page pre-rendered for a visitor without a
// session (its path; guest-only: login and register), or a signed-in area's shell.
const { prerendered, guestOnly } = container.dataset;
const { pathname } = window.location;

// The router starts at once: every lazy part of the matched routes downloads in parallel, and their loaders start the
// page's reads as soon as the store's code is in.
const router = createBrowserRouter(routes);
registerNavigator(router);

const app = (
  <StrictMode>
    <RouterProvider router={router} />
  </StrictMode>
);

// Rendered once the matched routes are in: hydration needs the page exactly as sent, and a shell stays painted until
// the page can replace it.
function whenRouted(): Promise<void> {
  if (router.state.initialized) return Promise.resolve();
  return new Promise((resolve) => {
    const unsubscribe = router.subscribe((state) => {
      if (!state.initialized) return;
      unsubscribe();
      resolve();
    });
  });
}

void whenRouted().then(() => {
  // Hydrated where this browser renders the same page; a session on a guest-only page sends it on instead.
  if (prerendered === pathname && !(guestOnly !== undefined && hasStoredSession())) {
    // As a transition, hydration yields to the browser every few milliseconds instead of holding a phone's main thread.
    startTransition(() => {
      hydrateRoot(container, app);
    });
  } else {
    createRoot(container).render(app);
  }
  // The service worker (src/serviceWorker/sw.ts): once the page has loaded and the browser is idle, after the page
  // (not its shell) has rendered — a dashboard's shell waits on the network, and its idle moments are not the page's.
  startServiceWorker();
});

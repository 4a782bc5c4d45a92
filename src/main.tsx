import { StrictMode, startTransition } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { createBrowserRouter, RouterProvider } from 'react-router-dom';
import '@/styles/global.css';
import { registerNavigator } from '@/lib/navigation';
import { preloadRoute, routes } from '@/app/routes';
import { hasStoredSession } from '@/lib/storedSession';

const { pathname } = window.location;
const pageCode = preloadRoute(pathname);
const container = document.getElementById('root');
if (!container) throw new Error('#root is missing from index.html');
// What the build wrote into the page (scripts/prerender.ts): a public page pre-rendered for a visitor without a
// session (its path; guest-only: login and register), or a signed-in area's shell.
const { prerendered, guestOnly, shell } = container.dataset;
const signedIn = hasStoredSession();
// A signed-in page's first data starts with the store's code, not after the page's (src/app/firstData.ts).
if (shell !== undefined && signedIn) {
  void import(/* webpackChunkName: "first-data" */ '@/app/firstData').then((m) => m.prefetchFirstData(pathname), () => undefined);
}

const router = createBrowserRouter(routes);
registerNavigator(router);
const app = (
  <StrictMode>
    <RouterProvider router={router} />
  </StrictMode>
);
// Hydrated where this browser renders the same page; a session on a guest-only page sends it on instead.
if (prerendered === pathname && !(guestOnly !== undefined && signedIn)) {
  // As a transition, hydration yields to the browser every few milliseconds instead of holding a slow phone's main
  // thread for the whole page (input meanwhile is replayed once the part it hit is hydrated).
  startTransition(() => {
    hydrateRoot(container, app);
  });
} else {
  // Whatever the HTML painted (a signed-in area's shell) stays until the page's code is here to replace it.
  void pageCode.then(() => createRoot(container).render(app));
}

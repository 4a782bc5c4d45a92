import { StrictMode } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { createBrowserRouter, RouterProvider } from 'react-router-dom';
import '@/styles/global.css';
import { registerNavigator } from '@/app/navigation';
import { preloadRoute, routes } from '@/app/routes';
import { hasStoredSession } from '@/features/landing/storedSignIn';

const pageCode = preloadRoute(window.location.pathname);
const router = createBrowserRouter(routes);
registerNavigator(router);

const container = document.getElementById('root');
if (!container) throw new Error('#root is missing from index.html');
const app = (
  <StrictMode>
    <RouterProvider router={router} />
  </StrictMode>
);
// A public page pre-rendered at build time (scripts/prerender.ts) for a visitor without a session: hydrated where
// this browser renders the same page; a session on a guest-only page (login, register) sends it on instead.
const { prerendered, guestOnly } = container.dataset;
if (prerendered === window.location.pathname && !(guestOnly !== undefined && hasStoredSession())) {
  hydrateRoot(container, app);
} else {
  // Whatever the HTML painted (a signed-in area's shell) stays until the page's code is here to replace it.
  void pageCode.then(() => createRoot(container).render(app));
}

import { StrictMode } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { prerenderToNodeStream } from 'react-dom/static';
import { Provider } from 'react-redux';
import { createStaticHandler, createStaticRouter, StaticRouterProvider } from 'react-router';
import { AppShellSkeleton } from '@/components/AppShell';
import { routes } from './routes';
import { setupStore } from './store';

/**
 * The public pages written to HTML at build time (scripts/prerender.ts), each with the chunk groups (webpackChunkName
 * in routes.tsx) its first paint needs: their CSS goes in the page's head and their scripts are preloaded.
 * guestOnly: a browser holding a session is sent on from these (GuestOnly), so main.tsx renders instead of hydrating.
 */
export const PRERENDERED_PAGES: ReadonlyArray<{ path: string; groups: readonly string[]; guestOnly?: true }> = [
  { path: '/', groups: ['landing'] },
  { path: '/about', groups: ['info'] },
  { path: '/services', groups: ['info'] },
  { path: '/pricing', groups: ['info'] },
  { path: '/login', groups: ['store', 'login'], guestOnly: true },
  { path: '/register', groups: ['store', 'register'], guestOnly: true },
  { path: '/register/employee', groups: ['store', 'register-employee'], guestOnly: true },
];

/**
 * The signed-in areas (a path equal to the prefix or under it): the shell page each gets while its code and data
 * load, with the chunk groups every page of the area needs preloaded (the role's own view follows from main.tsx).
 */
export const SHELLS: ReadonlyArray<{ prefix: string; groups: readonly string[] }> = [
  { prefix: '/dashboard', groups: ['store', 'guards', 'dashboard', 'first-data'] },
  { prefix: '/reports', groups: ['store', 'guards', 'reports', 'dashboard'] },
  { prefix: '/admin', groups: ['store', 'guards', 'admin', 'first-data'] },
];

/** The signed-in areas' frame as static HTML (AppShellSkeleton). */
export function renderShell(): string {
  return renderToStaticMarkup(<AppShellSkeleton />);
}

/**
 * The page at `path` as the browser's first render will build it for a visitor with no session (main.tsx hydrates
 * it): the same route table and the same StrictMode root; the store comes from outside, as in tests, so StoreLayout
 * renders its pages directly. Resolves once every lazy part of the page has loaded (react-dom/static waits for
 * Suspense), so the HTML is the whole page, not its spinner.
 */
export async function renderPage(path: string): Promise<string> {
  const handler = createStaticHandler(routes);
  const context = await handler.query(new Request(`http://localhost${path}`));
  if (context instanceof Response) throw new Error(`${path} answered with a redirect (${context.status}), not a page`);
  const router = createStaticRouter(handler.dataRoutes, context);
  const { prelude } = await prerenderToNodeStream(
    <StrictMode>
      <Provider store={setupStore()}>
        {/* hydrate={false}: the router's state goes in no inline script (the CSP allows none); main.tsx starts the
            browser's router from the URL, which gives the same state — these pages have no loaders. */}
        <StaticRouterProvider router={router} context={context} hydrate={false} />
      </Provider>
    </StrictMode>,
  );
  let html = '';
  for await (const chunk of prelude) html += String(chunk);
  return html;
}

import { StrictMode } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { prerenderToNodeStream } from 'react-dom/static';
import { Provider } from 'react-redux';
import { createStaticHandler, createStaticRouter, StaticRouterProvider } from 'react-router';
import { AppShellSkeleton } from '@/components/AppShell';
import { routes } from './routes';
import { PAGE_FRAMES, type PageFrame } from './routes/frames';
import { routeManifest } from './routes/manifest';
import { freshRoutes } from './routes/routeTable';
import { setupStore } from './store';

/** What the build derives from the route table: the pages it writes, the areas' shells, each route's budget. */
export const ROUTE_MANIFEST = routeManifest(routes);

/** The signed-in areas' frame as static HTML (AppShellSkeleton). */
export function renderShell(): string {
  return renderToStaticMarkup(<AppShellSkeleton />);
}

export { PAGE_FRAMES };

/** A dashboard's frame (routes/frames.tsx) as static HTML: the shell with the page's top. */
export function renderFrame(frame: PageFrame): string {
  return renderToStaticMarkup(<AppShellSkeleton page={frame.top} />);
}

/**
 * Renders `path` exactly as the browser's first render will for a visitor with no session, from the same route table
 * and StrictMode root, so main.tsx can hydrate it without a mismatch.
 */
export async function renderPage(path: string): Promise<string> {
  const handler = createStaticHandler(freshRoutes(routes));
  const context = await handler.query(new Request(`http://localhost${path}`));
  if (context instanceof Response) throw new Error(`${path} answered with a redirect (${context.status}), not a page`);
  const router = createStaticRouter(handler.dataRoutes, context);
  const { prelude } = await prerenderToNodeStream(
    <StrictMode>
      <Provider store={setupStore()}>
        {/* hydrate={false}: the router's state goes in no inline script (the CSP allows none); main.tsx starts the
            browser's router from the URL, which gives the same state: these pages have no loaders. */}
        <StaticRouterProvider router={router} context={context} hydrate={false} />
      </Provider>
    </StrictMode>,
  );
  let html = '';
  for await (const chunk of prelude) html += String(chunk);
  return html;
}

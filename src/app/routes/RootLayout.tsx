import { createContext, Suspense } from 'react';
import { Outlet, type RouteObject } from 'react-router-dom';
import { HydrationGate } from '@/components/HydrationGate';
import { Spinner } from '@/components/Spinner';
import { CenteredBox } from '@/components/StatusPage';

export function PageFallback() {
  return (
    <CenteredBox>
      <Spinner label="Loading page" size="lg" />
    </CenteredBox>
  );
}

/** The route table's pages, for the areas' frames, which build their navigation from it (shared/nav.ts). */
export const RouteTable = createContext<readonly RouteObject[]>([]);

/** Above every page: one Suspense boundary, and nothing in a pre-rendered page works before hydration. */
export function RootLayout({ pages }: { pages: readonly RouteObject[] }) {
  return (
    <RouteTable value={pages}>
      <Suspense fallback={<PageFallback />}>
        <HydrationGate>
          <Outlet />
        </HydrationGate>
      </Suspense>
    </RouteTable>
  );
}

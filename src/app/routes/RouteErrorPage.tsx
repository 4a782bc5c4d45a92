import { RefreshCw, TriangleAlert } from 'lucide-react';
import { Link, useRouteError } from 'react-router-dom';
import { Button } from '@/components/Button';
import { StatusPage } from '@/components/StatusPage';
import * as paths from '@/config/paths';

/** A lazy chunk that no longer exists (a tab left open across a deploy) or could not be fetched. */
function isChunkLoadError(error: unknown): boolean {
  return error instanceof Error && (error.name === 'ChunkLoadError' || /Loading (CSS )?chunk .* failed/i.test(error.message));
}

/**
 * What a route shows when rendering it throws — instead of the router's developer screen with a stack trace.
 * Nothing internal is shown; the details go to the console for whoever debugs it.
 */
export function RouteErrorPage() {
  const error = useRouteError();
  const chunk = isChunkLoadError(error);
  console.warn('Route error:', error);
  return (
    <StatusPage title={chunk ? 'This page could not be loaded' : 'Something went wrong'} icon={<TriangleAlert />}>
      <p>
        {chunk
          ? 'Part of CarCare failed to download — the connection dropped or a new version was released. Reloading usually fixes it.'
          : 'An unexpected error stopped this page. Reloading usually fixes it; if it keeps happening, please contact support.'}
      </p>
      <Button startIcon={<RefreshCw aria-hidden="true" />} onClick={() => window.location.reload()}>
        Reload page
      </Button>
      <Link to={paths.home}>Go back home</Link>
    </StatusPage>
  );
}

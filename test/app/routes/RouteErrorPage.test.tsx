import { screen } from '@testing-library/react';
import { renderRoutes } from '../../utils/renderWithProviders';
import { RouteErrorPage } from '@/app/routes/RouteErrorPage';

function Throws({ error }: { error: Error }): never {
  throw error;
}

describe('a route that fails to render', () => {
  let warn: jest.SpyInstance;
  beforeEach(() => {
    warn = jest.spyOn(console, 'warn').mockImplementation(() => {});
    // React reports the caught render error on console.error; this test expects exactly that.
    jest.spyOn(console, 'error').mockImplementation(() => {});
  });
  afterEach(() => jest.restoreAllMocks());

  test('a chunk that cannot be downloaded offers a reload, without internals', async () => {
    const error = Object.assign(new Error('Loading chunk 47 failed.\n(missing: http://x/assets/customer.js)'), { name: 'ChunkLoadError' });
    renderRoutes([{ path: '/', element: <Throws error={error} />, errorElement: <RouteErrorPage /> }]);
    expect(await screen.findByRole('heading', { name: 'This page could not be loaded' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Reload page' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Go back home' })).toHaveAttribute('href', '/');
    expect(screen.queryByText(/missing: http/)).not.toBeInTheDocument();
    expect(warn).toHaveBeenCalled();
  });

  test('any other error says something went wrong', async () => {
    renderRoutes([{ path: '/', element: <Throws error={new TypeError("Cannot read properties of undefined (reading 'x')")} />, errorElement: <RouteErrorPage /> }]);
    expect(await screen.findByRole('heading', { name: 'Something went wrong' })).toBeInTheDocument();
    expect(screen.queryByText(/Cannot read properties/)).not.toBeInTheDocument();
  });

  test('the app route table has it at the root', async () => {
    const { routes } = await import('@/app/routes');
    expect(routes[0].ErrorBoundary).toBe(RouteErrorPage);
  });
});

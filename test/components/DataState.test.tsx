import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { DataState } from '@/components/DataState';

describe('DataState', () => {
  it('shows a named spinner while loading, not the content', () => {
    render(
      <DataState isLoading error={null} loadingLabel="Loading your services">
        <p>Content</p>
      </DataState>,
    );
    expect(screen.getByRole('status', { name: 'Loading your services' })).toBeInTheDocument();
    expect(screen.queryByText('Content')).not.toBeInTheDocument();
  });

  it('shows the error as an alert with a Retry button that retries', async () => {
    const retry = jest.fn();
    render(
      <DataState isLoading={false} error="Network error. Please check your connection." onRetry={retry} loadingLabel="Loading">
        <p>Content</p>
      </DataState>,
    );
    expect(screen.getByRole('alert')).toHaveTextContent('Network error. Please check your connection.');
    expect(screen.queryByText('Content')).not.toBeInTheDocument();
    await userEvent.setup().click(screen.getByRole('button', { name: 'Retry' }));
    expect(retry).toHaveBeenCalledTimes(1);
  });

  it('shows the content once loaded', () => {
    render(
      <DataState isLoading={false} error={null} loadingLabel="Loading">
        <p>Content</p>
      </DataState>,
    );
    expect(screen.getByText('Content')).toBeInTheDocument();
  });
});

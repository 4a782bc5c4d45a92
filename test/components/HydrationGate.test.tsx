import { act, render, screen } from '@testing-library/react';
import { hydrateRoot } from 'react-dom/client';
import { renderToString } from 'react-dom/server';
import { HydrationGate } from '@/components/HydrationGate';

function Page() {
  return (
    <HydrationGate>
      <a href="/register">GET STARTED</a>
      <button type="button">LEARN MORE</button>
      <form aria-label="Sign in">
        <label>
          Email <input name="email" />
        </label>
        <button type="submit">Sign In</button>
      </form>
    </HydrationGate>
  );
}

describe('HydrationGate', () => {
  test('a pre-rendered page arrives with its buttons and fields disabled (links work), all enabled once hydrated', async () => {
    const container = document.createElement('div');
    container.innerHTML = renderToString(<Page />);
    document.body.append(container);
    expect(screen.getByRole('button', { name: 'LEARN MORE' })).toBeDisabled();
    expect(screen.getByRole('textbox', { name: 'Email' })).toBeDisabled();
    expect(screen.getByRole('button', { name: 'Sign In' })).toBeDisabled();
    expect(screen.getByRole('link', { name: 'GET STARTED' })).toHaveAttribute('href', '/register');
    const root = await act(async () => hydrateRoot(container, <Page />));
    expect(screen.getByRole('button', { name: 'LEARN MORE' })).toBeEnabled();
    expect(screen.getByRole('textbox', { name: 'Email' })).toBeEnabled();
    expect(screen.getByRole('button', { name: 'Sign In' })).toBeEnabled();
    act(() => root.unmount());
    container.remove();
  });

  test('a page the browser renders itself is enabled at once, and the gate is no group to a screen reader', () => {
    render(<Page />);
    expect(screen.getByRole('button', { name: 'LEARN MORE' })).toBeEnabled();
    expect(screen.getByRole('textbox', { name: 'Email' })).toBeEnabled();
    expect(screen.queryByRole('group')).not.toBeInTheDocument();
  });
});

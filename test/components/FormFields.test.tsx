import { act, render, screen } from '@testing-library/react';
import { hydrateRoot } from 'react-dom/client';
import { renderToString } from 'react-dom/server';
import { FormFields } from '@/components/FormFields';

function SignInForm() {
  return (
    <form aria-label="Sign in">
      <FormFields>
        <label>
          Email <input name="email" />
        </label>
        <button type="submit">Sign In</button>
      </FormFields>
    </form>
  );
}

describe('FormFields', () => {
  test('a pre-rendered form arrives disabled and is enabled once hydrated', async () => {
    const container = document.createElement('div');
    container.innerHTML = renderToString(<SignInForm />);
    document.body.append(container);
    expect(screen.getByRole('textbox', { name: 'Email' })).toBeDisabled();
    expect(screen.getByRole('button', { name: 'Sign In' })).toBeDisabled();
    const root = await act(async () => hydrateRoot(container, <SignInForm />));
    expect(screen.getByRole('textbox', { name: 'Email' })).toBeEnabled();
    expect(screen.getByRole('button', { name: 'Sign In' })).toBeEnabled();
    act(() => root.unmount());
    container.remove();
  });

  test('a form the browser renders itself is enabled at once, and its fieldset is no group to a screen reader', () => {
    render(<SignInForm />);
    expect(screen.getByRole('textbox', { name: 'Email' })).toBeEnabled();
    expect(screen.getByRole('button', { name: 'Sign In' })).toBeEnabled();
    expect(screen.queryByRole('group')).not.toBeInTheDocument();
  });
});

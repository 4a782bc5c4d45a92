import { createRef } from 'react';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { PasswordField } from '@/components/PasswordField';

describe('PasswordField', () => {
  it('toggles between hidden and shown password', async () => {
    const user = userEvent.setup();
    render(<PasswordField label="Password" />);
    const input = screen.getByLabelText('Password');
    expect(input).toHaveAttribute('type', 'password');

    const toggle = screen.getByRole('button', { name: 'Show password' });
    expect(toggle).toHaveAttribute('aria-pressed', 'false');
    expect(toggle).toHaveAttribute('aria-controls', input.id);

    await user.click(toggle);
    expect(input).toHaveAttribute('type', 'text');
    expect(screen.getByRole('button', { name: 'Hide password' })).toHaveAttribute('aria-pressed', 'true');
    expect(screen.queryByRole('button', { name: 'Show password' })).not.toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Hide password' }));
    expect(input).toHaveAttribute('type', 'password');
    expect(screen.getByRole('button', { name: 'Show password' })).toBeInTheDocument();
  });

  it('keeps the value while toggling and forwards its ref', async () => {
    const user = userEvent.setup();
    const ref = createRef<HTMLInputElement>();
    render(<PasswordField label="Confirm Password" ref={ref} />);
    const input = screen.getByLabelText('Confirm Password');
    expect(ref.current).toBe(input);
    await user.type(input, 's3cret-pass');
    await user.click(screen.getByRole('button', { name: 'Show password' }));
    expect(input).toHaveValue('s3cret-pass');
  });

  it('shows its error like a TextField', () => {
    render(<PasswordField label="Password" error="Password is required" />);
    expect(screen.getByLabelText('Password')).toHaveAccessibleDescription('Password is required');
    expect(screen.getByRole('alert')).toHaveTextContent('Password is required');
  });
});

import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Alert } from '@/components/Alert';
import { Spinner } from '@/components/Spinner';

describe('Alert', () => {
  it('an error alert has role alert and shows its title and text', () => {
    render(
      <Alert variant="error" title="Login Failed">
        Invalid credentials
      </Alert>,
    );
    const alert = screen.getByRole('alert');
    expect(alert).toHaveTextContent('Login Failed');
    expect(alert).toHaveTextContent('Invalid credentials');
  });

  it.each(['warning', 'success', 'info'] as const)('a %s alert has role status', (variant) => {
    render(<Alert variant={variant}>Saved</Alert>);
    expect(screen.getByRole('status')).toHaveTextContent('Saved');
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });

  it('can be dismissed', async () => {
    const user = userEvent.setup();
    const onDismiss = jest.fn();
    render(<Alert onDismiss={onDismiss}>Heads up</Alert>);
    await user.click(screen.getByRole('button', { name: 'Dismiss' }));
    expect(onDismiss).toHaveBeenCalledTimes(1);
  });
});

describe('Spinner', () => {
  it('is a status named "Loading" by default', () => {
    render(<Spinner />);
    expect(screen.getByRole('status', { name: 'Loading' })).toBeInTheDocument();
  });

  it('takes a custom label', () => {
    render(<Spinner label="Checking your session" size="lg" />);
    expect(screen.getByRole('status', { name: 'Checking your session' })).toBeInTheDocument();
  });

  it('is hidden from assistive tech when decorative', () => {
    render(<Spinner decorative />);
    expect(screen.queryByRole('status')).not.toBeInTheDocument();
  });
});

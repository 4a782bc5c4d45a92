import { screen, waitFor, within } from '@testing-library/react';
import { renderApp, signedIn } from '../../../utils/renderWithProviders';
import { serveCustomerShop } from '../../../features/jobs/customer/customerTestUtils';

const dashboardNav = () => screen.getByRole('navigation', { name: 'Dashboard' });

describe('booking page access', () => {
  test.each(['EMPLOYEE', 'ADMIN'])('%s sees Access Denied at /dashboard/appointments', async (role) => {
    renderApp('/dashboard/appointments', { preloadedState: { auth: signedIn(role) } });

    expect(await screen.findByRole('heading', { name: 'Access Denied' })).toBeInTheDocument();
    expect(screen.getByText('This page requires CUSTOMER access.')).toBeInTheDocument();
    expect(screen.queryByRole('heading', { name: 'Book an Appointment' })).not.toBeInTheDocument();
    expect(screen.queryByLabelText('Vehicle ID')).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Book Appointment' })).not.toBeInTheDocument();
    // …and the Appointments link is not offered to them.
    expect(within(dashboardNav()).queryByRole('link', { name: 'Appointments' })).not.toBeInTheDocument();
    expect(within(dashboardNav()).getByRole('link', { name: 'Dashboard' })).toBeInTheDocument();
  });

  test('a signed-out visitor is sent to /login', async () => {
    const { router } = renderApp('/dashboard/appointments');
    await waitFor(() => expect(router.state.location.pathname).toBe('/login'));
    expect(screen.queryByRole('heading', { name: 'Book an Appointment' })).not.toBeInTheDocument();
  });

  test('customers get the Appointments link, which opens the booking page', async () => {
    serveCustomerShop();
    const { user, router } = renderApp('/dashboard', { preloadedState: { auth: signedIn('CUSTOMER') } });
    await screen.findByRole('heading', { level: 1, name: /^Welcome/ });

    const link = within(dashboardNav()).getByRole('link', { name: 'Appointments' });
    expect(link).toHaveAttribute('href', '/dashboard/appointments');
    await user.click(link);
    expect(await screen.findByRole('heading', { level: 1, name: 'Book an Appointment' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/dashboard/appointments');
    expect(await screen.findByLabelText('Vehicle ID')).toBeInTheDocument();
  });
});

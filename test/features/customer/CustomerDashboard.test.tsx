import { screen, within } from '@testing-library/react';
import CustomerDashboard from '@/features/customer/CustomerDashboard';
import { formatServiceDateTime } from '@/features/customer/serviceDates';
import { sampleCustomerServices, sampleEmployeeServices } from '@/features/services/sampleServices';
import type { CustomerServiceJob } from '@/features/services/types';
import { renderApp, renderWithProviders, signedIn } from '../../utils/renderWithProviders';

// The samples, as a customer sees them (vehicle names of each status).
const ALL = ['Toyota Corolla', 'Honda Civic', 'Nissan Leaf', 'Suzuki Swift'];
const NOT_COMPLETED = ['Toyota Corolla', 'Honda Civic'];
const COMPLETED = ['Nissan Leaf', 'Suzuki Swift'];

function renderDashboard(customerServices: CustomerServiceJob[] = sampleCustomerServices) {
  return renderWithProviders(<CustomerDashboard />, {
    route: '/dashboard',
    preloadedState: { auth: signedIn('CUSTOMER'), services: { customerServices, employeeServices: sampleEmployeeServices } },
  });
}

const serviceList = () => screen.getByRole('region', { name: 'Service list' });
const detailPanel = () => screen.getByRole('region', { name: 'Service Details' });

/** The vehicle names of the rows shown, in order. */
function shownVehicles(): string[] {
  return within(serviceList())
    .getAllByRole('button')
    .map((row) => ALL.find((name) => row.textContent?.includes(name)) ?? `unexpected row: ${row.textContent}`);
}

/** The value next to a label in the detail panel's description list. */
function detailValue(label: string): string | null | undefined {
  return within(detailPanel()).getByText(label, { selector: 'dt' }).nextElementSibling?.textContent;
}

describe('CustomerDashboard', () => {
  test('welcomes the user by full name and links Book Appointment to the booking page', async () => {
    const { user, router } = renderApp('/dashboard', { preloadedState: { auth: signedIn('CUSTOMER', { fullName: 'Alex Jordan Morgan' }) } });

    expect(await screen.findByRole('heading', { level: 1, name: 'Welcome, Alex Jordan Morgan' })).toBeInTheDocument();
    const link = screen.getByRole('link', { name: 'Book Appointment' });
    expect(link).toHaveAttribute('href', '/dashboard/appointments');

    await user.click(link);
    expect(await screen.findByRole('heading', { level: 1, name: 'Book an Appointment' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/dashboard/appointments');
  });

  test('lists every service with vehicle name and number, service type and a readable status', () => {
    renderDashboard();

    expect(screen.getByRole('heading', { level: 2, name: 'My Services' })).toBeInTheDocument();
    expect(shownVehicles()).toEqual(ALL);
    const corolla = within(serviceList()).getByRole('button', { name: /Toyota Corolla/ });
    expect(corolla).toHaveTextContent('CAB-4821');
    expect(corolla).toHaveTextContent('Regular Maintenance');
    expect(corolla).toHaveTextContent('Not Completed');
    const leaf = within(serviceList()).getByRole('button', { name: /Nissan Leaf/ });
    expect(leaf).toHaveTextContent('WP-CAR-1290');
    expect(leaf).toHaveTextContent('Accident Repair');
    expect(leaf).toHaveTextContent(/^(?!.*Not Completed).*Completed/);
    expect(screen.getByText('Showing 4 of 4 services')).toBeInTheDocument();
  });

  test('the list is a focusable, named scroll region', () => {
    renderDashboard();
    const region = serviceList();
    expect(region).toHaveAttribute('tabindex', '0');
    region.focus();
    expect(region).toHaveFocus();
  });

  test('filters show exactly the matching services, with aria-pressed on the active filter', async () => {
    const { user } = renderDashboard();
    const filter = (name: string) => screen.getByRole('button', { name });

    expect(filter('ALL')).toHaveAttribute('aria-pressed', 'true');
    expect(filter('NOT COMPLETED')).toHaveAttribute('aria-pressed', 'false');
    expect(filter('COMPLETED')).toHaveAttribute('aria-pressed', 'false');

    await user.click(filter('NOT COMPLETED'));
    expect(shownVehicles()).toEqual(NOT_COMPLETED);
    expect(filter('NOT COMPLETED')).toHaveAttribute('aria-pressed', 'true');
    expect(filter('ALL')).toHaveAttribute('aria-pressed', 'false');
    expect(screen.getByText('Showing 2 of 4 services')).toBeInTheDocument();

    await user.click(filter('COMPLETED'));
    expect(shownVehicles()).toEqual(COMPLETED);
    expect(filter('COMPLETED')).toHaveAttribute('aria-pressed', 'true');
    expect(filter('NOT COMPLETED')).toHaveAttribute('aria-pressed', 'false');

    await user.click(filter('ALL'));
    expect(shownVehicles()).toEqual(ALL);
  });

  test('shows an empty state when a filter matches nothing', async () => {
    const onlyOpen = sampleCustomerServices.filter((s) => s.status === 'not_completed');
    const { user } = renderDashboard(onlyOpen);

    await user.click(screen.getByRole('button', { name: 'COMPLETED' }));
    expect(screen.getByText('No services match the COMPLETED filter.')).toBeInTheDocument();
    expect(screen.queryByRole('region', { name: 'Service list' })).not.toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'NOT COMPLETED' }));
    expect(screen.queryByText(/No services match/)).not.toBeInTheDocument();
    expect(shownVehicles()).toEqual(NOT_COMPLETED);
  });

  test('shows an empty state when there are no services at all', async () => {
    const { user } = renderDashboard([]);

    expect(screen.getByText('You have no services yet. Book an appointment to get started.')).toBeInTheDocument();
    expect(screen.queryByRole('region', { name: 'Service list' })).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'COMPLETED' }));
    expect(screen.getByText('You have no services yet. Book an appointment to get started.')).toBeInTheDocument();
  });

  test('selecting a service shows its details', async () => {
    const { user } = renderDashboard();
    expect(within(detailPanel()).getByText('Select a service to see its details.')).toBeInTheDocument();

    const civicRow = within(serviceList()).getByRole('button', { name: /Honda Civic/ });
    expect(civicRow).toHaveAttribute('aria-pressed', 'false');
    await user.click(civicRow);
    expect(civicRow).toHaveAttribute('aria-pressed', 'true');

    const civic = sampleCustomerServices[1];
    expect(within(detailPanel()).getByRole('heading', { level: 3 })).toHaveTextContent('Honda Civic KD-7733');
    expect(detailValue('Service Centre')).toBe('CarCare Kandy');
    expect(detailValue('Centre Slot')).toBe('Bay 1');
    // Expected strings come from the same formatter, so the test does not depend on the machine's time zone.
    expect(detailValue('Start Date')).toBe(formatServiceDateTime(civic.startDate));
    expect(detailValue('Estimated Completion')).toBe(formatServiceDateTime(civic.estimatedCompletion));
    expect(detailValue('Assigned Employee')).toBe('Kasun Silva');
    expect(within(detailPanel()).getByRole('button', { name: 'Download Report' })).toBeInTheDocument();

    // Selecting another row moves the selection.
    const leafRow = within(serviceList()).getByRole('button', { name: /Nissan Leaf/ });
    await user.click(leafRow);
    expect(leafRow).toHaveAttribute('aria-pressed', 'true');
    expect(civicRow).toHaveAttribute('aria-pressed', 'false');
    expect(detailValue('Service Centre')).toBe('CarCare Galle');
    expect(detailValue('Assigned Employee')).toBe('Ruwan Fernando');
  });

  test('formats dates readably (month name, day, year, time)', () => {
    expect(formatServiceDateTime('2025-10-20T09:00:00.000Z')).toMatch(/^[A-Z][a-z]{2} \d{1,2}, \d{4}, \d{1,2}:\d{2} (AM|PM)$/);
    expect(formatServiceDateTime('not a date')).toBe('not a date');
  });

  test('the detail panel follows the filter', async () => {
    const { user } = renderDashboard();
    await user.click(within(serviceList()).getByRole('button', { name: /Toyota Corolla/ }));

    await user.click(screen.getByRole('button', { name: 'COMPLETED' }));
    expect(within(detailPanel()).getByText('Select a service to see its details.')).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'ALL' }));
    expect(detailValue('Service Centre')).toBe('CarCare Colombo Central');
  });

  test('Show Location / Hide Location toggles the map placeholder', async () => {
    const { user } = renderDashboard();
    await user.click(within(serviceList()).getByRole('button', { name: /Toyota Corolla/ }));

    const toggle = within(detailPanel()).getByRole('button', { name: 'Show Location' });
    expect(toggle).toHaveAttribute('aria-expanded', 'false');
    const controlled = document.getElementById(toggle.getAttribute('aria-controls') ?? '');
    expect(controlled).not.toBeNull();
    expect(controlled).not.toBeVisible();
    expect(screen.queryByRole('img', { name: /map placeholder/i })).not.toBeInTheDocument();

    await user.click(toggle);
    expect(toggle).toHaveAccessibleName('Hide Location');
    expect(toggle).toHaveAttribute('aria-expanded', 'true');
    expect(controlled).toBeVisible();
    const map = screen.getByRole('img', { name: 'Map placeholder showing CarCare Colombo Central' });
    expect(controlled).toContainElement(map);

    await user.click(toggle);
    expect(toggle).toHaveAccessibleName('Show Location');
    expect(toggle).toHaveAttribute('aria-expanded', 'false');
    expect(screen.queryByRole('img', { name: /map placeholder/i })).not.toBeInTheDocument();
  });

  test('the location starts hidden again for another service', async () => {
    const { user } = renderDashboard();
    await user.click(within(serviceList()).getByRole('button', { name: /Toyota Corolla/ }));
    await user.click(within(detailPanel()).getByRole('button', { name: 'Show Location' }));
    expect(screen.getByRole('img', { name: /map placeholder/i })).toBeInTheDocument();

    await user.click(within(serviceList()).getByRole('button', { name: /Honda Civic/ }));
    expect(within(detailPanel()).getByRole('button', { name: 'Show Location' })).toHaveAttribute('aria-expanded', 'false');
    expect(screen.queryByRole('img', { name: /map placeholder/i })).not.toBeInTheDocument();
  });

  test('the rows and filters work from the keyboard', async () => {
    const { user } = renderDashboard();
    screen.getByRole('button', { name: 'COMPLETED' }).focus();
    await user.keyboard('{Enter}');
    expect(shownVehicles()).toEqual(COMPLETED);

    const swift = within(serviceList()).getByRole('button', { name: /Suzuki Swift/ });
    swift.focus();
    await user.keyboard(' ');
    expect(swift).toHaveAttribute('aria-pressed', 'true');
    expect(detailValue('Centre Slot')).toBe('Bay 2');
  });

  test('handles 1,000 services', async () => {
    const many: CustomerServiceJob[] = Array.from({ length: 1000 }, (_, i) => ({
      ...sampleCustomerServices[i % 4],
      id: `BULK-${i}`,
      vehicleName: `Vehicle ${i}`,
      status: i % 2 === 0 ? 'not_completed' : 'completed',
    }));
    const { user } = renderDashboard(many);
    // Plain DOM queries: role queries over 1,000 rows are slow in jsdom. Rows a filter leaves out stay mounted
    // but hidden, so only the rows of list items that are not hidden count as shown.
    const rows = () => serviceList().querySelectorAll('li:not([hidden]) button');

    expect(rows()).toHaveLength(1000);
    const filters = screen.getByRole('group', { name: 'Filter services by status' });
    await user.click(within(filters).getByRole('button', { name: 'COMPLETED' }));
    expect(rows()).toHaveLength(500);
    expect(rows()[0]).toHaveTextContent('Vehicle 1');
    expect(screen.getByText('Showing 500 of 1000 services')).toBeInTheDocument();
  }, 20_000);
});

import { screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import type { Appointment } from '@contract/appointments';
import { Component as CustomerDashboard } from '@/app/routes/customer/dashboard';
import { formatInstant } from '@/features/jobs/format';
import { API } from '../../../msw/handlers';
import { server } from '../../../msw/server';
import { catalog, makeAppointment, page } from '../../../msw/shop';
import { renderApp, renderWithProviders, signedIn } from '../../../utils/renderWithProviders';
import { serveCustomerShop } from '../../../features/jobs/customer/customerTestUtils';
import { serveReports, watchDownloads } from '../../../features/reports/reportTestUtils';

const [downtown, northside] = catalog.centers;
const service = (code: string) => {
  const type = catalog.serviceTypes.find((t) => t.code === code)!;
  return { code: type.code, name: type.name, durationMinutes: type.durationMinutes, price: type.price };
};
const centre = (c: (typeof catalog.centers)[number]) => ({ id: c.id, name: c.name, address: c.address });

// The customer's jobs as the server answers them: newest date first.
const corolla = makeAppointment({
  status: 'CONFIRMED',
  version: 3,
  vehicle: { id: 'v-1', plate: 'CAB-4821', make: 'Toyota', model: 'Corolla', year: 2018 },
  serviceType: service('FULL_SERVICE'),
  center: centre(downtown),
  date: '2099-02-10',
  slot: '10:00',
  slotLabel: '10:00-11:00 AM',
  bay: 2,
  assignedEmployee: { id: 'e-1', fullName: 'Kasun Silva', department: 'Engine' },
});
const civic = makeAppointment({
  status: 'IN_PROGRESS',
  stage: 'AWAITING_PARTS',
  progress: 50,
  vehicle: { id: 'v-2', plate: 'KD-7733', make: 'Honda', model: 'Civic' },
  serviceType: service('BRAKE_INSPECTION'),
  center: centre(northside),
  date: '2099-02-01',
  slot: '14:00',
  slotLabel: '02:00-03:00 PM',
  bay: 1,
  startedAt: '2099-02-01T14:05:00.000Z',
  estimatedCompletion: '2099-02-01T15:05:00.000Z',
  assignedEmployee: { id: 'e-2', fullName: 'Ruwan Fernando' },
});
const leaf = makeAppointment({
  status: 'PENDING',
  vehicle: { id: 'v-3', plate: 'WP-CAR-1290', make: 'Nissan', model: 'Leaf' },
  serviceType: service('BATTERY_CHECK'),
  date: '2099-01-20',
});
const swift = makeAppointment({
  status: 'COMPLETED',
  vehicle: { id: 'v-4', plate: 'SP-5521', make: 'Suzuki', model: 'Swift' },
  serviceType: service('OIL_CHANGE'),
  date: '2099-01-10',
  bay: 3,
  startedAt: '2099-01-10T09:02:00.000Z',
  estimatedCompletion: '2099-01-10T10:02:00.000Z',
  completedAt: '2099-01-10T09:50:00.000Z',
  progress: 100,
  assignedEmployee: { id: 'e-1', fullName: 'Kasun Silva' },
});
const polo = makeAppointment({
  status: 'CANCELLED',
  vehicle: { id: 'v-5', plate: 'NB-3300' },
  serviceType: service('TIRE_ROTATION'),
  date: '2099-01-05',
  cancelledAt: '2099-01-02T08:00:00.000Z',
});
const JOBS = [corolla, civic, leaf, swift, polo];

const ALL = ['Toyota Corolla', 'Honda Civic', 'Nissan Leaf', 'Suzuki Swift', 'NB-3300'];
const NOT_COMPLETED = ['Toyota Corolla', 'Honda Civic', 'Nissan Leaf'];
const COMPLETED = ['Suzuki Swift'];

async function renderDashboard(jobs: Appointment[] = JOBS) {
  const recorder = serveCustomerShop({ jobs });
  const result = renderWithProviders(<CustomerDashboard />, { route: '/dashboard', preloadedState: { auth: signedIn('CUSTOMER') } });
  await screen.findByRole('group', { name: 'Filter services by status' });
  return { ...result, recorder };
}

const serviceList = () => screen.getByRole('region', { name: 'Service list' });
const detailPanel = () => screen.getByRole('region', { name: 'Service Details' });
const row = (name: RegExp | string) => within(serviceList()).getByRole('button', { name: typeof name === 'string' ? new RegExp(name) : name });

/** The vehicle of each row shown, in order. */
function shownVehicles(): string[] {
  return within(serviceList())
    .getAllByRole('button')
    .map((button) => ALL.find((name) => button.textContent?.includes(name)) ?? `unexpected row: ${button.textContent}`);
}

/** The value next to a label in the detail panel's description list. */
function detailValue(label: string): string | null | undefined {
  return within(detailPanel()).getByText(label, { selector: 'dt' }).nextElementSibling?.textContent;
}

describe('CustomerDashboard', () => {
  test('welcomes the user by full name and links Book Appointment to the booking page', async () => {
    serveCustomerShop({ jobs: JOBS });
    const { user, router } = renderApp('/dashboard', { preloadedState: { auth: signedIn('CUSTOMER', { fullName: 'Alex Jordan Morgan' }) } });

    expect(await screen.findByRole('heading', { level: 1, name: 'Welcome, Alex Jordan Morgan' })).toBeInTheDocument();
    const link = screen.getByRole('link', { name: 'Book Appointment' });
    expect(link).toHaveAttribute('href', '/dashboard/appointments');

    await user.click(link);
    expect(await screen.findByRole('heading', { level: 1, name: 'Book an Appointment' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/dashboard/appointments');
  });

  test('lists the customer’s own appointments from the server, newest first, with vehicle, plate, service, date and status', async () => {
    const { recorder } = await renderDashboard();

    expect(screen.getByRole('heading', { level: 2, name: 'My Services' })).toBeInTheDocument();
    expect(shownVehicles()).toEqual(ALL);
    // One unfiltered request: the server scopes the list to the signed-in customer.
    expect(recorder.listRequests).toHaveLength(1);
    expect([...recorder.listRequests[0].keys()].filter((key) => key !== 'limit')).toEqual([]);

    expect(row('Toyota Corolla')).toHaveTextContent('CAB-4821');
    expect(row('Toyota Corolla')).toHaveTextContent('Full Service');
    expect(row('Toyota Corolla')).toHaveTextContent('Feb 10, 2099 · 10:00-11:00 AM');
    expect(row('Toyota Corolla')).toHaveTextContent('Not Completed');
    expect(row('Suzuki Swift')).toHaveTextContent('SP-5521');
    expect(row('Suzuki Swift')).toHaveTextContent(/^(?!.*Not Completed).*Completed/);
    // A vehicle known only by its plate shows the plate once; a cancelled job says so.
    expect(row('NB-3300')).toHaveTextContent('Tire Rotation');
    expect(row('NB-3300')).toHaveTextContent('Cancelled');
    expect(row('NB-3300').textContent?.match(/NB-3300/g)).toHaveLength(1);
    expect(screen.getByText('Showing 5 of 5 services')).toBeInTheDocument();
  });

  test('follows the list to its last page', async () => {
    server.use(
      http.get(`${API}/appointments`, ({ request }) => {
        const cursor = new URL(request.url).searchParams.get('cursor');
        return HttpResponse.json(cursor === 'page-2' ? page([swift, polo]) : page([corolla, civic, leaf], 'page-2'));
      }),
    );
    renderWithProviders(<CustomerDashboard />, { route: '/dashboard', preloadedState: { auth: signedIn('CUSTOMER') } });
    expect(await screen.findByText('Showing 5 of 5 services')).toBeInTheDocument();
    expect(shownVehicles()).toEqual(ALL);
  });

  test('shows a named spinner while loading', async () => {
    serveCustomerShop({ jobs: JOBS });
    renderWithProviders(<CustomerDashboard />, { route: '/dashboard', preloadedState: { auth: signedIn('CUSTOMER') } });
    expect(screen.getByRole('status', { name: 'Loading your services' })).toBeInTheDocument();
    // Below the list on a phone: drawn with the list, so the list filling in never pushes it down.
    expect(screen.queryByRole('heading', { name: 'Service Details' })).not.toBeInTheDocument();
    expect(await screen.findByRole('region', { name: 'Service list' })).toBeInTheDocument();
    expect(screen.queryByRole('status', { name: 'Loading your services' })).not.toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Service Details' })).toBeInTheDocument();
    expect(screen.getByText('Select a service to see its details.')).toBeInTheDocument();
  });

  test('a failed load shows the spec’s message with Retry, which loads the list', async () => {
    server.use(http.get(`${API}/appointments`, () => HttpResponse.error()));
    const { user } = renderWithProviders(<CustomerDashboard />, { route: '/dashboard', preloadedState: { auth: signedIn('CUSTOMER') } });

    expect(await screen.findByRole('alert')).toHaveTextContent('Network error. Please check your connection.');
    expect(screen.queryByRole('region', { name: 'Service list' })).not.toBeInTheDocument();

    serveCustomerShop({ jobs: JOBS });
    await user.click(screen.getByRole('button', { name: 'Retry' }));
    expect(await screen.findByText('Showing 5 of 5 services')).toBeInTheDocument();
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });

  test('a server error without a message reads “Something went wrong”', async () => {
    server.use(http.get(`${API}/appointments`, () => new HttpResponse(null, { status: 500 })));
    renderWithProviders(<CustomerDashboard />, { route: '/dashboard', preloadedState: { auth: signedIn('CUSTOMER') } });
    expect(await screen.findByRole('alert')).toHaveTextContent('Something went wrong');
    expect(screen.getByRole('button', { name: 'Retry' })).toBeInTheDocument();
  });

  test('the list is a focusable, named scroll region', async () => {
    await renderDashboard();
    const region = serviceList();
    expect(region).toHaveAttribute('tabindex', '0');
    region.focus();
    expect(region).toHaveFocus();
  });

  test('filters show exactly the matching services with their counts; a cancelled job is under ALL only', async () => {
    const { user, store } = await renderDashboard();
    const filter = (name: string) => screen.getByRole('button', { name });

    expect(filter('ALL')).toHaveAttribute('aria-pressed', 'true');
    expect(filter('NOT COMPLETED')).toHaveAttribute('aria-pressed', 'false');
    expect(filter('COMPLETED')).toHaveAttribute('aria-pressed', 'false');

    await user.click(filter('NOT COMPLETED'));
    expect(shownVehicles()).toEqual(NOT_COMPLETED);
    expect(filter('NOT COMPLETED')).toHaveAttribute('aria-pressed', 'true');
    expect(filter('ALL')).toHaveAttribute('aria-pressed', 'false');
    expect(screen.getByText('Showing 3 of 5 services')).toBeInTheDocument();

    await user.click(filter('COMPLETED'));
    expect(shownVehicles()).toEqual(COMPLETED);
    expect(screen.getByText('Showing 1 of 5 services')).toBeInTheDocument();
    expect(filter('COMPLETED')).toHaveAttribute('aria-pressed', 'true');

    await user.click(filter('ALL'));
    expect(shownVehicles()).toEqual(ALL);
    expect(screen.getByText('Showing 5 of 5 services')).toBeInTheDocument();
    // The filter is client state, kept in the services slice (persisted).
    expect(store.getState().services.customerFilter).toBe('all');
  });

  test('shows an empty state when a filter matches nothing', async () => {
    const { user } = await renderDashboard([corolla, leaf]);

    await user.click(screen.getByRole('button', { name: 'COMPLETED' }));
    expect(screen.getByText('No services match the COMPLETED filter.')).toBeInTheDocument();
    expect(screen.queryByRole('region', { name: 'Service list' })).not.toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'NOT COMPLETED' }));
    expect(screen.queryByText(/No services match/)).not.toBeInTheDocument();
    expect(shownVehicles()).toEqual(['Toyota Corolla', 'Nissan Leaf']);
  });

  test('a new customer sees an empty state that leads to booking, and nobody else’s vehicles', async () => {
    serveCustomerShop({ jobs: [] });
    const { user, router } = renderApp('/dashboard', { preloadedState: { auth: signedIn('CUSTOMER') } });

    expect(await screen.findByText(/You have no services yet\. Book an appointment to get started\./)).toBeInTheDocument();
    expect(screen.queryByRole('region', { name: 'Service list' })).not.toBeInTheDocument();
    expect(screen.queryByText(/Showing/)).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'COMPLETED' }));
    expect(screen.getByText(/You have no services yet/)).toBeInTheDocument();

    const link = screen.getByRole('link', { name: 'Book your first appointment' });
    expect(link).toHaveAttribute('href', '/dashboard/appointments');
    await user.click(link);
    expect(await screen.findByRole('heading', { level: 1, name: 'Book an Appointment' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/dashboard/appointments');
  });

  test('selecting a job shows its centre, slot, dates, technician and status', async () => {
    const { user } = await renderDashboard();
    expect(within(detailPanel()).getByText('Select a service to see its details.')).toBeInTheDocument();

    // Booked and assigned, not started.
    expect(row('Toyota Corolla')).toHaveAttribute('aria-pressed', 'false');
    await user.click(row('Toyota Corolla'));
    expect(row('Toyota Corolla')).toHaveAttribute('aria-pressed', 'true');
    expect(within(detailPanel()).getByRole('heading', { level: 3 })).toHaveTextContent('Toyota Corolla CAB-4821');
    expect(within(detailPanel()).getByText('Full Service')).toBeInTheDocument();
    expect(detailValue('Service Centre')).toBe('Downtown Workshop');
    expect(detailValue('Centre Slot')).toBe('Bay 2 · 10:00-11:00 AM');
    expect(detailValue('Start Date')).toBe('Feb 10, 2099 · 10:00-11:00 AM');
    expect(detailValue('Estimated Completion')).toBe('Not started yet');
    expect(detailValue('Assigned Employee')).toBe('Kasun Silva');
    expect(detailValue('Status')).toBe('Confirmed');

    // In progress: the real start and estimate (same formatter, so the machine's time zone does not matter).
    await user.click(row('Honda Civic'));
    expect(row('Honda Civic')).toHaveAttribute('aria-pressed', 'true');
    expect(row('Toyota Corolla')).toHaveAttribute('aria-pressed', 'false');
    expect(detailValue('Service Centre')).toBe('Northside Service Centre');
    expect(detailValue('Centre Slot')).toBe('Bay 1 · 02:00-03:00 PM');
    expect(detailValue('Start Date')).toBe(formatInstant('2099-02-01T14:05:00.000Z'));
    expect(detailValue('Estimated Completion')).toBe(formatInstant('2099-02-01T15:05:00.000Z'));
    expect(detailValue('Assigned Employee')).toBe('Ruwan Fernando');
    expect(detailValue('Status')).toBe('In Progress · Awaiting Parts');

    // Booked, nobody assigned yet.
    await user.click(row('Nissan Leaf'));
    expect(detailValue('Assigned Employee')).toBe('Not assigned yet');
    expect(detailValue('Status')).toBe('Pending');

    // Completed: when it was done.
    await user.click(row('Suzuki Swift'));
    expect(detailValue('Completed')).toBe(formatInstant('2099-01-10T09:50:00.000Z'));
    expect(detailValue('Status')).toBe('Completed');

    // Cancelled.
    await user.click(row('NB-3300'));
    expect(detailValue('Estimated Completion')).toBe('Cancelled');
    expect(detailValue('Status')).toBe('Cancelled');
  });

  test('Cancel Appointment and Reschedule are offered only before the work starts', async () => {
    const { user } = await renderDashboard();
    const offered = () => ({
      cancel: within(detailPanel()).queryByRole('button', { name: 'Cancel Appointment' }) !== null,
      reschedule: within(detailPanel()).queryByRole('button', { name: 'Reschedule' }) !== null,
    });
    for (const [name, expected] of [
      ['Toyota Corolla', true],
      ['Nissan Leaf', true],
      ['Honda Civic', false],
      ['Suzuki Swift', false],
      ['NB-3300', false],
    ] as const) {
      await user.click(row(name));
      expect({ name, ...offered() }).toEqual({ name, cancel: expected, reschedule: expected });
    }
  });

  test('Download Report downloads the selected job’s PDF service report', async () => {
    const downloads = watchDownloads();
    try {
      const reports = serveReports({ hold: true, fileName: () => 'carcare-report-SP-5521-2099-01-10.pdf' });
      const { user } = await renderDashboard();
      await user.click(row('Suzuki Swift'));

      await user.click(within(detailPanel()).getByRole('button', { name: 'Download Report' }));
      const busy = await within(detailPanel()).findByRole('button', { name: 'Preparing report…' });
      expect(busy).toBeDisabled();
      expect(busy).toHaveAttribute('aria-busy', 'true');

      reports.release();
      await waitFor(() => expect(downloads.saved).toHaveLength(1));
      expect(reports.requests.map((request) => [request.id, request.authorization])).toEqual([[swift.id, 'Bearer access-token-1']]);
      expect(downloads.createObjectURL).toHaveBeenCalledTimes(1);
      expect(downloads.saved[0].download).toBe('carcare-report-SP-5521-2099-01-10.pdf');
      expect(await within(detailPanel()).findByRole('button', { name: 'Download Report' })).toBeEnabled();
    } finally {
      downloads.restore();
    }
  });

  test('Download Report says so when the report could not be prepared', async () => {
    const downloads = watchDownloads();
    try {
      serveReports({ status: 500 });
      const { user } = await renderDashboard();
      await user.click(row('Suzuki Swift'));

      await user.click(within(detailPanel()).getByRole('button', { name: 'Download Report' }));

      expect(await within(detailPanel()).findByRole('alert')).toHaveTextContent('The report could not be prepared. Please try again.');
      expect(downloads.saved).toHaveLength(0);
    } finally {
      downloads.restore();
    }
  });

  test('the detail panel follows the filter', async () => {
    const { user } = await renderDashboard();
    await user.click(row('Toyota Corolla'));

    await user.click(screen.getByRole('button', { name: 'COMPLETED' }));
    expect(within(detailPanel()).getByText('Select a service to see its details.')).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'ALL' }));
    expect(detailValue('Service Centre')).toBe('Downtown Workshop');
  });

  test('Show Location / Hide Location reveals the centre’s address and a map link', async () => {
    const { user } = await renderDashboard();
    await user.click(row('Honda Civic'));

    const toggle = within(detailPanel()).getByRole('button', { name: 'Show Location' });
    expect(toggle).toHaveAttribute('aria-expanded', 'false');
    const controlled = document.getElementById(toggle.getAttribute('aria-controls') ?? '');
    expect(controlled).not.toBeNull();
    expect(controlled).not.toBeVisible();
    expect(screen.queryByText(northside.address)).not.toBeInTheDocument();

    await user.click(toggle);
    expect(toggle).toHaveAccessibleName('Hide Location');
    expect(toggle).toHaveAttribute('aria-expanded', 'true');
    expect(controlled).toBeVisible();
    expect(within(controlled!).getByText(northside.address)).toBeInTheDocument();
    const map = within(controlled!).getByRole('link', { name: 'Open in OpenStreetMap (opens in a new tab)' });
    expect(map).toHaveAttribute('href', `https://www.openstreetmap.org/search?query=${encodeURIComponent(northside.address)}`);
    expect(map).toHaveAttribute('target', '_blank');
    expect(map).toHaveAttribute('rel', 'noopener noreferrer');
    // No external image or script: the drawing is inline and decorative.
    expect(controlled!.querySelector('img, iframe, script')).toBeNull();

    await user.click(toggle);
    expect(toggle).toHaveAccessibleName('Show Location');
    expect(toggle).toHaveAttribute('aria-expanded', 'false');
    expect(screen.queryByText(northside.address)).not.toBeInTheDocument();
  });

  test('the location starts hidden again for another job', async () => {
    const { user } = await renderDashboard();
    await user.click(row('Toyota Corolla'));
    await user.click(within(detailPanel()).getByRole('button', { name: 'Show Location' }));
    expect(screen.getByText(downtown.address)).toBeInTheDocument();

    await user.click(row('Honda Civic'));
    expect(within(detailPanel()).getByRole('button', { name: 'Show Location' })).toHaveAttribute('aria-expanded', 'false');
    expect(screen.queryByText(northside.address)).not.toBeInTheDocument();
  });

  test('the rows and filters work from the keyboard', async () => {
    const { user } = await renderDashboard();
    screen.getByRole('button', { name: 'COMPLETED' }).focus();
    await user.keyboard('{Enter}');
    expect(shownVehicles()).toEqual(COMPLETED);

    const swiftRow = row('Suzuki Swift');
    swiftRow.focus();
    await user.keyboard(' ');
    expect(swiftRow).toHaveAttribute('aria-pressed', 'true');
    expect(detailValue('Centre Slot')).toBe('Bay 3 · 09:00-10:00 AM');
  });

  test('the selected job and the filter come from client state (services slice)', async () => {
    serveCustomerShop({ jobs: JOBS });
    renderWithProviders(<CustomerDashboard />, {
      route: '/dashboard',
      preloadedState: { auth: signedIn('CUSTOMER'), services: { customerFilter: 'not_completed', technicianFilter: 'all', selectedJobId: civic.id } },
    });
    expect(await screen.findByText('Showing 3 of 5 services')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'NOT COMPLETED' })).toHaveAttribute('aria-pressed', 'true');
    expect(detailValue('Service Centre')).toBe('Northside Service Centre');
  });

  test('a selected job that is no longer listed shows no details', async () => {
    serveCustomerShop({ jobs: JOBS });
    renderWithProviders(<CustomerDashboard />, {
      route: '/dashboard',
      preloadedState: { auth: signedIn('CUSTOMER'), services: { customerFilter: 'all', technicianFilter: 'all', selectedJobId: 'someone-elses-job' } },
    });
    expect(await screen.findByText('Showing 5 of 5 services')).toBeInTheDocument();
    expect(within(detailPanel()).getByText('Select a service to see its details.')).toBeInTheDocument();
  });

  test('handles 1,000 services', async () => {
    const many = Array.from({ length: 1000 }, (_, i) =>
      makeAppointment({
        vehicle: { id: `v-${i}`, plate: `BULK-${i}`, make: 'Vehicle', model: String(i) },
        status: i % 2 === 0 ? 'PENDING' : 'COMPLETED',
      }),
    );
    const { user } = await renderDashboard(many);
    // Plain DOM queries: role queries over 1,000 rows are slow in jsdom. Rows a filter leaves out stay mounted
    // but hidden, so only the rows of list items that are not hidden count as shown.
    const rows = () => serviceList().querySelectorAll('li:not([hidden]) button');

    // The first rows come first, the rest right after them (useFirstItemsFirst).
    await waitFor(() => expect(rows()).toHaveLength(1000));
    const filters = screen.getByRole('group', { name: 'Filter services by status' });
    await user.click(within(filters).getByRole('button', { name: 'COMPLETED' }));
    expect(rows()).toHaveLength(500);
    expect(rows()[0]).toHaveTextContent('Vehicle 1');
    await waitFor(() => expect(screen.getByText('Showing 500 of 1000 services')).toBeInTheDocument());
  }, 20_000);
});

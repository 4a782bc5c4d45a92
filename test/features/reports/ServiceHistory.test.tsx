import { screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import type { Appointment } from '@contract/appointments';
import { API } from '../../msw/handlers';
import { server } from '../../msw/server';
import { catalog, makeAppointment, page } from '../../msw/shop';
import { renderApp, signedIn } from '../../utils/renderWithProviders';
import { type Downloads, serveReports, watchDownloads } from './reportTestUtils';

const [downtown, northside] = catalog.centers;
const service = (code: string) => {
  const type = catalog.serviceTypes.find((t) => t.code === code)!;
  return { code: type.code, name: type.name, durationMinutes: type.durationMinutes, price: type.price };
};
const centre = (c: (typeof catalog.centers)[number]) => ({ id: c.id, name: c.name, address: c.address });

const corolla = makeAppointment({
  status: 'CONFIRMED',
  vehicle: { id: 'v-1', plate: 'CAB-4821', make: 'Toyota', model: 'Corolla', year: 2018 },
  serviceType: service('FULL_SERVICE'),
  center: centre(downtown),
  date: '2099-02-10',
  slot: '10:00',
  slotLabel: '10:00-11:00 AM',
});
const swift = makeAppointment({
  status: 'COMPLETED',
  vehicle: { id: 'v-4', plate: 'SP-5521', make: 'Suzuki', model: 'Swift' },
  serviceType: service('OIL_CHANGE'),
  center: centre(northside),
  date: '2099-01-10',
  slot: '09:00',
  slotLabel: '09:00-10:00 AM',
  completedAt: '2099-01-10T09:50:00.000Z',
});
const polo = makeAppointment({
  status: 'CANCELLED',
  vehicle: { id: 'v-5', plate: 'NB-3300' },
  serviceType: service('TIRE_ROTATION'),
  date: '2099-01-05',
  slot: '14:00',
  slotLabel: '02:00-03:00 PM',
  cancelledAt: '2099-01-02T08:00:00.000Z',
});
/** A second job on the same car on the same day, a later slot: it comes first. */
const swiftAgain = makeAppointment({
  status: 'PENDING',
  vehicle: swift.vehicle,
  serviceType: service('BATTERY_CHECK'),
  center: centre(northside),
  date: '2099-01-10',
  slot: '15:00',
  slotLabel: '03:00-04:00 PM',
});

interface ListServer {
  requests: number;
  fail: boolean;
  release: () => void;
}

/** GET /api/appointments (the customer's own jobs), optionally held or failing. */
function serveJobs(jobs: Appointment[] | (() => Appointment[]), { hold = false, fail = false } = {}): ListServer {
  let release: () => void = () => undefined;
  const held = new Promise<void>((resolve) => {
    release = resolve;
  });
  const state: ListServer = { requests: 0, fail, release: () => release() };
  server.use(
    http.get(`${API}/appointments`, async () => {
      state.requests += 1;
      if (hold) await held;
      if (state.fail) return HttpResponse.json({ message: 'Internal server error', success: false }, { status: 500 });
      return HttpResponse.json(page(typeof jobs === 'function' ? jobs() : jobs));
    }),
  );
  return state;
}

function renderHistory() {
  return renderApp('/reports', { preloadedState: { auth: signedIn('CUSTOMER') } });
}

const historyList = () => screen.getByRole('list', { name: 'Your services, newest first' });
const entries = () => within(historyList()).getAllByRole('article');

/** The value next to a label in an entry's description list. */
function valueOf(entry: HTMLElement, label: string): string | null | undefined {
  return within(entry).getByText(label, { selector: 'dt' }).nextElementSibling?.textContent;
}

let downloads: Downloads;

beforeEach(() => {
  downloads = watchDownloads();
});

afterEach(() => {
  downloads.restore();
});

describe('/reports for a customer: Service history', () => {
  test('lists the customer’s jobs newest first with plate, service, centre, date and status', async () => {
    // Whatever order the answer holds, the newest job is first.
    serveJobs([polo, swift, corolla, swiftAgain]);
    renderHistory();

    expect(await screen.findByRole('heading', { level: 1, name: 'Service history' })).toBeInTheDocument();
    await screen.findByRole('list', { name: 'Your services, newest first' });
    expect(entries().map((entry) => within(entry).getByRole('heading', { level: 2 }).textContent)).toEqual([
      'Toyota Corolla (CAB-4821)',
      'Suzuki Swift (SP-5521)',
      'Suzuki Swift (SP-5521)',
      'NB-3300',
    ]);
    const [first, second, third, fourth] = entries();
    expect(valueOf(first, 'Service')).toBe('Full Service');
    expect(valueOf(first, 'Service Centre')).toBe('Downtown Workshop');
    expect(valueOf(first, 'Date')).toBe('Feb 10, 2099 · 10:00-11:00 AM');
    expect(first).toHaveTextContent('Not Completed');
    expect(valueOf(second, 'Service')).toBe('Battery Check');
    expect(valueOf(second, 'Date')).toBe('Jan 10, 2099 · 03:00-04:00 PM');
    expect(valueOf(third, 'Service')).toBe('Oil Change');
    expect(valueOf(third, 'Service Centre')).toBe('Northside Service Centre');
    expect(third).toHaveTextContent(/^(?!.*Not Completed).*Completed/);
    expect(fourth).toHaveTextContent('Cancelled');
    expect(screen.getByText('4 services')).toBeInTheDocument();
    // Inside the customer's own frame: the dashboard navigation marks Reports as the current page.
    expect(screen.getByRole('link', { name: 'Reports' })).toHaveAttribute('aria-current', 'page');
  });

  test('each job has its own Download Report, named after the job, downloading that job’s report', async () => {
    serveJobs([corolla, swift, polo]);
    const reports = serveReports({ fileName: (id) => (id === swift.id ? 'carcare-report-SP-5521-2099-01-10.pdf' : `other-${id}.pdf`) });
    const { user } = renderHistory();
    await screen.findByRole('list', { name: 'Your services, newest first' });

    const buttons = screen.getAllByRole('button', { name: /^Download Report/ });
    expect(buttons.map((button) => button.textContent)).toEqual(['Download Report', 'Download Report', 'Download Report']);
    expect(buttons.map((button) => button.getAttribute('aria-label'))).toEqual([
      'Download Report, CAB-4821 Full Service Feb 10, 2099',
      'Download Report, SP-5521 Oil Change Jan 10, 2099',
      'Download Report, NB-3300 Tire Rotation Jan 5, 2099',
    ]);

    await user.click(screen.getByRole('button', { name: 'Download Report, SP-5521 Oil Change Jan 10, 2099' }));

    await waitFor(() => expect(downloads.saved).toHaveLength(1));
    expect(reports.requests.map((request) => request.id)).toEqual([swift.id]);
    expect(downloads.saved[0].download).toBe('carcare-report-SP-5521-2099-01-10.pdf');
  });

  test('shows a named spinner while the history loads', async () => {
    const jobs = serveJobs([swift], { hold: true });
    renderHistory();

    expect(await screen.findByRole('status', { name: 'Loading your service history' })).toBeInTheDocument();
    jobs.release();
    expect(await screen.findByRole('list', { name: 'Your services, newest first' })).toBeInTheDocument();
    expect(screen.queryByRole('status', { name: 'Loading your service history' })).not.toBeInTheDocument();
  });

  test('with no jobs yet says so and links to booking', async () => {
    serveJobs([]);
    const { user, router } = renderHistory();

    expect(await screen.findByText('No services yet')).toBeInTheDocument();
    expect(screen.queryByRole('list', { name: 'Your services, newest first' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /Download Report/ })).not.toBeInTheDocument();
    const link = screen.getByRole('link', { name: 'Book Appointment' });
    expect(link).toHaveAttribute('href', '/dashboard/appointments');

    await user.click(link);
    expect(await screen.findByRole('heading', { level: 1, name: 'Book an Appointment' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/dashboard/appointments');
  });

  test('a failed load shows the error with Retry, which loads the history', async () => {
    const jobs = serveJobs([swift], { fail: true });
    const { user } = renderHistory();

    expect(await screen.findByRole('alert')).toHaveTextContent('Internal server error');
    jobs.fail = false;
    await user.click(screen.getByRole('button', { name: 'Retry' }));

    expect(await screen.findByRole('list', { name: 'Your services, newest first' })).toBeInTheDocument();
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });
});

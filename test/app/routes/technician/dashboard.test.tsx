import { screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { API } from '../../../msw/handlers';
import { server } from '../../../msw/server';
import { catalog, countsOf } from '../../../msw/shop';
import { renderApp, signedIn } from '../../../utils/renderWithProviders';
import { alertSpy, countOf, renderDashboard, renderLoadedDashboard, rowValue, serviceRow, useFixedNow } from '../../../fixtures/technicianTestUtils';
import { technicianJob, technicianShop } from '../../../fixtures/technicianShop';

afterEach(() => jest.restoreAllMocks());

const service = (code: string) => {
  const { description: _description, ...type } = catalog.serviceTypes.find((t) => t.code === code)!;
  return type;
};

const NOW = '2026-03-10T09:00:00';

function sampleJobs() {
  return [
    technicianJob({
      customerName: 'Amaya Jayasinghe',
      make: 'Toyota',
      model: 'Prius',
      plate: 'CAD-3312',
      status: 'IN_PROGRESS',
      stage: 'IN_PROGRESS',
      date: '2026-03-10',
      serviceType: service('FULL_SERVICE'),
      startedAt: new Date(2026, 2, 10, 8, 30).toISOString(),
      estimatedCompletion: new Date(2026, 2, 10, 9, 30).toISOString(),
    }),
    technicianJob({ customerName: 'Dilan Wickramasinghe', make: 'Mitsubishi', model: 'Outlander', plate: 'KY-5521', date: '2026-03-11', serviceType: service('BRAKE_INSPECTION') }),
    technicianJob({ customerName: 'Sachini Rathnayake', make: 'Mazda', model: '3', plate: 'CBA-9087', date: '2026-03-12', slot: '14:00', slotLabel: '02:00-03:00 PM' }),
    technicianJob({
      customerName: 'Tharindu Perera',
      make: 'Honda',
      model: 'Fit',
      plate: 'CAE-7741',
      status: 'COMPLETED',
      date: '2026-03-09',
      completedAt: new Date(2026, 2, 9, 15).toISOString(),
    }),
    technicianJob({ customerName: 'Nadeesha Silva', make: 'Kia', model: 'Picanto', plate: 'CAF-1100', status: 'COMPLETED', date: '2026-03-02' }),
  ];
}

function customersShown() {
  const list = screen.getByRole('region', { name: 'Assigned services list' });
  return within(list)
    .queryAllByRole('article')
    .filter((article) => !article.closest('li')?.hidden)
    .map((article) => within(article).getByRole('heading').textContent);
}

test('greets the technician with an h1 and renders inside the layout main (no second main)', async () => {
  technicianShop();
  await renderDashboard();
  expect(screen.getByRole('heading', { level: 1, name: 'Welcome back, Sam' })).toBeInTheDocument();
  expect(screen.getAllByRole('main')).toHaveLength(1);
});

test('the Dashboard router shows the employee dashboard for EMPLOYEE at /dashboard', async () => {
  technicianShop();
  renderApp('/dashboard', { preloadedState: { auth: signedIn('EMPLOYEE', { firstName: 'Kasun', fullName: 'Kasun Silva' }) } });
  expect(await screen.findByRole('heading', { level: 1, name: 'Welcome back, Kasun' }, { timeout: 5000 })).toBeInTheDocument();
  expect(await screen.findByRole('grid', { name: 'Monthly Work Summary' })).toBeInTheDocument();
});

test("loads the technician's current work: open jobs of any date plus the last 60 days' completed jobs", async () => {
  useFixedNow(NOW);
  const old = technicianJob({ customerName: 'Old Completed', status: 'COMPLETED', date: '2025-12-01' });
  const overdue = technicianJob({ customerName: 'Overdue Open', status: 'CONFIRMED', date: '2025-12-01' });
  const { requestsTo } = technicianShop({ jobs: [...sampleJobs(), old, overdue] });
  await renderLoadedDashboard();

  const queries = requestsTo('GET', '/appointments').filter((r) => r.path === '/appointments').map(({ query: { limit: _limit, ...rest } }) => rest);
  expect(queries).toEqual(expect.arrayContaining([{ status: 'CONFIRMED,IN_PROGRESS' }, { status: 'COMPLETED', from: '2026-01-09' }]));
  expect(queries).toHaveLength(2);
  // Open work first (what is due first), then the recent completed jobs, newest first.
  expect(customersShown()).toEqual(['Overdue Open', 'Amaya Jayasinghe', 'Dilan Wickramasinghe', 'Sachini Rathnayake', 'Tharindu Perera', 'Nadeesha Silva']);
});

test('the counts are the server\'s (GET /appointments/counts), not computed from the list, and refetch after a change', async () => {
  useFixedNow(NOW);
  alertSpy();
  const jobs = sampleJobs();
  const { requestsTo } = technicianShop({ jobs, completedThisWeek: 1 });
  // The server counts the whole history: more than the loaded list holds.
  let answer = { ...countsOf(jobs, 1), byStatus: { PENDING: 0, CONFIRMED: 12, IN_PROGRESS: 3, COMPLETED: 40, CANCELLED: 2 } };
  server.use(http.get(`${API}/appointments/counts`, () => HttpResponse.json(answer)));
  const { user } = await renderLoadedDashboard();

  await waitFor(() => expect(countOf('Active Projects')).toBe('3'));
  expect(countOf('Not Started')).toBe('12');
  expect(countOf('Completed This Week')).toBe('1');
  expect(requestsTo('GET', '/appointments/counts')).toHaveLength(0); // answered by the override above

  answer = { ...answer, byStatus: { ...answer.byStatus, CONFIRMED: 11, IN_PROGRESS: 4 } };
  await user.click(within(serviceRow('Dilan Wickramasinghe')).getByRole('button', { name: 'Update Status' }));
  await user.selectOptions(screen.getByRole('combobox', { name: 'Status' }), 'in_progress');
  await user.click(screen.getByRole('button', { name: 'Save' }));
  await waitFor(() => expect(countOf('Active Projects')).toBe('4'));
  expect(countOf('Not Started')).toBe('11');
});

test('while the counts load, their three cards already hold their place (a dash each), so nothing below them moves', async () => {
  technicianShop({ jobs: sampleJobs() });
  let answer: () => void = () => undefined;
  const answered = new Promise<void>((resolve) => {
    answer = resolve;
  });
  server.use(
    http.get(`${API}/appointments/counts`, async () => {
      await answered;
      return undefined; // then the shop's handler answers
    }),
  );
  await renderDashboard();
  const overview = screen.getByRole('region', { name: 'Overview' });
  expect(overview).toHaveAttribute('aria-busy', 'true');
  expect(within(overview).getByRole('status')).toHaveTextContent('Loading your counts');
  expect(['Active Projects', 'Not Started', 'Completed This Week'].map(countOf)).toEqual(['–', '–', '–']);

  answer();
  await waitFor(() => expect(countOf('Not Started')).toBe('2'));
  expect(overview).toHaveAttribute('aria-busy', 'false');
  expect(within(overview).queryByRole('status')).not.toBeInTheDocument();
});

test('the counts follow the jobs: starting and completing a job move them', async () => {
  useFixedNow(NOW);
  alertSpy();
  technicianShop({ jobs: sampleJobs(), completedThisWeek: 1 });
  const { user } = await renderLoadedDashboard();
  await waitFor(() => expect(countOf('Active Projects')).toBe('1'));
  expect(countOf('Not Started')).toBe('2');
  expect(countOf('Completed This Week')).toBe('1');

  await user.click(within(serviceRow('Amaya Jayasinghe')).getByRole('button', { name: 'Update Status' }));
  await user.selectOptions(screen.getByRole('combobox', { name: 'Status' }), 'completed');
  await user.click(screen.getByRole('button', { name: 'Save' }));
  await waitFor(() => expect(countOf('Completed This Week')).toBe('2'));
  expect(countOf('Active Projects')).toBe('0');
});

test('there are no quick action cards: none of them had a real target for a technician', async () => {
  technicianShop({ jobs: sampleJobs() });
  await renderLoadedDashboard();
  expect(screen.queryByRole('region', { name: 'Quick Actions' })).not.toBeInTheDocument();
  for (const title of ['Manage Inventory', 'Unassigned Services', 'Service Scheduling']) expect(screen.queryByText(title)).not.toBeInTheDocument();
});

test('each assigned service shows customer, vehicle, service type, status badge, booking, centre and dates', async () => {
  useFixedNow(NOW);
  technicianShop({ jobs: sampleJobs() });
  await renderLoadedDashboard();
  const row = serviceRow('Amaya Jayasinghe');
  expect(within(row).getByText('Toyota Prius')).toBeInTheDocument();
  expect(within(row).getByText('(CAD-3312)')).toBeInTheDocument();
  expect(within(row).getByText('Full Service')).toBeInTheDocument();
  expect(within(row).getByText('In Progress')).toBeInTheDocument();
  expect(rowValue(row, 'Booked')).toBe('Mar 10, 2026 · 09:00-10:00 AM');
  expect(rowValue(row, 'Centre')).toBe('Downtown Workshop · Bay 1');
  expect(rowValue(row, 'Start')).toBe('Mar 10, 2026, 8:30 AM');
  expect(rowValue(row, 'Est. completion')).toBe('Mar 10, 2026, 9:30 AM');

  const dilan = serviceRow('Dilan Wickramasinghe');
  expect(within(dilan).getByText('Not Started')).toBeInTheDocument();
  expect(within(dilan).getByText('Brake Inspection')).toBeInTheDocument();
  expect(rowValue(dilan, 'Start')).toBe('—');
  expect(rowValue(dilan, 'Est. completion')).toBe('—');
  const tharindu = serviceRow('Tharindu Perera');
  expect(within(tharindu).getByText('Completed', { selector: 'span' })).toBeInTheDocument();
  expect(rowValue(tharindu, 'Completed')).toBe('Mar 9, 2026, 3:00 PM');
});

test('a job past its first stage shows the stage', async () => {
  technicianShop({ jobs: [technicianJob({ customerName: 'Amaya Jayasinghe', status: 'IN_PROGRESS', stage: 'AWAITING_PARTS' })] });
  await renderLoadedDashboard();
  expect(within(serviceRow('Amaya Jayasinghe')).getByText('Stage: Awaiting Parts')).toBeInTheDocument();
});

test('Update Status and Log Time keep their exact names and are described by the row vehicle', async () => {
  useFixedNow(NOW);
  technicianShop({ jobs: sampleJobs() });
  await renderLoadedDashboard();
  const updates = screen.getAllByRole('button', { name: 'Update Status' });
  const logs = screen.getAllByRole('button', { name: 'Log Time' });
  expect(updates).toHaveLength(5);
  expect(logs).toHaveLength(5);
  expect(updates[0]).toHaveAccessibleDescription('Toyota Prius (CAD-3312)');
  expect(logs[1]).toHaveAccessibleDescription('Mitsubishi Outlander (KY-5521)');
});

test('filters ALL / IN PROGRESS / NOT STARTED / COMPLETED with aria-pressed; every row stays mounted', async () => {
  useFixedNow(NOW);
  technicianShop({ jobs: sampleJobs() });
  const { user, store } = await renderLoadedDashboard();
  const filters = screen.getByRole('group', { name: 'Filter assigned services' });
  expect(within(filters).getAllByRole('button').map((b) => b.textContent)).toEqual(['ALL', 'IN PROGRESS', 'NOT STARTED', 'COMPLETED']);
  const button = (name: string) => within(filters).getByRole('button', { name });
  expect(button('ALL')).toHaveAttribute('aria-pressed', 'true');
  expect(customersShown()).toHaveLength(5);
  const rows = screen.getByRole('region', { name: 'Assigned services list' }).querySelectorAll('li');

  await user.click(button('IN PROGRESS'));
  expect(button('IN PROGRESS')).toHaveAttribute('aria-pressed', 'true');
  expect(button('ALL')).toHaveAttribute('aria-pressed', 'false');
  expect(customersShown()).toEqual(['Amaya Jayasinghe']);
  expect(store.getState().services.technicianFilter).toBe('in_progress');

  await user.click(button('NOT STARTED'));
  expect(customersShown()).toEqual(['Dilan Wickramasinghe', 'Sachini Rathnayake']);
  expect(screen.getAllByRole('button', { name: 'Update Status' })).toHaveLength(2);

  await user.click(button('COMPLETED'));
  expect(customersShown()).toEqual(['Tharindu Perera', 'Nadeesha Silva']);

  await user.click(button('ALL'));
  expect(customersShown()).toHaveLength(5);
  const after = screen.getByRole('region', { name: 'Assigned services list' }).querySelectorAll('li');
  expect(Array.from(after).every((row, i) => row === rows[i])).toBe(true);
});

test('a filter with no match shows an empty state, and so does a technician without jobs', async () => {
  technicianShop({ jobs: [technicianJob({ customerName: 'Dilan Wickramasinghe' })] });
  const { user, unmount } = await renderLoadedDashboard();
  await user.click(screen.getByRole('button', { name: 'COMPLETED' }));
  expect(screen.getByText('No completed services.')).toBeInTheDocument();
  expect(customersShown()).toEqual([]);
  await user.click(screen.getByRole('button', { name: 'IN PROGRESS' }));
  expect(screen.getByText('No services in progress.')).toBeInTheDocument();
  unmount();

  technicianShop();
  await renderLoadedDashboard();
  expect(screen.getByText('No services are assigned to you yet.')).toBeInTheDocument();
  await waitFor(() => expect(countOf('Active Projects')).toBe('0'));
});

test('a job leaves the filtered list when the server answers its new status', async () => {
  useFixedNow(NOW);
  alertSpy();
  technicianShop({ jobs: sampleJobs() });
  const { user } = await renderLoadedDashboard();
  await user.click(screen.getByRole('button', { name: 'NOT STARTED' }));
  await user.click(within(serviceRow('Sachini Rathnayake')).getByRole('button', { name: 'Update Status' }));
  await user.selectOptions(screen.getByRole('combobox', { name: 'Status' }), 'completed');
  await user.click(screen.getByRole('button', { name: 'Save' }));
  await waitFor(() => expect(customersShown()).toEqual(['Dilan Wickramasinghe']));
});

test('the list is a named, keyboard-focusable scroll region', async () => {
  useFixedNow(NOW);
  technicianShop({ jobs: sampleJobs() });
  const { user } = await renderLoadedDashboard();
  const region = screen.getByRole('region', { name: 'Assigned services list' });
  expect(region).toHaveAttribute('tabindex', '0');
  expect(region).toHaveClass('scroll'); // max-height 600px; overflow-y auto (components/FilteredList.module.css)
  region.focus();
  expect(region).toHaveFocus();
  await user.tab();
  expect(screen.getAllByRole('button', { name: 'Update Status' })[0]).toHaveFocus();
});

test('while the jobs load a named spinner shows; a failure shows the spec message with Retry, which reloads', async () => {
  useFixedNow(NOW);
  technicianShop({ jobs: sampleJobs() });
  let release: () => void = () => undefined;
  const gate = new Promise<void>((resolve) => {
    release = resolve;
  });
  let fail = true;
  server.use(
    http.get(`${API}/appointments`, async () => {
      await gate;
      return fail ? HttpResponse.error() : undefined;
    }),
  );
  const { user } = await renderDashboard();
  const section = screen.getByRole('region', { name: 'Assigned Services' });
  expect(within(section).getByRole('status', { name: 'Loading your assigned services' })).toBeInTheDocument();

  release();
  expect(await within(section).findByRole('alert')).toHaveTextContent('Network error. Please check your connection.');
  expect(screen.queryByRole('region', { name: 'Assigned services list' })).not.toBeInTheDocument();

  fail = false; // the next answers fall through to the shop's handler
  await user.click(within(section).getByRole('button', { name: 'Retry' }));
  expect(await screen.findByRole('region', { name: 'Assigned services list' })).toBeInTheDocument();
  expect(customersShown()).toHaveLength(5);
});

test('a failed count load shows the server message with Retry', async () => {
  technicianShop({ jobs: sampleJobs() });
  let calls = 0;
  server.use(
    http.get(`${API}/appointments/counts`, () => {
      calls += 1;
      return calls === 1 ? HttpResponse.json({ message: 'Counts are unavailable right now.', success: false }, { status: 503 }) : undefined;
    }),
  );
  const { user } = await renderLoadedDashboard();
  const overview = screen.getByRole('region', { name: 'Overview' });
  expect(await within(overview).findByRole('alert')).toHaveTextContent('Counts are unavailable right now.');
  await user.click(within(overview).getByRole('button', { name: 'Retry' }));
  await waitFor(() => expect(countOf('Not Started')).toBe('2'));
});

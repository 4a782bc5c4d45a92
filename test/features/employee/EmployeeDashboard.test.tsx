import { screen, within } from '@testing-library/react';
import { selectEmployeeServices } from '@/features/services/servicesSlice';
import { renderApp, signedIn } from '../../utils/renderWithProviders';
import { alertSpy, countOf, job, renderDashboard, serviceRow, useFixedNow } from './employeeTestUtils';

afterEach(() => jest.restoreAllMocks());

const jobs = [
  job({ id: 'J1', customerName: 'Amaya Jayasinghe', vehicleName: 'Toyota Prius', vehicleNumber: 'CAD-3312', status: 'in_progress', serviceType: 'Regular Maintenance' }),
  job({ id: 'J2', customerName: 'Dilan Wickramasinghe', vehicleName: 'Mitsubishi Outlander', vehicleNumber: 'KY-5521', status: 'not_started', serviceType: 'Accident Repair' }),
  job({ id: 'J3', customerName: 'Sachini Rathnayake', vehicleName: 'Mazda 3', vehicleNumber: 'CBA-9087', status: 'not_started', serviceType: 'Custom Modification' }),
  // Completed on Monday of the fixed week (Sun 8 – Sat 14 March 2026) …
  job({ id: 'J4', customerName: 'Tharindu Perera', vehicleName: 'Honda Fit', vehicleNumber: 'CAE-7741', status: 'completed', completedAt: '2026-03-09T15:00:00' }),
  // … and in the previous week.
  job({ id: 'J5', customerName: 'Nadeesha Silva', vehicleName: 'Kia Picanto', vehicleNumber: 'CAF-1100', status: 'completed', completedAt: '2026-03-07T15:00:00' }),
];

function customersShown() {
  const list = screen.getByRole('region', { name: 'Assigned services list' });
  return within(list)
    .queryAllByRole('article')
    .map((article) => within(article).getByRole('heading').textContent);
}

test('greets the technician with an h1 and renders inside the layout main (no second main)', async () => {
  await renderDashboard();
  expect(screen.getByRole('heading', { level: 1, name: 'Welcome back, Sam' })).toBeInTheDocument();
  expect(screen.getAllByRole('main')).toHaveLength(1);
});

test('DashboardRouter shows the employee dashboard for EMPLOYEE at /dashboard', async () => {
  renderApp('/dashboard', { preloadedState: { auth: signedIn('EMPLOYEE', { firstName: 'Kasun', fullName: 'Kasun Silva' }) } });
  expect(await screen.findByRole('heading', { level: 1, name: 'Welcome back, Kasun' }, { timeout: 5000 })).toBeInTheDocument();
  expect(screen.getByRole('grid', { name: 'Monthly Work Summary' })).toBeInTheDocument();
});

test('counts are computed from the assigned services and follow status changes', async () => {
  useFixedNow('2026-03-10T09:00:00');
  const alert = alertSpy();
  const { user, store } = await renderDashboard({ employeeServices: jobs });
  expect(countOf('Active Projects')).toBe('1');
  expect(countOf('Not Started')).toBe('2');
  expect(countOf('Completed This Week')).toBe('1');

  // Start J2: one more active, one fewer not started.
  await user.click(within(serviceRow('Dilan Wickramasinghe')).getByRole('button', { name: 'Update Status' }));
  await user.selectOptions(screen.getByRole('combobox', { name: 'Status' }), 'in_progress');
  await user.click(screen.getByRole('button', { name: 'Save' }));
  expect(alert).toHaveBeenCalledTimes(1);
  expect(countOf('Active Projects')).toBe('2');
  expect(countOf('Not Started')).toBe('1');

  // Complete J1 now: completed this week goes up.
  await user.click(within(serviceRow('Amaya Jayasinghe')).getByRole('button', { name: 'Update Status' }));
  await user.selectOptions(screen.getByRole('combobox', { name: 'Status' }), 'completed');
  await user.click(screen.getByRole('button', { name: 'Save' }));
  expect(countOf('Active Projects')).toBe('1');
  expect(countOf('Completed This Week')).toBe('2');
  expect(selectEmployeeServices(store.getState()).find((j) => j.id === 'J1')?.status).toBe('completed');
});

test('quick action cards are shown as non-interactive "Coming soon" cards', async () => {
  await renderDashboard();
  const section = screen.getByRole('region', { name: 'Quick Actions' });
  for (const title of ['Manage Inventory', 'Unassigned Services', 'Service Scheduling']) {
    expect(within(section).getByRole('heading', { name: title })).toBeInTheDocument();
  }
  expect(within(section).getAllByText('Coming soon')).toHaveLength(3);
  expect(within(section).queryAllByRole('link')).toHaveLength(0);
  expect(within(section).queryAllByRole('button')).toHaveLength(0);
});

test('each assigned service shows customer, vehicle, service type and a status badge', async () => {
  await renderDashboard();
  const row = serviceRow('Amaya Jayasinghe'); // sample JOB-2001
  expect(within(row).getByText('Toyota Prius')).toBeInTheDocument();
  expect(within(row).getByText('(CAD-3312)')).toBeInTheDocument();
  expect(within(row).getByText('Regular Maintenance')).toBeInTheDocument();
  expect(within(row).getByText('In Progress')).toBeInTheDocument();
  expect(within(serviceRow('Tharindu Perera')).getByText('Completed')).toBeInTheDocument();
  expect(within(serviceRow('Dilan Wickramasinghe')).getByText('Not Started')).toBeInTheDocument();
});

test('Update Status and Log Time keep their exact names and are described by the row vehicle', async () => {
  await renderDashboard();
  const updates = screen.getAllByRole('button', { name: 'Update Status' });
  const logs = screen.getAllByRole('button', { name: 'Log Time' });
  expect(updates).toHaveLength(4);
  expect(logs).toHaveLength(4);
  expect(updates[0]).toHaveAccessibleDescription('Toyota Prius (CAD-3312)');
  expect(logs[1]).toHaveAccessibleDescription('Mitsubishi Outlander (KY-5521)');
});

test('filters ALL / IN PROGRESS / NOT STARTED / COMPLETED with aria-pressed', async () => {
  const { user } = await renderDashboard({ employeeServices: jobs });
  const filters = screen.getByRole('group', { name: 'Filter assigned services' });
  const button = (name: string) => within(filters).getByRole('button', { name });
  expect(button('ALL')).toHaveAttribute('aria-pressed', 'true');
  expect(customersShown()).toHaveLength(5);

  await user.click(button('IN PROGRESS'));
  expect(button('IN PROGRESS')).toHaveAttribute('aria-pressed', 'true');
  expect(button('ALL')).toHaveAttribute('aria-pressed', 'false');
  expect(customersShown()).toEqual(['Amaya Jayasinghe']);

  await user.click(button('NOT STARTED'));
  expect(customersShown()).toEqual(['Dilan Wickramasinghe', 'Sachini Rathnayake']);
  expect(screen.getAllByRole('button', { name: 'Update Status' })).toHaveLength(2);

  await user.click(button('COMPLETED'));
  expect(customersShown()).toEqual(['Tharindu Perera', 'Nadeesha Silva']);

  await user.click(button('ALL'));
  expect(customersShown()).toHaveLength(5);
});

test('a filter with no match shows an empty state, and so does a technician without jobs', async () => {
  const { user, unmount } = await renderDashboard({ employeeServices: [jobs[1]] });
  await user.click(screen.getByRole('button', { name: 'COMPLETED' }));
  expect(screen.getByText('No completed services.')).toBeInTheDocument();
  expect(customersShown()).toEqual([]);
  await user.click(screen.getByRole('button', { name: 'IN PROGRESS' }));
  expect(screen.getByText('No services in progress.')).toBeInTheDocument();
  unmount();

  await renderDashboard({ employeeServices: [] });
  expect(screen.getByText('No services are assigned to you yet.')).toBeInTheDocument();
  expect(countOf('Active Projects')).toBe('0');
});

test('a job leaves the filtered list when its status changes', async () => {
  jest.spyOn(window, 'alert').mockImplementation(() => {});
  const { user } = await renderDashboard({ employeeServices: jobs });
  await user.click(screen.getByRole('button', { name: 'NOT STARTED' }));
  await user.click(within(serviceRow('Sachini Rathnayake')).getByRole('button', { name: 'Update Status' }));
  await user.selectOptions(screen.getByRole('combobox', { name: 'Status' }), 'completed');
  await user.click(screen.getByRole('button', { name: 'Save' }));
  expect(customersShown()).toEqual(['Dilan Wickramasinghe']);
});

test('the list is a named, keyboard-focusable scroll region', async () => {
  const { user } = await renderDashboard();
  const region = screen.getByRole('region', { name: 'Assigned services list' });
  expect(region).toHaveAttribute('tabindex', '0');
  expect(region).toHaveClass('scroll'); // max-height 600px; overflow-y auto (components/FilteredList.module.css)
  region.focus();
  expect(region).toHaveFocus();
  await user.tab();
  expect(screen.getAllByRole('button', { name: 'Update Status' })[0]).toHaveFocus();
});

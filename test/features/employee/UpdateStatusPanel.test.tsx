import { screen, within } from '@testing-library/react';
import { selectEmployeeServices } from '@/features/services/servicesSlice';
import type { EmployeeServiceStatus } from '@/features/services/types';
import { alertSpy, job, renderDashboard, serviceRow, useFixedNow } from './employeeTestUtils';

afterEach(() => jest.restoreAllMocks());

const NOW = '2026-03-10T09:00:00'; // local time
const ORIGINAL_START = '2026-03-01T09:00:00.000Z';
const ORIGINAL_ESTIMATE = '2026-03-02T17:00:00.000Z';

async function openPanelFor(status: EmployeeServiceStatus) {
  useFixedNow(NOW);
  const alert = alertSpy();
  const rendered = await renderDashboard({
    employeeServices: [job({ id: 'J1', customerName: 'Amaya Jayasinghe', vehicleName: 'Toyota Prius', vehicleNumber: 'CAD-3312', status })],
  });
  await rendered.user.click(within(serviceRow('Amaya Jayasinghe')).getByRole('button', { name: 'Update Status' }));
  const dialog = screen.getByRole('dialog', { name: 'Update Status' });
  return { ...rendered, alert, dialog };
}

function storedJob(store: Awaited<ReturnType<typeof openPanelFor>>['store']) {
  return selectEmployeeServices(store.getState())[0];
}

test('the panel is a dialog with a Status select of the three statuses, starting at the current one', async () => {
  const { dialog } = await openPanelFor('in_progress');
  expect(dialog).toHaveAccessibleDescription('Toyota Prius (CAD-3312) · Amaya Jayasinghe');
  const select = within(dialog).getByRole('combobox', { name: 'Status' });
  expect(select).toHaveValue('in_progress');
  expect(select).toHaveFocus();
  expect(within(select).getAllByRole('option').map((o) => [o.textContent, (o as HTMLOptionElement).value])).toEqual([
    ['Not Started', 'not_started'],
    ['In Progress', 'in_progress'],
    ['Completed', 'completed'],
  ]);
});

test('Save is disabled while the choice equals the current status', async () => {
  const { user, dialog, alert } = await openPanelFor('not_started');
  const save = within(dialog).getByRole('button', { name: 'Save' });
  const select = within(dialog).getByRole('combobox', { name: 'Status' });
  expect(save).toBeDisabled();
  await user.selectOptions(select, 'completed');
  expect(save).toBeEnabled();
  await user.selectOptions(select, 'not_started');
  expect(save).toBeDisabled();
  await user.click(save);
  expect(alert).not.toHaveBeenCalled();
  expect(screen.getByRole('dialog', { name: 'Update Status' })).toBeInTheDocument();
});

test('not_started → in_progress starts the job now, estimates one hour later and announces it', async () => {
  const { user, dialog, alert, store } = await openPanelFor('not_started');
  const before = Date.now();
  await user.selectOptions(within(dialog).getByRole('combobox', { name: 'Status' }), 'in_progress');
  expect(within(dialog).getByText(/estimated completion 1 hour later/)).toBeInTheDocument();
  await user.click(within(dialog).getByRole('button', { name: 'Save' }));

  expect(alert).toHaveBeenCalledTimes(1);
  expect(alert).toHaveBeenCalledWith('Service Started\nEstimated completion: Mar 10, 2026, 10:00 AM');
  const saved = storedJob(store);
  expect(saved.status).toBe('in_progress');
  const start = Date.parse(saved.startDate);
  expect(start).toBeGreaterThanOrEqual(before);
  expect(start).toBeLessThan(before + 60_000); // "now" (the fixed clock only ran a few ms)
  expect(Date.parse(saved.estimatedCompletion) - start).toBe(60 * 60 * 1000);
  expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  // The row shows the new dates and badge.
  const row = serviceRow('Amaya Jayasinghe');
  expect(within(row).getByText('Mar 10, 2026, 9:00 AM')).toBeInTheDocument();
  expect(within(row).getByText('Mar 10, 2026, 10:00 AM')).toBeInTheDocument();
  expect(within(row).getByText('In Progress')).toBeInTheDocument();
});

test.each<[EmployeeServiceStatus, EmployeeServiceStatus, string]>([
  ['not_started', 'completed', 'Status updated to Completed'],
  ['in_progress', 'not_started', 'Status updated to Not Started'],
  ['in_progress', 'completed', 'Status updated to Completed'],
  ['completed', 'in_progress', 'Status updated to In Progress'],
  ['completed', 'not_started', 'Status updated to Not Started'],
])('%s → %s alerts "%s", keeps the dates and closes', async (from, to, message) => {
  const { user, dialog, alert, store } = await openPanelFor(from);
  await user.selectOptions(within(dialog).getByRole('combobox', { name: 'Status' }), to);
  await user.click(within(dialog).getByRole('button', { name: 'Save' }));

  expect(alert).toHaveBeenCalledTimes(1);
  expect(alert).toHaveBeenCalledWith(message);
  const saved = storedJob(store);
  expect(saved.status).toBe(to);
  expect(saved.startDate).toBe(ORIGINAL_START);
  expect(saved.estimatedCompletion).toBe(ORIGINAL_ESTIMATE);
  if (to === 'completed') expect(new Date(saved.completedAt as string).toDateString()).toBe(new Date(NOW).toDateString());
  else expect(saved.completedAt).toBeUndefined();
  expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  expect(within(serviceRow('Amaya Jayasinghe')).getByRole('button', { name: 'Update Status' })).toHaveFocus();
});

test('Cancel and Escape close the panel without changing anything', async () => {
  const { user, dialog, alert, store } = await openPanelFor('not_started');
  await user.selectOptions(within(dialog).getByRole('combobox', { name: 'Status' }), 'completed');
  await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
  expect(screen.queryByRole('dialog')).not.toBeInTheDocument();

  await user.click(within(serviceRow('Amaya Jayasinghe')).getByRole('button', { name: 'Update Status' }));
  await user.keyboard('{Escape}');
  expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  expect(alert).not.toHaveBeenCalled();
  expect(storedJob(store).status).toBe('not_started');
});

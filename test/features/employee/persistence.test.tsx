import { screen, waitFor, within } from '@testing-library/react';
import { PERSIST_KEY, setupPersistor, setupStore } from '@/app/store';
import { selectEmployeeServices } from '@/features/services/servicesSlice';
import { selectTimeLogs } from '@/features/timeLogs/timeLogsSlice';
import { renderApp, signedIn } from '../../utils/renderWithProviders';
import { serviceRow } from './employeeTestUtils';

afterEach(() => jest.restoreAllMocks());

async function bootstrapped(persistor: ReturnType<typeof setupPersistor>) {
  await waitFor(() => expect(persistor.getState().bootstrapped).toBe(true));
}

function persisted(): string {
  return localStorage.getItem(`persist:${PERSIST_KEY}`) ?? '';
}

test('a logged time entry and a status change survive a store rebuild (reload)', async () => {
  jest.spyOn(window, 'alert').mockImplementation(() => {});
  const auth = signedIn('EMPLOYEE');

  // First "page load".
  const store = setupStore({ auth });
  const persistor = setupPersistor(store);
  await bootstrapped(persistor);
  const first = renderApp('/dashboard', { store });
  const { user } = first;
  await screen.findByRole('heading', { level: 1 }, { timeout: 5000 });

  await user.click(within(serviceRow('Amaya Jayasinghe')).getByRole('button', { name: 'Log Time' }));
  const dialog = screen.getByRole('dialog', { name: 'Log Time' });
  await user.clear(within(dialog).getByLabelText('Date'));
  await user.type(within(dialog).getByLabelText('Date'), '2026-03-09');
  await user.type(within(dialog).getByLabelText('Start Time'), '09:00');
  await user.type(within(dialog).getByLabelText('End Time'), '10:15');
  await user.type(within(dialog).getByLabelText('Description'), 'Persisted brake job');
  await user.click(within(dialog).getByRole('button', { name: 'Save Log' }));

  await user.click(within(serviceRow('Dilan Wickramasinghe')).getByRole('button', { name: 'Update Status' }));
  await user.selectOptions(screen.getByRole('combobox', { name: 'Status' }), 'completed');
  await user.click(screen.getByRole('button', { name: 'Save' }));

  await waitFor(() => expect(persisted()).toContain('Persisted brake job'));
  await waitFor(() => expect(persisted()).toMatch(/JOB-2002[^}]*completed/));
  first.unmount();
  persistor.pause();

  // Second "page load": a brand-new store rehydrated from localStorage.
  const reloaded = setupStore({ auth });
  const reloadedPersistor = setupPersistor(reloaded);
  await bootstrapped(reloadedPersistor);
  expect(selectTimeLogs(reloaded.getState())).toContainEqual({
    id: expect.any(String),
    serviceId: 'JOB-2001',
    date: '2026-03-09',
    startTime: '09:00',
    endTime: '10:15',
    duration: '1h 15m',
    description: 'Persisted brake job',
  });
  expect(selectEmployeeServices(reloaded.getState()).find((j) => j.id === 'JOB-2002')?.status).toBe('completed');

  renderApp('/dashboard', { store: reloaded });
  await screen.findByRole('heading', { level: 1 }, { timeout: 5000 });
  expect(within(serviceRow('Dilan Wickramasinghe')).getByText('Completed')).toBeInTheDocument();
});

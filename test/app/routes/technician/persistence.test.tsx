import { screen, waitFor, within } from '@testing-library/react';
import { PERSIST_KEY, setupPersistor, setupStore } from '@/app/store';
import { renderApp, signedIn } from '../../../utils/renderWithProviders';
import { alertSpy, serviceRow, useFixedNow } from '../../../fixtures/technicianTestUtils';
import { technicianJob, technicianLog, technicianShop } from '../../../fixtures/technicianShop';

afterEach(() => jest.restoreAllMocks());

async function bootstrapped(persistor: ReturnType<typeof setupPersistor>) {
  await waitFor(() => expect(persistor.getState().bootstrapped).toBe(true));
}

function persisted(): string {
  return localStorage.getItem(`persist:${PERSIST_KEY}`) ?? '';
}

async function pageLoad(auth = signedIn('EMPLOYEE')) {
  const store = setupStore({ auth });
  const persistor = setupPersistor(store);
  await bootstrapped(persistor);
  const rendered = renderApp('/dashboard', { store });
  await screen.findByRole('heading', { level: 1 }, { timeout: 5000 });
  await screen.findByRole('region', { name: 'Assigned services list' });
  return { ...rendered, persistor };
}

test('a reload keeps the client state — the open Log Time form with its values, the filter, the month — and no server data', async () => {
  useFixedNow('2026-03-10T09:00:00');
  alertSpy();
  const prius = technicianJob({ customerName: 'Amaya Jayasinghe', make: 'Toyota', model: 'Prius', plate: 'CAD-3312', status: 'IN_PROGRESS', date: '2026-03-10' });
  const { requestsTo } = technicianShop({ jobs: [prius], logs: [technicianLog({ date: '2026-03-02', description: 'Server-only entry' })] });

  // First "page load": pick a filter and a month, start typing a log.
  const first = await pageLoad();
  const { user } = first;
  await user.click(screen.getByRole('button', { name: 'IN PROGRESS' }));
  await user.click(screen.getByRole('button', { name: 'Previous month' }));
  await user.click(within(serviceRow('Amaya Jayasinghe')).getByRole('button', { name: 'Log Time' }));
  const dialog = screen.getByRole('dialog', { name: 'Log Time' });
  await user.type(within(dialog).getByLabelText('Start Time'), '09:00');
  await user.type(within(dialog).getByLabelText('End Time'), '10:15');
  await user.type(within(dialog).getByLabelText('Description'), 'Half-typed brake job');

  await waitFor(() => expect(persisted()).toContain('Half-typed brake job'));
  expect(persisted()).not.toContain('Amaya Jayasinghe'); // jobs live in the API cache, which is never persisted
  expect(persisted()).not.toContain('Server-only entry');
  first.unmount();
  first.persistor.pause();

  // Second "page load": a brand-new store rehydrated from localStorage.
  const second = await pageLoad();
  const reopened = screen.getByRole('dialog', { name: 'Log Time' });
  expect(within(reopened).getByLabelText('Start Time')).toHaveValue('09:00');
  expect(within(reopened).getByLabelText('End Time')).toHaveValue('10:15');
  expect(within(reopened).getByLabelText('Description')).toHaveValue('Half-typed brake job');
  expect(within(reopened).getByRole('combobox', { name: 'Job' })).toHaveValue(prius.id);
  expect(screen.getByText('February 2026')).toBeInTheDocument();

  // The kept form saves to the server like any other.
  await second.user.click(within(reopened).getByRole('button', { name: 'Save Log' }));
  await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
  expect(requestsTo('POST', '/time-logs').map((r) => r.body)).toEqual([
    { appointmentId: prius.id, date: '2026-03-10', startTime: '09:00', endTime: '10:15', description: 'Half-typed brake job' },
  ]);
  expect(screen.getByText('March 2026')).toBeInTheDocument();
  expect(screen.getByRole('button', { name: 'IN PROGRESS' })).toHaveAttribute('aria-pressed', 'true');
});

test("logout clears the technician's client state (filter, month, day, open panels, draft)", async () => {
  technicianShop({ jobs: [technicianJob({ customerName: 'Amaya Jayasinghe' })] });
  const { user, store, router } = await pageLoad();
  await user.click(screen.getByRole('button', { name: 'NOT STARTED' }));
  await user.click(screen.getByRole('button', { name: 'Next month' }));
  await user.click(screen.getAllByRole('gridcell')[10].querySelector('button') as HTMLElement);
  await user.click(within(serviceRow('Amaya Jayasinghe')).getByRole('button', { name: 'Log Time' }));
  await user.type(within(screen.getByRole('dialog', { name: 'Log Time' })).getByLabelText('Description'), 'Unsaved');
  expect(store.getState().timeLogs.draft).toMatchObject({ description: 'Unsaved' });

  // (The dialog is modal for people; the test reaches the navigation's Logout directly.)
  await user.click(screen.getByRole('button', { name: 'Logout' }));
  await waitFor(() => expect(router.state.location.pathname).toBe('/login'));
  expect(store.getState().timeLogs).toEqual({ visibleMonth: null, selectedDate: null, draft: null });
  expect(store.getState().services).toMatchObject({ technicianFilter: 'all', selectedJobId: null });
  await waitFor(() => expect(persisted()).not.toContain('Unsaved'));
});

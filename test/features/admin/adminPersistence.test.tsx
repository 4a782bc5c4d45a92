import { act, screen, waitFor, within } from '@testing-library/react';
import type { Persistor } from 'redux-persist';
import { setupPersistor, setupStore } from '@/app/store';
import { renderApp, signedIn } from '../../utils/renderWithProviders';

const persistors: Persistor[] = [];

function storeWithPersistor() {
  const store = setupStore({ auth: signedIn('ADMIN') });
  const persistor = setupPersistor(store);
  persistors.push(persistor);
  return { store, persistor };
}

async function rehydrated(persistor: Persistor) {
  await waitFor(() => expect(persistor.getState().bootstrapped).toBe(true));
}

afterEach(() => {
  // Stop writing to storage before setupTests clears it.
  for (const persistor of persistors.splice(0)) persistor.pause();
});

test('an assignment survives a reload (a new store rehydrated from localStorage)', async () => {
  const first = storeWithPersistor();
  await rehydrated(first.persistor);
  const { user, unmount } = renderApp('/admin/dashboard', { store: first.store });

  const awaiting = await screen.findByRole('region', { name: 'Awaiting Assignment' }, { timeout: 5000 });
  await user.click(within(awaiting).getByRole('button', { name: 'Assign Employee', description: /Toyota Camry/ }));
  await user.click(within(screen.getByRole('dialog')).getByRole('button', { name: 'Assign', description: 'Nimal Perera' }));

  await waitFor(() => {
    const saved = JSON.parse(localStorage.getItem('persist:carcare') ?? '{}') as Record<string, string>;
    const slice = JSON.parse(saved.appointments ?? '{}') as { appointments?: { id: string; assignedEmployeeId: string | null }[] };
    expect(slice.appointments?.find((a) => a.id === 'APT-2007')?.assignedEmployeeId).toBe('EMP-001');
  });
  await act(async () => {
    await first.persistor.flush();
  });
  unmount();

  // "Reload": a fresh store starts from the samples, then rehydrates from storage.
  const second = storeWithPersistor();
  await rehydrated(second.persistor);
  const camry = second.store.getState().appointments.appointments.find((a) => a.id === 'APT-2007');
  expect(camry).toMatchObject({ status: 'CONFIRMED', displayStatus: 'upcoming', assignedEmployeeName: 'Nimal Perera', assignedEmployeeId: 'EMP-001' });
  expect(second.store.getState().appointments.employees.find((e) => e.id === 'EMP-001')?.currentWorkload).toBe(3);

  renderApp('/admin/dashboard', { store: second.store });
  const upcoming = await screen.findByRole('region', { name: 'Upcoming Services' }, { timeout: 5000 });
  const card = within(upcoming).getByRole('article', { name: 'Toyota Camry' });
  expect(card).toHaveTextContent('Nimal Perera');
  expect(card).toHaveTextContent('CONFIRMED');
  expect(within(screen.getByRole('region', { name: 'Awaiting Assignment' })).queryByRole('article', { name: 'Toyota Camry' })).not.toBeInTheDocument();
});

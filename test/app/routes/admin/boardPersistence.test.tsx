import { act, screen, waitFor, within } from '@testing-library/react';
import type { Persistor } from 'redux-persist';
import { setupPersistor, setupStore } from '@/app/store';
import { server } from '../../../msw/server';
import { renderApp, signedIn } from '../../../utils/renderWithProviders';
import { shopWithJobs } from '../../../features/jobs/board/boardFixtures';
import { boardHandlers, fakeBoard, listRequestsFor } from '../../../features/jobs/board/fakeBoard';

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

function storedSlice(name: string): Record<string, unknown> | undefined {
  const saved = JSON.parse(localStorage.getItem('persist:carcare') ?? '{}') as Record<string, string>;
  return saved[name] === undefined ? undefined : (JSON.parse(saved[name]) as Record<string, unknown>);
}

afterEach(() => {
  // Stop writing to storage before setupTests clears it.
  for (const persistor of persistors.splice(0)) persistor.pause();
});

test('the Day filter survives a reload; an open dialog and the server data do not', async () => {
  const shop = shopWithJobs();
  const board = fakeBoard(shop.jobs, shop.all);
  server.use(...boardHandlers(board));

  const first = storeWithPersistor();
  await rehydrated(first.persistor);
  const { user, unmount } = renderApp('/admin/dashboard', { store: first.store });
  await screen.findByRole('region', { name: 'Awaiting Assignment' }, { timeout: 5000 });
  await user.type(screen.getByLabelText('Day'), '2099-01-16');
  const awaiting = screen.getByRole('region', { name: 'Awaiting Assignment' });
  await user.click(await within(awaiting).findByRole('button', { name: 'Assign Employee', description: /Mazda 3/ }));
  await user.type(within(screen.getByRole('dialog')).getByRole('searchbox', { name: 'Search employees' }), 'nim');

  await act(async () => {
    await first.persistor.flush();
  });
  expect(storedSlice('appointments')).toMatchObject({ boardDay: '2099-01-16' });
  // The server's data is never written to storage.
  expect(storedSlice('api')).toBeUndefined();
  unmount();

  // "Reload": a fresh store rehydrated from storage.
  const second = storeWithPersistor();
  await rehydrated(second.persistor);
  expect(second.store.getState().appointments).toEqual({ boardDay: '2099-01-16', employeeSearch: '', assigningId: null });

  const requestsBefore = board.requests.list.length;
  renderApp('/admin/dashboard', { store: second.store });
  const column = await screen.findByRole('region', { name: 'Awaiting Assignment' }, { timeout: 5000 });
  await waitFor(() => expect(within(column).getAllByRole('article').map((a) => within(a).getByRole('heading', { level: 3 }).textContent)).toEqual(['Mazda 3']));
  expect(screen.getByLabelText('Day')).toHaveValue('2099-01-16');
  expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  // The columns are fetched again from the server, for the kept day.
  expect(board.requests.list.length).toBeGreaterThan(requestsBefore);
  expect(listRequestsFor(board, 'PENDING').at(-1)).toEqual({ status: 'PENDING', from: '2099-01-16', to: '2099-01-16' });
});

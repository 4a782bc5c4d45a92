import { screen, waitFor, within } from '@testing-library/react';
import { addDays, format } from 'date-fns';
import { OFFLINE_CHANGES_OFF, OFFLINE_QUEUE_BANNER, OFFLINE_READ_ONLY_BANNER, stopOfflineSync } from '@/features/offline';
import { catalog, makeAppointment } from '../../msw/shop';
import { renderApp, signedIn } from '../../utils/renderWithProviders';
import { serveCustomerShop } from '../jobs/customer/customerTestUtils';
import { boardHandlers, fakeBoard } from '../jobs/board/fakeBoard';
import { shopWithJobs } from '../jobs/board/boardFixtures';
import { server } from '../../msw/server';
import { goOffline, goOnline, storedQueues } from './offlineTestUtils';

jest.mock('@/features/offline/queueStorage', () => jest.requireActual('./memoryQueueStorage'));

afterEach(() => {
  stopOfflineSync();
  storedQueues.clear();
  jest.restoreAllMocks();
});

const FIRST_LOAD = { timeout: 5000 };

const booked = makeAppointment({
  status: 'CONFIRMED',
  version: 3,
  vehicle: { id: 'v-1', plate: 'CAB-4821', make: 'Toyota', model: 'Corolla' },
  center: { id: catalog.centers[0].id, name: catalog.centers[0].name, address: catalog.centers[0].address },
  date: format(addDays(new Date(), 10), 'yyyy-MM-dd'),
  slot: '10:00',
  slotLabel: '10:00-11:00 AM',
});

test('a customer offline sees saved data under a read-only banner; a change is refused with the same words and not sent', async () => {
  const recorder = serveCustomerShop({ jobs: [booked] });
  const { user } = renderApp('/dashboard', { preloadedState: { auth: signedIn('CUSTOMER') } });
  await user.click(await screen.findByRole('button', { name: /Toyota Corolla/ }, FIRST_LOAD));

  goOffline();
  const banner = await screen.findByText(OFFLINE_READ_ONLY_BANNER);
  expect(banner.closest('[role="status"]')).toHaveTextContent(OFFLINE_READ_ONLY_BANNER);
  expect(screen.queryByText(OFFLINE_QUEUE_BANNER)).not.toBeInTheDocument();
  expect(screen.getByRole('button', { name: /Toyota Corolla/ })).toBeInTheDocument();

  const details = screen.getByRole('region', { name: 'Service Details' });
  await user.click(within(details).getByRole('button', { name: 'Cancel Appointment' }));
  await user.click(within(screen.getByRole('dialog')).getByRole('button', { name: 'Confirm Cancellation' }));
  expect(await screen.findByText(OFFLINE_CHANGES_OFF)).toBeInTheDocument();
  expect(recorder.cancels).toEqual([]);

  goOnline();
  await waitFor(() => expect(screen.queryByText(OFFLINE_READ_ONLY_BANNER)).not.toBeInTheDocument());
});

test('an admin offline sees the board under the read-only banner, which goes once the connection is back', async () => {
  const shop = shopWithJobs();
  server.use(...boardHandlers(fakeBoard(shop.jobs, shop.all)));
  renderApp('/admin/dashboard', { preloadedState: { auth: signedIn('ADMIN') } });
  await screen.findByRole('heading', { level: 1, name: 'Admin Dashboard' }, FIRST_LOAD);
  await waitFor(() => expect(screen.queryByRole('status', { name: /^Loading/ })).not.toBeInTheDocument());
  expect(screen.queryByText(OFFLINE_READ_ONLY_BANNER)).not.toBeInTheDocument();

  goOffline();
  expect(await screen.findByText(OFFLINE_READ_ONLY_BANNER)).toBeInTheDocument();
  expect(screen.getByRole('region', { name: 'Awaiting Assignment' })).toBeInTheDocument();
  goOnline();
  await waitFor(() => expect(screen.queryByText(OFFLINE_READ_ONLY_BANNER)).not.toBeInTheDocument());
});

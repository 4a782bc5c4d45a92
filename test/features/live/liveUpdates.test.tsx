import { act, screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import type { Appointment } from '@contract/appointments';
import { configureLiveUpdates, stopLiveUpdates } from '@/features/live/useLiveUpdates';
import { API } from '../../msw/handlers';
import { serveEventStream } from '../../msw/live';
import { server } from '../../msw/server';
import { makeAppointment, page } from '../../msw/shop';
import { renderApp, signedIn, storeSession } from '../../utils/renderWithProviders';
import { serveCustomerShop } from '../jobs/customer/customerTestUtils';
import { boardHandlers, fakeBoard, todayKey } from '../jobs/board/fakeBoard';

const FIRST_LOAD = { timeout: 5000 };
const PAUSED = 'Live updates paused — reconnecting…';

beforeEach(() => configureLiveUpdates({ minDelayMs: 20, maxDelayMs: 40 }));
afterEach(() => {
  stopLiveUpdates();
  configureLiveUpdates({});
});

const customer = () => ({ preloadedState: { auth: signedIn('CUSTOMER') } });

/** The customer's one job; `status()` is what the server holds now. */
function customerJob() {
  let job: Appointment = makeAppointment({
    status: 'IN_PROGRESS',
    stage: 'IN_PROGRESS',
    vehicle: { id: 'v-1', plate: 'WP-CAR-1290', make: 'Nissan', model: 'Leaf' },
    assignedEmployee: { id: 'e-1', fullName: 'Kasun Silva' },
    startedAt: '2099-01-15T09:05:00.000Z',
  });
  const recorder = serveCustomerShop({ jobs: () => [job] });
  return {
    recorder,
    get job() {
      return job;
    },
    complete() {
      job = { ...job, status: 'COMPLETED', stage: undefined, version: job.version + 1, completedAt: '2099-01-15T10:00:00.000Z', progress: 100 };
    },
  };
}

const serviceRow = () => within(screen.getByRole('region', { name: 'Service list' })).getByRole('button', { name: /Nissan Leaf/ });

async function openCustomerDashboard() {
  const stream = serveEventStream();
  const shop = customerJob();
  const rendered = renderApp('/dashboard', customer());
  await waitFor(() => expect(serviceRow()).toHaveTextContent('Not Completed'), FIRST_LOAD);
  await waitFor(() => expect(stream.connections).toHaveLength(1));
  return { ...rendered, stream, shop };
}

describe('the live listener', () => {
  test('opens GET /api/events with the bearer token in the Authorization header, never in the URL', async () => {
    const { stream } = await openCustomerDashboard();
    const { request } = stream.latest();
    expect(request.headers.get('authorization')).toBe('Bearer access-token-1');
    expect(request.headers.get('accept')).toBe('text/event-stream');
    expect(new URL(request.url).pathname).toBe('/api/events');
    expect(new URL(request.url).search).toBe('');
    // Connected: the indicator says nothing.
    expect(screen.queryByText(PAUSED)).not.toBeInTheDocument();
  });

  test('appointment.updated: the open dashboard shows the job Completed without a reload', async () => {
    const { stream, shop } = await openCustomerDashboard();
    expect(shop.recorder.listRequests).toHaveLength(1);

    shop.complete();
    act(() => stream.latest().send('appointment.updated', { type: 'appointment.updated', id: shop.job.id, version: shop.job.version, appointmentId: shop.job.id }, '101'));

    await waitFor(() => expect(serviceRow()).toHaveTextContent(/^(?!.*Not Completed).*Completed/));
    expect(shop.recorder.listRequests).toHaveLength(2);
  });

  test('a burst of events is one refetch; heartbeats and unknown events change nothing', async () => {
    const { stream, shop } = await openCustomerDashboard();
    const id = shop.job.id;
    act(() => {
      for (let n = 0; n < 5; n += 1) stream.latest().send('appointment.updated', { type: 'appointment.updated', id, version: n + 2, appointmentId: id }, String(200 + n));
      stream.latest().send('heartbeat');
      stream.latest().send('something.new', { id });
    });
    await waitFor(() => expect(shop.recorder.listRequests).toHaveLength(2));
    await act(() => new Promise((resolve) => setTimeout(resolve, 100)));
    expect(shop.recorder.listRequests).toHaveLength(2);

    act(() => stream.latest().send('heartbeat'));
    await act(() => new Promise((resolve) => setTimeout(resolve, 50)));
    expect(shop.recorder.listRequests).toHaveLength(2);
  });

  test('appointment.created: the admin board gains the new booking without a reload', async () => {
    const stream = serveEventStream();
    const board = fakeBoard([]);
    server.use(...boardHandlers(board));
    renderApp('/admin/dashboard', { preloadedState: { auth: signedIn('ADMIN') } });
    const awaiting = await screen.findByRole('region', { name: /Awaiting Assignment/ }, FIRST_LOAD);
    await waitFor(() => expect(within(awaiting).queryAllByRole('article')).toHaveLength(0));
    await waitFor(() => expect(stream.connections).toHaveLength(1));

    const booking = makeAppointment({ status: 'PENDING', date: todayKey(), vehicle: { id: 'v-9', plate: 'NEW-0001', make: 'Mazda', model: 'Demio' } });
    board.jobs = [booking];
    act(() => stream.latest().send('appointment.created', { type: 'appointment.created', id: booking.id, version: 1, appointmentId: booking.id }, '7'));

    await waitFor(() => expect(within(awaiting).getAllByRole('article')).toHaveLength(1));
    expect(within(awaiting).getByRole('article')).toHaveTextContent('Mazda Demio');
  });

  test('token-expired: the token is refreshed through the API (one refresh) and the stream resumes with it after the last event', async () => {
    const { stream } = await openCustomerDashboard();
    act(() => stream.latest().send('appointment.updated', { type: 'appointment.updated', id: 'x', version: 2, appointmentId: 'x' }, '55'));

    const refreshes: unknown[] = [];
    server.use(
      http.get(`${API}/auth/profile`, ({ request }) =>
        request.headers.get('authorization') === 'Bearer access-token-2'
          ? HttpResponse.json({ id: 'u-customer', email: 'customer@example.com', fullName: 'Alex Morgan', phoneNumber: '+94 77 123 4567', address: '', roles: ['CUSTOMER'], role: 'CUSTOMER', isActive: true, createdAt: '2025-10-01T08:00:00.000Z', updatedAt: '2025-10-01T08:00:00.000Z' })
          : HttpResponse.json({ message: 'Token expired', success: false }, { status: 401 }),
      ),
      http.post(`${API}/auth/refresh-token`, async ({ request }) => {
        refreshes.push(await request.json());
        return HttpResponse.json({ token: 'access-token-2', refreshToken: 'refresh-token-2' });
      }),
    );
    act(() => stream.latest().send('token-expired'));

    await waitFor(() => expect(stream.connections).toHaveLength(2));
    expect(refreshes).toEqual([{ refreshToken: 'refresh-token-1' }]);
    expect(stream.connections[0].closed()).toBe(true);
    expect(stream.latest().request.headers.get('authorization')).toBe('Bearer access-token-2');
    expect(stream.latest().request.headers.get('last-event-id')).toBe('55');
    // A planned reconnection is not a break: no indicator.
    expect(screen.queryByText(PAUSED)).not.toBeInTheDocument();
  });

  test('a refused 401 refreshes the token and connects again at once', async () => {
    const stream = serveEventStream([401]);
    customerJob();
    server.use(
      http.get(`${API}/auth/profile`, ({ request }) =>
        request.headers.get('authorization') === 'Bearer access-token-2'
          ? HttpResponse.json({ id: 'u-customer', email: 'customer@example.com', fullName: 'Alex Morgan', phoneNumber: '', address: '', roles: ['CUSTOMER'], role: 'CUSTOMER', isActive: true, createdAt: '', updatedAt: '' })
          : HttpResponse.json({ message: 'Token expired', success: false }, { status: 401 }),
      ),
      http.post(`${API}/auth/refresh-token`, () => HttpResponse.json({ token: 'access-token-2', refreshToken: 'refresh-token-2' })),
    );
    renderApp('/dashboard', customer());
    await waitFor(() => expect(stream.connections).toHaveLength(1), FIRST_LOAD);
    expect(stream.latest().request.headers.get('authorization')).toBe('Bearer access-token-2');
  });

  test('a refused 401 whose refresh fails ends the session: the stream stops and the browser goes to /login', async () => {
    const stream = serveEventStream([401, 401, 401]);
    customerJob();
    const eventRequests: string[] = [];
    server.events.on('request:start', ({ request }) => {
      if (request.url.endsWith('/api/events')) eventRequests.push(request.url);
    });
    server.use(
      http.get(`${API}/auth/profile`, () => HttpResponse.json({ message: 'Token expired', success: false }, { status: 401 })),
      http.post(`${API}/auth/refresh-token`, () => HttpResponse.json({ message: 'Invalid refresh token', success: false }, { status: 401 })),
    );
    const { router } = renderApp('/dashboard', customer());
    await waitFor(() => expect(router.state.location.pathname).toBe('/login'), FIRST_LOAD);
    await screen.findByRole('heading', { level: 1 }, FIRST_LOAD);
    await act(() => new Promise((resolve) => setTimeout(resolve, 150)));
    server.events.removeAllListeners();
    expect(eventRequests).toHaveLength(1);
    expect(stream.connections).toHaveLength(0);
  });

  test('a break shows "Live updates paused — reconnecting…"; back again, the indicator goes and every list on screen refetches', async () => {
    configureLiveUpdates({ minDelayMs: 300, maxDelayMs: 600 }); // the break lasts long enough to be seen
    const { stream, shop } = await openCustomerDashboard();
    const status = screen.getByRole('status', { name: 'Live updates' });
    expect(status.closest('header')).not.toBeNull();
    expect(status).toBeEmptyDOMElement();

    shop.complete(); // changed while the stream is down: no event for it ever arrives
    act(() => stream.latest().end());
    expect(await within(status).findByText(PAUSED)).toBeInTheDocument();
    expect(serviceRow()).toHaveTextContent('Not Completed');
    await waitFor(() => expect(stream.connections).toHaveLength(2));
    await waitFor(() => expect(status).toBeEmptyDOMElement());
    await waitFor(() => expect(serviceRow()).toHaveTextContent(/^(?!.*Not Completed).*Completed/));
  });

  test('resync: every list on screen refetches', async () => {
    const { stream, shop } = await openCustomerDashboard();
    shop.complete();
    act(() => stream.latest().send('resync'));
    await waitFor(() => expect(serviceRow()).toHaveTextContent(/^(?!.*Not Completed).*Completed/));
  });

  test('logout closes the stream and it stays closed', async () => {
    const { stream, user } = await openCustomerDashboard();
    await user.click(screen.getByRole('button', { name: 'Logout' }));
    await screen.findByRole('heading', { level: 1 }, FIRST_LOAD);
    await waitFor(() => expect(stream.latest().closed()).toBe(true));
    await act(() => new Promise((resolve) => setTimeout(resolve, 100)));
    expect(stream.connections).toHaveLength(1);
  });

  test('session-ended stops the stream: no reconnection', async () => {
    const { stream } = await openCustomerDashboard();
    act(() => stream.latest().send('session-ended'));
    await waitFor(() => expect(stream.latest().closed()).toBe(true));
    await act(() => new Promise((resolve) => setTimeout(resolve, 150)));
    expect(stream.connections).toHaveLength(1);
    expect(screen.queryByText(PAUSED)).not.toBeInTheDocument();
  });

  test('one stream per tab: moving between the signed-in pages keeps the one connection', async () => {
    const { stream, router } = await openCustomerDashboard();
    await act(() => router.navigate('/reports'));
    await screen.findByRole('heading', { level: 1, name: /Service History/i }, FIRST_LOAD);
    await act(() => router.navigate('/dashboard'));
    await waitFor(() => expect(serviceRow()).toHaveTextContent('Not Completed'), FIRST_LOAD);
    await act(() => new Promise((resolve) => setTimeout(resolve, 100)));
    expect(stream.connections).toHaveLength(1);
    expect(stream.latest().closed()).toBe(false);
  });

  test('the public pages never open the stream', async () => {
    const requests: string[] = [];
    server.events.on('request:start', ({ request }) => requests.push(new URL(request.url).pathname));
    storeSession(signedIn('CUSTOMER'));
    server.use(http.get(`${API}/appointments`, () => HttpResponse.json(page([]))));
    renderApp('/login', { preloadedState: { auth: { ...signedIn('CUSTOMER'), isAuthenticated: false, token: null, user: null } } });
    await screen.findByRole('heading', { level: 1 }, FIRST_LOAD);
    await act(() => new Promise((resolve) => setTimeout(resolve, 50)));
    server.events.removeAllListeners();
    expect(requests).not.toContain('/api/events');
  });
});

import { screen, waitFor, within } from '@testing-library/react';
import type { UserEvent } from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { TIME_LOG_MESSAGES } from '@contract/timeLogs';
import { OFFLINE_QUEUE_BANNER, stopOfflineSync } from '@/features/offline';
import { API } from '../../../msw/handlers';
import { server } from '../../../msw/server';
import { alertSpy, renderLoadedDashboard, serviceRow, useFixedNow } from '../../../fixtures/technicianTestUtils';
import { technicianJob, technicianLog, technicianShop } from '../../../fixtures/technicianShop';
import { goOffline, goOnline, storedQueues } from '../../../features/offline/offlineTestUtils';

// The device's IndexedDB, as a Map (jsdom has none): what the queue wrote is what a reload would read.
jest.mock('@/features/offline/queueStorage', () => jest.requireActual('../../../features/offline/memoryQueueStorage'));

const NOW = '2026-03-10T11:00:00';

afterEach(() => {
  stopOfflineSync();
  storedQueues.clear();
  jest.restoreAllMocks();
});

interface Sent {
  method: string;
  path: string;
  key: string | null;
}

/** Every write that left the page, in order, with its Idempotency-Key (also the ones answered with a network error). */
function recordWrites(): Sent[] {
  const sent: Sent[] = [];
  server.events.on('request:start', ({ request }) => {
    if (request.method === 'GET') return;
    sent.push({ method: request.method, path: new URL(request.url).pathname.replace(/^\/api/, ''), key: request.headers.get('Idempotency-Key') });
  });
  return sent;
}
afterEach(() => server.events.removeAllListeners());

function shop() {
  return technicianShop({
    jobs: [technicianJob({ id: '11111111-1111-4111-8111-111111111111', customerName: 'Dilan Wickramasinghe', plate: 'KY-5521', date: '2026-03-10' })],
    logs: [technicianLog({ id: 'log-1', date: '2026-03-10', startTime: '08:00', endTime: '09:00', description: 'Morning inspection' })],
  });
}

async function logTime(user: UserEvent, start: string, end: string, description: string) {
  await user.click(within(serviceRow('Dilan Wickramasinghe')).getByRole('button', { name: 'Log Time' }));
  const dialog = screen.getByRole('dialog', { name: 'Log Time' });
  await user.type(within(dialog).getByLabelText('Start Time'), start);
  await user.type(within(dialog).getByLabelText('End Time'), end);
  await user.type(within(dialog).getByLabelText('Description'), description);
  await user.click(within(dialog).getByRole('button', { name: 'Save Log' }));
  await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Log Time' })).not.toBeInTheDocument());
}

async function startJob(user: UserEvent) {
  await user.click(within(serviceRow('Dilan Wickramasinghe')).getByRole('button', { name: 'Update Status' }));
  await user.selectOptions(screen.getByRole('combobox', { name: 'Status' }), 'in_progress');
  await user.click(screen.getByRole('button', { name: 'Save' }));
  await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Update Status' })).not.toBeInTheDocument());
}

function dayLog(description: string) {
  const panel = screen.getByRole('region', { name: /^Logs for / });
  return within(panel).getByText(description).closest('article') as HTMLElement;
}

function queuedPanel() {
  return screen.queryByRole('region', { name: 'Changes waiting to be sent' });
}

test('offline, the dashboard keeps its jobs and logs under the banner; Log Time and Update Status are kept on the device, shown as waiting, and not sent', async () => {
  useFixedNow(NOW);
  const { requestsTo } = shop();
  const sent = recordWrites();
  const { user } = await renderLoadedDashboard();
  await screen.findByText('Morning inspection');
  expect(screen.queryByText(OFFLINE_QUEUE_BANNER)).not.toBeInTheDocument();

  goOffline();
  const banner = await screen.findByText(OFFLINE_QUEUE_BANNER);
  expect(banner.closest('[role="status"]')).toHaveTextContent(OFFLINE_QUEUE_BANNER);
  // What was on screen stays.
  expect(serviceRow('Dilan Wickramasinghe')).toBeInTheDocument();
  expect(screen.getByText('Morning inspection')).toBeInTheDocument();

  await logTime(user, '09:30', '10:45', 'Brake pads replaced');
  await startJob(user);

  expect(sent).toEqual([]);
  expect(requestsTo('POST', '/time-logs')).toHaveLength(0);
  expect(within(dayLog('Brake pads replaced')).getByText('Saved on this device, waiting to be sent')).toBeInTheDocument();
  expect(screen.getByText('Total:')).toHaveTextContent('Total: 2h 15m');
  const row = serviceRow('Dilan Wickramasinghe');
  expect(within(row).getByText('In Progress')).toBeInTheDocument();
  expect(within(row).getByText('Status change waiting to be sent')).toBeInTheDocument();
  const panel = queuedPanel() as HTMLElement;
  expect(within(panel).getAllByRole('article').map((item) => item.textContent)).toEqual([
    expect.stringMatching(/^Log time · Mar 10, 2026, 09:30–10:45 · .*Waiting to be sent/),
    expect.stringMatching(/^Status: In Progress · Dilan Wickramasinghe, KY-5521Waiting to be sent/),
  ]);
  expect(screen.getAllByRole('status').some((region) => region.textContent === 'Saved on this device. It will be sent when you are back online.')).toBe(true);

  // Kept on the device, under the technician's own id, in order.
  await waitFor(() => expect(storedQueues.get('u-employee')?.map((change) => change.request)).toEqual([
    { method: 'POST', url: '/time-logs', body: { appointmentId: '11111111-1111-4111-8111-111111111111', date: '2026-03-10', startTime: '09:30', endTime: '10:45', description: 'Brake pads replaced' } },
    { method: 'PATCH', url: '/appointments/11111111-1111-4111-8111-111111111111/status', body: { status: 'in_progress', stage: 'IN_PROGRESS', expectedVersion: 1 } },
  ]));
});

test('back online, the queue is sent in order; a send whose answer was lost is sent again with the same Idempotency-Key', async () => {
  useFixedNow(NOW);
  alertSpy();
  const { state, requestsTo } = shop();
  const sent = recordWrites();
  const { user } = await renderLoadedDashboard();
  await screen.findByText('Morning inspection');
  goOffline();
  await logTime(user, '09:30', '10:45', 'Brake pads replaced');
  await startJob(user);

  // The first send of the log gets no answer.
  server.use(http.post(`${API}/time-logs`, () => HttpResponse.error(), { once: true }));
  goOnline();

  await waitFor(() => expect(queuedPanel()).not.toBeInTheDocument());
  expect(screen.queryByText(OFFLINE_QUEUE_BANNER)).not.toBeInTheDocument();
  expect(sent.map(({ method, path }) => `${method} ${path}`)).toEqual([
    'POST /time-logs',
    'POST /time-logs',
    'PATCH /appointments/11111111-1111-4111-8111-111111111111/status',
  ]);
  expect(sent[0].key).toMatch(/^[0-9a-f-]{36}$/);
  expect(sent[1].key).toBe(sent[0].key);
  expect(sent[2].key).toMatch(/^[0-9a-f-]{36}$/);
  expect(sent[2].key).not.toBe(sent[0].key);
  expect(requestsTo('POST', '/time-logs')).toHaveLength(1);
  expect(state.logs.map((log) => log.description)).toEqual(['Morning inspection', 'Brake pads replaced']);
  expect(state.jobs[0].status).toBe('IN_PROGRESS');

  // The lists are read again: the log and the status are the server's now, with nothing marked as waiting.
  await waitFor(() => expect(within(dayLog('Brake pads replaced')).queryByText(/waiting to be sent/)).not.toBeInTheDocument());
  expect(within(serviceRow('Dilan Wickramasinghe')).queryByText('Status change waiting to be sent')).not.toBeInTheDocument();
  await waitFor(() => expect(storedQueues.has('u-employee')).toBe(false));
});

test('a change the server refuses stays with its message and what to do; the changes after it are still sent; Edit fixes and resends it', async () => {
  useFixedNow(NOW);
  alertSpy();
  const confirm = jest.spyOn(window, 'confirm').mockReturnValue(true);
  const { state } = shop();
  const sent = recordWrites();
  const { user } = await renderLoadedDashboard();
  await screen.findByText('Morning inspection');
  goOffline();
  // Overlaps the 08:00–09:00 log already on the server.
  await logTime(user, '08:30', '09:30', 'Overlapping entry');
  await startJob(user);
  goOnline();

  const panel = await waitFor(() => {
    const region = queuedPanel();
    expect(region).not.toBeNull();
    expect(within(region as HTMLElement).getAllByRole('article')).toHaveLength(1);
    return region as HTMLElement;
  });
  const refused = within(panel).getByRole('article');
  expect(refused).toHaveTextContent(`Not sent: ${TIME_LOG_MESSAGES.overlap}`);
  expect(refused).toHaveTextContent('Edit it to fix it and send it again, or discard it.');
  expect(within(panel).getByRole('status')).toHaveTextContent('The server refused 1 change. The others are still sent.');
  expect(within(dayLog('Overlapping entry')).getByText(`Not sent: ${TIME_LOG_MESSAGES.overlap}`)).toBeInTheDocument();
  // The status change after it went through.
  await waitFor(() => expect(state.jobs[0].status).toBe('IN_PROGRESS'));
  expect(sent.map(({ method }) => method)).toEqual(['POST', 'PATCH']);

  // Edit → the form with the queued values; a corrected time is sent as a new change (a new key).
  await user.click(within(refused).getByRole('button', { name: 'Edit' }));
  const dialog = screen.getByRole('dialog', { name: 'Log Time' });
  expect(within(dialog).getByLabelText('Description')).toHaveValue('Overlapping entry');
  await user.clear(within(dialog).getByLabelText('Start Time'));
  await user.type(within(dialog).getByLabelText('Start Time'), '09:00');
  await user.click(within(dialog).getByRole('button', { name: 'Save Log' }));
  await waitFor(() => expect(queuedPanel()).not.toBeInTheDocument());
  expect(state.logs.map((log) => `${log.startTime}–${log.endTime} ${log.description}`)).toEqual(['08:00–09:00 Morning inspection', '09:00–09:30 Overlapping entry']);
  expect(sent).toHaveLength(3);
  expect(sent[2].key).not.toBe(sent[0].key);
  expect(confirm).not.toHaveBeenCalled();
});

test('Discard drops a refused change after asking; nothing else is dropped', async () => {
  useFixedNow(NOW);
  const confirm = jest.spyOn(window, 'confirm').mockReturnValue(true);
  shop();
  const { user } = await renderLoadedDashboard();
  await screen.findByText('Morning inspection');
  goOffline();
  await logTime(user, '08:30', '09:30', 'Overlapping entry');
  goOnline();
  const refused = await waitFor(() => within(queuedPanel() as HTMLElement).getByText(`Not sent: ${TIME_LOG_MESSAGES.overlap}`).closest('article') as HTMLElement);
  await user.click(within(refused).getByRole('button', { name: 'Discard' }));
  expect(confirm).toHaveBeenCalledWith('Discard this change? It has not reached the server and will be lost.');
  expect(queuedPanel()).not.toBeInTheDocument();
  expect(screen.queryByText('Overlapping entry')).not.toBeInTheDocument();
  await waitFor(() => expect(storedQueues.has('u-employee')).toBe(false));
});

test('a queue left on the device is read back for the same technician and sent', async () => {
  useFixedNow(NOW);
  const { state } = shop();
  storedQueues.set('u-employee', [
    {
      id: '22222222-2222-4222-8222-222222222222',
      kind: 'timeLog.create',
      subject: null,
      label: 'Log time · Mar 10, 2026, 10:00–11:00 · Not linked to a job',
      request: { method: 'POST', url: '/time-logs', body: { appointmentId: null, date: '2026-03-10', startTime: '10:00', endTime: '11:00', description: 'From before the reload' } },
      tags: ['TimeLog'],
      editable: true,
      queuedAt: '2026-03-10T10:30:00.000Z',
      // Caught on its way by the reload: sent again, with its key.
      state: 'sending',
    },
  ]);
  const sent = recordWrites();
  await renderLoadedDashboard();
  await waitFor(() => expect(state.logs.map((log) => log.description)).toContain('From before the reload'));
  expect(sent).toEqual([{ method: 'POST', path: '/time-logs', key: '22222222-2222-4222-8222-222222222222' }]);
  await waitFor(() => expect(storedQueues.has('u-employee')).toBe(false));
});

test('Logout with changes not sent yet asks first (a logout clears the device): Cancel keeps the technician signed in with the changes', async () => {
  useFixedNow(NOW);
  shop();
  const { user, store } = await renderLoadedDashboard();
  await screen.findByText('Morning inspection');
  goOffline();
  await logTime(user, '09:30', '10:45', 'Brake pads replaced');
  const confirm = jest.spyOn(window, 'confirm').mockReturnValue(false);

  await user.click(screen.getByRole('button', { name: 'Logout' }));
  expect(confirm).toHaveBeenCalledWith('1 change has not been sent yet and will be lost if you log out now. Log out anyway?');
  expect(store.getState().auth.isAuthenticated).toBe(true);
  expect(within(queuedPanel() as HTMLElement).getAllByRole('article')).toHaveLength(1);
});

test('an edit and a delete made offline show as waiting and are sent in order (PUT, then DELETE) once online', async () => {
  useFixedNow(NOW);
  jest.spyOn(window, 'confirm').mockReturnValue(true);
  const { state } = technicianShop({
    jobs: [technicianJob({ id: '11111111-1111-4111-8111-111111111111', customerName: 'Dilan Wickramasinghe', plate: 'KY-5521', date: '2026-03-10' })],
    logs: [
      technicianLog({ id: 'log-1', date: '2026-03-10', startTime: '08:00', endTime: '09:00', description: 'Morning inspection' }),
      technicianLog({ id: 'log-2', date: '2026-03-10', startTime: '12:00', endTime: '12:30', description: 'Parts run' }),
    ],
  });
  const sent = recordWrites();
  const { user } = await renderLoadedDashboard();
  await screen.findByText('Parts run');
  goOffline();

  await user.click(within(dayLog('Morning inspection')).getByRole('button', { name: 'Edit' }));
  const dialog = screen.getByRole('dialog', { name: 'Log Time' });
  await user.clear(within(dialog).getByLabelText('End Time'));
  await user.type(within(dialog).getByLabelText('End Time'), '09:30');
  await user.click(within(dialog).getByRole('button', { name: 'Save Log' }));
  await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Log Time' })).not.toBeInTheDocument());
  const edited = dayLog('Morning inspection');
  expect(edited).toHaveTextContent('08:00–09:30');
  expect(within(edited).getByText('Change saved on this device, waiting to be sent')).toBeInTheDocument();

  await user.click(within(dayLog('Parts run')).getByRole('button', { name: 'Delete' }));
  const deleted = dayLog('Parts run');
  expect(within(deleted).getByText('Deletion waiting to be sent')).toBeInTheDocument();
  expect(within(deleted).queryByRole('button')).not.toBeInTheDocument();
  // The day's total counts the edit and leaves out the deletion.
  expect(screen.getByText('Total:')).toHaveTextContent('Total: 1h 30m');
  expect(sent).toEqual([]);

  goOnline();
  await waitFor(() => expect(queuedPanel()).not.toBeInTheDocument());
  expect(sent.map(({ method, path }) => `${method} ${path}`)).toEqual(['PUT /time-logs/log-1', 'DELETE /time-logs/log-2']);
  expect(sent.every(({ key }) => key !== null)).toBe(true);
  expect(state.logs.map((log) => `${log.startTime}–${log.endTime} ${log.description}`)).toEqual(['08:00–09:30 Morning inspection']);
  await waitFor(() => expect(screen.queryByText('Parts run')).not.toBeInTheDocument());
});

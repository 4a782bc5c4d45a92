import { act, screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import type { TrackedJob } from '@contract/tracking';
import { TrackingView as TrackingPage } from '@/features/tracking/TrackingView';
import { formatInstant } from '@/features/jobs/format';
import { STREAM_IDLE_TIMEOUT_MS, type EventStreamOptions } from '@/lib/eventStream';
import { API } from '../../msw/handlers';
import { server } from '../../msw/server';
import { renderRoutes } from '../../utils/renderWithProviders';

// The page's live stream: captured, so a test can play the server's part (events, breaks, refusals).
const mockStreams: { options: EventStreamOptions; close: jest.Mock }[] = [];
jest.mock('@/lib/eventStream', () => ({
  ...jest.requireActual<object>('@/lib/eventStream'),
  openEventStream: (options: EventStreamOptions) => {
    const stream = { options, close: jest.fn() };
    mockStreams.push(stream);
    return { close: stream.close, reconnect: jest.fn() };
  },
}));

const TOKEN = 'Abc123_-Abc123_-Abc123';

const job: TrackedJob = {
  version: 4,
  plate: 'CAB-4821',
  service: 'Oil Change',
  centre: 'Northside Service Centre',
  status: 'IN_PROGRESS',
  stage: 'AWAITING_PARTS',
  date: '2030-06-04',
  slot: '10:00',
  slotLabel: '10:00-11:00 AM',
  technicianFirstName: 'Nimal',
  estimate: { completion: '2030-06-04T17:00:00.000Z', price: 5000 },
  timeline: [
    { event: 'BOOKED', label: 'Booked', at: '2030-06-01T09:00:00.000Z' },
    { event: 'ASSIGNED', label: 'Technician assigned', at: '2030-06-02T10:00:00.000Z' },
    { event: 'STARTED', label: 'Work started', at: '2030-06-04T15:05:00.000Z' },
    { event: 'STAGE_CHANGED', label: 'Awaiting Parts', at: '2030-06-04T15:30:00.000Z' },
  ],
};

const qualityCheck: TrackedJob = {
  ...job,
  version: 5,
  stage: 'QUALITY_CHECK',
  timeline: [...job.timeline, { event: 'STAGE_CHANGED', label: 'Quality Check', at: '2030-06-04T16:10:00.000Z' }],
};

/** GET /api/track/:token answers `answers()` (re-read per request); every request's token is recorded. */
function serveTracking(answers: () => Response) {
  const requests: { token: string; referrerPolicy: string; credentials: string }[] = [];
  server.use(
    http.get<{ token: string }>(`${API}/track/:token`, ({ params, request }) => {
      requests.push({ token: params.token, referrerPolicy: request.referrerPolicy, credentials: request.credentials });
      return answers();
    }),
  );
  return requests;
}

const ok = (body: TrackedJob) => () => HttpResponse.json(body);
const notFound = () => HttpResponse.json({ message: 'Tracking link not found', success: false }, { status: 404 });

function renderPage(token = TOKEN) {
  return renderRoutes([{ path: '/track/:token', element: <TrackingPage /> }], { route: `/track/${token}` });
}

const stream = () => mockStreams[mockStreams.length - 1];

beforeEach(() => {
  mockStreams.length = 0;
});

test('shows the job: plate, service, centre, status in words, booked slot, technician, estimate and the timeline with times', async () => {
  const requests = serveTracking(ok(job));
  renderPage();

  expect(await screen.findByRole('heading', { level: 1, name: 'Track your service' })).toBeInTheDocument();
  expect(await screen.findByText('In Progress · Awaiting Parts')).toBeInTheDocument();
  const value = (term: string) => screen.getByText(term, { selector: 'dt' }).nextElementSibling;
  expect(value('Vehicle')).toHaveTextContent('CAB-4821');
  expect(value('Service')).toHaveTextContent('Oil Change');
  expect(value('Service centre')).toHaveTextContent('Northside Service Centre');
  expect(value('Booked for')).toHaveTextContent('Tuesday, June 4, 2030 · 10:00-11:00 AM');
  expect(value('Technician')).toHaveTextContent('Nimal');
  expect(value('Estimated completion')).toHaveTextContent(formatInstant('2030-06-04T17:00:00.000Z'));
  expect(value('Price')).toHaveTextContent('LKR 5,000');

  const timeline = screen.getByRole('list', { name: 'Timeline' });
  const steps = within(timeline).getAllByRole('listitem');
  expect(steps.map((step) => step.textContent)).toEqual(job.timeline.map((entry) => `${entry.label}${formatInstant(entry.at)}`));
  expect(steps.map((step) => step.querySelector('time')?.getAttribute('dateTime'))).toEqual(job.timeline.map((entry) => entry.at));

  // Not indexed, no referrer; the API read carries no cookies and no referrer.
  expect(document.head.querySelector('meta[name="robots"]')).toHaveAttribute('content', 'noindex, nofollow');
  expect(document.head.querySelector('meta[name="referrer"]')).toHaveAttribute('content', 'no-referrer');
  expect(requests).toEqual([{ token: TOKEN, referrerPolicy: 'no-referrer', credentials: 'omit' }]);
  // The live stream of this link, no headers (no sign-in).
  expect(stream().options.url).toBe(`http://localhost/api/track/${TOKEN}/events`);
  expect(stream().options.headers).toBeUndefined();
  // Taken for dead after two missed heartbeats, as the signed-in stream is.
  expect(stream().options.idleTimeoutMs).toBe(STREAM_IDLE_TIMEOUT_MS);
});

test('a wrong, revoked or expired link reads "Tracking link not found" and opens no stream', async () => {
  serveTracking(notFound);
  renderPage('nope');
  expect(await screen.findByRole('heading', { name: 'Tracking link not found' })).toBeInTheDocument();
  expect(screen.getByText(/was replaced by a new one, or has expired/)).toBeInTheDocument();
  expect(mockStreams).toEqual([]);
});

test('a failed load shows the error with Retry', async () => {
  let answer: () => Response = () => HttpResponse.json({ message: 'Too many requests. Please try again later.', success: false }, { status: 429 });
  serveTracking(() => answer());
  const { user } = renderPage();
  expect(await screen.findByRole('alert')).toHaveTextContent('Too many requests. Please try again later.');
  answer = ok(job);
  await user.click(screen.getByRole('button', { name: 'Retry' }));
  expect(await screen.findByText('In Progress · Awaiting Parts')).toBeInTheDocument();
});

test('refetches on each event of the stream and announces the new status politely, without a reload', async () => {
  let current = job;
  const requests = serveTracking(() => HttpResponse.json(current));
  renderPage();
  await screen.findByText('In Progress · Awaiting Parts');
  act(() => stream().options.onStatus?.('open'));
  expect(requests).toHaveLength(1); // the first connection needs no catching up

  current = qualityCheck;
  act(() => stream().options.onMessage({ type: 'appointment.updated', id: '41', data: { type: 'appointment.updated', version: 5 } }));
  expect(await screen.findByText('In Progress · Quality Check')).toBeInTheDocument();
  expect(screen.getByText('Status changed: In Progress · Quality Check')).toHaveAttribute('aria-live', 'polite');
  expect(within(screen.getByRole('list', { name: 'Timeline' })).getAllByRole('listitem').at(-1)).toHaveTextContent('Quality Check');
  expect(requests).toHaveLength(2);
  // Heartbeats change nothing.
  act(() => stream().options.onMessage({ type: 'heartbeat', id: '', data: {} }));
  expect(requests).toHaveLength(2);
});

test('shows "Live updates paused — reconnecting…" while the stream is down, and catches up when it is back', async () => {
  let current = job;
  const requests = serveTracking(() => HttpResponse.json(current));
  renderPage();
  await screen.findByText('In Progress · Awaiting Parts');
  act(() => stream().options.onStatus?.('open'));
  expect(screen.queryByText('Live updates paused — reconnecting…')).not.toBeInTheDocument();

  act(() => stream().options.onStatus?.('down'));
  expect(screen.getByText('Live updates paused — reconnecting…')).toBeInTheDocument();
  act(() => stream().options.onStatus?.('connecting'));
  expect(screen.getByText('Live updates paused — reconnecting…')).toBeInTheDocument();

  current = { ...qualityCheck, status: 'COMPLETED', stage: null, estimate: { ...job.estimate, completion: '2030-06-04T16:40:00.000Z' } };
  act(() => stream().options.onStatus?.('open'));
  expect(await screen.findByText('Completed', { selector: 'strong' })).toBeInTheDocument();
  expect(screen.queryByText('Live updates paused — reconnecting…')).not.toBeInTheDocument();
  expect(requests).toHaveLength(2);
});

test('a revoked or expired link ends the stream: the page says the link is not found', async () => {
  let answer: () => Response = ok(job);
  serveTracking(() => answer());
  renderPage();
  await screen.findByText('In Progress · Awaiting Parts');
  answer = notFound;
  act(() => stream().options.onMessage({ type: 'session-ended', id: '', data: {} }));
  expect(await screen.findByRole('heading', { name: 'Tracking link not found' })).toBeInTheDocument();
  expect(stream().close).toHaveBeenCalled();
  await waitFor(() => expect(screen.queryByText('CAB-4821')).not.toBeInTheDocument());
});

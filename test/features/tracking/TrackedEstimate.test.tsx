import { act, screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import type { TrackedJob } from '@contract/tracking';
import { BILLING_MESSAGES } from '@contract/billingTerms';
import { Component as TrackPage } from '@/app/routes/public/track';
import { formatInstant, formatMoney as formatted } from '@/features/jobs';
import type { EventStreamOptions } from '@/lib/eventStream';
import { API } from '../../msw/handlers';
import { server } from '../../msw/server';
import { renderRoutes } from '../../utils/renderWithProviders';
import { billingRequests, makeItem, serveBilling, serviceLine } from '../billing/fakeBilling';

// The page's live stream: captured, so a test can play the server's part.
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
const JOB_ID = 'b0000000-0000-4000-8000-000000000001';
const DECIDED_AT = '2026-11-28T05:00:00.000Z';
const formatMoney = (minor: number) => formatted(minor).replace(/\u00a0/g, ' ');

const job: TrackedJob = {
  version: 4,
  plate: 'CAB-4821',
  service: 'Oil Change',
  centre: 'Northside Service Centre',
  status: 'IN_PROGRESS',
  stage: 'AWAITING_APPROVAL',
  date: '2026-11-28',
  slot: '10:00',
  slotLabel: '10:00-11:00 AM',
  technicianFirstName: 'Nimal',
  estimate: { completion: '2026-11-28T11:00:00.000Z', price: 5000 },
  timeline: [{ event: 'BOOKED', label: 'Booked', at: '2026-11-20T09:00:00.000Z' }],
};

let jobReads = 0;
beforeEach(() => {
  mockStreams.length = 0;
  jobReads = 0;
  server.use(
    http.get(`${API}/track/:token`, () => {
      jobReads += 1;
      return HttpResponse.json(job);
    }),
  );
});

function serve() {
  const pads = makeItem({ kind: 'PART', description: 'Replace front brake pads', note: 'Front pads worn to 2 mm', unitPriceMinor: 850_000 });
  const labour = makeItem({ kind: 'LABOUR', description: 'Fit the pads', quantityHundredths: 100, unitPriceMinor: 500_000 });
  const billing = serveBilling({ jobs: { [JOB_ID]: { lines: [serviceLine('Oil Change', 500_000)], items: [pads, labour] } }, tokens: { [TOKEN]: JOB_ID } });
  return { billing, pads, labour };
}

async function renderPage() {
  const rendered = renderRoutes([{ path: '/track/:token', element: <TrackPage /> }], { route: `/track/${TOKEN}` });
  const estimate = await screen.findByRole('region', { name: 'Estimate' }, { timeout: 5000 });
  await within(estimate).findByRole('list', { name: 'Extra work' });
  return { ...rendered, estimate };
}

const stream = () => mockStreams[mockStreams.length - 1];
const item = (estimate: HTMLElement, description: string) =>
  within(within(estimate).getByRole('list', { name: 'Extra work' }))
    .getAllByRole('listitem')
    .find((element) => element.firstElementChild?.firstElementChild?.textContent === description) as HTMLElement;
const politeStatus = (estimate: HTMLElement) => within(estimate).getAllByRole('status').find((element) => element.getAttribute('aria-live') === 'polite');

test('signed out, the tracking page lists the extra work with no names, its totals, and Approve sends the decision with the link’s token', async () => {
  const { billing, pads } = serve();
  const { estimate, user } = await renderPage();

  expect(screen.getByText('In Progress · Awaiting Approval')).toBeInTheDocument();
  expect(within(estimate).getByText('2 items awaiting your approval')).toBeInTheDocument();
  expect(item(estimate, 'Replace front brake pads')).toHaveTextContent('Awaiting approval');
  expect(item(estimate, 'Replace front brake pads')).toHaveTextContent('Front pads worn to 2 mm');
  expect(item(estimate, 'Fit the pads')).toHaveTextContent(`1 h × ${formatMoney(500_000)}`);
  expect(within(estimate).queryByText(/Proposed by/)).not.toBeInTheDocument();
  expect(within(estimate).getByText('Total').nextElementSibling).toHaveTextContent(formatMoney(500_000));
  // Nothing here leads to a signed-in page.
  expect(within(estimate).queryByRole('link')).not.toBeInTheDocument();

  await user.click(within(estimate).getByRole('button', { name: 'Approve Replace front brake pads' }));
  await waitFor(() => expect(politeStatus(estimate)).toHaveTextContent('Approved.'));
  expect(billingRequests(billing, 'POST', `/track/${TOKEN}/estimate-items/${pads.id}/decision`).map((r) => r.body)).toEqual([{ decision: 'APPROVED', expectedVersion: 1 }]);
  expect(item(estimate, 'Replace front brake pads')).toHaveTextContent(`Approved on ${formatInstant(DECIDED_AT)} from the tracking link`);
  await waitFor(() => expect(within(estimate).getByRole('heading', { name: 'Estimate' })).toHaveFocus());
  expect(within(estimate).getByText('Total').nextElementSibling).toHaveTextContent(formatMoney(1_350_000));
  expect(within(estimate).getByText('1 item awaiting your approval')).toBeInTheDocument();

  await user.click(within(estimate).getByRole('button', { name: 'Decline Fit the pads' }));
  await waitFor(() => expect(politeStatus(estimate)).toHaveTextContent('Declined.'));
  expect(item(estimate, 'Fit the pads')).toHaveTextContent('Declined');
  expect(within(estimate).queryByRole('button', { name: /^(Approve|Decline)/ })).not.toBeInTheDocument();
});

test('a refusal (decided meanwhile: 409) shows the server’s message and the estimate is read again', async () => {
  const { billing, pads } = serve();
  const { estimate, user } = await renderPage();
  expect(billingRequests(billing, 'GET', `/track/${TOKEN}/estimate`)).toHaveLength(1);

  billing.refuseNextDecision = { status: 409, message: BILLING_MESSAGES.alreadyDecided };
  pads.status = 'APPROVED';
  pads.decisions = [{ version: 1, decision: 'APPROVED', channel: 'DASHBOARD', decidedAt: DECIDED_AT, description: pads.description, quantityHundredths: 100, unitPriceMinor: 850_000, amountMinor: 850_000 }];
  await user.click(within(estimate).getByRole('button', { name: 'Approve Replace front brake pads' }));

  expect(await within(estimate).findByRole('alert')).toHaveTextContent(BILLING_MESSAGES.alreadyDecided);
  await waitFor(() => expect(item(estimate, 'Replace front brake pads')).toHaveTextContent(`Approved on ${formatInstant(DECIDED_AT)} from the dashboard`));
  expect(billingRequests(billing, 'GET', `/track/${TOKEN}/estimate`)).toHaveLength(2);
});

test('job.billing.changed on the link’s stream reads the estimate again: an item proposed meanwhile appears', async () => {
  const { billing } = serve();
  const { estimate } = await renderPage();
  expect(jobReads).toBe(1);

  billing.jobs[JOB_ID].items.push(makeItem({ kind: 'FEE', description: 'Disposal fee', unitPriceMinor: 50_000 }));
  act(() => stream().options.onMessage({ type: 'job.billing.changed', id: '12', data: { type: 'job.billing.changed', id: JOB_ID, version: 4 } }));

  await waitFor(() => expect(item(estimate, 'Disposal fee')).toHaveTextContent('Awaiting approval'));
  expect(within(estimate).getByText('3 items awaiting your approval')).toBeInTheDocument();
  expect(billingRequests(billing, 'GET', `/track/${TOKEN}/estimate`)).toHaveLength(2);
});

test('no extra work yet reads so, with the totals', async () => {
  serveBilling({ jobs: { [JOB_ID]: { lines: [serviceLine('Oil Change', 500_000)] } }, tokens: { [TOKEN]: JOB_ID } });
  renderRoutes([{ path: '/track/:token', element: <TrackPage /> }], { route: `/track/${TOKEN}` });
  const estimate = await screen.findByRole('region', { name: 'Estimate' }, { timeout: 5000 });
  expect(await within(estimate).findByText('No extra work has been proposed.')).toBeInTheDocument();
  expect(within(estimate).getByText('Total').nextElementSibling).toHaveTextContent(formatMoney(500_000));
});

test('a failed estimate read shows the server’s message with Retry', async () => {
  let fail = true;
  server.use(
    http.get(`${API}/track/:token/estimate`, () =>
      fail
        ? HttpResponse.json({ message: 'Too many requests. Please try again later.', success: false }, { status: 429 })
        : HttpResponse.json({ items: [], subtotalMinor: 0, taxMinor: 0, totalMinor: 0, approvedMinor: 0, pendingMinor: 0, declinedMinor: 0 }),
    ),
  );
  const { user } = renderRoutes([{ path: '/track/:token', element: <TrackPage /> }], { route: `/track/${TOKEN}` });
  const estimate = await screen.findByRole('region', { name: 'Estimate' }, { timeout: 5000 });
  expect(await within(estimate).findByRole('alert')).toHaveTextContent('Too many requests. Please try again later.');
  fail = false;
  await user.click(within(estimate).getByRole('button', { name: 'Retry' }));
  expect(await within(estimate).findByText('No extra work has been proposed.')).toBeInTheDocument();
});

import { act, screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { BILLING_MESSAGES } from '@contract/billingTerms';
import { formatInstant, formatMoney as formatted } from '@/features/jobs';
import { configureLiveUpdates, stopLiveUpdates } from '@/features/live/useLiveUpdates';
import { API } from '../../../msw/handlers';
import { serveEventStream } from '../../../msw/live';
import { server } from '../../../msw/server';
import { makeAppointment } from '../../../msw/shop';
import { renderApp, signedIn } from '../../../utils/renderWithProviders';
import { watchDownloads } from '../../../utils/downloads';
import { serveCustomerShop } from '../../../features/jobs/customer/customerTestUtils';
import { PDF_BYTES, billingRequests, makeInvoice, makeItem, serveBilling, serviceLine } from '../../../features/billing/fakeBilling';

const FIRST_LOAD = { timeout: 5000 };
/** An amount as toHaveTextContent reads it (its no-break space is a space there). */
const formatMoney = (minor: number) => formatted(minor).replace(/\u00a0/g, ' ');
const DECIDED_AT = '2026-11-28T05:00:00.000Z';

const civic = makeAppointment({ status: 'IN_PROGRESS', stage: 'AWAITING_APPROVAL', vehicle: { id: 'v-2', plate: 'KD-7733', make: 'Honda', model: 'Civic' } });
const leaf = makeAppointment({ status: 'CONFIRMED', vehicle: { id: 'v-3', plate: 'WP-CAR-1290', make: 'Nissan', model: 'Leaf' } });
const prius = makeAppointment({ status: 'CANCELLED', vehicle: { id: 'v-5', plate: 'CAR-8841', make: 'Toyota', model: 'Prius' } });
const swift = makeAppointment({ status: 'COMPLETED', vehicle: { id: 'v-4', plate: 'SP-5521', make: 'Suzuki', model: 'Swift' }, completedAt: '2026-11-20T09:00:00.000Z' });

beforeEach(() => configureLiveUpdates({ minDelayMs: 20, maxDelayMs: 40 }));
afterEach(() => {
  stopLiveUpdates();
  configureLiveUpdates({});
});

/** The Civic awaits two decisions (pads, and an alignment whose price changed after it was approved); oil was approved, wipers declined. */
function serve() {
  serveCustomerShop({ jobs: [civic, leaf, swift, prius] });
  const pads = makeItem({ kind: 'PART', description: 'Replace front brake pads', note: 'Front pads worn to 2 mm', quantityHundredths: 100, unitPriceMinor: 850_000, part: { id: 'p-1', sku: 'BRK-PAD-F', name: 'Brake pads (front)' } });
  const oil = makeItem({
    kind: 'LABOUR',
    description: 'Flush the brake fluid',
    quantityHundredths: 150,
    unitPriceMinor: 500_000,
    status: 'APPROVED',
    decisions: [{ version: 1, decision: 'APPROVED', channel: 'LINK', decidedAt: DECIDED_AT, description: 'Flush the brake fluid', quantityHundredths: 150, unitPriceMinor: 500_000, amountMinor: 750_000 }],
  });
  const wipers = makeItem({
    kind: 'FEE',
    description: 'Wiper blades',
    unitPriceMinor: 200_000,
    status: 'DECLINED',
    decisions: [{ version: 1, decision: 'DECLINED', channel: 'DASHBOARD', decidedAt: DECIDED_AT, description: 'Wiper blades', quantityHundredths: 100, unitPriceMinor: 200_000, amountMinor: 200_000 }],
  });
  const alignment = makeItem({
    kind: 'FEE',
    description: 'Wheel alignment',
    version: 2,
    unitPriceMinor: 950_000,
    decisions: [{ version: 1, decision: 'APPROVED', channel: 'DASHBOARD', decidedAt: DECIDED_AT, description: 'Wheel alignment', quantityHundredths: 100, unitPriceMinor: 850_000, amountMinor: 850_000 }],
  });
  const billing = serveBilling({
    jobs: {
      [civic.id]: { lines: [serviceLine('Oil Change', 500_000)], items: [pads, oil, wipers, alignment], taxRateBasisPoints: 1800 },
      [leaf.id]: { lines: [serviceLine('Oil Change', 500_000)] },
      [prius.id]: { lines: [serviceLine('Oil Change', 500_000)] },
      [swift.id]: { lines: [serviceLine('Oil Change', 500_000)], invoice: makeInvoice(swift.id, { status: 'PAID', totalMinor: 500_000, paidMinor: 500_000, balanceMinor: 0 }) },
    },
  });
  return { billing, pads, oil, wipers, alignment };
}

async function renderDashboard() {
  const rendered = renderApp('/dashboard', { preloadedState: { auth: signedIn('CUSTOMER') } });
  const list = await screen.findByRole('region', { name: 'Service list' }, FIRST_LOAD);
  return { ...rendered, list };
}

async function openBilling(vehicle: RegExp) {
  const rendered = await renderDashboard();
  await rendered.user.click(within(rendered.list).getByRole('button', { name: vehicle }));
  const details = screen.getByRole('region', { name: 'Service Details' });
  const panel = within(details).getByRole('region', { name: 'Billing' });
  await waitFor(() => expect(within(panel).queryByRole('status', { name: /^Loading/ })).not.toBeInTheDocument());
  return { ...rendered, panel };
}

const politeStatus = (panel: HTMLElement) => within(panel).getAllByRole('status').find((element) => element.getAttribute('aria-live') === 'polite');
const itemsOf = (panel: HTMLElement) => within(within(panel).getByRole('list', { name: 'Extra work' }));
/** The item whose name (its first line's first text) is `description`. */
const itemNamed = (panel: HTMLElement, description: string) => {
  const item = itemsOf(panel)
    .getAllByRole('listitem')
    .find((element) => element.firstElementChild?.firstElementChild?.textContent === description);
  if (!item) throw new Error(`No item ${description}`);
  return item;
};

test('each job in My Services shows its total and what awaits approval, from one summaries request for the whole list', async () => {
  const { billing } = serve();
  const { list } = await renderDashboard();

  const civicRow = within(list).getByRole('button', { name: /Honda Civic/ });
  await waitFor(() => expect(civicRow).toHaveTextContent('2 items awaiting your approval'));
  // The service (5,000) and the approved flush (7,500), with 18 % tax.
  expect(civicRow).toHaveTextContent(`Total ${formatMoney(1_475_000)}`);
  expect(within(list).getByRole('button', { name: /Nissan Leaf/ })).toHaveTextContent(`Total ${formatMoney(500_000)}`);
  expect(within(list).getByRole('button', { name: /Nissan Leaf/ })).not.toHaveTextContent('awaiting');
  expect(within(list).getByRole('button', { name: /Suzuki Swift/ })).toHaveTextContent('Invoice Paid');
  // A cancelled job without an invoice owes nothing: no total on its row.
  expect(within(list).getByRole('button', { name: /Toyota Prius/ })).not.toHaveTextContent('Total');

  const requests = billingRequests(billing, 'GET', '/billing/summaries');
  expect(requests).toHaveLength(1);
  expect(requests[0].query.appointmentIds.split(',')).toEqual([civic.id, leaf.id, swift.id, prius.id].sort());
});

test('the job’s Billing lists its lines, totals and extra work with each decision’s time and channel', async () => {
  serve();
  const { panel } = await openBilling(/Honda Civic/);
  // The server's stage while the customer decides.
  expect(within(screen.getByRole('region', { name: 'Service Details' })).getByText('Status', { selector: 'dt' }).nextElementSibling).toHaveTextContent('In Progress · Awaiting Approval');

  const rows = within(within(panel).getByRole('table', { name: 'Charges' })).getAllByRole('row');
  expect(rows.map((row) => row.textContent?.replace(/\u00a0/g, ' '))).toEqual(['DescriptionQuantityAmount', `Oil Change1${formatMoney(500_000)}`, `Flush the brake fluid1.5 h${formatMoney(750_000)}`]);
  expect(within(panel).getByText('Subtotal').nextElementSibling).toHaveTextContent(formatMoney(1_250_000));
  expect(within(panel).getByText('Tax (18%)').nextElementSibling).toHaveTextContent(formatMoney(225_000));
  expect(within(panel).getByText('Total').nextElementSibling).toHaveTextContent(formatMoney(1_475_000));

  expect(within(panel).getByText('2 items awaiting your approval')).toBeInTheDocument();
  const pads = itemNamed(panel, 'Replace front brake pads');
  expect(pads).toHaveTextContent('Awaiting approval');
  expect(pads).toHaveTextContent('Front pads worn to 2 mm');
  expect(pads).toHaveTextContent(`1 × ${formatMoney(850_000)}`);
  expect(within(pads).getByRole('button', { name: 'Approve Replace front brake pads' })).toBeEnabled();
  expect(within(pads).getByRole('button', { name: 'Decline Replace front brake pads' })).toBeEnabled();

  const flush = itemNamed(panel, 'Flush the brake fluid');
  expect(flush).toHaveTextContent('Approved');
  expect(flush).toHaveTextContent(`Approved on ${formatInstant(DECIDED_AT)} from the tracking link`);
  expect(within(flush).queryByRole('button')).not.toBeInTheDocument();

  const wipers = itemNamed(panel, 'Wiper blades');
  expect(wipers).toHaveTextContent('Declined');
  expect(wipers).toHaveTextContent(`Declined on ${formatInstant(DECIDED_AT)} from the dashboard`);

  // A price change after the approval: what was approved, and that the new price needs approving.
  const alignment = itemNamed(panel, 'Wheel alignment');
  expect(alignment).toHaveTextContent(`You approved ${formatMoney(850_000)} on ${formatInstant(DECIDED_AT)}; the new price needs your approval.`);
  expect(within(alignment).getByRole('button', { name: 'Approve Wheel alignment' })).toBeInTheDocument();
});

test('Approve sends the decision on the version shown, announces it, and the item and totals follow', async () => {
  const { billing, pads, alignment } = serve();
  const { panel, user } = await openBilling(/Honda Civic/);

  await user.click(within(panel).getByRole('button', { name: 'Approve Replace front brake pads' }));
  await waitFor(() => expect(politeStatus(panel)).toHaveTextContent('Approved.'));
  expect(billingRequests(billing, 'POST', `/estimate-items/${pads.id}/decision`).map((r) => r.body)).toEqual([{ decision: 'APPROVED', expectedVersion: 1 }]);
  await waitFor(() => expect(itemNamed(panel, 'Replace front brake pads')).toHaveTextContent(`Approved on ${formatInstant(DECIDED_AT)} from the dashboard`));
  // Its buttons are gone: the focus waits on the panel's heading, not the page's top.
  await waitFor(() => expect(within(panel).getByRole('heading', { name: 'Billing' })).toHaveFocus());
  expect(within(panel).getByText('Total').nextElementSibling).toHaveTextContent(formatMoney(2_478_000));
  expect(within(panel).getByText('1 item awaiting your approval')).toBeInTheDocument();

  await user.click(within(panel).getByRole('button', { name: 'Decline Wheel alignment' }));
  await waitFor(() => expect(politeStatus(panel)).toHaveTextContent('Declined.'));
  expect(billingRequests(billing, 'POST', `/estimate-items/${alignment.id}/decision`).map((r) => r.body)).toEqual([{ decision: 'DECLINED', expectedVersion: 2 }]);
  await waitFor(() => expect(within(panel).queryByText(/awaiting your approval/)).not.toBeInTheDocument());
  // The list's summary follows too.
  await waitFor(() => expect(screen.getByRole('button', { name: /Honda Civic/ })).not.toHaveTextContent('awaiting'));
});

test('a decision refused with 409 shows the server’s message and the item is read again', async () => {
  const { billing, pads } = serve();
  const { panel, user } = await openBilling(/Honda Civic/);
  expect(billingRequests(billing, 'GET', `/appointments/${civic.id}/billing`)).toHaveLength(1);

  // Decided meanwhile from the tracking link.
  billing.refuseNextDecision = { status: 409, message: BILLING_MESSAGES.alreadyDecided };
  pads.status = 'APPROVED';
  pads.decisions = [{ version: 1, decision: 'APPROVED', channel: 'LINK', decidedAt: DECIDED_AT, description: pads.description, quantityHundredths: 100, unitPriceMinor: 850_000, amountMinor: 850_000 }];
  await user.click(within(panel).getByRole('button', { name: 'Decline Replace front brake pads' }));

  expect(await within(panel).findByRole('alert')).toHaveTextContent(BILLING_MESSAGES.alreadyDecided);
  await waitFor(() => expect(itemNamed(panel, 'Replace front brake pads')).toHaveTextContent(`Approved on ${formatInstant(DECIDED_AT)} from the tracking link`));
  expect(billingRequests(billing, 'GET', `/appointments/${civic.id}/billing`).length).toBeGreaterThanOrEqual(2);
  expect(within(itemNamed(panel, 'Replace front brake pads')).queryByRole('button', { name: /Approve|Decline/ })).not.toBeInTheDocument();
});

test('the invoice shows its number, status and balance, and Download Invoice saves its PDF with the session’s token', async () => {
  const { billing } = serve();
  const downloads = watchDownloads();
  try {
    const { panel, user } = await openBilling(/Suzuki Swift/);
    const invoice = within(within(panel).getByRole('region', { name: 'Invoice' }));
    expect(invoice.getByText('Number').nextElementSibling).toHaveTextContent('INV-2026-000123');
    expect(invoice.getByText('Status').nextElementSibling).toHaveTextContent('Paid');
    expect(invoice.getByText('Balance').nextElementSibling).toHaveTextContent(formatMoney(0));

    await user.click(invoice.getByRole('button', { name: 'Download Invoice, INV-2026-000123' }));
    await waitFor(() => expect(downloads.saved).toHaveLength(1));
    expect(downloads.saved[0].download).toBe('INV-2026-000123.pdf');
    expect(new Uint8Array(await downloads.saved[0].blob.arrayBuffer())).toEqual(PDF_BYTES);
    const [request] = billingRequests(billing, 'GET', '/invoices/f0000000-0000-4000-8000-000000000001/pdf');
    expect(request.query.authorization).toBe('Bearer access-token-1');
    await waitFor(() => expect(invoice.getByRole('status')).toHaveTextContent('Invoice downloaded: INV-2026-000123.pdf'));
  } finally {
    downloads.restore();
  }
});

test('job.billing.changed: a decision taken elsewhere shows without a reload', async () => {
  const stream = serveEventStream();
  const { billing, pads } = serve();
  const { panel } = await openBilling(/Honda Civic/);
  await waitFor(() => expect(stream.connections).toHaveLength(1));

  pads.status = 'DECLINED';
  pads.decisions = [{ version: 1, decision: 'DECLINED', channel: 'LINK', decidedAt: DECIDED_AT, description: pads.description, quantityHundredths: 100, unitPriceMinor: 850_000, amountMinor: 850_000 }];
  act(() => stream.latest().send('job.billing.changed', { type: 'job.billing.changed', id: civic.id, version: 2, appointmentId: civic.id }, '9'));

  await waitFor(() => expect(itemNamed(panel, 'Replace front brake pads')).toHaveTextContent(`Declined on ${formatInstant(DECIDED_AT)} from the tracking link`));
  expect(billingRequests(billing, 'GET', `/appointments/${civic.id}/billing`)).toHaveLength(2);
  await waitFor(() => expect(billingRequests(billing, 'GET', '/billing/summaries')).toHaveLength(2));
});

test('a job with nothing billed says so; a failed read says why and offers Retry', async () => {
  serveCustomerShop({ jobs: [leaf, civic] });
  serveBilling({ jobs: { [leaf.id]: {} } });
  server.use(http.get(`${API}/appointments/${civic.id}/billing`, () => HttpResponse.json({ message: 'Something broke', success: false }, { status: 500 })));
  const { panel, user } = await openBilling(/Nissan Leaf/);
  expect(within(panel).getByText('No charges yet.')).toBeInTheDocument();
  expect(within(panel).queryByRole('list', { name: 'Extra work' })).not.toBeInTheDocument();
  expect(within(panel).queryByRole('region', { name: 'Invoice' })).not.toBeInTheDocument();

  await user.click(screen.getByRole('button', { name: /Honda Civic/ }));
  const failed = within(screen.getByRole('region', { name: 'Service Details' })).getByRole('region', { name: 'Billing' });
  expect(await within(failed).findByRole('alert', {}, FIRST_LOAD)).toHaveTextContent('Something broke');
  expect(within(failed).getByRole('button', { name: 'Retry' })).toBeInTheDocument();
});

import { act, screen, waitFor, within } from '@testing-library/react';
import type { UserEvent } from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { BILLING_MESSAGES } from '@contract/billingTerms';
import { formatInstant, formatMoney as formatted } from '@/features/jobs';
import { configureLiveUpdates, stopLiveUpdates } from '@/features/live/useLiveUpdates';
import { API } from '../../../msw/handlers';
import { serveEventStream } from '../../../msw/live';
import { server } from '../../../msw/server';
import { page } from '../../../msw/shop';
import { renderLoadedDashboard, serviceRow, useFixedNow } from '../../../fixtures/technicianTestUtils';
import { technicianJob, technicianShop } from '../../../fixtures/technicianShop';
import { billingRequests, makeItem, serveBilling, serviceLine } from '../../../features/billing/fakeBilling';

const NOW = '2026-11-28T09:00:00';
const DECIDED_AT = '2026-11-28T05:00:00.000Z';
const PART_ID = 'a0000000-0000-4000-8000-0000000000aa';
const formatMoney = (minor: number) => formatted(minor).replace(/\u00a0/g, ' ');

beforeEach(() => configureLiveUpdates({ minDelayMs: 20, maxDelayMs: 40 }));
afterEach(() => {
  stopLiveUpdates();
  configureLiveUpdates({});
});

/** An in-progress job awaiting a decision on wipers (oil approved), a confirmed one, and a completed one. */
function shop() {
  const open = technicianJob({ customerName: 'Amaya Jayasinghe', make: 'Toyota', model: 'Prius', plate: 'CAD-3312', status: 'IN_PROGRESS', stage: 'AWAITING_APPROVAL', date: '2026-11-28' });
  const later = technicianJob({ customerName: 'Kasun Silva', make: 'Nissan', model: 'Leaf', plate: 'WP-1290', status: 'CONFIRMED', date: '2026-11-29' });
  const done = technicianJob({ customerName: 'Tharindu Perera', make: 'Honda', model: 'Fit', plate: 'CAE-7741', status: 'COMPLETED', date: '2026-11-27', completedAt: new Date(2026, 10, 27, 15).toISOString() });
  technicianShop({ jobs: [open, later, done] });
  const wipers = makeItem({ kind: 'FEE', description: 'Wiper blades', unitPriceMinor: 200_000 });
  const flush = makeItem({
    kind: 'LABOUR',
    description: 'Flush the brake fluid',
    quantityHundredths: 100,
    unitPriceMinor: 500_000,
    status: 'APPROVED',
    decisions: [{ version: 1, decision: 'APPROVED', channel: 'LINK', decidedAt: DECIDED_AT, description: 'Flush the brake fluid', quantityHundredths: 100, unitPriceMinor: 500_000, amountMinor: 500_000 }],
  });
  const billing = serveBilling({
    jobs: {
      [open.id]: { lines: [serviceLine('Oil Change', 500_000)], items: [wipers, flush] },
      [later.id]: {},
      [done.id]: { items: [makeItem({ kind: 'FEE', description: 'Disposal fee', unitPriceMinor: 50_000 })] },
    },
    parts: { [PART_ID]: { sku: 'BRK-PAD-F', name: 'Brake pads (front)', sellPriceMinor: 850_000 } },
  });
  const partSearches: URLSearchParams[] = [];
  server.use(
    http.get(`${API}/parts`, ({ request }) => {
      partSearches.push(new URL(request.url).searchParams);
      return HttpResponse.json(
        page([
          {
            id: PART_ID,
            version: 1,
            sku: 'BRK-PAD-F',
            name: 'Brake pads (front)',
            category: 'Brakes',
            unit: 'each',
            unitCostMinor: 500_000,
            sellPriceMinor: 850_000,
            archived: false,
            stock: { centerId: open.center.id, onHand: 6, reserved: 0, available: 6, reorderLevel: 2, reorderQuantity: 4, low: false },
          },
        ]),
      );
    }),
  );
  return { open, later, done, wipers, flush, billing, partSearches };
}

async function openExtraWork(user: UserEvent, customer: string) {
  await user.click(within(serviceRow(customer)).getByRole('button', { name: 'Extra work' }));
  // The dialog's code loads on the first click (a spinner in its place meanwhile), then the job's billing.
  await screen.findByRole('heading', { name: 'Proposed extra work' }, { timeout: 5000 });
  return screen.getByRole('dialog', { name: 'Extra work' });
}

const proposed = (dialog: HTMLElement) => within(dialog).getByRole('list', { name: 'Proposed extra work' });
const item = (dialog: HTMLElement, description: string) =>
  within(proposed(dialog))
    .getAllByRole('listitem')
    .find((element) => element.firstElementChild?.firstElementChild?.textContent === description) as HTMLElement;
const announced = (dialog: HTMLElement) => within(dialog).getAllByRole('status').find((element) => element.getAttribute('aria-live') === 'polite');
const form = (dialog: HTMLElement) => within(within(dialog).getByRole('region', { name: 'Propose extra work' }));

test('the technician proposes labour at the shop’s rate; the item joins the list awaiting approval', async () => {
  useFixedNow(NOW);
  const { open, billing } = shop();
  const { user } = await renderLoadedDashboard();
  // The server's stage reads on the row.
  expect(serviceRow('Amaya Jayasinghe')).toHaveTextContent('Stage: Awaiting Approval');
  const button = within(serviceRow('Amaya Jayasinghe')).getByRole('button', { name: 'Extra work' });
  expect(button).toHaveAccessibleDescription('Toyota Prius (CAD-3312)');
  const dialog = await openExtraWork(user, 'Amaya Jayasinghe');

  expect(item(dialog, 'Wiper blades')).toHaveTextContent('Awaiting approval');
  expect(item(dialog, 'Wiper blades')).toHaveTextContent('Proposed by Nimal Perera');
  expect(item(dialog, 'Flush the brake fluid')).toHaveTextContent(`Approved on ${formatInstant(DECIDED_AT)} from the tracking link`);
  // The technician does not decide.
  expect(within(proposed(dialog)).queryByRole('button', { name: /^(Approve|Decline)/ })).not.toBeInTheDocument();

  const propose = form(dialog);
  expect(propose.getByRole('radio', { name: 'Labour' })).toBeChecked();
  expect(propose.getByRole('textbox', { name: 'Unit price' })).toHaveValue('5000.00');
  expect(propose.getByRole('textbox', { name: 'Unit price' })).toHaveAccessibleDescription(`Per hour; the shop’s rate is ${formatted(500_000)}`);
  await user.type(propose.getByRole('textbox', { name: 'Description' }), 'Fit the new pads');
  await user.type(propose.getByRole('textbox', { name: 'Note' }), 'Front pads worn to 2 mm');
  await user.clear(propose.getByRole('textbox', { name: 'Hours' }));
  await user.type(propose.getByRole('textbox', { name: 'Hours' }), '1.5');
  await user.click(propose.getByRole('button', { name: 'Propose' }));

  await waitFor(() => expect(announced(dialog)).toHaveTextContent('Proposed Fit the new pads. The customer is asked to approve it.'));
  expect(billingRequests(billing, 'POST', `/appointments/${open.id}/estimate-items`).map((r) => r.body)).toEqual([
    { kind: 'LABOUR', description: 'Fit the new pads', note: 'Front pads worn to 2 mm', quantityHundredths: 150, unitPriceMinor: 500_000 },
  ]);
  await waitFor(() => expect(item(dialog, 'Fit the new pads')).toHaveTextContent('Awaiting approval'));
  expect(item(dialog, 'Fit the new pads')).toHaveTextContent(`1.5 h × ${formatMoney(500_000)}${formatMoney(750_000)}`);
  // The form starts again.
  expect(propose.getByRole('textbox', { name: 'Description' })).toHaveValue('');
});

test('a part is found at the job’s centre and proposed at its sell price', async () => {
  useFixedNow(NOW);
  const { open, billing, partSearches } = shop();
  const { user } = await renderLoadedDashboard();
  const dialog = await openExtraWork(user, 'Amaya Jayasinghe');
  const propose = form(dialog);

  await user.click(propose.getByRole('radio', { name: 'Part' }));
  expect(propose.getByRole('textbox', { name: 'Unit price' })).toHaveValue('');
  await user.type(propose.getByRole('searchbox', { name: 'Find a part' }), 'pad');
  const radio = await propose.findByRole('radio', { name: 'Brake pads (front) (BRK-PAD-F)' });
  expect(Object.fromEntries(partSearches.at(-1)!)).toEqual({ centerId: open.center.id, q: 'pad', limit: '10' });
  expect(radio).toHaveAccessibleDescription(`${formatted(850_000)} · Available 6 each`);
  await user.click(radio);
  expect(propose.getByRole('textbox', { name: 'Unit price' })).toHaveValue('8500.00');
  expect(propose.getByRole('textbox', { name: 'Description' })).toHaveValue('Brake pads (front)');
  await user.clear(propose.getByRole('spinbutton', { name: 'Quantity' }));
  await user.type(propose.getByRole('spinbutton', { name: 'Quantity' }), '2');
  await user.click(propose.getByRole('button', { name: 'Propose' }));

  await waitFor(() => expect(billingRequests(billing, 'POST', `/appointments/${open.id}/estimate-items`)).toHaveLength(1));
  expect(billingRequests(billing, 'POST', `/appointments/${open.id}/estimate-items`)[0].body).toEqual({
    kind: 'PART',
    description: 'Brake pads (front)',
    partId: PART_ID,
    quantityHundredths: 200,
    unitPriceMinor: 850_000,
  });
  await waitFor(() => expect(item(dialog, 'Brake pads (front)')).toHaveTextContent(formatMoney(1_700_000)));
});

test('the form says what is missing before it sends', async () => {
  useFixedNow(NOW);
  const { open, billing } = shop();
  const { user } = await renderLoadedDashboard();
  const dialog = await openExtraWork(user, 'Amaya Jayasinghe');
  const propose = form(dialog);

  await user.clear(propose.getByRole('textbox', { name: 'Hours' }));
  await user.type(propose.getByRole('textbox', { name: 'Hours' }), '0');
  await user.click(propose.getByRole('button', { name: 'Propose' }));
  expect(await propose.findByText('Description is required')).toBeInTheDocument();
  expect(propose.getByText('Hours must be more than zero')).toBeInTheDocument();
  await user.clear(propose.getByRole('textbox', { name: 'Hours' }));
  await user.type(propose.getByRole('textbox', { name: 'Hours' }), '1.555');
  await user.click(propose.getByRole('button', { name: 'Propose' }));
  expect(await propose.findByText('Hours must be a number with at most 2 decimals')).toBeInTheDocument();

  await user.click(propose.getByRole('radio', { name: 'Fee' }));
  await user.type(propose.getByRole('textbox', { name: 'Description' }), 'Disposal fee');
  await user.click(propose.getByRole('button', { name: 'Propose' }));
  expect(await propose.findByText(BILLING_MESSAGES.feeNeedsPrice)).toBeInTheDocument();

  await user.click(propose.getByRole('radio', { name: 'Part' }));
  await user.click(propose.getByRole('button', { name: 'Propose' }));
  expect(await propose.findByText(BILLING_MESSAGES.partNeedsPart)).toBeInTheDocument();

  expect(billingRequests(billing, 'POST', `/appointments/${open.id}/estimate-items`)).toHaveLength(0);
});

test('Withdraw removes an undecided item; Edit of an approved one’s price sends a new version for approval', async () => {
  useFixedNow(NOW);
  const { wipers, flush, billing } = shop();
  const { user } = await renderLoadedDashboard();
  const dialog = await openExtraWork(user, 'Amaya Jayasinghe');

  // Decided items cannot be withdrawn.
  expect(within(item(dialog, 'Flush the brake fluid')).queryByRole('button', { name: 'Withdraw' })).not.toBeInTheDocument();
  const withdraw = within(item(dialog, 'Wiper blades')).getByRole('button', { name: 'Withdraw' });
  expect(withdraw).toHaveAccessibleDescription('Wiper blades');
  await user.click(withdraw);
  await waitFor(() => expect(announced(dialog)).toHaveTextContent('Withdrew Wiper blades.'));
  expect(billingRequests(billing, 'DELETE', `/estimate-items/${wipers.id}`).map((r) => r.query)).toEqual([{ expectedVersion: '1' }]);
  await waitFor(() => expect(within(proposed(dialog)).getAllByRole('listitem')).toHaveLength(1));
  await waitFor(() => expect(within(dialog).getByRole('heading', { name: 'Proposed extra work' })).toHaveFocus());

  await user.click(within(item(dialog, 'Flush the brake fluid')).getByRole('button', { name: 'Edit' }));
  const edit = within(within(dialog).getByRole('form', { name: 'Edit Flush the brake fluid' }));
  expect(edit.getByRole('textbox', { name: 'Hours' })).toHaveValue('1');
  await user.clear(edit.getByRole('textbox', { name: 'Unit price' }));
  await user.type(edit.getByRole('textbox', { name: 'Unit price' }), '5500');
  await user.click(edit.getByRole('button', { name: 'Save' }));

  await waitFor(() => expect(announced(dialog)).toHaveTextContent('Saved Flush the brake fluid. The customer is asked to approve the new price.'));
  expect(billingRequests(billing, 'PATCH', `/estimate-items/${flush.id}`).map((r) => r.body)).toEqual([{ expectedVersion: 1, unitPriceMinor: 550_000 }]);
  await waitFor(() => expect(item(dialog, 'Flush the brake fluid')).toHaveTextContent('Awaiting approval'));
  expect(item(dialog, 'Flush the brake fluid')).toHaveTextContent(`The customer approved ${formatMoney(500_000)} on ${formatInstant(DECIDED_AT)}; the new price needs their approval.`);
});

test('job.billing.changed: the customer’s decision shows in the open dialog without a reload', async () => {
  useFixedNow(NOW);
  const stream = serveEventStream();
  const { open, wipers, billing } = shop();
  const { user } = await renderLoadedDashboard();
  await waitFor(() => expect(stream.connections).toHaveLength(1));
  const dialog = await openExtraWork(user, 'Amaya Jayasinghe');

  wipers.status = 'APPROVED';
  wipers.decisions = [{ version: 1, decision: 'APPROVED', channel: 'LINK', decidedAt: DECIDED_AT, description: 'Wiper blades', quantityHundredths: 100, unitPriceMinor: 200_000, amountMinor: 200_000 }];
  act(() => stream.latest().send('job.billing.changed', { type: 'job.billing.changed', id: open.id, version: 3, appointmentId: open.id }, '9'));

  await waitFor(() => expect(item(dialog, 'Wiper blades')).toHaveTextContent(`Approved on ${formatInstant(DECIDED_AT)} from the tracking link`));
  expect(billingRequests(billing, 'GET', `/appointments/${open.id}/billing`)).toHaveLength(2);
});

test('a job not in progress shows its extra work read-only and says why', async () => {
  useFixedNow(NOW);
  const { billing } = shop();
  const { user } = await renderLoadedDashboard();
  await user.click(screen.getByRole('button', { name: 'COMPLETED' }));
  const dialog = await openExtraWork(user, 'Tharindu Perera');

  expect(within(dialog).getByText(`This job is completed. ${BILLING_MESSAGES.notInProgress}`)).toBeInTheDocument();
  expect(item(dialog, 'Disposal fee')).toHaveTextContent('Awaiting approval');
  expect(within(dialog).queryByRole('region', { name: 'Propose extra work' })).not.toBeInTheDocument();
  expect(within(dialog).queryByRole('button', { name: /Edit|Withdraw|Propose/ })).not.toBeInTheDocument();

  await user.click(within(dialog).getByRole('button', { name: 'Done' }));
  expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  expect(within(serviceRow('Tharindu Perera')).getByRole('button', { name: 'Extra work' })).toHaveFocus();
  expect(billing.requests.filter((r) => r.method !== 'GET')).toEqual([]);
});

test('Update Status shows the server’s Awaiting Approval stage as it is, without offering it as a choice', async () => {
  useFixedNow(NOW);
  shop();
  const { user } = await renderLoadedDashboard();
  await user.click(within(serviceRow('Amaya Jayasinghe')).getByRole('button', { name: 'Update Status' }));
  const dialog = await screen.findByRole('dialog', { name: 'Update Status' });
  expect(dialog).toHaveTextContent('Current status: In Progress(Awaiting Approval)');
  const stage = within(dialog).getByRole('combobox', { name: 'Stage' });
  expect(stage).toHaveValue('AWAITING_APPROVAL');
  expect(stage).toHaveAccessibleDescription('Set by the shop while the customer decides on extra work.');
  expect(within(stage).getByRole('option', { name: 'Awaiting Approval' })).toBeDisabled();
  expect(within(dialog).getByRole('button', { name: 'Save' })).toBeDisabled();
});

test('a job not started yet says how to propose extra work', async () => {
  useFixedNow(NOW);
  shop();
  const { user } = await renderLoadedDashboard();
  const dialog = await openExtraWork(user, 'Kasun Silva');
  expect(within(dialog).getByText('Start the work (Update Status: In Progress) to propose extra work.')).toBeInTheDocument();
  expect(within(dialog).getByText('No extra work proposed yet.')).toBeInTheDocument();
  expect(within(dialog).queryByRole('region', { name: 'Propose extra work' })).not.toBeInTheDocument();
});

import { screen, waitFor, within } from '@testing-library/react';
import { renderApp, signedIn } from '../../../utils/renderWithProviders';
import { server } from '../../../msw/server';
import { http, HttpResponse } from 'msw';
import { API } from '../../../msw/handlers';
import { makeAppointment } from '../../../msw/shop';
import {
  DOWNTOWN,
  type FakeInventory,
  fakeInventory,
  inventoryHandlers,
  makeMovement,
  makePart,
  NORTHSIDE,
  sent,
} from '../../../features/inventory/fakeInventory';

const admin = () => ({ preloadedState: { auth: signedIn('ADMIN') } });
const FIRST_LOAD = { timeout: 5000 };

async function renderInventory(inventory: FakeInventory) {
  server.use(...inventoryHandlers(inventory));
  const result = renderApp('/admin/inventory', admin());
  await screen.findByRole('table', {}, FIRST_LOAD);
  return result;
}

function rowOf(sku: string): HTMLElement {
  return screen.getByRole('rowheader', { name: sku }).closest('tr') as HTMLElement;
}

/** On hand, reserved and available of a part's row. */
const numbers = (sku: string) =>
  within(rowOf(sku))
    .getAllByRole('cell')
    .slice(3, 6)
    .map((cell) => cell.firstChild?.textContent);
const statuses = () => screen.getAllByRole('status').map((status) => status.textContent);
const bodies = (inventory: FakeInventory, path: string) => sent(inventory, 'POST', path).map((request) => request.body);

function shop() {
  const oil = makePart({
    sku: 'OIL-5W30',
    name: 'Engine oil 5W-30',
    unit: 'litre',
    stock: { [DOWNTOWN.id]: { onHand: 3, reserved: 1, reorderLevel: 5, reorderQuantity: 20 }, [NORTHSIDE.id]: { onHand: 40, reorderLevel: 8, reorderQuantity: 30 } },
  });
  const filter = makePart({ sku: 'FLT-001', name: 'Oil filter', stock: { [DOWNTOWN.id]: { onHand: 12 } } });
  return { oil, filter, inventory: fakeInventory([oil, filter]) };
}

describe('Receive, Adjust and Transfer', () => {
  test('Receive checks the quantity, sends it, and the row shows the new stock; the focus returns to the button', async () => {
    const { inventory, oil } = shop();
    const { user } = await renderInventory(inventory);
    const receive = within(rowOf('OIL-5W30')).getByRole('button', { name: 'Receive' });
    await user.click(receive);
    const dialog = await screen.findByRole('dialog', { name: 'Receive stock' });
    expect(dialog).toHaveAccessibleDescription('OIL-5W30 · Engine oil 5W-30');
    const centre = within(dialog).getByRole('combobox', { name: 'Centre' });
    expect(centre).toHaveFocus();
    expect(centre).toHaveDisplayValue('Downtown Workshop');

    await user.click(within(dialog).getByRole('button', { name: 'Receive' }));
    expect(within(dialog).getByRole('spinbutton', { name: 'Quantity' })).toHaveAccessibleDescription(/Quantity is required/);
    await user.type(within(dialog).getByRole('spinbutton', { name: 'Quantity' }), '0');
    await user.click(within(dialog).getByRole('button', { name: 'Receive' }));
    expect(within(dialog).getByText('Quantity must be at least 1')).toBeInTheDocument();
    expect(bodies(inventory, `/parts/${oil.id}/receive`)).toEqual([]);

    await user.clear(within(dialog).getByRole('spinbutton', { name: 'Quantity' }));
    await user.type(within(dialog).getByRole('spinbutton', { name: 'Quantity' }), '5');
    await user.click(within(dialog).getByRole('button', { name: 'Receive' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(bodies(inventory, `/parts/${oil.id}/receive`)).toEqual([{ centerId: DOWNTOWN.id, quantity: 5 }]);
    expect(statuses()).toContain('Received 5 units of OIL-5W30 at Downtown Workshop.');
    await waitFor(() => expect(numbers('OIL-5W30')).toEqual(['8', '1', '7']));
    // 7 available is above the reorder level 5 now.
    expect(within(rowOf('OIL-5W30')).queryByText('Low stock')).not.toBeInTheDocument();
    expect(within(rowOf('OIL-5W30')).getByRole('button', { name: 'Receive' })).toHaveFocus();
  });

  test('when the received part leaves the list (no longer low), the summary line takes the focus', async () => {
    const { inventory } = shop();
    const { user } = await renderInventory(inventory);
    await user.click(screen.getByRole('checkbox', { name: 'Low stock' }));
    await waitFor(() => expect(screen.getAllByRole('rowheader').map((cell) => cell.textContent)).toEqual(['OIL-5W30']));
    await user.click(within(rowOf('OIL-5W30')).getByRole('button', { name: 'Receive' }));
    const dialog = await screen.findByRole('dialog', { name: 'Receive stock' });
    await user.type(within(dialog).getByRole('spinbutton', { name: 'Quantity' }), '5');
    await user.click(within(dialog).getByRole('button', { name: 'Receive' }));
    await waitFor(() => expect(screen.getByText('No parts match')).toHaveFocus());
  });

  test("Adjust needs a signed quantity that is not 0 and a reason, and shows the server's 409 inside the dialog", async () => {
    const { inventory, oil } = shop();
    const { user } = await renderInventory(inventory);
    await user.click(within(rowOf('OIL-5W30')).getByRole('button', { name: 'Adjust' }));
    const dialog = await screen.findByRole('dialog', { name: 'Adjust stock' });
    const quantity = within(dialog).getByRole('spinbutton', { name: 'Quantity' });
    await user.type(quantity, '0');
    await user.click(within(dialog).getByRole('button', { name: 'Adjust' }));
    expect(quantity).toHaveAccessibleDescription(/Quantity cannot be 0/);
    expect(within(dialog).getByRole('textbox', { name: 'Reason' })).toHaveAccessibleDescription(/Reason is required/);

    await user.clear(quantity);
    await user.type(quantity, '-3');
    await user.type(within(dialog).getByRole('textbox', { name: 'Reason' }), 'Leaking tins');
    await user.click(within(dialog).getByRole('button', { name: 'Adjust' }));
    // 3 on hand, 1 reserved by a job: only 2 can go.
    expect(await within(dialog).findByRole('alert')).toHaveTextContent('Not enough stock: 2 available at this centre.');
    expect(numbers('OIL-5W30')).toEqual(['3', '1', '2']);

    await user.clear(quantity);
    expect(within(dialog).queryByRole('alert')).not.toBeInTheDocument();
    await user.type(quantity, '-2');
    await user.click(within(dialog).getByRole('button', { name: 'Adjust' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(bodies(inventory, `/parts/${oil.id}/adjust`)).toEqual([
      { centerId: DOWNTOWN.id, quantity: -3, reason: 'Leaking tins' },
      { centerId: DOWNTOWN.id, quantity: -2, reason: 'Leaking tins' },
    ]);
    expect(statuses()).toContain('Adjusted OIL-5W30 by -2 at Downtown Workshop.');
    await waitFor(() => expect(numbers('OIL-5W30')).toEqual(['1', '1', '0']));
  });

  test('Transfer needs another centre and enough stock, then moves it', async () => {
    const { inventory, filter } = shop();
    const { user } = await renderInventory(inventory);
    await user.click(within(rowOf('FLT-001')).getByRole('button', { name: 'Transfer' }));
    const dialog = await screen.findByRole('dialog', { name: 'Transfer stock' });
    expect(within(dialog).getByRole('combobox', { name: 'From centre' })).toHaveDisplayValue('Downtown Workshop');
    const to = within(dialog).getByRole('combobox', { name: 'To centre' });
    expect(to).toHaveDisplayValue('Choose a centre');
    await user.type(within(dialog).getByRole('spinbutton', { name: 'Quantity' }), '20');
    await user.click(within(dialog).getByRole('button', { name: 'Transfer' }));
    expect(to).toHaveAccessibleDescription(/To centre is required/);

    await user.selectOptions(to, 'Downtown Workshop');
    await user.click(within(dialog).getByRole('button', { name: 'Transfer' }));
    expect(to).toHaveAccessibleDescription(/Choose a different centre to transfer to\./);

    await user.selectOptions(to, 'Westgate Express Bay');
    await user.click(within(dialog).getByRole('button', { name: 'Transfer' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent('Not enough stock: 12 available at this centre.');

    const quantity = within(dialog).getByRole('spinbutton', { name: 'Quantity' });
    await user.clear(quantity);
    await user.type(quantity, '4');
    await user.click(within(dialog).getByRole('button', { name: 'Transfer' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(bodies(inventory, `/parts/${filter.id}/transfer`).at(-1)).toEqual({ fromCenterId: DOWNTOWN.id, toCenterId: catalogWestgate(), quantity: 4 });
    expect(statuses()).toContain('Transferred 4 units of FLT-001 from Downtown Workshop to Westgate Express Bay.');
    await waitFor(() => expect(numbers('FLT-001')).toEqual(['8', '0', '8']));
  });

  test('Escape closes a dialog without sending, and the focus goes back to its button', async () => {
    const { inventory } = shop();
    const { user } = await renderInventory(inventory);
    const transfer = within(rowOf('OIL-5W30')).getByRole('button', { name: 'Transfer' });
    await user.click(transfer);
    const dialog = await screen.findByRole('dialog', { name: 'Transfer stock' });
    // The focus stays inside: Shift+Tab from the first control goes round to the last.
    expect(within(dialog).getByRole('combobox', { name: 'From centre' })).toHaveFocus();
    await user.tab({ shift: true });
    expect(dialog).toContainElement(document.activeElement as HTMLElement);
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(transfer).toHaveFocus();
    expect(inventory.requests.filter((request) => request.method !== 'GET')).toEqual([]);
  });
});

describe('Reorder settings', () => {
  test("saves a centre's reorder level and quantity (PUT), and the row's Low stock follows", async () => {
    const { inventory, filter, oil } = shop();
    const { user } = await renderInventory(inventory);
    expect(within(rowOf('FLT-001')).queryByText('Low stock')).not.toBeInTheDocument();
    await user.click(within(rowOf('FLT-001')).getByRole('button', { name: 'Reorder settings' }));
    const dialog = await screen.findByRole('dialog', { name: 'Reorder settings' });
    const level = within(dialog).getByRole('spinbutton', { name: 'Reorder level' });
    const reorder = within(dialog).getByRole('spinbutton', { name: 'Reorder quantity' });
    expect(level).toHaveValue(0);
    await user.clear(level);
    await user.type(level, '-1');
    await user.clear(reorder);
    await user.click(within(dialog).getByRole('button', { name: 'Save settings' }));
    expect(level).toHaveAccessibleDescription(/Reorder level cannot be negative/);
    expect(reorder).toHaveAccessibleDescription(/Reorder quantity is required/);

    await user.clear(level);
    await user.type(level, '15');
    await user.type(reorder, '24');
    await user.click(within(dialog).getByRole('button', { name: 'Save settings' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(sent(inventory, 'PUT', `/parts/${filter.id}/stock/${DOWNTOWN.id}`).map((request) => request.body)).toEqual([{ reorderLevel: 15, reorderQuantity: 24 }]);
    expect(statuses()).toContain('Saved the reorder settings of FLT-001 at Downtown Workshop.');
    await waitFor(() => expect(within(rowOf('FLT-001')).getByText('Low stock')).toBeInTheDocument());

    // Another centre's settings come from the part's stock at every centre.
    await user.click(within(rowOf('OIL-5W30')).getByRole('button', { name: 'Reorder settings' }));
    const second = await screen.findByRole('dialog', { name: 'Reorder settings' });
    expect(within(second).getByRole('spinbutton', { name: 'Reorder level' })).toHaveValue(5);
    await waitFor(() => expect(sent(inventory, 'GET', `/parts/${oil.id}`)).toHaveLength(1));
    await user.selectOptions(within(second).getByRole('combobox', { name: 'Centre' }), 'Northside Service Centre');
    expect(within(second).getByRole('spinbutton', { name: 'Reorder level' })).toHaveValue(8);
    expect(within(second).getByRole('spinbutton', { name: 'Reorder quantity' })).toHaveValue(30);
  });
});

describe('A part’s history', () => {
  function historyShop() {
    const { inventory, oil } = shop();
    const job = '00000000-0000-4000-8000-0000000000aa';
    server.use(http.get(`${API}/appointments/:id`, ({ params }) => HttpResponse.json(makeAppointment({ id: String(params.id), date: '2099-01-15' }))));
    const older = Array.from({ length: 22 }, () => makeMovement(oil, 'RECEIVED', 1));
    const receipt = makeMovement(oil, 'RECEIVED', 5);
    const used = makeMovement(oil, 'USED', -2, { appointmentId: job });
    const adjusted = makeMovement(oil, 'ADJUSTED', -1, { reason: 'Count after stocktake' });
    inventory.movements.push(...older, receipt, used, adjusted, makeMovement(oil, 'RECEIVED', 9, { centerId: NORTHSIDE.id }));
    return { inventory, oil, job, receipt };
  }

  test('pages the movements newest first, with what each was, signed, why, who and its job', async () => {
    const { inventory, oil } = historyShop();
    const { user } = await renderInventory(inventory);
    await user.click(within(rowOf('OIL-5W30')).getByRole('button', { name: 'History' }));
    const dialog = await screen.findByRole('dialog', { name: 'Stock history' });
    const table = await within(dialog).findByRole('table', { name: 'Stock movements of OIL-5W30 at Downtown Workshop, newest first' });
    expect(within(table).getAllByRole('columnheader').map((cell) => cell.textContent)).toEqual(['When', 'Movement', 'Quantity', 'Reason', 'By', 'Job', 'Actions']);
    const rows = () => within(table).getAllByRole('row').slice(1);
    expect(rows()).toHaveLength(20);
    const cellsOf = (row: HTMLElement) => within(row).getAllByRole('cell').map((cell) => cell.textContent);
    expect(cellsOf(rows()[0])).toEqual(['Adjusted', '−1', 'Count after stocktake', 'Ada Admin', '—', 'Reverse']);
    // The job by its vehicle and day (GET /api/appointments/:id).
    await waitFor(() => expect(cellsOf(rows()[1])).toEqual(['Used on a job', '−2', '—', 'Ada Admin', 'Toyota Corolla CAB-4821 · Jan 15, 2099', '']));
    expect(cellsOf(rows()[2])).toEqual(['Received', '+5', '—', 'Ada Admin', '—', 'Reverse']);

    await user.click(within(dialog).getByRole('button', { name: 'Load more' }));
    await waitFor(() => expect(rows()).toHaveLength(25));
    expect(within(dialog).queryByRole('button', { name: 'Load more' })).not.toBeInTheDocument();
    await waitFor(() => expect(within(rows()[20]).getByRole('rowheader')).toHaveFocus());
    expect(sent(inventory, 'GET', `/parts/${oil.id}/movements`).map((request) => request.query)).toEqual([
      { centerId: DOWNTOWN.id, limit: '20' },
      { centerId: DOWNTOWN.id, limit: '20', cursor: 'c20' },
    ]);

    await user.selectOptions(within(dialog).getByRole('combobox', { name: 'Centre' }), 'Northside Service Centre');
    await within(dialog).findByRole('table', { name: 'Stock movements of OIL-5W30 at Northside Service Centre, newest first' });
    expect(within(dialog).getAllByRole('row')).toHaveLength(2);
  });

  test('Reverse asks for a reason in place, sends it, and the receipt shows as reversed', async () => {
    const { inventory, oil, receipt } = historyShop();
    const { user } = await renderInventory(inventory);
    await user.click(within(rowOf('OIL-5W30')).getByRole('button', { name: 'History' }));
    const dialog = await screen.findByRole('dialog', { name: 'Stock history' });
    const receiptRow = () => within(dialog).getByRole('rowheader', { name: new RegExp(`^${timeOf(receipt.occurredAt)}`) }).closest('tr') as HTMLElement;
    await within(dialog).findByRole('table');
    const reverse = within(receiptRow()).getByRole('button', { name: 'Reverse' });
    expect(reverse).toHaveAccessibleDescription(new RegExp('^Received \\+5 '));

    await user.click(reverse);
    const form = within(dialog).getByRole('form', { name: 'Reverse a movement' });
    const reason = within(form).getByRole('textbox', { name: 'Reason' });
    expect(reason).toHaveFocus();
    await user.click(within(form).getByRole('button', { name: 'Reverse movement' }));
    expect(reason).toHaveAccessibleDescription(/Reason is required/);
    await user.click(within(form).getByRole('button', { name: 'Cancel' }));
    expect(within(dialog).queryByRole('form')).not.toBeInTheDocument();
    await waitFor(() => expect(reverse).toHaveFocus());

    await user.click(reverse);
    await user.type(within(dialog).getByRole('textbox', { name: 'Reason' }), 'Delivery sent back');
    await user.click(within(dialog).getByRole('button', { name: 'Reverse movement' }));
    // Only 2 of the 5 are still available here (3 on hand, 1 reserved): the server refuses, the form says why.
    expect(await within(dialog).findByRole('alert')).toHaveTextContent('Not enough stock: 2 available at this centre.');

    oil.stock[DOWNTOWN.id].onHand = 30;
    await user.click(within(dialog).getByRole('button', { name: 'Reverse movement' }));
    await waitFor(() => expect(within(dialog).queryByRole('form')).not.toBeInTheDocument());
    expect(bodies(inventory, `/parts/${oil.id}/movements/${receipt.id}/reverse`)).toEqual([{ reason: 'Delivery sent back' }, { reason: 'Delivery sent back' }]);
    const status = within(dialog).getByRole('status');
    expect(status.textContent).toMatch(/^Reversed: Received \+5 on /);
    await waitFor(() => expect(status).toHaveFocus());
    await waitFor(() => expect(within(receiptRow()).getByText('Reversed')).toBeInTheDocument());
    expect(within(receiptRow()).queryByRole('button', { name: 'Reverse' })).not.toBeInTheDocument();
    const newest = within(dialog).getAllByRole('row')[1];
    expect(within(newest).getAllByRole('cell').map((cell) => cell.textContent)).toEqual(['Reversal', '−5', 'Delivery sent back', 'Ada Admin', '—', '']);
    // The table behind shows the new stock too, and the focus is back on History.
    await user.keyboard('{Escape}');
    await waitFor(() => expect(numbers('OIL-5W30')).toEqual(['25', '1', '24']));
    expect(within(rowOf('OIL-5W30')).getByRole('button', { name: 'History' })).toHaveFocus();
  });
});

function catalogWestgate(): string {
  return 'c0000000-0000-4000-8000-000000000003';
}

const timeFormat = new Intl.DateTimeFormat('en-US', { dateStyle: 'medium', timeStyle: 'short' });
function timeOf(iso: string): string {
  return timeFormat.format(new Date(iso)).replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}

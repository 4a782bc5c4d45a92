import { screen, waitFor, within } from '@testing-library/react';
import { server } from '../../../msw/server';
import { renderApp, signedIn } from '../../../utils/renderWithProviders';
import { DOWNTOWN, type FakeInventory, fakeInventory, inventoryHandlers, makePart, NORTHSIDE, sent } from '../../../features/inventory/fakeInventory';

const admin = () => ({ preloadedState: { auth: signedIn('ADMIN') } });
/** The first render of a lazy page compiles its chunk under ts-jest, which can take over a second when suites run in parallel. */
const FIRST_LOAD = { timeout: 5000 };

async function renderInventory(inventory: FakeInventory) {
  server.use(...inventoryHandlers(inventory));
  const result = renderApp('/admin/inventory', admin());
  await screen.findByRole('heading', { level: 1, name: 'Inventory' }, FIRST_LOAD);
  return result;
}

/** The row of a part (its row header is the SKU). */
function rowOf(sku: string): HTMLElement {
  return screen.getByRole('rowheader', { name: sku }).closest('tr') as HTMLElement;
}

/** What the status lines say (the page's tells what the last change did). */
const statuses = () => screen.getAllByRole('status').map((status) => status.textContent);
const cells = (row: HTMLElement) => within(row).getAllByRole('cell').map((cell) => (cell.textContent ?? '').replace(/\s/g, ' '));
const skus = () => within(screen.getByRole('table')).getAllByRole('rowheader').map((cell) => cell.textContent);
const listQueries = (inventory: FakeInventory) => sent(inventory, 'GET', '/parts').map((request) => request.query);

function stockedShop() {
  const oil = makePart({
    sku: 'OIL-5W30',
    name: 'Engine oil 5W-30',
    category: 'Oils',
    unit: 'litre',
    sellPriceMinor: 125050,
    stock: { [DOWNTOWN.id]: { onHand: 3, reserved: 1, reorderLevel: 5 }, [NORTHSIDE.id]: { onHand: 40 } },
  });
  const filter = makePart({ sku: 'FLT-001', name: 'Oil filter', category: 'Filters', sellPriceMinor: 250000, stock: { [DOWNTOWN.id]: { onHand: 12 } } });
  const wiper = makePart({ sku: 'WIP-OLD', name: 'Wiper blade (old model)', category: 'Wipers', archived: true });
  return { oil, filter, wiper, inventory: fakeInventory([oil, filter, wiper]) };
}

describe('Inventory page (/admin/inventory): the parts table', () => {
  test('lists the parts at the first centre in SKU order, with stock, a Low stock badge and the sell price in LKR', async () => {
    const { inventory } = stockedShop();
    await renderInventory(inventory);
    const table = await screen.findByRole('table', { name: 'Parts at Downtown Workshop, by SKU' });
    expect(screen.getByRole('combobox', { name: 'Centre' })).toHaveDisplayValue('Downtown Workshop');
    expect(within(table).getAllByRole('columnheader').map((cell) => cell.textContent)).toEqual([
      'SKU',
      'Name',
      'Category',
      'Unit',
      'On hand',
      'Reserved',
      'Available',
      'Sell price',
      'Actions',
    ]);
    expect(skus()).toEqual(['FLT-001', 'OIL-5W30']);
    expect(cells(rowOf('OIL-5W30')).slice(0, 7)).toEqual(['Engine oil 5W-30', 'Oils', 'litre', '3', '1', '2Low stock', 'LKR 1,250.50']);
    expect(within(rowOf('FLT-001')).queryByText('Low stock')).not.toBeInTheDocument();
    expect(within(rowOf('FLT-001')).getByText('LKR 2,500.00')).toBeInTheDocument();
    expect(screen.getByText('2 parts.')).toBeInTheDocument();
    // Each row's buttons say which part they act on.
    for (const name of ['Receive', 'Adjust', 'Transfer', 'History', 'Reorder settings', 'Edit', 'Archive']) {
      expect(within(rowOf('OIL-5W30')).getByRole('button', { name, description: 'OIL-5W30 Engine oil 5W-30' })).toBeInTheDocument();
    }
    expect(listQueries(inventory)).toEqual([{ centerId: DOWNTOWN.id, limit: '25' }]);
  });

  test('Low stock, the search, Show archived and the centre each ask the server again', async () => {
    const { inventory } = stockedShop();
    const { user } = await renderInventory(inventory);
    await screen.findByRole('table');

    await user.click(screen.getByRole('checkbox', { name: 'Low stock' }));
    await waitFor(() => expect(skus()).toEqual(['OIL-5W30']));
    expect(screen.getByRole('table', { name: 'Parts at Downtown Workshop, low stock only, by SKU' })).toBeInTheDocument();
    expect(listQueries(inventory).at(-1)).toEqual({ centerId: DOWNTOWN.id, lowStock: 'true', limit: '25' });
    await user.click(screen.getByRole('checkbox', { name: 'Low stock' }));
    await waitFor(() => expect(skus()).toEqual(['FLT-001', 'OIL-5W30']));

    const search = screen.getByRole('searchbox', { name: 'Search parts' });
    await user.type(search, 'filter');
    await waitFor(() => expect(skus()).toEqual(['FLT-001']));
    // Typing asks once, when it pauses.
    expect(listQueries(inventory).filter((query) => query.q !== undefined)).toEqual([{ centerId: DOWNTOWN.id, q: 'filter', limit: '25' }]);
    await user.clear(search);
    await user.type(search, 'nothing like it{Enter}');
    expect(await screen.findByText('No parts match')).toBeInTheDocument();
    expect(screen.queryByRole('table')).not.toBeInTheDocument();
    await user.clear(search);
    await user.keyboard('{Enter}');
    await waitFor(() => expect(skus()).toEqual(['FLT-001', 'OIL-5W30']));

    await user.click(screen.getByRole('checkbox', { name: 'Show archived' }));
    await waitFor(() => expect(skus()).toEqual(['WIP-OLD']));
    expect(listQueries(inventory).at(-1)).toEqual({ centerId: DOWNTOWN.id, archived: 'true', limit: '25' });
    const archived = rowOf('WIP-OLD');
    expect(within(archived).getByText('Archived')).toBeInTheDocument();
    // An archived part takes no stock: only its history, Edit and Restore.
    expect(within(archived).getAllByRole('button').map((button) => button.textContent)).toEqual(['History', 'Edit', 'Restore']);
    await user.click(screen.getByRole('checkbox', { name: 'Show archived' }));

    await user.selectOptions(screen.getByRole('combobox', { name: 'Centre' }), 'Northside Service Centre');
    await screen.findByRole('table', { name: 'Parts at Northside Service Centre, by SKU' });
    expect(cells(rowOf('OIL-5W30')).slice(3, 6)).toEqual(['40', '0', '40']);
    expect(within(rowOf('OIL-5W30')).queryByText('Low stock')).not.toBeInTheDocument();
    expect(listQueries(inventory).at(-1)).toEqual({ centerId: NORTHSIDE.id, limit: '25' });
  });

  test('says when there are no parts yet, and shows a failed load with Retry', async () => {
    const inventory = fakeInventory([]);
    inventory.failList = 500;
    const { user } = await renderInventory(inventory);
    expect(await screen.findByRole('alert')).toHaveTextContent('Something went wrong');
    inventory.failList = undefined;
    await user.click(screen.getByRole('button', { name: 'Retry' }));
    expect(await screen.findByText('No parts yet')).toBeInTheDocument();
    expect(screen.queryByRole('table')).not.toBeInTheDocument();
  });

  test('pages with Load more (the next cursor), and the first new part takes the focus', async () => {
    const parts = Array.from({ length: 30 }, (_, index) => makePart({ sku: `P-${String(index + 1).padStart(2, '0')}` }));
    const inventory = fakeInventory(parts);
    const { user } = await renderInventory(inventory);
    await screen.findByRole('table');
    expect(skus()).toHaveLength(25);
    expect(screen.getByText('25 parts shown, more below.')).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Load more' }));
    await waitFor(() => expect(skus()).toHaveLength(30));
    expect(skus().at(-1)).toBe('P-30');
    await waitFor(() => expect(screen.getByRole('rowheader', { name: 'P-26' })).toHaveFocus());
    expect(screen.queryByRole('button', { name: 'Load more' })).not.toBeInTheDocument();
    expect(listQueries(inventory)).toEqual([
      { centerId: DOWNTOWN.id, limit: '25' },
      { centerId: DOWNTOWN.id, limit: '25', cursor: 'c25' },
    ]);
  });
});

describe('Inventory page: new part, edit, archive', () => {
  test('Add part checks every field with the server’s words, then sends the prices in minor units', async () => {
    const { inventory } = stockedShop();
    const { user } = await renderInventory(inventory);
    await screen.findByRole('table');
    const add = screen.getByRole('button', { name: 'Add part' });
    await user.click(add);
    const dialog = await screen.findByRole('dialog', { name: 'New part' });
    expect(within(dialog).getByRole('textbox', { name: 'SKU' })).toHaveFocus();

    await user.click(within(dialog).getByRole('button', { name: 'Add part' }));
    expect(within(dialog).getByRole('textbox', { name: 'SKU' })).toHaveAccessibleDescription(/SKU is required/);
    for (const message of ['SKU is required', 'Name is required', 'Category is required', 'Unit is required', 'Unit cost is required', 'Sell price is required']) {
      expect(within(dialog).getByText(message)).toBeInTheDocument();
    }
    expect(sent(inventory, 'POST', '/parts')).toEqual([]);

    await user.type(within(dialog).getByRole('textbox', { name: 'SKU' }), 'brk pad');
    await user.type(within(dialog).getByRole('textbox', { name: 'Name' }), 'Brake pads, front');
    await user.type(within(dialog).getByRole('textbox', { name: 'Category' }), 'Brakes');
    await user.selectOptions(within(dialog).getByRole('combobox', { name: 'Unit' }), 'set');
    await user.type(within(dialog).getByRole('textbox', { name: 'Unit cost' }), '-4');
    await user.type(within(dialog).getByRole('textbox', { name: 'Sell price' }), '6500.125');
    await user.click(within(dialog).getByRole('button', { name: 'Add part' }));
    expect(within(dialog).getByText('SKU may contain only letters, digits, dots, hyphens, underscores and slashes')).toBeInTheDocument();
    expect(within(dialog).getByText('Unit cost cannot be negative')).toBeInTheDocument();
    expect(within(dialog).getByText('Sell price must be a whole number of cents')).toBeInTheDocument();

    await user.clear(within(dialog).getByRole('textbox', { name: 'SKU' }));
    await user.type(within(dialog).getByRole('textbox', { name: 'SKU' }), 'brk-pad-f');
    // Editing a field clears its message.
    expect(within(dialog).queryByText(/SKU may contain only/)).not.toBeInTheDocument();
    await user.clear(within(dialog).getByRole('textbox', { name: 'Unit cost' }));
    await user.type(within(dialog).getByRole('textbox', { name: 'Unit cost' }), '4,200.5');
    await user.clear(within(dialog).getByRole('textbox', { name: 'Sell price' }));
    await user.type(within(dialog).getByRole('textbox', { name: 'Sell price' }), '6500');
    await user.click(within(dialog).getByRole('button', { name: 'Add part' }));

    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(sent(inventory, 'POST', '/parts').map((request) => request.body)).toEqual([
      { sku: 'brk-pad-f', name: 'Brake pads, front', category: 'Brakes', unit: 'set', unitCostMinor: 420050, sellPriceMinor: 650000 },
    ]);
    expect(add).toHaveFocus();
    expect(statuses()).toContain('Added BRK-PAD-F Brake pads, front.');
    await waitFor(() => expect(skus()).toEqual(['BRK-PAD-F', 'FLT-001', 'OIL-5W30']));
    expect(within(rowOf('BRK-PAD-F')).getByText('LKR 6,500.00')).toBeInTheDocument();
  });

  test("the server's field error lands on its field (a SKU already taken)", async () => {
    const { inventory } = stockedShop();
    const { user } = await renderInventory(inventory);
    await user.click(await screen.findByRole('button', { name: 'Add part' }));
    const dialog = await screen.findByRole('dialog', { name: 'New part' });
    await user.type(within(dialog).getByRole('textbox', { name: 'SKU' }), 'oil-5w30');
    await user.type(within(dialog).getByRole('textbox', { name: 'Name' }), 'Engine oil again');
    await user.type(within(dialog).getByRole('textbox', { name: 'Category' }), 'Oils');
    await user.selectOptions(within(dialog).getByRole('combobox', { name: 'Unit' }), 'litre');
    await user.type(within(dialog).getByRole('textbox', { name: 'Unit cost' }), '800');
    await user.type(within(dialog).getByRole('textbox', { name: 'Sell price' }), '1250');
    await user.click(within(dialog).getByRole('button', { name: 'Add part' }));

    const sku = within(dialog).getByRole('textbox', { name: 'SKU' });
    await waitFor(() => expect(sku).toHaveAccessibleDescription(/A part with this SKU already exists\./));
    expect(sku).toHaveAttribute('aria-invalid', 'true');
    expect(sku).toHaveFocus();
    expect(screen.getByRole('dialog', { name: 'New part' })).toBeInTheDocument();
  });

  test('Edit opens on the stored values, sends the version it saw, and says so when someone changed the part meanwhile (409)', async () => {
    const { inventory, oil } = stockedShop();
    const { user } = await renderInventory(inventory);
    await screen.findByRole('table');
    await user.click(within(rowOf('OIL-5W30')).getByRole('button', { name: 'Edit' }));
    let dialog = await screen.findByRole('dialog', { name: 'Edit part' });
    expect(dialog).toHaveAccessibleDescription('OIL-5W30 · Engine oil 5W-30');
    expect(within(dialog).getByRole('textbox', { name: 'Sell price' })).toHaveValue('1250.50');
    expect(within(dialog).getByRole('textbox', { name: 'Unit cost' })).toHaveValue('800.00');
    expect(within(dialog).getByRole('combobox', { name: 'Unit' })).toHaveValue('litre');

    // Someone else saves the part first.
    Object.assign(oil, { version: 2, category: 'Engine oils' });
    await user.clear(within(dialog).getByRole('textbox', { name: 'Name' }));
    await user.type(within(dialog).getByRole('textbox', { name: 'Name' }), 'Engine oil 5W-30 synthetic');
    await user.click(within(dialog).getByRole('button', { name: 'Save part' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent('This part was changed by someone else. Reload it and try again.');
    expect(sent(inventory, 'PATCH', `/parts/${oil.id}`).map((request) => request.body)).toEqual([
      { expectedVersion: 1, sku: 'OIL-5W30', name: 'Engine oil 5W-30 synthetic', category: 'Oils', unit: 'litre', unitCostMinor: 80000, sellPriceMinor: 125050 },
    ]);

    // The list reloads: Edit now opens on the part as the server has it, and saving goes through.
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(cells(rowOf('OIL-5W30'))[1]).toBe('Engine oils'));
    const edit = within(rowOf('OIL-5W30')).getByRole('button', { name: 'Edit' });
    expect(edit).toHaveFocus();
    await user.click(edit);
    dialog = await screen.findByRole('dialog', { name: 'Edit part' });
    expect(within(dialog).getByRole('textbox', { name: 'Category' })).toHaveValue('Engine oils');
    await user.clear(within(dialog).getByRole('textbox', { name: 'Sell price' }));
    await user.type(within(dialog).getByRole('textbox', { name: 'Sell price' }), '1300');
    await user.click(within(dialog).getByRole('button', { name: 'Save part' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(sent(inventory, 'PATCH', `/parts/${oil.id}`).at(-1)?.body).toMatchObject({ expectedVersion: 2, category: 'Engine oils', sellPriceMinor: 130000 });
    expect(statuses()).toContain('Saved OIL-5W30 Engine oil 5W-30.');
    await waitFor(() => expect(within(rowOf('OIL-5W30')).getByText('LKR 1,300.00')).toBeInTheDocument());
    expect(edit).toHaveFocus();
  });

  test('Archive takes the part out of the list (PATCH archived with the version); Restore brings it back', async () => {
    const { inventory, oil } = stockedShop();
    const { user } = await renderInventory(inventory);
    await screen.findByRole('table');
    await user.click(within(rowOf('OIL-5W30')).getByRole('button', { name: 'Archive' }));

    await waitFor(() => expect(skus()).toEqual(['FLT-001']));
    expect(sent(inventory, 'PATCH', `/parts/${oil.id}`).map((request) => request.body)).toEqual([{ archived: true, expectedVersion: 1 }]);
    expect(statuses()).toContain('Archived OIL-5W30 Engine oil 5W-30.');
    await waitFor(() => expect(screen.getByText('1 part.')).toHaveFocus());

    await user.click(screen.getByRole('checkbox', { name: 'Show archived' }));
    await waitFor(() => expect(skus()).toEqual(['OIL-5W30', 'WIP-OLD']));
    await user.click(within(rowOf('OIL-5W30')).getByRole('button', { name: 'Restore' }));
    await waitFor(() => expect(skus()).toEqual(['WIP-OLD']));
    expect(sent(inventory, 'PATCH', `/parts/${oil.id}`).at(-1)?.body).toEqual({ archived: false, expectedVersion: 2 });
    expect(statuses()).toContain('Restored OIL-5W30 Engine oil 5W-30.');
  });
});

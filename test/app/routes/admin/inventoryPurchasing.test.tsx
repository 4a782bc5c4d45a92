import { act, screen, waitFor, within } from '@testing-library/react';
import { server } from '../../../msw/server';
import { renderApp, signedIn } from '../../../utils/renderWithProviders';
import { watchDownloads } from '../../../utils/downloads';
import { DOWNTOWN, type FakeInventory, fakeInventory, inventoryHandlers, makePart, sent } from '../../../features/inventory/fakeInventory';
import { type FakePurchasing, fakePurchasing, makeOrder, makeSupplier, purchasingHandlers } from '../../../features/inventory/fakePurchasing';

const admin = () => ({ preloadedState: { auth: signedIn('ADMIN') } });
/** The first render of a lazy page compiles its chunk under ts-jest, which can take over a second when suites run in parallel. */
const FIRST_LOAD = { timeout: 5000 };

function shop(overrides: Partial<FakePurchasing> = {}) {
  const oil = makePart({ sku: 'OIL-5W30', name: 'Engine oil 5W-30', unit: 'litre', unitCostMinor: 90000, stock: { [DOWNTOWN.id]: { onHand: 3, reorderLevel: 5, reorderQuantity: 20 } } });
  const filter = makePart({ sku: 'FLT-001', name: 'Oil filter', unitCostMinor: 150000, stock: { [DOWNTOWN.id]: { onHand: 12 } } });
  const supplier = makeSupplier();
  const inventory = fakeInventory([oil, filter]);
  const purchasing = fakePurchasing({ suppliers: [supplier], ...overrides });
  return { oil, filter, supplier, inventory, purchasing };
}

async function renderInventory(inventory: FakeInventory, purchasing: FakePurchasing, route = '/admin/inventory') {
  server.use(...purchasingHandlers(purchasing, inventory), ...inventoryHandlers(inventory));
  const result = renderApp(route, admin());
  await screen.findByRole('heading', { level: 1, name: 'Inventory' }, FIRST_LOAD);
  return result;
}

const bodies = (inventory: FakeInventory, method: string, path: string | RegExp) => sent(inventory, method, path).map((request) => request.body);
const statuses = () => screen.getAllByRole('status').map((status) => status.textContent);
const rowOf = (name: string) => screen.getByRole('rowheader', { name }).closest('tr') as HTMLElement;
/** A cell's text with the currency's no-break space as a plain one. */
const textOf = (element: Element) => (element.textContent ?? '').replace(/\s/g, ' ');
/** The status badge beside an order's heading. */
const orderStatus = (name = 'PO-1') => screen.getByRole('heading', { level: 2, name }).parentElement?.textContent?.replace(name, '');

describe('Inventory page: the sections', () => {
  test('the tabs switch sections, the URL keeps the choice (reload and Back), and only the chosen one renders', async () => {
    const { inventory, purchasing } = shop();
    const { user, router } = await renderInventory(inventory, purchasing);
    const tabs = within(await screen.findByRole('tablist', { name: 'Inventory sections' }));
    expect(tabs.getAllByRole('tab').map((tab) => tab.textContent)).toEqual(['Parts', 'Purchase orders', 'Suppliers', 'Kits']);
    expect(tabs.getByRole('tab', { name: 'Parts' })).toHaveAttribute('aria-selected', 'true');
    await screen.findByRole('table', { name: 'Parts at Downtown Workshop, by SKU' });
    expect(sent(inventory, 'GET', '/suppliers')).toEqual([]);

    await user.click(tabs.getByRole('tab', { name: 'Suppliers' }));
    expect(router.state.location.search).toBe('?view=suppliers');
    expect(await screen.findByRole('rowheader', { name: 'Lanka Auto Parts' })).toBeInTheDocument();
    expect(screen.queryByRole('table', { name: /Parts at/ })).not.toBeInTheDocument();

    // The arrow keys move between the tabs.
    await user.keyboard('{ArrowRight}');
    expect(tabs.getByRole('tab', { name: 'Kits' })).toHaveFocus();
    expect(router.state.location.search).toBe('?view=kits');

    await act(() => router.navigate(-1));
    await waitFor(() => expect(tabs.getByRole('tab', { name: 'Suppliers' })).toHaveAttribute('aria-selected', 'true'));
    await act(() => router.navigate(-1));
    await waitFor(() => expect(tabs.getByRole('tab', { name: 'Parts' })).toHaveAttribute('aria-selected', 'true'));
  });

  test('opens on the section the URL names', async () => {
    const { inventory, purchasing } = shop();
    await renderInventory(inventory, purchasing, '/admin/inventory?view=orders');
    expect(await screen.findByRole('tab', { name: 'Purchase orders' })).toHaveAttribute('aria-selected', 'true');
    expect(await screen.findByText('No purchase orders yet')).toBeInTheDocument();
    expect(sent(inventory, 'GET', '/parts')).toEqual([]);
  });
});

describe('Inventory page: purchase orders', () => {
  test('New order checks its fields, then sends the lines with the unit cost in minor units and opens the draft', async () => {
    const { inventory, purchasing, oil, supplier } = shop();
    const { user, router } = await renderInventory(inventory, purchasing, '/admin/inventory?view=orders');
    await screen.findByText('No purchase orders yet');
    await user.click(screen.getByRole('button', { name: 'New order' }));
    const dialog = screen.getByRole('dialog', { name: 'New purchase order' });

    await user.click(within(dialog).getByRole('button', { name: 'Create draft' }));
    expect(within(dialog).getByRole('combobox', { name: 'Supplier' })).toHaveAccessibleDescription(/Supplier is required/);
    expect(within(dialog).getByText('Add at least one part to the order.')).toBeInTheDocument();

    await user.selectOptions(within(dialog).getByRole('combobox', { name: 'Supplier' }), 'Lanka Auto Parts');
    expect(within(dialog).getByRole('combobox', { name: 'Centre' })).toHaveDisplayValue('Downtown Workshop');
    await user.type(within(dialog).getByRole('searchbox', { name: 'Find a part' }), 'oil-5');
    await user.click(await within(dialog).findByRole('button', { name: 'Add OIL-5W30 · Engine oil 5W-30' }));
    const quantity = within(dialog).getByRole('spinbutton', { name: 'Quantity of OIL-5W30 · Engine oil 5W-30' });
    const cost = within(dialog).getByRole('textbox', { name: 'Unit cost of OIL-5W30 · Engine oil 5W-30' });
    // A new line starts at 1 unit at the part's unit cost.
    expect(quantity).toHaveValue(1);
    expect(cost).toHaveValue('900.00');
    await user.clear(quantity);
    await user.type(quantity, '0');
    await user.clear(cost);
    await user.type(cost, '-1');
    await user.click(within(dialog).getByRole('button', { name: 'Create draft' }));
    expect(quantity).toHaveAccessibleDescription(/Quantity must be at least 1/);
    expect(cost).toHaveAccessibleDescription(/Unit cost cannot be negative/);
    expect(sent(inventory, 'POST', '/purchase-orders')).toEqual([]);

    await user.clear(quantity);
    await user.type(quantity, '10');
    await user.clear(cost);
    await user.type(cost, '1,250.5');
    expect(within(dialog).getByText('Total: LKR 12,505.00')).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Create draft' }));

    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(bodies(inventory, 'POST', '/purchase-orders')).toEqual([{ supplierId: supplier.id, centerId: DOWNTOWN.id, lines: [{ partId: oil.id, quantity: 10, unitCostMinor: 125050 }] }]);
    const [order] = purchasing.orders;
    expect(router.state.location.search).toBe(`?view=orders&order=${order.id}`);
    const heading = await screen.findByRole('heading', { level: 2, name: 'PO-1' });
    // The New order button is gone with the list: the order's heading takes the focus.
    await waitFor(() => expect(heading).toHaveFocus());
    expect(orderStatus()).toBe('Draft');
    expect(screen.getByRole('button', { name: 'Edit' })).toBeInTheDocument();

    // Back to the list: the new order is there.
    await user.click(screen.getByRole('button', { name: 'All purchase orders' }));
    const row = within(await screen.findByRole('table', { name: 'Purchase orders, newest first' })).getAllByRole('row')[1];
    expect(within(row).getAllByRole('cell').map(textOf)).toEqual(['Lanka Auto Parts', 'Downtown Workshop', 'Draft', '1', 'LKR 12,505.00']);
  });

  test('places a draft, receives part of it (Partly received), then the rest (Received)', async () => {
    const { inventory, purchasing, oil, filter, supplier } = shop();
    const order = makeOrder(supplier, DOWNTOWN.id, [
      { part: oil, quantity: 10 },
      { part: filter, quantity: 4, unitCostMinor: 150000 },
    ]);
    purchasing.orders.push(order);
    const { user } = await renderInventory(inventory, purchasing, `/admin/inventory?view=orders&order=${order.id}`);
    await screen.findByRole('heading', { level: 2, name: 'PO-1' });
    expect(textOf(screen.getByText('Total').nextElementSibling!)).toBe('LKR 15,000.00');

    await user.click(screen.getByRole('button', { name: 'Place order' }));
    await waitFor(() => expect(statuses()).toContain('Placed PO-1.'));
    expect(bodies(inventory, 'POST', `/purchase-orders/${order.id}/order`)).toEqual([{ expectedVersion: 1 }]);
    await waitFor(() => expect(orderStatus()).toBe('Ordered'));
    expect(screen.queryByRole('button', { name: 'Edit' })).not.toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Receive' }));
    let dialog = screen.getByRole('dialog', { name: 'Receive PO-1' });
    const oilNow = within(dialog).getByRole('spinbutton', { name: 'Received now of OIL-5W30 · Engine oil 5W-30' });
    const filterNow = within(dialog).getByRole('spinbutton', { name: 'Received now of FLT-001 · Oil filter' });
    // Each line starts at what remains.
    expect(oilNow).toHaveValue(10);
    expect(filterNow).toHaveValue(4);
    await user.clear(oilNow);
    await user.type(oilNow, '4');
    await user.clear(filterNow);
    await user.type(filterNow, '0');
    await user.click(within(dialog).getByRole('button', { name: 'Receive' }));

    await waitFor(() => expect(statuses()).toContain('Received 4 units on PO-1.'));
    expect(bodies(inventory, 'POST', `/purchase-orders/${order.id}/receive`)).toEqual([{ lines: [{ partId: oil.id, quantity: 4 }] }]);
    await waitFor(() => expect(orderStatus()).toBe('Partly received'));
    expect(within(rowOf('OIL-5W30')).getAllByRole('cell').map((cell) => cell.textContent).slice(1, 4)).toEqual(['10 litre', '4', '6']);

    await user.click(screen.getByRole('button', { name: 'Receive' }));
    dialog = screen.getByRole('dialog', { name: 'Receive PO-1' });
    expect(within(dialog).getByRole('spinbutton', { name: 'Received now of OIL-5W30 · Engine oil 5W-30' })).toHaveValue(6);
    await user.click(within(dialog).getByRole('button', { name: 'Receive' }));
    await waitFor(() => expect(orderStatus()).toBe('Received'));
    expect(bodies(inventory, 'POST', `/purchase-orders/${order.id}/receive`).at(-1)).toEqual({
      lines: [
        { partId: oil.id, quantity: 6 },
        { partId: filter.id, quantity: 4 },
      ],
    });
    expect(screen.queryByRole('button', { name: 'Receive' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Cancel order' })).not.toBeInTheDocument();
  });

  test('Edit replaces a draft’s content on the version it was read at', async () => {
    const { inventory, purchasing, oil, filter, supplier } = shop();
    const order = makeOrder(supplier, DOWNTOWN.id, [{ part: oil, quantity: 10 }]);
    purchasing.orders.push(order);
    const { user } = await renderInventory(inventory, purchasing, `/admin/inventory?view=orders&order=${order.id}`);
    await screen.findByRole('heading', { level: 2, name: 'PO-1' });
    await user.click(screen.getByRole('button', { name: 'Edit' }));
    const dialog = screen.getByRole('dialog', { name: 'Edit PO-1' });
    expect(within(dialog).getByRole('combobox', { name: 'Supplier' })).toHaveDisplayValue('Lanka Auto Parts');
    expect(within(dialog).getByRole('spinbutton', { name: 'Quantity of OIL-5W30 · Engine oil 5W-30' })).toHaveValue(10);
    await user.click(within(dialog).getByRole('button', { name: 'Remove OIL-5W30 · Engine oil 5W-30' }));
    await user.click(await within(dialog).findByRole('button', { name: 'Add FLT-001 · Oil filter' }));
    await user.click(within(dialog).getByRole('button', { name: 'Save order' }));

    await waitFor(() => expect(statuses()).toContain('Saved PO-1.'));
    expect(bodies(inventory, 'PUT', `/purchase-orders/${order.id}`)).toEqual([
      { supplierId: supplier.id, centerId: DOWNTOWN.id, lines: [{ partId: filter.id, quantity: 1, unitCostMinor: 150000 }], expectedVersion: 1 },
    ]);
    expect(await screen.findByRole('rowheader', { name: 'FLT-001' })).toBeInTheDocument();
    expect(screen.queryByRole('rowheader', { name: 'OIL-5W30' })).not.toBeInTheDocument();
  });

  test("a receipt the server refuses (409) shows its message in the dialog and reloads the order", async () => {
    const { inventory, purchasing, oil, supplier } = shop();
    const order = makeOrder(supplier, DOWNTOWN.id, [{ part: oil, quantity: 10 }], { status: 'ORDERED' });
    purchasing.orders.push(order);
    const { user } = await renderInventory(inventory, purchasing, `/admin/inventory?view=orders&order=${order.id}`);
    await screen.findByRole('heading', { level: 2, name: 'PO-1' });
    await user.click(screen.getByRole('button', { name: 'Receive' }));
    const dialog = screen.getByRole('dialog', { name: 'Receive PO-1' });
    // Someone else received 8 meanwhile.
    order.lines[0].received = 8;
    order.status = 'PARTLY_RECEIVED';
    await user.click(within(dialog).getByRole('button', { name: 'Receive' }));
    expect(await within(dialog).findByText('Only 2 still to receive on this line.')).toBeInTheDocument();
    await waitFor(() => expect(orderStatus()).toBe('Partly received'));
  });

  test('Cancel order asks first; a stale version (409) says so and shows the order as it is now', async () => {
    const { inventory, purchasing, oil, supplier } = shop();
    const order = makeOrder(supplier, DOWNTOWN.id, [{ part: oil, quantity: 10 }], { status: 'ORDERED' });
    purchasing.orders.push(order);
    const confirm = jest.spyOn(window, 'confirm').mockReturnValueOnce(false).mockReturnValue(true);
    const { user } = await renderInventory(inventory, purchasing, `/admin/inventory?view=orders&order=${order.id}`);
    await screen.findByRole('heading', { level: 2, name: 'PO-1' });

    await user.click(screen.getByRole('button', { name: 'Cancel order' }));
    expect(confirm).toHaveBeenCalledWith('Cancel PO-1? This cannot be undone.');
    expect(sent(inventory, 'POST', `/purchase-orders/${order.id}/cancel`)).toEqual([]);

    // Changed by someone else since it was read.
    order.version = 2;
    const reads = sent(inventory, 'GET', `/purchase-orders/${order.id}`).length;
    await user.click(screen.getByRole('button', { name: 'Cancel order' }));
    expect(await screen.findByText('This purchase order was changed by someone else. Reload it and try again.')).toBeInTheDocument();
    await waitFor(() => expect(sent(inventory, 'GET', `/purchase-orders/${order.id}`).length).toBeGreaterThan(reads));

    await user.click(screen.getByRole('button', { name: 'Cancel order' }));
    await waitFor(() => expect(statuses()).toContain('Cancelled PO-1.'));
    expect(bodies(inventory, 'POST', `/purchase-orders/${order.id}/cancel`)).toEqual([{ expectedVersion: 1 }, { expectedVersion: 2 }]);
    await waitFor(() => expect(orderStatus()).toBe('Cancelled'));
    expect(screen.queryByRole('button', { name: 'Receive' })).not.toBeInTheDocument();
    confirm.mockRestore();
  });

  test('the list filters by status and pages with Load more', async () => {
    const { inventory, purchasing, oil, supplier } = shop({ pageSize: 2 });
    purchasing.orders.push(
      makeOrder(supplier, DOWNTOWN.id, [{ part: oil, quantity: 1 }], { number: 1, status: 'RECEIVED' }),
      makeOrder(supplier, DOWNTOWN.id, [{ part: oil, quantity: 2 }], { number: 2, status: 'ORDERED' }),
      makeOrder(supplier, DOWNTOWN.id, [{ part: oil, quantity: 3 }], { number: 3 }),
    );
    const { user } = await renderInventory(inventory, purchasing, '/admin/inventory?view=orders');
    const orderNames = () => screen.getAllByRole('rowheader').map((cell) => cell.textContent);
    await waitFor(() => expect(orderNames()).toEqual(['PO-3', 'PO-2']));
    await user.click(screen.getByRole('button', { name: 'Load more' }));
    await waitFor(() => expect(orderNames()).toEqual(['PO-3', 'PO-2', 'PO-1']));

    await user.selectOptions(screen.getByRole('combobox', { name: 'Status' }), 'Ordered');
    await waitFor(() => expect(orderNames()).toEqual(['PO-2']));
    expect(sent(inventory, 'GET', '/purchase-orders').at(-1)?.query).toEqual({ status: 'ORDERED', limit: '25' });
    await user.selectOptions(screen.getByRole('combobox', { name: 'Status' }), 'Cancelled');
    expect(await screen.findByText('No cancelled orders')).toBeInTheDocument();
  });
});

describe('Inventory page: reorder suggestions', () => {
  test('with Low stock, the suggestions show; Draft order makes a draft of them for the chosen supplier and opens it', async () => {
    const { inventory, purchasing, oil, supplier } = shop();
    const { stock: _stock, ...part } = oil;
    purchasing.suggestions[DOWNTOWN.id] = [
      {
        part,
        stock: { centerId: DOWNTOWN.id, onHand: 3, reserved: 0, available: 3, reorderLevel: 5, reorderQuantity: 20, low: true },
        onOrder: 0,
        projected: 3,
        demand: 0,
        suggestedQuantity: 20,
      },
    ];
    const { user, router } = await renderInventory(inventory, purchasing);
    await screen.findByRole('table');
    expect(screen.queryByRole('heading', { name: 'Reorder suggestions' })).not.toBeInTheDocument();

    await user.click(screen.getByRole('checkbox', { name: 'Low stock' }));
    const panel = await screen.findByRole('region', { name: 'Reorder suggestions' });
    expect(await within(panel).findByRole('listitem')).toHaveTextContent('OIL-5W30 · Engine oil 5W-30: projected 3; order 20 litre');
    expect(sent(inventory, 'GET', '/parts/suggestions').map((request) => request.query)).toEqual([{ centerId: DOWNTOWN.id }]);

    await user.click(within(panel).getByRole('button', { name: 'Draft order' }));
    const dialog = screen.getByRole('dialog', { name: 'Draft order' });
    await user.click(within(dialog).getByRole('button', { name: 'Create draft' }));
    expect(within(dialog).getByRole('combobox', { name: 'Supplier' })).toHaveAccessibleDescription(/Supplier is required/);
    await user.selectOptions(within(dialog).getByRole('combobox', { name: 'Supplier' }), 'Lanka Auto Parts');
    await user.click(within(dialog).getByRole('button', { name: 'Create draft' }));

    expect(await screen.findByRole('heading', { level: 2, name: 'PO-1' }, FIRST_LOAD)).toBeInTheDocument();
    expect(bodies(inventory, 'POST', '/purchase-orders/from-suggestions')).toEqual([{ supplierId: supplier.id, centerId: DOWNTOWN.id }]);
    expect(router.state.location.search).toBe(`?view=orders&order=${purchasing.orders[0].id}`);
    expect(screen.getByRole('tab', { name: 'Purchase orders' })).toHaveAttribute('aria-selected', 'true');
    expect(within(rowOf('OIL-5W30')).getAllByRole('cell')[1]).toHaveTextContent('20 litre');
  });
});

describe('Inventory page: suppliers', () => {
  test("adds a supplier (the server's duplicate name shows on the field) and edits one", async () => {
    const { inventory, purchasing, supplier } = shop();
    const { user } = await renderInventory(inventory, purchasing, '/admin/inventory?view=suppliers');
    await screen.findByRole('rowheader', { name: 'Lanka Auto Parts' });

    await user.click(screen.getByRole('button', { name: 'Add supplier' }));
    let dialog = screen.getByRole('dialog', { name: 'New supplier' });
    await user.click(within(dialog).getByRole('button', { name: 'Add supplier' }));
    const name = within(dialog).getByRole('textbox', { name: 'Name' });
    expect(name).toHaveAccessibleDescription(/Name is required/);
    await user.type(name, 'lanka auto parts');
    await user.click(within(dialog).getByRole('button', { name: 'Add supplier' }));
    await waitFor(() => expect(name).toHaveAccessibleDescription(/A supplier with this name already exists\./));

    await user.clear(name);
    await user.type(name, 'Colombo Filters');
    await user.type(within(dialog).getByRole('textbox', { name: 'Email' }), 'sales@colombofilters.test');
    await user.click(within(dialog).getByRole('button', { name: 'Add supplier' }));
    await waitFor(() => expect(statuses()).toContain('Added Colombo Filters.'));
    expect(bodies(inventory, 'POST', '/suppliers').at(-1)).toEqual({ name: 'Colombo Filters', email: 'sales@colombofilters.test' });
    expect(await screen.findByRole('rowheader', { name: 'Colombo Filters' })).toBeInTheDocument();

    await user.click(within(rowOf('Lanka Auto Parts')).getByRole('button', { name: 'Edit', description: 'Lanka Auto Parts' }));
    dialog = screen.getByRole('dialog', { name: 'Edit supplier' });
    const phone = within(dialog).getByRole('textbox', { name: 'Phone' });
    expect(phone).toHaveValue('+94 11 234 5678');
    await user.clear(phone);
    await user.type(phone, '011 999 0000');
    await user.click(within(dialog).getByRole('button', { name: 'Save supplier' }));
    await waitFor(() => expect(statuses()).toContain('Saved Lanka Auto Parts.'));
    expect(bodies(inventory, 'PUT', `/suppliers/${supplier.id}`)).toEqual([{ name: 'Lanka Auto Parts', contactName: 'Nimal Perera', phone: '011 999 0000', email: 'orders@lankaauto.test' }]);
  });
});

describe('Inventory page: kits', () => {
  test('shows each service type’s kit, and Edit kit replaces it with a PUT', async () => {
    const { inventory, purchasing, oil, filter } = shop();
    purchasing.kits = [{ serviceType: 'OIL_CHANGE', lines: [{ partId: oil.id, sku: oil.sku, name: oil.name, unit: oil.unit, quantity: 4 }] }];
    const { user } = await renderInventory(inventory, purchasing, '/admin/inventory?view=kits');
    const oilChange = (await screen.findByRole('heading', { level: 2, name: 'Oil Change' })).closest('li') as HTMLElement;
    expect(within(oilChange).getByText('4 litre · OIL-5W30 · Engine oil 5W-30')).toBeInTheDocument();
    const brakes = screen.getByRole('heading', { level: 2, name: 'Brake Inspection' }).closest('li') as HTMLElement;
    expect(within(brakes).getByText('No kit')).toBeInTheDocument();

    await user.click(within(oilChange).getByRole('button', { name: 'Edit kit' }));
    const dialog = screen.getByRole('dialog', { name: 'Oil Change kit' });
    await user.click(await within(dialog).findByRole('button', { name: 'Add FLT-001 · Oil filter' }));
    const quantity = within(dialog).getByRole('spinbutton', { name: 'Quantity of FLT-001 · Oil filter' });
    await user.clear(quantity);
    await user.click(within(dialog).getByRole('button', { name: 'Save kit' }));
    expect(quantity).toHaveAccessibleDescription(/Quantity is required/);
    await user.type(quantity, '1');
    await user.click(within(dialog).getByRole('button', { name: 'Save kit' }));

    await waitFor(() => expect(statuses()).toContain('Saved the Oil Change kit.'));
    expect(bodies(inventory, 'PUT', '/service-kits/OIL_CHANGE')).toEqual([
      {
        lines: [
          { partId: oil.id, quantity: 4 },
          { partId: filter.id, quantity: 1 },
        ],
      },
    ]);
    expect(await within(oilChange).findByText('1 each · FLT-001 · Oil filter')).toBeInTheDocument();
  });
});

describe('Inventory page: CSV', () => {
  const csvFile = (text: string) => new File([text], 'parts.csv', { type: 'text/csv' });

  test('Import CSV sends the file’s text; a refused file lists each line’s errors, a good one says what it did', async () => {
    const { inventory, purchasing } = shop({
      importAnswer: {
        errors: { file: 'The file has errors; nothing was imported.', 'line 3': 'SKU is required', 'line 12': 'Unit cost must be an amount like 1250.00' },
      },
    });
    const { user } = await renderInventory(inventory, purchasing);
    await screen.findByRole('table');
    const text = 'sku,name,category,unit,unit_cost,sell_price\nOIL-1,Oil,Oils,litre,900.00,1250.00\n';
    await user.upload(screen.getByLabelText('Parts CSV file'), csvFile(text));

    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('The file has errors; nothing was imported.');
    expect(within(alert).getAllByRole('listitem').map((item) => item.textContent)).toEqual(['Line 3: SKU is required', 'Line 12: Unit cost must be an amount like 1250.00']);
    const [request] = sent(inventory, 'POST', '/parts/import');
    expect(request.body).toBe(text);

    purchasing.importAnswer = { created: 2, updated: 1 };
    await user.upload(screen.getByLabelText('Parts CSV file'), csvFile(text));
    await waitFor(() => expect(statuses()).toContain('Imported parts.csv: 2 created, 1 updated.'));
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });

  test('Export CSV downloads the catalogue with the centre’s stock, the token in the header', async () => {
    const downloads = watchDownloads();
    try {
      const { inventory, purchasing } = shop({ exportText: 'sku,name\nOIL-5W30,Engine oil\n' });
      const { user } = await renderInventory(inventory, purchasing);
      await screen.findByRole('table');
      await user.click(screen.getByRole('button', { name: 'Export CSV' }));
      await waitFor(() => expect(downloads.saved).toHaveLength(1));
      expect(sent(inventory, 'GET', '/parts/export.csv').map((request) => request.query)).toEqual([{ centerId: DOWNTOWN.id }]);
      expect(purchasing.authorizations.at(-1)).toBe('Bearer access-token-1');
      expect(downloads.saved[0].download).toBe('parts.csv');
      expect(await downloads.saved[0].blob.text()).toBe('sku,name\nOIL-5W30,Engine oil\n');
      await waitFor(() => expect(statuses()).toContain('Exported parts.csv (29 bytes).'));
    } finally {
      downloads.restore();
    }
  });
});

/**
 * Suppliers and purchase orders: DRAFT → ORDERED → PARTLY_RECEIVED → RECEIVED, or CANCELLED; receiving adds its
 * movements in one transaction and never more than was ordered, even when two receipts race; reorder suggestions
 * from projected stock (on hand + on order − reserved) and the kits booked for the next 14 days; a draft from them
 * in one step.
 */
import { INVENTORY_MESSAGES, moreThanOrdered } from '../../../server/src/contract/inventory';
import { ACCESS_DENIED, call, failure, invalid, succeeded } from '../helpers/http';
import { approvedTechnician, assigned, booked, CENTERS, day, http, listen, signUp, useShop } from '../helpers/shop';
import { ledgerMatches, newPart, stockOf } from './helpers';

const shop = useShop();
let suppliers = 0;

async function newSupplier(): Promise<{ id: string; name: string }> {
  suppliers += 1;
  return succeeded(call(shop.app, 'POST', '/api/suppliers', { token: shop.admin.token, body: { name: `Supplier ${suppliers} ${Date.now()}`, contactName: 'Kasun', email: 'orders@example.com', phone: '011 555 0100' } }));
}

function draft(supplierId: string, lines: { partId: string; quantity: number; unitCostMinor: number }[], centerId: string = CENTERS.westgate) {
  return call(shop.app, 'POST', '/api/purchase-orders', { token: shop.admin.token, body: { supplierId, centerId, lines } });
}

describe('suppliers', () => {
  it('admins add and edit suppliers; names are unique; others may not', async () => {
    const supplier = await newSupplier();
    expect(supplier).toMatchObject({ contactName: 'Kasun', email: 'orders@example.com', phone: '011 555 0100' });
    expect(await call(shop.app, 'POST', '/api/suppliers', { token: shop.admin.token, body: { name: ` ${supplier.name} ` } })).toMatchObject({
      status: 400,
      body: invalid({ name: INVENTORY_MESSAGES.duplicateSupplier }),
    });
    const edited = await succeeded(call(shop.app, 'PUT', `/api/suppliers/${supplier.id}`, { token: shop.admin.token, body: { name: `${supplier.name} Ltd` } }));
    expect(edited).toEqual({ id: supplier.id, name: `${supplier.name} Ltd` });
    expect((await succeeded(call(shop.app, 'GET', '/api/suppliers', { token: shop.admin.token }))).items).toContainEqual(edited);
    const technician = await approvedTechnician(shop);
    expect(await call(shop.app, 'GET', '/api/suppliers', { token: technician.token })).toMatchObject({ status: 403, body: ACCESS_DENIED });
    expect(await call(shop.app, 'GET', '/api/purchase-orders', { token: technician.token })).toMatchObject({ status: 403, body: ACCESS_DENIED });
  });
});

describe('purchase orders', () => {
  it('a draft is edited on its version, ordered, received in parts and then in full; each receipt adds its movements', async () => {
    const supplier = await newSupplier();
    const oil = await newPart(shop.app, shop.admin.token, { unit: 'litre' });
    const filter = await newPart(shop.app, shop.admin.token);
    const created = await succeeded(draft(supplier.id, [{ partId: oil.id, quantity: 20, unitCostMinor: 130000 }]));
    expect(created).toMatchObject({ status: 'DRAFT', version: 1, supplier: { id: supplier.id }, centerId: CENTERS.westgate, totalMinor: 2_600_000, number: expect.any(Number) });
    const body = { supplierId: supplier.id, centerId: CENTERS.westgate, lines: [{ partId: oil.id, quantity: 20, unitCostMinor: 130000 }, { partId: filter.id, quantity: 10, unitCostMinor: 90000 }] };
    const edited = await succeeded(call(shop.app, 'PUT', `/api/purchase-orders/${created.id}`, { token: shop.admin.token, body: { ...body, expectedVersion: 1 } }));
    expect(edited).toMatchObject({ version: 2, totalMinor: 3_500_000 });
    expect(await call(shop.app, 'PUT', `/api/purchase-orders/${created.id}`, { token: shop.admin.token, body: { ...body, expectedVersion: 1 } })).toMatchObject({
      status: 409,
      body: failure(INVENTORY_MESSAGES.orderStale),
    });
    expect(await call(shop.app, 'POST', `/api/purchase-orders/${created.id}/receive`, { token: shop.admin.token, body: { lines: [{ partId: oil.id, quantity: 1 }] } })).toMatchObject({
      status: 409,
      body: failure(INVENTORY_MESSAGES.orderNotOpen),
    });
    const ordered = await succeeded(call(shop.app, 'POST', `/api/purchase-orders/${created.id}/order`, { token: shop.admin.token, body: { expectedVersion: 2 } }));
    expect(ordered).toMatchObject({ status: 'ORDERED', orderedAt: expect.any(String) });
    expect(await call(shop.app, 'PUT', `/api/purchase-orders/${created.id}`, { token: shop.admin.token, body: { ...body, expectedVersion: 3 } })).toMatchObject({
      status: 409,
      body: failure(INVENTORY_MESSAGES.orderNotDraft),
    });

    const partly = await succeeded(call(shop.app, 'POST', `/api/purchase-orders/${created.id}/receive`, { token: shop.admin.token, body: { lines: [{ partId: oil.id, quantity: 12 }, { partId: filter.id, quantity: 10 }] } }));
    expect(partly.status).toBe('PARTLY_RECEIVED');
    expect(partly.lines.map((line: { partId: string; received: number }) => [line.partId, line.received]).sort()).toEqual([[filter.id, 10], [oil.id, 12]].sort());
    expect((await stockOf(shop.app, shop.admin.token, oil.id))[CENTERS.westgate].onHand).toBe(12);
    expect(await call(shop.app, 'POST', `/api/purchase-orders/${created.id}/receive`, { token: shop.admin.token, body: { lines: [{ partId: oil.id, quantity: 9 }] } })).toMatchObject({
      status: 409,
      body: failure(moreThanOrdered(8)),
    });
    expect(await call(shop.app, 'POST', `/api/purchase-orders/${created.id}/receive`, { token: shop.admin.token, body: { lines: [{ partId: crypto.randomUUID(), quantity: 1 }] } })).toMatchObject({
      status: 400,
      body: invalid({ 'lines.0.partId': INVENTORY_MESSAGES.notOnOrder }),
    });
    const full = await succeeded(call(shop.app, 'POST', `/api/purchase-orders/${created.id}/receive`, { token: shop.admin.token, body: { lines: [{ partId: oil.id, quantity: 8 }] } }));
    expect(full.status).toBe('RECEIVED');
    expect((await stockOf(shop.app, shop.admin.token, oil.id))[CENTERS.westgate].onHand).toBe(20);
    const movements = await shop.app.db.selectFrom('stock_movements').select(['kind', 'quantity', 'purchase_order_id']).where('part_id', '=', oil.id).orderBy('id').execute();
    expect(movements).toEqual([
      { kind: 'RECEIVED', quantity: 12, purchase_order_id: created.id },
      { kind: 'RECEIVED', quantity: 8, purchase_order_id: created.id },
    ]);
    expect(await call(shop.app, 'POST', `/api/purchase-orders/${created.id}/cancel`, { token: shop.admin.token, body: { expectedVersion: full.version } })).toMatchObject({
      status: 409,
      body: failure(INVENTORY_MESSAGES.orderNotCancellable),
    });
  });

  it('refuses an empty order, a repeated part, an unknown supplier or part, and cancels a draft', async () => {
    const supplier = await newSupplier();
    const part = await newPart(shop.app, shop.admin.token);
    expect(await draft(supplier.id, [])).toMatchObject({ status: 400, body: invalid({ lines: INVENTORY_MESSAGES.orderEmpty }) });
    expect(await draft(supplier.id, [{ partId: part.id, quantity: 1, unitCostMinor: 1 }, { partId: part.id, quantity: 2, unitCostMinor: 1 }])).toMatchObject({
      status: 400,
      body: invalid({ lines: INVENTORY_MESSAGES.duplicateOrderPart }),
    });
    expect(await draft(crypto.randomUUID(), [{ partId: part.id, quantity: 1, unitCostMinor: 1 }])).toMatchObject({ status: 400, body: invalid({ supplierId: INVENTORY_MESSAGES.supplierNotFound }) });
    expect(await draft(supplier.id, [{ partId: crypto.randomUUID(), quantity: 1, unitCostMinor: 1 }])).toMatchObject({
      status: 400,
      body: invalid({ 'lines.0.partId': INVENTORY_MESSAGES.partNotFound }),
    });
    const order = await succeeded(draft(supplier.id, [{ partId: part.id, quantity: 1, unitCostMinor: 1 }]));
    expect(await succeeded(call(shop.app, 'POST', `/api/purchase-orders/${order.id}/cancel`, { token: shop.admin.token, body: { expectedVersion: 1 } }))).toMatchObject({ status: 'CANCELLED' });
    expect(await call(shop.app, 'GET', `/api/purchase-orders/${crypto.randomUUID()}`, { token: shop.admin.token })).toMatchObject({ status: 404, body: failure(INVENTORY_MESSAGES.orderNotFound) });
  });

  it('two receipts of the same outstanding units at once: one succeeds, the other is refused; stock rises once', async () => {
    const base = await listen(shop.app);
    const supplier = await newSupplier();
    const part = await newPart(shop.app, shop.admin.token);
    const order = await succeeded(draft(supplier.id, [{ partId: part.id, quantity: 5, unitCostMinor: 100 }]));
    await succeeded(call(shop.app, 'POST', `/api/purchase-orders/${order.id}/order`, { token: shop.admin.token, body: { expectedVersion: 1 } }));
    const answers = await Promise.all(
      Array.from({ length: 6 }, () => http(base, 'POST', `/api/purchase-orders/${order.id}/receive`, { token: shop.admin.token, body: { lines: [{ partId: part.id, quantity: 5 }] } })),
    );
    expect(answers.map((answer) => answer.status).sort()).toEqual([200, 409, 409, 409, 409, 409]);
    expect((await stockOf(shop.app, shop.admin.token, part.id))[CENTERS.westgate].onHand).toBe(5);
    expect(await ledgerMatches(shop.app)).toEqual([]);
  });

  it('lists orders newest first, paged, and by status', async () => {
    const supplier = await newSupplier();
    const part = await newPart(shop.app, shop.admin.token);
    const made = [];
    for (let i = 0; i < 3; i += 1) made.push(await succeeded(draft(supplier.id, [{ partId: part.id, quantity: 1, unitCostMinor: 1 }])));
    const first = await succeeded(call(shop.app, 'GET', '/api/purchase-orders?status=DRAFT&limit=2', { token: shop.admin.token }));
    expect(first.items).toHaveLength(2);
    const second = await succeeded(call(shop.app, 'GET', `/api/purchase-orders?status=DRAFT&limit=2&cursor=${first.nextCursor}`, { token: shop.admin.token }));
    const seen = [...first.items, ...second.items].map((order: { id: string }) => order.id);
    expect(seen.indexOf(made[2].id)).toBeLessThan(seen.indexOf(made[1].id));
    expect(seen.indexOf(made[1].id)).toBeLessThan(seen.indexOf(made[0].id));
  });
});

describe('reorder suggestions', () => {
  it('suggest from projected stock and booked kits, and make a draft from them in one step', async () => {
    const supplier = await newSupplier();
    const bulb = await newPart(shop.app, shop.admin.token, { name: 'H7 bulb', unitCostMinor: 45000 });
    const battery = await newPart(shop.app, shop.admin.token, { name: 'Battery 12 V', unitCostMinor: 2_500_000 });
    // Bulbs: 2 on hand, level 3, reorder 10 → low; suggest 10.
    await call(shop.app, 'POST', `/api/parts/${bulb.id}/receive`, { token: shop.admin.token, body: { centerId: CENTERS.northside, quantity: 2 } });
    await succeeded(call(shop.app, 'PUT', `/api/parts/${bulb.id}/stock/${CENTERS.northside}`, { token: shop.admin.token, body: { reorderLevel: 3, reorderQuantity: 10 } }));
    // Batteries: none on hand and no level, but three booked jobs in the next days need one each → suggest 3.
    await succeeded(call(shop.app, 'PUT', '/api/service-kits/AIR_FILTER_REPLACEMENT', { token: shop.admin.token, body: { lines: [{ partId: battery.id, quantity: 1 }] } }));
    const customer = await signUp(shop.app);
    for (const offset of [1, 2, 3]) await booked(shop.app, customer.token, { serviceType: 'AIR_FILTER_REPLACEMENT', date: day(offset), centerId: CENTERS.northside, slot: '16:00' });
    // One booked beyond the horizon does not count.
    await booked(shop.app, customer.token, { serviceType: 'AIR_FILTER_REPLACEMENT', date: day(20), centerId: CENTERS.northside, slot: '16:00' });
    const suggestions = await succeeded(call(shop.app, 'GET', `/api/parts/suggestions?centerId=${CENTERS.northside}`, { token: shop.admin.token }));
    const byPart = Object.fromEntries(suggestions.items.map((item: { part: { id: string } }) => [item.part.id, item]));
    expect(byPart[bulb.id]).toMatchObject({ onOrder: 0, projected: 2, demand: 0, suggestedQuantity: 10 });
    expect(byPart[battery.id]).toMatchObject({ onOrder: 0, projected: 0, demand: 3, suggestedQuantity: 3 });

    const order = await succeeded(call(shop.app, 'POST', '/api/purchase-orders/from-suggestions', { token: shop.admin.token, body: { supplierId: supplier.id, centerId: CENTERS.northside } }));
    expect(order).toMatchObject({ status: 'DRAFT', centerId: CENTERS.northside });
    const lines = Object.fromEntries(order.lines.map((line: { partId: string }) => [line.partId, line]));
    expect(lines[bulb.id]).toMatchObject({ quantity: 10, unitCostMinor: 45000 });
    expect(lines[battery.id]).toMatchObject({ quantity: 3, unitCostMinor: 2_500_000 });

    // Once ordered, what is on order counts: the bulbs are covered, and so are the batteries.
    await succeeded(call(shop.app, 'POST', `/api/purchase-orders/${order.id}/order`, { token: shop.admin.token, body: { expectedVersion: 1 } }));
    const after = await succeeded(call(shop.app, 'GET', `/api/parts/suggestions?centerId=${CENTERS.northside}`, { token: shop.admin.token }));
    expect(after.items.map((item: { part: { id: string } }) => item.part.id)).not.toContain(bulb.id);
    expect(after.items.map((item: { part: { id: string } }) => item.part.id)).not.toContain(battery.id);
  });

  it('a job assigned later takes the received units that were ordered for it', async () => {
    const supplier = await newSupplier();
    const disc = await newPart(shop.app, shop.admin.token, { name: 'Brake disc' });
    await succeeded(call(shop.app, 'PUT', '/api/service-kits/FULL_SERVICE', { token: shop.admin.token, body: { lines: [{ partId: disc.id, quantity: 2 }] } }));
    const customer = await signUp(shop.app);
    const technician = await approvedTechnician(shop);
    const work = await assigned(shop, customer, technician, { serviceType: 'FULL_SERVICE', date: day(4), centerId: CENTERS.westgate, slot: '09:00' });
    const order = await succeeded(draft(supplier.id, [{ partId: disc.id, quantity: 2, unitCostMinor: 800000 }]));
    await succeeded(call(shop.app, 'POST', `/api/purchase-orders/${order.id}/order`, { token: shop.admin.token, body: { expectedVersion: 1 } }));
    await succeeded(call(shop.app, 'POST', `/api/purchase-orders/${order.id}/receive`, { token: shop.admin.token, body: { lines: [{ partId: disc.id, quantity: 2 }] } }));
    expect((await stockOf(shop.app, shop.admin.token, disc.id))[CENTERS.westgate]).toMatchObject({ onHand: 2, reserved: 2, available: 0 });
    const parts = await succeeded(call(shop.app, 'GET', `/api/appointments/${work.id}/parts`, { token: technician.token }));
    expect(parts.reserved).toEqual([expect.objectContaining({ partId: disc.id, quantity: 2 })]);
  });
});

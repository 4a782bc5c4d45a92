/** The parts catalogue: who may do what, validation, SKU rules, versions, archiving, search and paging. */
import { INVENTORY_MESSAGES } from '../../../server/src/contract/inventory';
import { STAFF_MESSAGES } from '../../../server/src/contract/employees';
import { ACCESS_DENIED, call, failure, invalid, succeeded } from '../helpers/http';
import { approvedTechnician, CENTERS, signUp, useShop } from '../helpers/shop';
import { newPart, receive } from './helpers';

const shop = useShop();

describe('the parts catalogue', () => {
  it('an admin creates a part: SKU upper-cased and trimmed, money in minor units, stock rows at every centre with nothing on hand', async () => {
    const part = await succeeded(
      call(shop.app, 'POST', '/api/parts', { token: shop.admin.token, body: { sku: ' oil-5w30/4l ', name: ' Engine oil 5W-30, 4 L ', category: 'Oils', unit: 'litre', unitCostMinor: 520000, sellPriceMinor: 780000 } }),
    );
    expect(part).toEqual({ id: expect.any(String), version: 1, sku: 'OIL-5W30/4L', name: 'Engine oil 5W-30, 4 L', category: 'Oils', unit: 'litre', unitCostMinor: 520000, sellPriceMinor: 780000, archived: false });
    const detail = await succeeded(call(shop.app, 'GET', `/api/parts/${part.id}`, { token: shop.admin.token }));
    expect(detail.stock.map((level: { centerId: string }) => level.centerId).sort()).toEqual(Object.values(CENTERS).sort());
    expect(detail.stock[0]).toMatchObject({ onHand: 0, reserved: 0, available: 0, reorderLevel: 0, reorderQuantity: 0, low: false });
  });

  it('refuses a taken SKU in any case, and says which field is wrong for bad input', async () => {
    const part = await newPart(shop.app, shop.admin.token);
    const again = await call(shop.app, 'POST', '/api/parts', { token: shop.admin.token, body: { sku: part.sku.toLowerCase(), name: 'x', category: 'y', unit: 'each', unitCostMinor: 1, sellPriceMinor: 1 } });
    expect(again).toMatchObject({ status: 400, body: invalid({ sku: INVENTORY_MESSAGES.duplicateSku }) });
    const bad = await call(shop.app, 'POST', '/api/parts', { token: shop.admin.token, body: { sku: 'A B', name: ' ', category: 'y', unit: 'gallon', unitCostMinor: -1, sellPriceMinor: 1.5 } });
    expect(bad.status).toBe(400);
    expect(bad.body.errors).toEqual({
      sku: 'SKU may contain only letters, digits, dots, hyphens, underscores and slashes',
      name: 'Name is required',
      unit: 'Unit must be one of each, litre, set, pair, metre, kg',
      unitCostMinor: 'Unit cost cannot be negative',
      sellPriceMinor: 'Sell price must be a whole number of cents',
    });
  });

  it('edits with the version it read, and refuses a stale one', async () => {
    const part = await newPart(shop.app, shop.admin.token);
    const edited = await succeeded(call(shop.app, 'PATCH', `/api/parts/${part.id}`, { token: shop.admin.token, body: { sellPriceMinor: 2500, expectedVersion: 1 } }));
    expect(edited).toMatchObject({ version: 2, sellPriceMinor: 2500 });
    const stale = await call(shop.app, 'PATCH', `/api/parts/${part.id}`, { token: shop.admin.token, body: { name: 'Other', expectedVersion: 1 } });
    expect(stale).toMatchObject({ status: 409, body: failure(INVENTORY_MESSAGES.stale) });
  });

  it('archives a part: it leaves the list, shows under archived, and takes no stock', async () => {
    const part = await newPart(shop.app, shop.admin.token, { name: 'Archivable wiper' });
    await succeeded(call(shop.app, 'PATCH', `/api/parts/${part.id}`, { token: shop.admin.token, body: { archived: true, expectedVersion: 1 } }));
    const active = await succeeded(call(shop.app, 'GET', `/api/parts?centerId=${CENTERS.downtown}&q=Archivable`, { token: shop.admin.token }));
    expect(active.items).toEqual([]);
    const archived = await succeeded(call(shop.app, 'GET', `/api/parts?centerId=${CENTERS.downtown}&q=Archivable&archived=true`, { token: shop.admin.token }));
    expect(archived.items.map((item: { id: string }) => item.id)).toEqual([part.id]);
    const refused = await call(shop.app, 'POST', `/api/parts/${part.id}/receive`, { token: shop.admin.token, body: { centerId: CENTERS.downtown, quantity: 1 } });
    expect(refused).toMatchObject({ status: 409, body: failure(INVENTORY_MESSAGES.archived) });
  });

  it('searches by part of a SKU or a name, and pages in SKU order', async () => {
    const tag = `Q${Date.now().toString(36).toUpperCase()}`;
    const made = [];
    for (let i = 0; i < 5; i += 1) made.push(await newPart(shop.app, shop.admin.token, { sku: `${tag}-${i}`, name: `Brake pad ${i}` }));
    await newPart(shop.app, shop.admin.token, { name: `Cabin filter ${tag.toLowerCase()}` });
    const seen: string[] = [];
    let cursor: string | undefined;
    do {
      const page = await succeeded(call(shop.app, 'GET', `/api/parts?centerId=${CENTERS.downtown}&q=${tag}-&limit=2${cursor ? `&cursor=${cursor}` : ''}`, { token: shop.admin.token }));
      seen.push(...page.items.map((item: { sku: string }) => item.sku));
      cursor = page.nextCursor;
    } while (cursor);
    expect(seen).toEqual(made.map((part) => part.sku));
    const byName = await succeeded(call(shop.app, 'GET', `/api/parts?centerId=${CENTERS.downtown}&q=${tag.toLowerCase()}`, { token: shop.admin.token }));
    expect(byName.items).toHaveLength(6);
    // % and _ are matched literally.
    expect((await succeeded(call(shop.app, 'GET', `/api/parts?centerId=${CENTERS.downtown}&q=%25%25`, { token: shop.admin.token }))).items).toEqual([]);
  });

  it('shows on hand, reserved and available at the centre asked for, and filters low stock (available at or below a reorder level above 0)', async () => {
    const part = await newPart(shop.app, shop.admin.token);
    await receive(shop.app, shop.admin.token, part.id, CENTERS.northside, 3);
    const level = await succeeded(call(shop.app, 'PUT', `/api/parts/${part.id}/stock/${CENTERS.northside}`, { token: shop.admin.token, body: { reorderLevel: 3, reorderQuantity: 10 } }));
    expect(level).toEqual({ centerId: CENTERS.northside, onHand: 3, reserved: 0, available: 3, reorderLevel: 3, reorderQuantity: 10, low: true });
    const low = await succeeded(call(shop.app, 'GET', `/api/parts?centerId=${CENTERS.northside}&lowStock=true&limit=200`, { token: shop.admin.token }));
    expect(low.items.find((item: { id: string }) => item.id === part.id)?.stock).toEqual(level);
    const lowElsewhere = await succeeded(call(shop.app, 'GET', `/api/parts?centerId=${CENTERS.downtown}&lowStock=true&limit=200`, { token: shop.admin.token }));
    expect(lowElsewhere.items.find((item: { id: string }) => item.id === part.id)).toBeUndefined();
  });

  it('technicians read parts; only admins change them; customers and strangers get nothing', async () => {
    const part = await newPart(shop.app, shop.admin.token);
    const technician = await approvedTechnician(shop);
    const customer = await signUp(shop.app);
    expect((await call(shop.app, 'GET', `/api/parts/${part.id}`, { token: technician.token })).status).toBe(200);
    expect((await call(shop.app, 'GET', `/api/parts?centerId=${CENTERS.downtown}`, { token: technician.token })).status).toBe(200);
    for (const [method, url, body] of [
      ['POST', '/api/parts', { sku: 'NOPE', name: 'x', category: 'y', unit: 'each', unitCostMinor: 1, sellPriceMinor: 1 }],
      ['PATCH', `/api/parts/${part.id}`, { name: 'x', expectedVersion: 1 }],
      ['POST', `/api/parts/${part.id}/receive`, { centerId: CENTERS.downtown, quantity: 1 }],
      ['GET', `/api/parts/${part.id}/movements?centerId=${CENTERS.downtown}`, undefined],
    ] as const) {
      expect(await call(shop.app, method, url, { token: technician.token, body })).toMatchObject({ status: 403, body: ACCESS_DENIED });
    }
    expect(await call(shop.app, 'GET', `/api/parts/${part.id}`, { token: customer.token })).toMatchObject({ status: 403, body: ACCESS_DENIED });
    const pending = await signUp(shop.app, 'EMPLOYEE');
    for (const url of [`/api/parts/${part.id}`, `/api/parts?centerId=${CENTERS.downtown}`]) {
      expect(await call(shop.app, 'GET', url, { token: pending.token })).toMatchObject({ status: 403, body: failure(STAFF_MESSAGES.awaitingApproval) });
    }
    expect((await call(shop.app, 'GET', `/api/parts/${part.id}`)).status).toBe(401);
    expect(await call(shop.app, 'GET', `/api/parts/${crypto.randomUUID()}`, { token: shop.admin.token })).toMatchObject({ status: 404, body: failure(INVENTORY_MESSAGES.partNotFound) });
    expect(await call(shop.app, 'GET', `/api/parts?centerId=${crypto.randomUUID()}`, { token: shop.admin.token })).toMatchObject({ status: 400, body: invalid({ centerId: INVENTORY_MESSAGES.centerNotFound }) });
  });
});

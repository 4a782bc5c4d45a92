/**
 * The demo workshop's parts (DEMO_DATA=1): a parts list stocked at the three centres through the ledger, kits on the
 * six service types, the completed jobs' parts used, the open jobs' kits reserved, two parts below their reorder
 * level and one open purchase order.
 */
import { CENTERS, useShop } from '../helpers/shop';
import { call, succeeded } from '../helpers/http';
import { ledgerMatches } from './helpers';

const shop = useShop({ env: { DEMO_DATA: '1' } });

describe('the demo workshop’s parts', () => {
  it('stocks a realistic parts list at every centre, explained by the ledger', async () => {
    const parts = await succeeded(call(shop.app, 'GET', `/api/parts?centerId=${CENTERS.downtown}&limit=200`, { token: shop.admin.token }));
    expect(parts.items.length).toBeGreaterThanOrEqual(20);
    const categories = new Set(parts.items.map((part: { category: string }) => part.category));
    for (const category of ['Engine oil', 'Filters', 'Brakes', 'Bulbs', 'Batteries', 'Tyres']) expect(categories).toContain(category);
    expect(await ledgerMatches(shop.app)).toEqual([]);
  });

  it('has kits on the six service types, the completed jobs’ parts used and the open jobs’ kits reserved', async () => {
    const kits = await succeeded(call(shop.app, 'GET', '/api/service-kits', { token: shop.admin.token }));
    expect(kits.items.map((kit: { serviceType: string }) => kit.serviceType).sort()).toEqual(
      ['AIR_FILTER_REPLACEMENT', 'BATTERY_CHECK', 'BRAKE_INSPECTION', 'FULL_SERVICE', 'OIL_CHANGE', 'TIRE_ROTATION'].sort(),
    );
    expect(kits.items.find((kit: { serviceType: string }) => kit.serviceType === 'OIL_CHANGE').lines.map((line: { sku: string; quantity: number }) => [line.sku, line.quantity])).toEqual([
      ['FLT-OIL-TOY', 1],
      ['OIL-5W30', 4],
    ]);
    const completed = await shop.app.db.selectFrom('appointments').select('id').where('status', '=', 'COMPLETED').execute();
    const used = await shop.app.db.selectFrom('job_parts').select('appointment_id').distinct().execute();
    expect(used.length).toBe(completed.length);
    const open = await shop.app.db.selectFrom('appointments').select('id').where('status', 'in', ['CONFIRMED', 'IN_PROGRESS']).execute();
    const reserved = await shop.app.db.selectFrom('job_reservations').select('appointment_id').distinct().execute();
    expect(reserved.length).toBe(open.length);
  });

  it('has two parts below their reorder level and one open purchase order', async () => {
    const low = [];
    for (const centerId of Object.values(CENTERS)) {
      const page = await succeeded(call(shop.app, 'GET', `/api/parts?centerId=${centerId}&lowStock=true&limit=200`, { token: shop.admin.token }));
      low.push(...page.items.map((part: { sku: string }) => `${part.sku}@${centerId}`));
    }
    expect(low.sort()).toEqual([`BRK-PAD-F@${CENTERS.downtown}`, `BLB-H7@${CENTERS.northside}`].sort());
    const orders = await succeeded(call(shop.app, 'GET', '/api/purchase-orders?status=ORDERED', { token: shop.admin.token }));
    expect(orders.items).toEqual([expect.objectContaining({ status: 'ORDERED', centerId: CENTERS.downtown, supplier: expect.objectContaining({ name: 'Lanka Auto Parts (Pvt) Ltd' }) })]);
  });
});

import { catalog } from '../../fixtures/shop';
import { call } from '../helpers/http';
import { BAYS, CENTERS, type Shop, SHOP_ZONE, signUp, startShop } from '../helpers/shop';

/** GET /api/catalog: what can be booked (spec §9), when and where (the footer's three offices). Public. */

let shop: Shop;

beforeAll(async () => {
  shop = await startShop();
});

afterAll(async () => {
  await shop.close();
});

describe('GET /api/catalog', () => {
  it("answers the spec's six service types, in the spec's order, with codes, durations and prices", async () => {
    const response = await call(shop.app, 'GET', '/api/catalog');

    expect(response.status).toBe(200);
    expect(response.body.serviceTypes).toEqual([
      { code: 'FULL_SERVICE', name: 'Full Service', description: expect.any(String), durationMinutes: 180, price: 25000 },
      { code: 'OIL_CHANGE', name: 'Oil Change', description: expect.any(String), durationMinutes: 60, price: 14500 },
      { code: 'BRAKE_INSPECTION', name: 'Brake Inspection', description: expect.any(String), durationMinutes: 90, price: 12500 },
      { code: 'TIRE_ROTATION', name: 'Tire Rotation', description: expect.any(String), durationMinutes: 45, price: 6500 },
      { code: 'BATTERY_CHECK', name: 'Battery Check', description: expect.any(String), durationMinutes: 30, price: 3500 },
      { code: 'AIR_FILTER_REPLACEMENT', name: 'Air Filter Replacement', description: expect.any(String), durationMinutes: 30, price: 4500 },
    ]);
    for (const type of response.body.serviceTypes) expect(type.description.trim().length).toBeGreaterThan(10);
  });

  it("answers the spec's six time slots with their labels", async () => {
    const response = await call(shop.app, 'GET', '/api/catalog');
    expect(response.body.slots).toEqual([
      { start: '09:00', label: '09:00-10:00 AM' },
      { start: '10:00', label: '10:00-11:00 AM' },
      { start: '11:00', label: '11:00 AM-12:00 PM' },
      { start: '14:00', label: '02:00-03:00 PM' },
      { start: '15:00', label: '03:00-04:00 PM' },
      { start: '16:00', label: '04:00-05:00 PM' },
    ]);
  });

  it('answers the three service centres with their bays, and the shop’s time zone', async () => {
    const response = await call(shop.app, 'GET', '/api/catalog');
    expect(response.body.centers).toEqual([
      { id: CENTERS.downtown, name: 'Downtown Workshop', address: expect.any(String), phone: expect.any(String), bays: BAYS.downtown },
      { id: CENTERS.northside, name: 'Northside Service Centre', address: expect.any(String), phone: expect.any(String), bays: BAYS.northside },
      { id: CENTERS.westgate, name: 'Westgate Express Bay', address: expect.any(String), phone: expect.any(String), bays: BAYS.westgate },
    ]);
    expect(response.body.centers.map((center: { bays: number }) => center.bays)).toEqual([4, 3, 2]);
    expect(response.body.timeZone).toBe(SHOP_ZONE);
    expect(Object.keys(response.body).sort()).toEqual(['centers', 'serviceTypes', 'slots', 'timeLogMaxAgeDays', 'timeZone']);
  });

  it('answers how many days back a time log may be dated: 60 by default', async () => {
    const response = await call(shop.app, 'GET', '/api/catalog');
    expect(response.body.timeLogMaxAgeDays).toBe(60);
  });

  it('answers the operator\'s TIME_LOG_MAX_AGE_DAYS (the bound test/server/timeLogs enforces) when it is set', async () => {
    const weekShop = await startShop({ env: { TIME_LOG_MAX_AGE_DAYS: '7' } });
    try {
      const response = await call(weekShop.app, 'GET', '/api/catalog');
      expect(response.status).toBe(200);
      expect(response.body.timeLogMaxAgeDays).toBe(7);
      expect(weekShop.app.catalog.timeLogMaxAgeDays).toBe(7);
    } finally {
      await weekShop.close();
    }
  });

  it('may be cached for a while by anyone', async () => {
    const response = await call(shop.app, 'GET', '/api/catalog');
    expect(response.headers['cache-control']).toMatch(/^public, max-age=[1-9]\d*$/);
    expect(response.headers['content-type']).toMatch(/^application\/json/);
  });

  it('is exactly the catalogue the web tests are written against (test/fixtures/shop.ts)', async () => {
    const response = await call(shop.app, 'GET', '/api/catalog');
    expect(response.body).toEqual({ ...catalog, timeZone: shop.config.shopTimeZone });
  });

  it('is the same for signed-in callers, and a bad token does not matter', async () => {
    const anonymous = await call(shop.app, 'GET', '/api/catalog');
    const customer = await signUp(shop.app);
    expect((await call(shop.app, 'GET', '/api/catalog', { token: customer.token })).body).toEqual(anonymous.body);
    expect((await call(shop.app, 'GET', '/api/catalog', { token: shop.admin.token })).body).toEqual(anonymous.body);
    const badToken = await call(shop.app, 'GET', '/api/catalog', { token: 'not-a-jwt' });
    expect(badToken.status).toBe(200);
    expect(badToken.body).toEqual(anonymous.body);
  });
});

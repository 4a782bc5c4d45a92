import { call, invalid } from '../helpers/http';
import { approvedTechnician, assigned, booked, day, type Person, type Shop, SHOP_TODAY, shopTime, signUp, startShop } from '../helpers/shop';

/**
 * GET /api/appointments/counts: per-status counts of the caller's own jobs (the technician's stats, the admin
 * board's column totals) and the jobs completed this week (Sunday 00:00 in the shop's time zone onwards).
 * SHOP_TODAY (2030-06-03) is a Monday, so this week began on Sunday 2030-06-02.
 */
let shop: Shop;

beforeAll(async () => {
  shop = await startShop();
});

afterAll(async () => shop.close());

const counts = (person: Person, query = '') => call(shop.app, 'GET', `/api/appointments/counts${query}`, { token: person.token });
const setStatus = (person: Person, id: string, status: string) => call(shop.app, 'PATCH', `/api/appointments/${id}/status`, { token: person.token, body: { status } });

describe('GET /api/appointments/counts', () => {
  it("counts each caller's own jobs by status: a customer's, a technician's, and every job for the admin", async () => {
    const ada = await signUp(shop.app);
    const bob = await signUp(shop.app);
    const tess = await approvedTechnician(shop);
    const before = (await counts(shop.admin)).body.byStatus;

    const pending = await booked(shop.app, ada.token, { date: day(10), slot: '09:00' });
    const confirmed = await assigned(shop, ada, tess, { date: day(10), slot: '10:00' });
    const started = await assigned(shop, bob, tess, { date: day(10), slot: '11:00' });
    expect((await setStatus(tess, started.id, 'in_progress')).status).toBe(200);
    const cancelled = await booked(shop.app, bob.token, { date: day(11), slot: '09:00' });
    expect((await call(shop.app, 'POST', `/api/appointments/${cancelled.id}/cancel`, { token: bob.token })).status).toBe(200);

    expect((await counts(ada)).body).toEqual({
      byStatus: { PENDING: 1, CONFIRMED: 1, IN_PROGRESS: 0, COMPLETED: 0, CANCELLED: 0 },
      completedThisWeek: 0,
      weekStart: '2030-06-02',
    });
    expect((await counts(bob)).body.byStatus).toEqual({ PENDING: 0, CONFIRMED: 0, IN_PROGRESS: 1, COMPLETED: 0, CANCELLED: 1 });
    expect((await counts(tess)).body.byStatus).toEqual({ PENDING: 0, CONFIRMED: 1, IN_PROGRESS: 1, COMPLETED: 0, CANCELLED: 0 });
    const after = (await counts(shop.admin)).body.byStatus;
    expect(after).toEqual({
      PENDING: before.PENDING + 1,
      CONFIRMED: before.CONFIRMED + 1,
      IN_PROGRESS: before.IN_PROGRESS + 1,
      COMPLETED: before.COMPLETED,
      CANCELLED: before.CANCELLED + 1,
    });
    expect(pending.status).toBe('PENDING');
    expect(confirmed.status).toBe('CONFIRMED');
  });

  it('narrows to the dates given (inclusive)', async () => {
    const ada = await signUp(shop.app);
    await booked(shop.app, ada.token, { date: day(20), slot: '09:00' });
    await booked(shop.app, ada.token, { date: day(21), slot: '09:00' });
    await booked(shop.app, ada.token, { date: day(22), slot: '09:00' });
    expect((await counts(ada, `?from=${day(21)}`)).body.byStatus.PENDING).toBe(2);
    expect((await counts(ada, `?from=${day(21)}&to=${day(21)}`)).body.byStatus.PENDING).toBe(1);
    expect((await counts(ada, `?to=${day(20)}`)).body.byStatus.PENDING).toBe(1);
  });

  it('counts jobs completed since Sunday 00:00 at the shop, whatever their date', async () => {
    const ada = await signUp(shop.app);
    const tess = await approvedTechnician(shop);
    const early = await assigned(shop, ada, tess, { date: day(30), slot: '09:00' });
    const late = await assigned(shop, ada, tess, { date: day(31), slot: '09:00' });
    const now = shop.clock.now();
    try {
      // Saturday 23:59 of last week at the shop: not this week.
      shop.clock.advance(shopTime('2030-06-01', '23:59') - now);
      expect((await setStatus(shop.admin, early.id, 'completed')).status).toBe(200);
      // Sunday 00:00: this week.
      shop.clock.advance(shopTime('2030-06-02', '00:00') - shop.clock.now());
      expect((await setStatus(shop.admin, late.id, 'completed')).status).toBe(200);
    } finally {
      shop.clock.advance(now - shop.clock.now());
    }
    expect(shop.clock.now()).toBe(shopTime(SHOP_TODAY, '06:00'));
    const tessCounts = await counts(tess);
    expect(tessCounts.body.byStatus.COMPLETED).toBe(2);
    expect(tessCounts.body.completedThisWeek).toBe(1);
  });

  it('needs a signed-in caller and valid dates', async () => {
    expect((await call(shop.app, 'GET', '/api/appointments/counts')).status).toBe(401);
    const ada = await signUp(shop.app);
    const bad = await counts(ada, '?from=tomorrow');
    expect(bad.status).toBe(400);
    expect(bad.body).toEqual(invalid({ from: 'From must be a valid date (YYYY-MM-DD)' }));
  });
});

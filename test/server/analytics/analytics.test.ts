import { randomUUID } from 'node:crypto';
import { sql } from 'kysely';
import { ACCESS_DENIED, call, failure, invalid, type Json } from '../helpers/http';
import { approvedTechnician, booked, day, type Person, type Shop, SHOP_TODAY, SHOP_ZONE, shopTime, signUp, startShop } from '../helpers/shop';
import { testClock } from '../helpers/testApp';

/**
 * GET /api/analytics over HTTP, on a small shop built through the API day by day (the clock moves from 90 days ago
 * to today, 06:00 on SHOP_TODAY in America/Chicago), so every figure of every period is known exactly — period
 * boundaries and the shop's time zone included (a booking at 23:30 and a completion at 20:00 shop time fall on the
 * next day in UTC).
 */

let shop: Shop;
let customer: Person;
let ann: Person;
let bob: Person;

const ids: Record<string, string> = {};

/** Moves the shop's clock (forward only) to `time` on SHOP_TODAY + `offset` days. */
function at(offset: number, time: string): void {
  const target = shopTime(day(offset), time);
  if (target < shop.clock.now()) throw new Error(`the clock cannot go back to ${day(offset)} ${time}`);
  shop.clock.advance(target - shop.clock.now());
}

async function ok(response: Promise<{ status: number; body: Json; text: string }>, status = 200): Promise<Json> {
  const answer = await response;
  if (answer.status !== status) throw new Error(`expected ${status}, got ${answer.status} ${answer.text}`);
  return answer.body;
}

async function book(name: string, serviceType: string, date: string, slot: string): Promise<void> {
  ids[name] = (await booked(shop.app, customer.token, { serviceType, date, slot })).id;
}

const assign = (name: string, technician: Person) =>
  ok(call(shop.app, 'POST', `/api/appointments/${ids[name]}/assign`, { token: shop.admin.token, body: { employeeId: technician.id } }));

const setStatus = (name: string, technician: Person, status: 'in_progress' | 'completed') =>
  ok(call(shop.app, 'PATCH', `/api/appointments/${ids[name]}/status`, { token: technician.token, body: { status } }));

async function log(technician: Person, job: string | null, date: string, startTime: string, endTime: string): Promise<string> {
  const body = await ok(
    call(shop.app, 'POST', '/api/time-logs', {
      token: technician.token,
      body: { appointmentId: job === null ? null : ids[job], date, startTime, endTime, description: 'Work' },
    }),
    201,
  );
  return body.id;
}

const analytics = (period?: string, token = shop.admin.token) =>
  call(shop.app, 'GET', `/api/analytics${period === undefined ? '' : `?period=${period}`}`, { token });

beforeAll(async () => {
  // Tokens outlive the 90 days the clock walks through.
  shop = await startShop({ clock: testClock(shopTime(day(-90), '06:00')), env: { ACCESS_TOKEN_TTL: '400d', REFRESH_TOKEN_TTL: '400d' } });
  customer = await signUp(shop.app, 'CUSTOMER', { fullName: 'Carla Customer' });
  ann = await approvedTechnician(shop, { fullName: 'Ann Able' });
  bob = await approvedTechnician(shop, { fullName: 'Bob Baker' });

  // Day -90, the day before the 90-day period: a booking and a log that no period counts.
  at(-90, '10:00');
  await book('B0', 'FULL_SERVICE', day(-80), '09:00');
  await log(ann, null, day(-90), '10:00', '11:00');

  // Day -89, the 90-day period's first day: booked, done and logged the same day by Ann (100 minutes start → end).
  at(-89, '08:00');
  await book('B1', 'OIL_CHANGE', day(-89), '09:00');
  await assign('B1', ann);
  at(-89, '09:00');
  await setStatus('B1', ann, 'in_progress');
  at(-89, '10:40');
  await setStatus('B1', ann, 'completed');
  await log(ann, 'B1', day(-89), '09:00', '10:30');

  // Day -30 (before the 30-day period): booked and started; logged on -30 and -29, completed on -29 (first day).
  at(-30, '12:00');
  await book('B2', 'BRAKE_INSPECTION', day(-29), '09:00');
  await assign('B2', bob);
  at(-30, '15:00');
  await setStatus('B2', bob, 'in_progress');
  await log(bob, 'B2', day(-30), '15:00', '16:00');
  at(-29, '11:00');
  await setStatus('B2', bob, 'completed');
  await log(bob, 'B2', day(-29), '09:00', '10:00');

  // Day -7 (before the 7-day period): booked and cancelled.
  at(-7, '12:00');
  await book('B3', 'TIRE_ROTATION', day(-4), '10:00');
  at(-7, '13:00');
  await ok(call(shop.app, 'POST', `/api/appointments/${ids.B3}/cancel`, { token: customer.token, body: {} }));

  // Day -6 at 23:30 shop time (04:30 UTC on day -5): the 7-day period's first day.
  at(-6, '23:30');
  await book('B4', 'FULL_SERVICE', day(-1), '09:00');
  await assign('B4', ann);

  // Day -3: booked and started, still in progress.
  at(-3, '10:00');
  await book('B6', 'BATTERY_CHECK', day(-3), '11:00');
  await assign('B6', bob);
  at(-3, '11:00');
  await setStatus('B6', bob, 'in_progress');

  // Day -2: booked, started and completed by Bob; reopened on day -1 and completed again then.
  at(-2, '09:00');
  await book('B7', 'AIR_FILTER_REPLACEMENT', day(-2), '10:00');
  await assign('B7', bob);
  at(-2, '10:00');
  await setStatus('B7', bob, 'in_progress');
  at(-2, '10:50');
  await setStatus('B7', bob, 'completed');
  await log(bob, 'B7', day(-2), '10:00', '10:45');

  // Day -1: Ann works on B4 (one of her logs is rejected) and logs time off the job on day -5; Bob reopens B7,
  // logs time on B6, and completes B7 again; Ann completes B4 at 20:00 shop time (01:00 UTC on day 0).
  at(-1, '09:00');
  await setStatus('B4', ann, 'in_progress');
  await log(ann, 'B4', day(-1), '09:00', '12:00');
  const rejected = await log(ann, 'B4', day(-1), '13:00', '14:00');
  await log(ann, null, day(-5), '08:00', '09:00');
  at(-1, '09:30');
  await setStatus('B7', bob, 'in_progress');
  await log(bob, 'B6', day(-1), '15:00', '16:00');
  at(-1, '16:30');
  await setStatus('B7', bob, 'completed');
  at(-1, '20:00');
  await setStatus('B4', ann, 'completed');
  await ok(call(shop.app, 'POST', `/api/time-logs/${rejected}/reject`, { token: shop.admin.token, body: { reason: 'Lunch break', expectedVersion: 1 } }));

  // Today, before 06:00: a booking, and Bob's half hour off the job.
  at(0, '05:00');
  await book('B5', 'OIL_CHANGE', day(0), '09:00');
  await log(bob, null, day(0), '05:00', '05:30');
  at(0, '06:00');
  await billing();
});

/**
 * Money and billed labour, written straight to billing's tables on known days. Completing a job issues its invoice
 * (billing): those are voided first, so that the invoices below are the only live ones, on the days they say.
 */
async function billing(): Promise<void> {
  const db = shop.app.db;
  await sql`UPDATE invoices SET voided_at = now(), void_reason = 'Replaced by the test' WHERE voided_at IS NULL`.execute(db);
  let sequence = 900_000;
  async function invoice(job: string, issued: number, totalMinor: number, voided = false): Promise<string> {
    const id = randomUUID();
    sequence += 1;
    await sql`
      INSERT INTO invoices (id, number, year, sequence, appointment_id, customer_id, vehicle, service_type_name, issued_at, issued_on, due_on,
                            subtotal_minor, tax_rate_basis_points, tax_minor, total_minor, voided_at, void_reason)
      VALUES (${id}, ${`TEST-${sequence}`}, 2030, ${sequence}, ${ids[job]}, ${customer.id}, 'A car', 'A service',
              ${new Date(shopTime(day(issued), '12:00')).toISOString()}, ${day(issued)}, ${day(issued + 14)},
              ${totalMinor}, 0, 0, ${totalMinor}, ${voided ? new Date(shopTime(day(issued), '13:00')).toISOString() : null}, ${voided ? 'Wrong total' : null})`.execute(db);
    return id;
  }
  async function payment(job: string, invoiceId: string | null, paid: number, amountMinor: number): Promise<void> {
    await sql`
      INSERT INTO payments (id, appointment_id, invoice_id, method, amount_minor, paid_on, recorded_at)
      VALUES (${randomUUID()}, ${ids[job]}, ${invoiceId}, 'CASH', ${amountMinor}, ${day(paid)}, ${new Date(shopTime(day(paid), '12:00')).toISOString()})`.execute(db);
  }
  async function item(job: string, kind: 'LABOUR' | 'FEE', hundredths: number, status: 'PENDING' | 'APPROVED' | 'DECLINED'): Promise<void> {
    const at = new Date(shopTime(day(-1), '10:00')).toISOString();
    await sql`
      INSERT INTO estimate_items (id, appointment_id, kind, description, quantity_hundredths, unit_price_minor, status, proposed_by, proposed_at, updated_at)
      VALUES (${randomUUID()}, ${ids[job]}, ${kind}, 'Extra work', ${hundredths}, 500000, ${status}, ${shop.admin.id}, ${at}, ${at})`.execute(db);
  }

  // Invoiced: B4 on day -1; B7's first invoice (day -2) voided and replaced on day -1; B2 on day -29; B1 on day -89.
  const b4 = await invoice('B4', -1, 2_950_000);
  await invoice('B7', -2, 450_000, true);
  await invoice('B7', -1, 500_000);
  const b2 = await invoice('B2', -29, 1_250_000);
  const b1 = await invoice('B1', -89, 450_000);
  // Collected: part of B4 today, a deposit on B6 (day -3), a payment moved back to B7 from its voided invoice (day -2),
  // B2 in full on day -20, B1 in full on day -60.
  await payment('B4', b4, 0, 1_000_000);
  await payment('B6', null, -3, 200_000);
  await payment('B7', null, -2, 100_000);
  await payment('B2', b2, -20, 1_250_000);
  await payment('B1', b1, -60, 450_000);
  // Billed labour: approved labour on B4 (1.5 h) and B2 (0.25 h) counts; pending, declined, a fee, and labour on
  // B6 (not completed) do not.
  await item('B4', 'LABOUR', 150, 'APPROVED');
  await item('B4', 'LABOUR', 100, 'PENDING');
  await item('B4', 'FEE', 100, 'APPROVED');
  await item('B7', 'LABOUR', 100, 'DECLINED');
  await item('B2', 'LABOUR', 25, 'APPROVED');
  await item('B6', 'LABOUR', 200, 'APPROVED');
}

afterAll(async () => {
  await shop?.close();
});

const SERVICE_NAMES: Record<string, string> = {
  FULL_SERVICE: 'Full Service',
  OIL_CHANGE: 'Oil Change',
  BRAKE_INSPECTION: 'Brake Inspection',
  TIRE_ROTATION: 'Tire Rotation',
  BATTERY_CHECK: 'Battery Check',
  AIR_FILTER_REPLACEMENT: 'Air Filter Replacement',
};

/** byServiceType in catalogue order from `[bookings, completed, invoiced]` per code. */
function byType(figures: Record<string, [number, number, number]>) {
  return Object.keys(SERVICE_NAMES).map((code) => {
    const [bookings, completedJobs, invoicedMinor] = figures[code] ?? [0, 0, 0];
    return { code, name: SERVICE_NAMES[code], bookings, completedJobs, invoicedMinor };
  });
}

function byStatus(pending: number, confirmed: number, inProgress: number, completed: number, cancelled: number) {
  return [
    { status: 'PENDING', jobs: pending },
    { status: 'CONFIRMED', jobs: confirmed },
    { status: 'IN_PROGRESS', jobs: inProgress },
    { status: 'COMPLETED', jobs: completed },
    { status: 'CANCELLED', jobs: cancelled },
  ];
}

/** The period's days with their bookings (every other day 0). */
function perDay(days: number, bookings: Record<number, number>) {
  return Array.from({ length: days }, (_, i) => {
    const offset = i - (days - 1);
    return { date: day(offset), bookings: bookings[offset] ?? 0 };
  });
}

describe('GET /api/analytics: who may ask', () => {
  test('signed out: 401', async () => {
    const response = await call(shop.app, 'GET', '/api/analytics?period=7');
    expect(response.status).toBe(401);
    expect(response.body).toEqual(failure('Authentication required'));
  });

  test('a customer or a technician: 403', async () => {
    for (const person of [customer, ann]) {
      const response = await analytics('7', person.token);
      expect(response.status).toBe(403);
      expect(response.body).toEqual(ACCESS_DENIED);
    }
  });

  test.each(['14', '0', 'abc', '7.0', '', '-7'])('period=%j: 400 with the field message', async (period) => {
    const response = await analytics(period);
    expect(response.status).toBe(400);
    expect(response.body).toEqual(invalid({ period: 'Period must be 7, 30 or 90 days' }));
  });
});

describe('GET /api/analytics: the figures', () => {
  test('the last 7 days', async () => {
    const response = await analytics('7');
    expect(response.status).toBe(200);
    expect(response.body).toEqual({
      period: { days: 7, from: day(-6), to: SHOP_TODAY, timeZone: SHOP_ZONE },
      totals: { bookings: 4, completedJobs: 2, invoicedMinor: 3_450_000, collectedMinor: 1_300_000, loggedMinutes: 375, jobMinutes: 285 },
      // B4 (23:30 on day -6), B6, B7, B5 (today).
      bookingsPerDay: perDay(7, { [-6]: 1, [-3]: 1, [-2]: 1, [0]: 1 }),
      byStatus: byStatus(1, 0, 1, 2, 0),
      byServiceType: byType({
        FULL_SERVICE: [1, 1, 2_950_000],
        OIL_CHANGE: [1, 0, 0],
        BATTERY_CHECK: [1, 0, 0],
        AIR_FILTER_REPLACEMENT: [1, 1, 500_000],
      }),
      technicians: [
        {
          id: ann.id,
          fullName: 'Ann Able',
          // B4: started 09:00, completed 20:00 on day -1 (660 minutes); 180 expected, 270 billed (1.5 h approved
          // labour), 180 clocked (the rejected hour left out); logged 180 on B4 and 60 off the job (day -5).
          jobsCompleted: 1,
          averageCompletionMinutes: 660,
          expectedMinutes: 180,
          billedMinutes: 270,
          completedJobMinutes: 180,
          efficiency: 1.5,
          loggedMinutes: 240,
          jobMinutes: 180,
          productivity: 0.75,
        },
        {
          id: bob.id,
          fullName: 'Bob Baker',
          // B7: started 10:00 on day -2, completed (again) 16:30 on day -1: 1,830 minutes; 30 expected, 45 clocked.
          // Logged 45 (B7) + 60 (B6) + 30 off the job today.
          jobsCompleted: 1,
          averageCompletionMinutes: 1_830,
          expectedMinutes: 30,
          billedMinutes: 30,
          completedJobMinutes: 45,
          efficiency: 30 / 45,
          loggedMinutes: 135,
          jobMinutes: 105,
          productivity: 105 / 135,
        },
      ],
    });
  });

  test('the last 30 days (the default)', async () => {
    const explicit = await analytics('30');
    expect(explicit.status).toBe(200);
    expect((await analytics()).body).toEqual(explicit.body);
    expect(explicit.body).toEqual({
      period: { days: 30, from: day(-29), to: SHOP_TODAY, timeZone: SHOP_ZONE },
      totals: { bookings: 5, completedJobs: 3, invoicedMinor: 4_700_000, collectedMinor: 2_550_000, loggedMinutes: 435, jobMinutes: 345 },
      bookingsPerDay: perDay(30, { [-7]: 1, [-6]: 1, [-3]: 1, [-2]: 1, [0]: 1 }),
      byStatus: byStatus(1, 0, 1, 2, 1),
      byServiceType: byType({
        FULL_SERVICE: [1, 1, 2_950_000],
        OIL_CHANGE: [1, 0, 0],
        // B2 was booked on day -30, outside the period, and completed on day -29, inside it.
        BRAKE_INSPECTION: [0, 1, 1_250_000],
        TIRE_ROTATION: [1, 0, 0],
        BATTERY_CHECK: [1, 0, 0],
        AIR_FILTER_REPLACEMENT: [1, 1, 500_000],
      }),
      technicians: [
        {
          id: ann.id,
          fullName: 'Ann Able',
          jobsCompleted: 1,
          averageCompletionMinutes: 660,
          expectedMinutes: 180,
          billedMinutes: 270,
          completedJobMinutes: 180,
          efficiency: 1.5,
          loggedMinutes: 240,
          jobMinutes: 180,
          productivity: 0.75,
        },
        {
          id: bob.id,
          fullName: 'Bob Baker',
          // B2 (1,200 minutes; 90 expected; 120 clocked, including the hour logged on day -30, before the period)
          // and B7 (1,830; 30; 45). Logged in the period: 60 (B2, day -29) + 45 + 60 + 30.
          jobsCompleted: 2,
          averageCompletionMinutes: 1_515,
          expectedMinutes: 120,
          billedMinutes: 135,
          completedJobMinutes: 165,
          efficiency: 135 / 165,
          loggedMinutes: 195,
          jobMinutes: 165,
          productivity: 165 / 195,
        },
      ],
    });
  });

  test('the last 90 days', async () => {
    const response = await analytics('90');
    expect(response.status).toBe(200);
    expect(response.body).toEqual({
      period: { days: 90, from: day(-89), to: SHOP_TODAY, timeZone: SHOP_ZONE },
      totals: { bookings: 7, completedJobs: 4, invoicedMinor: 5_150_000, collectedMinor: 3_000_000, loggedMinutes: 585, jobMinutes: 495 },
      // B0 (day -90) is one day too early.
      bookingsPerDay: perDay(90, { [-89]: 1, [-30]: 1, [-7]: 1, [-6]: 1, [-3]: 1, [-2]: 1, [0]: 1 }),
      byStatus: byStatus(1, 0, 1, 4, 1),
      byServiceType: byType({
        FULL_SERVICE: [1, 1, 2_950_000],
        OIL_CHANGE: [2, 1, 450_000],
        BRAKE_INSPECTION: [1, 1, 1_250_000],
        TIRE_ROTATION: [1, 0, 0],
        BATTERY_CHECK: [1, 0, 0],
        AIR_FILTER_REPLACEMENT: [1, 1, 500_000],
      }),
      technicians: [
        {
          id: ann.id,
          fullName: 'Ann Able',
          // B1 (100 minutes; 60 expected; 90 clocked) and B4 (660; 180; 180). Logged: 90 + 60 + 180 (day -90's hour
          // is outside the period).
          jobsCompleted: 2,
          averageCompletionMinutes: 380,
          expectedMinutes: 240,
          billedMinutes: 330,
          completedJobMinutes: 270,
          efficiency: 330 / 270,
          loggedMinutes: 330,
          jobMinutes: 270,
          productivity: 270 / 330,
        },
        {
          id: bob.id,
          fullName: 'Bob Baker',
          jobsCompleted: 2,
          averageCompletionMinutes: 1_515,
          expectedMinutes: 120,
          billedMinutes: 135,
          completedJobMinutes: 165,
          efficiency: 135 / 165,
          loggedMinutes: 255,
          jobMinutes: 225,
          productivity: 225 / 255,
        },
      ],
    });
  });
});

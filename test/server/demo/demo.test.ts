import { call, type Json } from '../helpers/http';
import { day, login, type Person, type Shop, SHOP_TODAY, shopTime, startShop } from '../helpers/shop';
import { createTestDatabase, type TestDatabase, testClock } from '../helpers/testApp';

/**
 * The demo workshop (DEMO_DATA=1): six sign-ins (one technician awaiting approval) and jobs in every state, dated relative to the clock's today,
 * seeded once per database. The shop's clock stands at 06:00 on SHOP_TODAY.
 */

const PASSWORD = 'carcare-demo';
const SIGN_INS = [
  { email: 'admin@carcare.demo', role: 'ADMIN' },
  { email: 'customer@carcare.demo', role: 'CUSTOMER' },
  { email: 'nimal@carcare.demo', role: 'EMPLOYEE' },
  { email: 'kasun@carcare.demo', role: 'EMPLOYEE' },
  { email: 'ruwan@carcare.demo', role: 'EMPLOYEE' },
  { email: 'tharindu@carcare.demo', role: 'EMPLOYEE' },
] as const;
const TECHNICIANS = SIGN_INS.filter((account) => account.role === 'EMPLOYEE').map((account) => account.email);
/** Registered but not approved yet, so the Staff page has someone to approve. */
const PENDING_TECHNICIAN = 'tharindu@carcare.demo';

type Table = 'users' | 'vehicles' | 'appointments' | 'time_logs';

async function rowCounts(shop: Shop): Promise<Record<Table, number>> {
  const counts = {} as Record<Table, number>;
  for (const table of ['users', 'vehicles', 'appointments', 'time_logs'] as const) {
    const row = await shop.app.db
      .selectFrom(table)
      .select((eb) => eb.fn.countAll<string>().as('n'))
      .executeTakeFirstOrThrow();
    counts[table] = Number(row.n);
  }
  return counts;
}

/** Every appointment, as the admin's board lists them (one page is enough for the demo). */
async function allJobs(shop: Shop): Promise<Json[]> {
  const response = await call(shop.app, 'GET', '/api/appointments?limit=200', { token: shop.admin.token });
  expect(response.status).toBe(200);
  expect(response.body.nextCursor).toBeUndefined();
  return response.body.items;
}

describe('with DEMO_DATA=1', () => {
  let database: TestDatabase;
  let shop: Shop;

  beforeAll(async () => {
    database = await createTestDatabase({ onDisk: true });
    shop = await startShop({ database, env: { DEMO_DATA: '1' } });
  });

  afterAll(async () => {
    await shop?.close();
    await database?.dispose();
  });

  it('seeds the six demo sign-ins, each able to sign in with the demo password', async () => {
    for (const { email, role } of SIGN_INS) {
      const response = await call(shop.app, 'POST', '/api/auth/login', { body: { email, password: PASSWORD } });
      expect({ email, status: response.status, roles: response.body.roles }).toEqual({ email, status: 200, roles: [role] });
    }
    const wrong = await call(shop.app, 'POST', '/api/auth/login', { body: { email: 'customer@carcare.demo', password: 'not-the-password' } });
    expect(wrong.status).toBe(401);
  });

  it('gives the technicians departments', async () => {
    for (const email of TECHNICIANS) {
      const technician = await login(shop.app, email, PASSWORD);
      const profile = await call(shop.app, 'GET', '/api/auth/profile', { token: technician.token });
      expect(profile.body.department).toEqual(expect.stringMatching(/\S/));
    }
    const employees = await call(shop.app, 'GET', '/api/employees', { token: shop.admin.token });
    const demoTechnicians = employees.body.filter((employee: Json) => TECHNICIANS.includes(employee.email));
    expect(demoTechnicians.map((employee: Json) => employee.email).sort()).toEqual(TECHNICIANS.filter((address) => address !== PENDING_TECHNICIAN).sort());
    for (const employee of demoTechnicians) expect(employee.specialization).toEqual(expect.stringMatching(/\S/));
  });

  it('has the three working technicians approved and one awaiting approval on the Staff page', async () => {
    const staff = await call(shop.app, 'GET', '/api/staff', { token: shop.admin.token });
    expect(staff.status).toBe(200);
    const states = Object.fromEntries(staff.body.map((member: Json) => [member.email, member.state]));
    expect(states).toEqual({
      'tharindu@carcare.demo': 'PENDING',
      'nimal@carcare.demo': 'ACTIVE',
      'kasun@carcare.demo': 'ACTIVE',
      'ruwan@carcare.demo': 'ACTIVE',
    });
    expect(staff.body[0]).toMatchObject({ email: PENDING_TECHNICIAN, fullName: 'Tharindu Wickramasinghe', department: 'Diagnostics' });
    const pending = await login(shop.app, PENDING_TECHNICIAN, PASSWORD);
    const profile = await call(shop.app, 'GET', '/api/auth/profile', { token: pending.token });
    expect(profile.body.approvalStatus).toBe('PENDING');
    const nimal = await login(shop.app, 'nimal@carcare.demo', PASSWORD);
    expect((await call(shop.app, 'GET', '/api/auth/profile', { token: nimal.token })).body.approvalStatus).toBe('APPROVED');
  });

  it('shows the demo customer their own jobs and vehicles only', async () => {
    const customer = await login(shop.app, 'customer@carcare.demo', PASSWORD);
    const response = await call(shop.app, 'GET', '/api/appointments?limit=200', { token: customer.token });
    expect(response.status).toBe(200);
    const mine: Json[] = response.body.items;
    expect(mine.length).toBeGreaterThan(0);
    expect(mine.every((job) => job.customer.id === customer.id)).toBe(true);

    const all = await allJobs(shop);
    expect(all.length).toBeGreaterThan(mine.length);
    expect(mine.map((job) => job.id).sort()).toEqual(all.filter((job) => job.customer.id === customer.id).map((job) => job.id).sort());

    const vehicles = await call(shop.app, 'GET', '/api/vehicles', { token: customer.token });
    const plates = new Set(mine.map((job) => job.vehicle.plate));
    expect(new Set(vehicles.body.items.map((vehicle: Json) => vehicle.plate))).toEqual(plates);
  });

  it('has jobs in every state (and every stage in progress), dated relative to today', async () => {
    const jobs = await allJobs(shop);
    const now = shop.clock.now();
    const byStatus = (status: string) => jobs.filter((job) => job.status === status);

    for (const status of ['PENDING', 'CONFIRMED', 'IN_PROGRESS', 'COMPLETED', 'CANCELLED']) expect({ status, count: byStatus(status).length > 0 }).toEqual({ status, count: true });
    // Amaya's Corolla waits for her approval of extra work (billing's demo); the others wait for parts and are checked.
    expect(new Set(byStatus('IN_PROGRESS').map((job) => job.stage))).toEqual(new Set(['AWAITING_APPROVAL', 'AWAITING_PARTS', 'QUALITY_CHECK']));

    for (const job of byStatus('IN_PROGRESS')) {
      expect(job.date).toBe(SHOP_TODAY);
      expect(job.assignedEmployee).toBeDefined();
      expect(Date.parse(job.startedAt)).toBeLessThanOrEqual(now);
      expect(Date.parse(job.estimatedCompletion)).toBe(Date.parse(job.startedAt) + 60 * 60 * 1000);
      expect(job.progress).toBeGreaterThan(0);
    }
    for (const job of byStatus('COMPLETED')) {
      expect(job.date < SHOP_TODAY).toBe(true);
      expect(job.progress).toBe(100);
      expect(Date.parse(job.completedAt)).toBeLessThanOrEqual(now);
      expect(job.assignedEmployee).toBeDefined();
    }
    for (const job of [...byStatus('PENDING'), ...byStatus('CONFIRMED')]) {
      expect(job.date > SHOP_TODAY && job.date <= day(90)).toBe(true);
      expect(job.assignedEmployee !== undefined).toBe(job.status === 'CONFIRMED');
    }
    for (const job of byStatus('CANCELLED')) expect(Date.parse(job.cancelledAt)).toBeLessThanOrEqual(now);
    expect(jobs.every((job) => job.date >= day(-90) && job.date <= day(90))).toBe(true);
  });

  it('gives every approved technician time logs, on or before today', async () => {
    for (const email of TECHNICIANS.filter((address) => address !== PENDING_TECHNICIAN)) {
      const technician: Person = await login(shop.app, email, PASSWORD);
      const response = await call(shop.app, 'GET', '/api/time-logs', { token: technician.token });
      expect(response.status).toBe(200);
      expect({ email, logs: response.body.items.length > 0 }).toEqual({ email, logs: true });
      for (const log of response.body.items) {
        expect(log.employeeId).toBe(technician.id);
        expect(log.date <= SHOP_TODAY).toBe(true);
        expect(log.durationMinutes).toBeGreaterThan(0);
      }
    }
  });

  it("fills every role's bell with a few picked notifications (this week's unread), and mails none of its made-up customers", async () => {
    const bells: Record<string, unknown> = {};
    for (const { email } of SIGN_INS) {
      const person = await login(shop.app, email, PASSWORD);
      const response = await call(shop.app, 'GET', '/api/notifications', { token: person.token });
      expect(response.status).toBe(200);
      bells[email] = { unread: response.body.unreadCount, kinds: response.body.items.map((item: Json) => item.kind).sort() };
    }
    // Only the jobs' entries the seed picks (not one per entry of the whole workshop's past); the completion 12 days
    // ago has been read.
    expect(bells).toEqual({
      'admin@carcare.demo': { unread: 5, kinds: ['BOOKING_CANCELLED', 'BOOKING_RECEIVED', 'BOOKING_RECEIVED', 'BOOKING_RECEIVED', 'BOOKING_RECEIVED'] },
      'customer@carcare.demo': { unread: 2, kinds: ['JOB_ASSIGNED', 'JOB_COMPLETED', 'JOB_STARTED'] },
      'nimal@carcare.demo': { unread: 1, kinds: ['JOB_ASSIGNED'] },
      'kasun@carcare.demo': { unread: 1, kinds: ['JOB_ASSIGNED'] },
      'ruwan@carcare.demo': { unread: 0, kinds: [] },
      'tharindu@carcare.demo': { unread: 0, kinds: [] },
    });
    expect(await shop.app.db.selectFrom('email_outbox').selectAll().execute()).toEqual([]);
  });

  it("has Amaya's in-progress job waiting for her approval of two proposed items", async () => {
    const customer = await login(shop.app, 'customer@carcare.demo', PASSWORD);
    const corolla = (await allJobs(shop)).find((job) => job.vehicle.plate === 'CAB-4821' && job.status === 'IN_PROGRESS');
    expect(corolla).toMatchObject({ stage: 'AWAITING_APPROVAL', customer: { id: customer.id } });
    const billing = await call(shop.app, 'GET', `/api/appointments/${corolla.id}/billing`, { token: customer.token });
    expect(billing.status).toBe(200);
    expect(billing.body.items.map((item: Json) => [item.kind, item.description, item.status, item.proposedBy])).toEqual([
      ['PART', 'Front brake pads (ceramic)', 'PENDING', 'Nimal Perera'],
      ['LABOUR', 'Fit front brake pads', 'PENDING', 'Nimal Perera'],
    ]);
    expect(billing.body.pendingMinor).toBe(billing.body.items[0].amountMinor + billing.body.items[1].amountMinor);
    expect(billing.body.pendingMinor).toBeGreaterThan(0);
    expect(billing.body.invoice).toBeUndefined();
  });

  it('has invoices in every status, numbered by the counter without a gap: paid, partly paid, void and its replacement, issued', async () => {
    const response = await call(shop.app, 'GET', '/api/invoices?limit=50', { token: shop.admin.token });
    expect(response.status).toBe(200);
    // Newest first.
    const invoices = [...response.body.items].reverse();
    expect(invoices.map((invoice: Json) => [invoice.number, invoice.status, invoice.customer.fullName, invoice.serviceTypeName])).toEqual([
      ['INV-2030-000001', 'PAID', 'Amaya Jayasinghe', 'Oil Change'],
      ['INV-2030-000002', 'PARTLY_PAID', 'Amaya Jayasinghe', 'Battery Check'],
      ['INV-2030-000003', 'VOID', 'Tharindu Perera', 'Full Service'],
      ['INV-2030-000004', 'ISSUED', 'Tharindu Perera', 'Full Service'],
      ['INV-2030-000005', 'ISSUED', 'Chathura Abeysekara', 'Oil Change'],
    ]);
    for (const invoice of invoices) {
      expect(invoice.totalMinor).toBeGreaterThan(0);
      expect(invoice.balanceMinor).toBe(invoice.totalMinor - invoice.paidMinor);
    }
    const [paid, partlyPaid, voided, replacement] = invoices;
    expect(paid.paidMinor).toBe(paid.totalMinor);
    expect(partlyPaid.paidMinor).toBeGreaterThan(0);
    expect(partlyPaid.paidMinor).toBeLessThan(partlyPaid.totalMinor);
    // The replacement carries the agreed discount the void one missed.
    expect(replacement.totalMinor).toBeLessThan(voided.totalMinor);
    const detail = await call(shop.app, 'GET', `/api/invoices/${replacement.id}`, { token: shop.admin.token });
    expect(detail.body.replaces).toEqual({ id: voided.id, number: 'INV-2030-000003' });
    expect(detail.body.lines.map((line: Json) => line.description)).toContain('Loyalty discount');
    const voidDetail = await call(shop.app, 'GET', `/api/invoices/${voided.id}`, { token: shop.admin.token });
    expect(voidDetail.body.voidReason).toBe('The loyalty discount agreed at drop-off was missing.');

    // Amaya sees her two.
    const customer = await login(shop.app, 'customer@carcare.demo', PASSWORD);
    const mine = await call(shop.app, 'GET', '/api/invoices', { token: customer.token });
    expect(mine.body.items.map((invoice: Json) => [invoice.number, invoice.status])).toEqual([
      ['INV-2030-000002', 'PARTLY_PAID'],
      ['INV-2030-000001', 'PAID'],
    ]);
  });

  it('seeds nothing twice: a second app on the same database, a day later, leaves every table as it was', async () => {
    const before = await rowCounts(shop);
    expect(before.appointments).toBeGreaterThan(0);
    await shop.close();

    shop = await startShop({ database, env: { DEMO_DATA: '1' }, clock: testClock(shopTime(day(1), '09:30')) });
    expect(await rowCounts(shop)).toEqual(before);
    expect((await call(shop.app, 'POST', '/api/auth/login', { body: { email: 'customer@carcare.demo', password: PASSWORD } })).status).toBe(200);
  });
});

describe('without DEMO_DATA', () => {
  let shop: Shop;

  beforeAll(async () => {
    shop = await startShop();
  });

  afterAll(async () => {
    await shop.close();
  });

  it('the shop is empty: only the bootstrapped admin, no vehicles, jobs or time logs', async () => {
    expect(await rowCounts(shop)).toEqual({ users: 1, vehicles: 0, appointments: 0, time_logs: 0 });
    const demo = await call(shop.app, 'POST', '/api/auth/login', { body: { email: 'customer@carcare.demo', password: PASSWORD } });
    expect(demo.status).toBe(401);
    expect(demo.body).toEqual({ message: 'Email not found', success: false });
  });
});

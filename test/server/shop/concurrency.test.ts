/**
 * Concurrency is the database's job: each of these fires 50 requests at once over real HTTP (a loopback port,
 * not app.inject) and checks that exactly the right number win. On PostgreSQL (DATABASE_URL) the requests run
 * in parallel transactions on a pool of connections; on the embedded database they are serialised by its single
 * connection, and the same answers must come out.
 */
import { sql } from 'kysely';
import { APPOINTMENT_MESSAGES } from '../../../server/src/contract/appointments';
import { TIME_LOG_MESSAGES } from '../../../server/src/contract/timeLogs';
import type { Json } from '../helpers/http';
import { approvedTechnician, assigned, BAYS, booked, CENTERS, day, http, listen, newPlate, type Person, type Shop, signUp, startShop } from '../helpers/shop';

const N = 50;
let shop: Shop;
let base: string;
let customers: Person[];

beforeAll(async () => {
  shop = await startShop();
  base = await listen(shop.app);
  customers = await Promise.all(Array.from({ length: 5 }, () => signUp(shop.app)));
});

afterAll(async () => shop.close());

type Answer = { status: number; body: Json };

/** Fires all requests at once and waits for every answer. */
function all(count: number, request: (index: number) => Promise<Answer>): Promise<Answer[]> {
  return Promise.all(Array.from({ length: count }, (_, index) => request(index)));
}

function statuses(answers: Answer[]): Record<number, number> {
  const counts: Record<number, number> = {};
  for (const { status } of answers) counts[status] = (counts[status] ?? 0) + 1;
  return counts;
}

function messagesOf(answers: Answer[], status: number): Set<string> {
  return new Set(answers.filter((answer) => answer.status === status).map((answer) => answer.body.message as string));
}

async function openJobsIn(centerId: string, date: string, slot: string): Promise<{ bay: number }[]> {
  return shop.app.db
    .selectFrom('appointments')
    .select('bay')
    .where('center_id', '=', centerId)
    .where('date', '=', date)
    .where('slot', '=', slot)
    .where('status', '<>', 'CANCELLED')
    .orderBy('bay')
    .execute();
}

const bookingBy = (index: number, date: string, slot: string, extra: Record<string, string> = {}) =>
  http(base, 'POST', '/api/appointments', {
    token: customers[index % customers.length].token,
    body: { plate: newPlate(), serviceType: 'OIL_CHANGE', date, slot, ...extra },
  });

describe('booking the last bay', () => {
  it('50 simultaneous bookings for one free bay: exactly one 201, 49 × 409 slot full', async () => {
    const [date, slot] = [day(1), '09:00'];
    for (let bay = 1; bay < BAYS.downtown; bay += 1) await booked(shop.app, customers[0].token, { date, slot });

    const answers = await all(N, (index) => bookingBy(index, date, slot));

    expect(statuses(answers)).toEqual({ 201: 1, 409: N - 1 });
    expect(messagesOf(answers, 409)).toEqual(new Set([APPOINTMENT_MESSAGES.slotFull]));
    expect(await openJobsIn(CENTERS.downtown, date, slot)).toEqual([{ bay: 1 }, { bay: 2 }, { bay: 3 }, { bay: 4 }]);
  });

  it('50 simultaneous bookings for an empty slot: exactly as many succeed as there are bays, each in its own bay', async () => {
    const [date, slot] = [day(1), '10:00'];
    const answers = await all(N, (index) => bookingBy(index, date, slot, { centerId: CENTERS.northside }));

    expect(statuses(answers)).toEqual({ 201: BAYS.northside, 409: N - BAYS.northside });
    const bays = answers.filter((answer) => answer.status === 201).map((answer) => answer.body.bay as number);
    expect(bays.sort()).toEqual([1, 2, 3]);
    expect(await openJobsIn(CENTERS.northside, date, slot)).toHaveLength(BAYS.northside);
  });

  it('a cancellation racing 50 bookings for a full slot never lets the slot hold more than its bays', async () => {
    const [date, slot] = [day(1), '11:00'];
    const held = [];
    for (let bay = 1; bay <= BAYS.westgate; bay += 1) held.push(await booked(shop.app, customers[0].token, { date, slot, centerId: CENTERS.westgate }));

    const [cancel, ...bookings] = await Promise.all([
      http(base, 'POST', `/api/appointments/${held[0].id}/cancel`, { token: customers[0].token }),
      ...Array.from({ length: N }, (_, index) => bookingBy(index, date, slot, { centerId: CENTERS.westgate })),
    ]);

    expect(cancel.status).toBe(200);
    const won = bookings.filter((answer) => answer.status === 201).length;
    expect(won).toBeLessThanOrEqual(1);
    expect(messagesOf(bookings, 409)).toEqual(new Set([APPOINTMENT_MESSAGES.slotFull]));
    expect(await openJobsIn(CENTERS.westgate, date, slot)).toHaveLength(BAYS.westgate - 1 + won);
  });

  it('one vehicle booked 50 times at once into the same date and slot, at all three centres: exactly one 201', async () => {
    const [date, slot, plate] = [day(2), '14:00', newPlate()];
    const centers = Object.values(CENTERS);
    const answers = await all(N, (index) =>
      http(base, 'POST', '/api/appointments', {
        token: customers[0].token,
        body: { plate, serviceType: 'BATTERY_CHECK', date, slot, centerId: centers[index % centers.length] },
      }),
    );

    expect(statuses(answers)).toEqual({ 201: 1, 409: N - 1 });
    expect(messagesOf(answers, 409)).toEqual(new Set([APPOINTMENT_MESSAGES.vehicleBusy]));
    const vehicles = await shop.app.db.selectFrom('vehicles').select('id').where('customer_id', '=', customers[0].id).where('plate', '=', plate).execute();
    expect(vehicles).toHaveLength(1);
  });

  it('50 simultaneous reschedules into a slot with one free bay: exactly one moves', async () => {
    const [date, slot] = [day(3), '15:00'];
    for (let bay = 1; bay < BAYS.downtown; bay += 1) await booked(shop.app, customers[0].token, { date, slot });
    const movers: Json[] = [];
    for (let index = 0; index < N; index += 1) {
      movers.push(await booked(shop.app, customers[index % customers.length].token, { date: day(4 + (index % 40)), slot: '16:00' }));
    }

    const answers = await all(N, (index) =>
      http(base, 'POST', `/api/appointments/${movers[index].id}/reschedule`, { token: customers[index % customers.length].token, body: { date, slot } }),
    );

    expect(statuses(answers)).toEqual({ 200: 1, 409: N - 1 });
    expect(messagesOf(answers, 409)).toEqual(new Set([APPOINTMENT_MESSAGES.slotFull]));
    expect(await openJobsIn(CENTERS.downtown, date, slot)).toHaveLength(BAYS.downtown);
  });
});

describe('assigning', () => {
  it('50 admins assigning 50 different technicians to one job at once: exactly one wins, the rest are told who', async () => {
    const technicians = await Promise.all(Array.from({ length: N }, () => approvedTechnician(shop)));
    const job = await booked(shop.app, customers[1].token, { date: day(5), slot: '09:00' });

    const answers = await all(N, (index) =>
      http(base, 'POST', `/api/appointments/${job.id}/assign`, { token: shop.admin.token, body: { employeeId: technicians[index].id } }),
    );

    expect(statuses(answers)).toEqual({ 200: 1, 409: N - 1 });
    const winner = answers.find((answer) => answer.status === 200)!.body;
    expect(winner).toMatchObject({ status: 'CONFIRMED', version: 2 });
    expect(messagesOf(answers, 409)).toEqual(new Set([`Already assigned to ${winner.assignedEmployee.fullName}.`]));
    const stored = await shop.app.db.selectFrom('appointments').select(['assigned_employee_id', 'version']).where('id', '=', job.id).executeTakeFirstOrThrow();
    expect(stored).toEqual({ assigned_employee_id: winner.assignedEmployee.id, version: 2 });
  });

  it('one technician assigned at once to every job of one date and slot (50 requests): exactly one job gets them', async () => {
    const technician = await approvedTechnician(shop);
    const [date, slot] = [day(6), '10:00'];
    const jobs: Json[] = [];
    for (const [name, centerId] of Object.entries(CENTERS)) {
      for (let bay = 0; bay < BAYS[name as keyof typeof BAYS]; bay += 1) jobs.push(await booked(shop.app, customers[bay].token, { date, slot, centerId }));
    }

    const answers = await all(N, (index) =>
      http(base, 'POST', `/api/appointments/${jobs[index % jobs.length].id}/assign`, { token: shop.admin.token, body: { employeeId: technician.id } }),
    );

    expect(statuses(answers)[200]).toBe(1);
    expect(new Set(answers.filter((answer) => answer.status === 409).map((answer) => answer.body.message))).toEqual(
      new Set([`${technician.fullName} already has a job at that time.`, `Already assigned to ${technician.fullName}.`]),
    );
    const theirs = await shop.app.db.selectFrom('appointments').select('id').where('assigned_employee_id', '=', technician.id).execute();
    expect(theirs).toHaveLength(1);
  });
});

describe('changing status', () => {
  it('50 simultaneous status changes carrying the same expectedVersion: exactly one applies', async () => {
    const technician = await approvedTechnician(shop);
    const job = await assigned(shop, customers[2], technician, { date: day(7), slot: '09:00' });

    const stages = ['IN_PROGRESS', 'AWAITING_PARTS', 'QUALITY_CHECK'];
    const answers = await all(N, (index) =>
      http(base, 'PATCH', `/api/appointments/${job.id}/status`, {
        token: index % 2 === 0 ? technician.token : shop.admin.token,
        body: { status: 'in_progress', stage: stages[index % stages.length], expectedVersion: job.version },
      }),
    );

    expect(statuses(answers)).toEqual({ 200: 1, 409: N - 1 });
    expect(messagesOf(answers, 409)).toEqual(new Set([APPOINTMENT_MESSAGES.changedElsewhere]));
    const winner = answers.find((answer) => answer.status === 200)!.body;
    const stored = await shop.app.db.selectFrom('appointments').select(['status', 'stage', 'version']).where('id', '=', job.id).executeTakeFirstOrThrow();
    expect(stored).toEqual({ status: 'IN_PROGRESS', stage: winner.stage, version: job.version + 1 });
  });

  it('50 simultaneous "start" clicks without a version: the job starts once (one version step, one start time)', async () => {
    const technician = await approvedTechnician(shop);
    const job = await assigned(shop, customers[3], technician, { date: day(7), slot: '10:00' });

    const answers = await all(N, () => http(base, 'PATCH', `/api/appointments/${job.id}/status`, { token: technician.token, body: { status: 'in_progress' } }));

    expect(statuses(answers)).toEqual({ 200: N });
    expect(new Set(answers.map((answer) => answer.body.version))).toEqual(new Set([job.version + 1]));
    expect(new Set(answers.map((answer) => answer.body.startedAt))).toEqual(new Set([new Date(shop.clock.now()).toISOString()]));
  });
});

describe('time logs', () => {
  it('50 simultaneous overlapping entries for one technician: exactly one is stored', async () => {
    const technician = await approvedTechnician(shop);
    const answers = await all(N, (index) =>
      http(base, 'POST', '/api/time-logs', {
        token: technician.token,
        body: { date: day(-1), startTime: `${String(8 + (index % 4)).padStart(2, '0')}:00`, endTime: '12:30', description: `Entry ${index}` },
      }),
    );

    expect(statuses(answers)).toEqual({ 201: 1, 409: N - 1 });
    expect(messagesOf(answers, 409)).toEqual(new Set([TIME_LOG_MESSAGES.overlap]));
    const stored = await shop.app.db.selectFrom('time_logs').select('id').where('employee_id', '=', technician.id).execute();
    expect(stored).toHaveLength(1);
  });

  it('50 entries edited at once onto the same hours: exactly one edit lands, the others are unchanged', async () => {
    const technician = await approvedTechnician(shop);
    const logs: Json[] = [];
    for (let index = 0; index < N; index += 1) {
      const created = await http(base, 'POST', '/api/time-logs', {
        token: technician.token,
        body: { date: day(-2 - index), startTime: '08:00', endTime: '09:00', description: `Entry ${index}` },
      });
      expect(created.status).toBe(201);
      logs.push(created.body);
    }

    const answers = await all(N, (index) =>
      http(base, 'PUT', `/api/time-logs/${logs[index].id}`, {
        token: technician.token,
        body: { date: day(-1), startTime: '13:00', endTime: '14:00', description: `Moved ${index}` },
      }),
    );

    expect(statuses(answers)).toEqual({ 200: 1, 409: N - 1 });
    const rows = await sql<{ moved: number }>`
      SELECT count(*)::int AS moved FROM time_logs WHERE employee_id = ${technician.id} AND starts_at::date = ${day(-1)}::date`.execute(shop.app.db);
    expect(rows.rows[0].moved).toBe(1);
    const total = await shop.app.db.selectFrom('time_logs').select('id').where('employee_id', '=', technician.id).execute();
    expect(total).toHaveLength(N);
  });
});

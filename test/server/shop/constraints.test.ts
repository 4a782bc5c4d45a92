import { randomUUID } from 'node:crypto';
import { type Insertable, sql } from 'kysely';
import { Appointments } from '../../../server/src/appointments/service';
import type { AppointmentListQuery } from '../../../server/src/contract/appointments';
import { explain, recordQueries } from '../../../server/src/db/explain';
import type { AppointmentsTable, TimeLogsTable } from '../../../server/src/db/schema';
import type { Viewer } from '../../../server/src/plugins/authenticate';
import { call } from '../helpers/http';
import { approvedTechnician, CENTERS, day, newPlate, type Person, type Shop, signUp, SLOTS, startShop } from '../helpers/shop';

/**
 * The database itself refuses what must never be stored (migration 0002), whatever the code above it does:
 * every row here is written straight through the app's Kysely instance, bypassing the API.
 */

let shop: Shop;

beforeAll(async () => {
  shop = await startShop();
});

afterAll(async () => {
  await shop.close();
});

const SQLSTATE = { unique: '23505', foreignKey: '23503', check: '23514', exclusion: '23P01' } as const;

const nowIso = () => new Date(shop.clock.now()).toISOString();

/** Each test works on its own date, so the partial unique indexes only see its own rows. */
let dates = 0;
function freshDate(): string {
  dates += 1;
  return day(100 + dates);
}

async function vehicleOf(customer: Person): Promise<string> {
  const id = randomUUID();
  await shop.app.db.insertInto('vehicles').values({ id, customer_id: customer.id, plate: newPlate(), created_at: nowIso() }).execute();
  return id;
}

interface Owner {
  customer: Person;
  vehicle: string;
}

async function owner(): Promise<Owner> {
  const customer = await signUp(shop.app);
  return { customer, vehicle: await vehicleOf(customer) };
}

/** A PENDING job in Westgate's (two bays) bay 1, unless overridden. */
function job(of: Owner, date: string, overrides: Partial<Insertable<AppointmentsTable>> = {}): Insertable<AppointmentsTable> {
  return {
    id: randomUUID(),
    status: 'PENDING',
    customer_id: of.customer.id,
    vehicle_id: of.vehicle,
    service_type: 'OIL_CHANGE',
    center_id: CENTERS.westgate,
    date,
    slot: '09:00',
    bay: 1,
    created_at: nowIso(),
    updated_at: nowIso(),
    ...overrides,
  };
}

function insert(row: Insertable<AppointmentsTable>) {
  return shop.app.db.insertInto('appointments').values(row).execute();
}

async function stored(id: string): Promise<boolean> {
  return (await shop.app.db.selectFrom('appointments').select('id').where('id', '=', id).executeTakeFirst()) !== undefined;
}

/** Inserting `row` fails with that constraint and SQLSTATE, and leaves nothing behind. */
async function expectRefused(row: Insertable<AppointmentsTable>, constraint: string, code: string): Promise<void> {
  await expect(insert(row)).rejects.toMatchObject({ code, constraint });
  expect(await stored(row.id)).toBe(false);
}

const working = () => ({ started_at: nowIso() });

describe('appointments: bays and slot capacity', () => {
  it('refuses a bay beyond the centre’s capacity (trigger appointments_bay_within_capacity), on insert and on update', async () => {
    const a = await owner();
    const date = freshDate();
    await expectRefused(job(a, date, { bay: 3 }), 'appointments_bay_within_capacity', SQLSTATE.check);
    await expectRefused(job(a, date, { bay: 0 }), 'appointments_bay_check', SQLSTATE.check);

    const downtown = job(a, date, { center_id: CENTERS.downtown, bay: 4 });
    await insert(downtown);
    await expect(shop.app.db.updateTable('appointments').set({ center_id: CENTERS.westgate }).where('id', '=', downtown.id).execute()).rejects.toMatchObject({
      code: SQLSTATE.check,
      constraint: 'appointments_bay_within_capacity',
    });
    await expect(shop.app.db.updateTable('appointments').set({ bay: 5 }).where('id', '=', downtown.id).execute()).rejects.toMatchObject({
      constraint: 'appointments_bay_within_capacity',
    });
    expect(await shop.app.db.selectFrom('appointments').select(['center_id', 'bay']).where('id', '=', downtown.id).executeTakeFirst()).toEqual({
      center_id: CENTERS.downtown,
      bay: 4,
    });
  });

  it('refuses the same bay twice in one centre, date and slot (appointments_bay_key), until the first is cancelled', async () => {
    const a = await owner();
    const b = await owner();
    const date = freshDate();
    const first = job(a, date);
    await insert(first);
    const second = job(b, date);
    await expectRefused(second, 'appointments_bay_key', SQLSTATE.unique);

    // The same bay number at another centre, or in another slot, is another bay.
    const c = await owner();
    await insert(job(c, date, { center_id: CENTERS.northside }));
    await insert(job(c, date, { slot: '10:00' }));

    await shop.app.db.updateTable('appointments').set({ status: 'CANCELLED', cancelled_at: nowIso() }).where('id', '=', first.id).execute();
    await insert(second);
    expect(await stored(second.id)).toBe(true);

    // …and the cancelled job cannot take its bay back.
    await expect(
      shop.app.db.updateTable('appointments').set({ status: 'PENDING', cancelled_at: null }).where('id', '=', first.id).execute(),
    ).rejects.toMatchObject({ code: SQLSTATE.unique, constraint: 'appointments_bay_key' });
  });

  it('refuses a vehicle twice in one date and slot (appointments_vehicle_slot_key), even at another centre', async () => {
    const a = await owner();
    const date = freshDate();
    await insert(job(a, date));
    await expectRefused(job(a, date, { center_id: CENTERS.downtown }), 'appointments_vehicle_slot_key', SQLSTATE.unique);
    await insert(job(a, date, { slot: '11:00' }));
  });

  it('refuses a technician twice in one date and slot (appointments_technician_slot_key)', async () => {
    const a = await owner();
    const b = await owner();
    const technician = await approvedTechnician(shop);
    const date = freshDate();
    await insert(job(a, date, { status: 'CONFIRMED', assigned_employee_id: technician.id }));
    await expectRefused(
      job(b, date, { status: 'CONFIRMED', assigned_employee_id: technician.id, center_id: CENTERS.downtown }),
      'appointments_technician_slot_key',
      SQLSTATE.unique,
    );
    await insert(job(b, date, { status: 'CONFIRMED', assigned_employee_id: technician.id, slot: '14:00' }));
  });
});

describe('appointments: status, stage, technician and timestamps agree', () => {
  it('refuses IN_PROGRESS without a stage, and a stage on any other status', async () => {
    const a = await owner();
    const technician = await approvedTechnician(shop);
    const date = freshDate();
    const constraint = 'appointments_stage_only_in_progress';
    await expectRefused(job(a, date, { status: 'IN_PROGRESS', assigned_employee_id: technician.id, ...working() }), constraint, SQLSTATE.check);
    await expectRefused(job(a, date, { status: 'CONFIRMED', stage: 'IN_PROGRESS', assigned_employee_id: technician.id }), constraint, SQLSTATE.check);
    await expectRefused(job(a, date, { stage: 'AWAITING_PARTS' }), constraint, SQLSTATE.check);
    await expectRefused(
      job(a, date, { status: 'COMPLETED', stage: 'QUALITY_CHECK', assigned_employee_id: technician.id, ...working(), completed_at: nowIso() }),
      constraint,
      SQLSTATE.check,
    );
    await insert(job(a, date, { status: 'IN_PROGRESS', stage: 'QUALITY_CHECK', assigned_employee_id: technician.id, ...working() }));
  });

  it('refuses CONFIRMED (or later) without a technician, and PENDING with one', async () => {
    const a = await owner();
    const technician = await approvedTechnician(shop);
    const date = freshDate();
    const constraint = 'appointments_technician_matches_status';
    await expectRefused(job(a, date, { status: 'CONFIRMED' }), constraint, SQLSTATE.check);
    await expectRefused(job(a, date, { status: 'IN_PROGRESS', stage: 'IN_PROGRESS', ...working() }), constraint, SQLSTATE.check);
    await expectRefused(job(a, date, { assigned_employee_id: technician.id }), constraint, SQLSTATE.check);
  });

  it('refuses COMPLETED without completed_at (and completed_at on another status), and work without started_at', async () => {
    const a = await owner();
    const technician = await approvedTechnician(shop);
    const date = freshDate();
    const confirmed = { status: 'CONFIRMED', assigned_employee_id: technician.id } as const;
    await expectRefused(job(a, date, { ...confirmed, status: 'COMPLETED', ...working() }), 'appointments_completed_when_completed', SQLSTATE.check);
    await expectRefused(job(a, date, { ...confirmed, completed_at: nowIso() }), 'appointments_completed_when_completed', SQLSTATE.check);
    await expectRefused(job(a, date, { ...confirmed, status: 'COMPLETED', completed_at: nowIso() }), 'appointments_started_when_working', SQLSTATE.check);
    await expectRefused(job(a, date, { status: 'CANCELLED' }), 'appointments_cancelled_when_cancelled', SQLSTATE.check);
    await insert(job(a, date, { ...confirmed, status: 'COMPLETED', ...working(), completed_at: nowIso(), progress: 100 }));
  });

  it("refuses a job on another customer's vehicle (appointments_vehicle_of_customer)", async () => {
    const a = await owner();
    const b = await owner();
    await expectRefused(job(a, freshDate(), { vehicle_id: b.vehicle }), 'appointments_vehicle_of_customer', SQLSTATE.foreignKey);
  });
});

describe('time logs', () => {
  function log(employeeId: string, startsAt: string, endsAt: string): Insertable<TimeLogsTable> {
    return { id: randomUUID(), employee_id: employeeId, starts_at: startsAt, ends_at: endsAt, description: 'Work', created_at: nowIso(), updated_at: nowIso() };
  }
  const insertLog = (row: Insertable<TimeLogsTable>) => shop.app.db.insertInto('time_logs').values(row).execute();
  const logStored = async (id: string) => (await shop.app.db.selectFrom('time_logs').select('id').where('id', '=', id).executeTakeFirst()) !== undefined;

  it("refuses overlapping entries of one technician (time_logs_no_overlap, 23P01), not adjacent ones or a colleague's", async () => {
    const technician = await approvedTechnician(shop);
    const colleague = await approvedTechnician(shop);
    const date = day(-1);
    await insertLog(log(technician.id, `${date} 22:00:00`, `${day(0)} 01:30:00`));

    const overlapping = log(technician.id, `${day(0)} 01:00:00`, `${day(0)} 02:00:00`);
    await expect(insertLog(overlapping)).rejects.toMatchObject({ code: SQLSTATE.exclusion, constraint: 'time_logs_no_overlap' });
    expect(await logStored(overlapping.id)).toBe(false);

    await insertLog(log(technician.id, `${day(0)} 01:30:00`, `${day(0)} 02:00:00`));
    await insertLog(log(technician.id, `${date} 21:00:00`, `${date} 22:00:00`));
    await insertLog(log(colleague.id, `${date} 23:00:00`, `${day(0)} 01:00:00`));
  });

  it('refuses an entry that ends before (or when) it starts, or lasts a day or more (time_logs_positive_duration)', async () => {
    const technician = await approvedTechnician(shop);
    const date = day(-2);
    for (const [startsAt, endsAt] of [
      [`${date} 10:00:00`, `${date} 09:00:00`],
      [`${date} 10:00:00`, `${date} 10:00:00`],
      [`${date} 10:00:00`, `${day(-1)} 10:00:00`],
    ]) {
      const row = log(technician.id, startsAt, endsAt);
      await expect(insertLog(row)).rejects.toMatchObject({ code: SQLSTATE.check, constraint: 'time_logs_positive_duration' });
      expect(await logStored(row.id)).toBe(false);
    }
  });

  it('refuses a blank or over-long description', async () => {
    const technician = await approvedTechnician(shop);
    for (const description of ['   ', 'x'.repeat(501)]) {
      const row = { ...log(technician.id, `${day(-3)} 10:00:00`, `${day(-3)} 11:00:00`), description };
      await expect(insertLog(row)).rejects.toMatchObject({ code: SQLSTATE.check, constraint: 'time_logs_description_check' });
    }
  });
});

describe('vehicles', () => {
  it('refuses a plate that is not upper-cased and trimmed, or is empty or over 20 characters (vehicles_plate_check)', async () => {
    const customer = await signUp(shop.app);
    for (const plate of ['ab 12', 'Ab12', ' AB12', 'AB12 ', '', 'A'.repeat(21)]) {
      const id = randomUUID();
      await expect(shop.app.db.insertInto('vehicles').values({ id, customer_id: customer.id, plate, created_at: nowIso() }).execute()).rejects.toMatchObject({
        code: SQLSTATE.check,
        constraint: 'vehicles_plate_check',
      });
      expect(await shop.app.db.selectFrom('vehicles').select('id').where('id', '=', id).executeTakeFirst()).toBeUndefined();
    }
  });

  it('refuses one plate twice for a customer (vehicles_customer_plate_key)', async () => {
    const customer = await signUp(shop.app);
    const other = await signUp(shop.app);
    const values = (customerId: string) => ({ id: randomUUID(), customer_id: customerId, plate: 'DUP 1', created_at: nowIso() });
    await shop.app.db.insertInto('vehicles').values(values(customer.id)).execute();
    await expect(shop.app.db.insertInto('vehicles').values(values(customer.id)).execute()).rejects.toMatchObject({
      code: SQLSTATE.unique,
      constraint: 'vehicles_customer_plate_key',
    });
    await shop.app.db.insertInto('vehicles').values(values(other.id)).execute();
  });
});

describe('indexes serve the lists', () => {
  const JOBS = 4000;
  const CUSTOMERS = 20;
  const FIRST_DAY = '2031-01-01';

  beforeAll(async () => {
    const { db } = shop.app;
    const now = nowIso();
    // Twenty customers with one vehicle each, then four jobs per date and slot (Downtown's four bays) in one statement.
    await sql`
      INSERT INTO users (id, email, full_name, role, created_at, updated_at)
      SELECT gen_random_uuid(), 'explain.' || g || '@example.com', 'Explain Customer ' || g, 'CUSTOMER', ${now}::timestamptz, ${now}::timestamptz
      FROM generate_series(1, ${CUSTOMERS}::int) AS g`.execute(db);
    await sql`
      INSERT INTO vehicles (id, customer_id, plate, created_at)
      SELECT gen_random_uuid(), id, 'EXPLAIN-' || split_part(split_part(email, '@', 1), '.', 2), ${now}::timestamptz
      FROM users WHERE email LIKE 'explain.%'`.execute(db);
    await sql`
      INSERT INTO appointments (id, status, customer_id, vehicle_id, service_type, center_id, date, slot, bay, created_at, updated_at)
      SELECT gen_random_uuid(), 'PENDING', v.customer_id, v.id, 'OIL_CHANGE', ${CENTERS.downtown}::uuid,
             ${FIRST_DAY}::date + g / 24, (${sql.val([...SLOTS])}::text[])[(g / 4) % 6 + 1], g % 4 + 1, ${now}::timestamptz, ${now}::timestamptz
      FROM generate_series(0, ${JOBS - 1}::int) AS g
      JOIN (SELECT id, customer_id, row_number() OVER (ORDER BY plate) - 1 AS n FROM vehicles WHERE plate LIKE 'EXPLAIN-%') AS v
        ON v.n = g % ${CUSTOMERS}::int`.execute(db);
    await sql`ANALYZE appointments`.execute(db);
  });

  /**
   * The plan of the SQL the server's own Appointments.list sends for `viewer` and `query` (not a copy of it): the
   * statement it sends is the last one recorded (the page's subquery is recorded on its own first).
   */
  async function listPlan(viewer: Viewer, query: AppointmentListQuery): Promise<string> {
    const recorded = await recordQueries(shop.app.db, (db) => new Appointments(db, shop.app.catalog, shop.clock.now).list(viewer, query));
    const sent = recorded.at(-1);
    expect(sent?.sql).toMatch(/^select "a"."id", .* inner join "users" as "c"/);
    return (await explain(shop.app.db, sent!)).join('\n');
  }

  it('has the thousands of jobs the plans are about', async () => {
    const row = await shop.app.db
      .selectFrom('appointments')
      .select((eb) => eb.fn.countAll<string>().as('n'))
      .where('date', '>=', FIRST_DAY)
      .executeTakeFirstOrThrow();
    expect(Number(row.n)).toBe(JOBS);
  });

  // What the deferred join guarantees at any size: the page is cut from an index under the LIMIT, and only the
  // page's people and vehicles are read, by key. (How the page's own rows are fetched back is the planner's
  // choice by table size: at these few thousand rows it may hash the table; at the benchmark's 100,000 it
  // looks each one up by primary key — see bench/report.md.)
  const pageFromIndex = (index: string) => new RegExp(`Limit\\n\\s+->\\s+Index (Only )?Scan (Backward )?using ${index} on appointments`);

  it("cuts the board's page (a date range, by date, slot and id) from appointments_board_idx", async () => {
    const text = await listPlan({ id: shop.admin.id, role: 'ADMIN' }, { from: '2031-03-01', to: '2031-03-14' });
    expect(text).toMatch(pageFromIndex('appointments_board_idx'));
    expect(text).not.toMatch(/Seq Scan on (users|vehicles)\b/);
    const page = await call(shop.app, 'GET', '/api/appointments?from=2031-03-01&to=2031-03-14', { token: shop.admin.token });
    expect(page.body.items).toHaveLength(50);
    expect(page.body.nextCursor).toEqual(expect.any(String));
  });

  it("cuts a customer's page, newest first, from appointments_customer_idx", async () => {
    const customer = await shop.app.db.selectFrom('users').select('id').where('email', '=', 'explain.7@example.com').executeTakeFirstOrThrow();
    const text = await listPlan({ id: customer.id, role: 'CUSTOMER' }, {});
    expect(text).toMatch(pageFromIndex('appointments_customer_idx'));
    expect(text).not.toMatch(/Seq Scan on (users|vehicles)\b/);
  });
});

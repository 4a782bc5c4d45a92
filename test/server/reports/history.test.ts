/**
 * The job history (migration 0006): one row per change of a job, written by the database in the change's own
 * transaction, with the time of the app's clock and the person who made the change. Driven through the API;
 * the transaction tests and the backfill look at the database directly.
 */
import { type Kysely, sql } from 'kysely';
import { loadConfig } from '../../../server/src/config';
import { openDatabase } from '../../../server/src/db/connect';
import { migrateToLatest } from '../../../server/src/db/migrate';
import * as jobHistory from '../../../server/src/db/migrations/0006_job_history';
import { call, type Json } from '../helpers/http';
import { approvedTechnician, type Person, type Shop, signUp, SLOTS, day, startShop } from '../helpers/shop';
import { reapplySchemaObjects } from '../helpers/schemaObjects';
import { createTestDatabase, TEST_JWT_SECRET } from '../helpers/testApp';
import { historyOf, type HistoryRow } from './helpers';

let shop: Shop;

beforeAll(async () => {
  shop = await startShop();
});

afterAll(async () => {
  await shop.close();
});

let slots = 0;
/** A date and slot from tomorrow on that no other job of this suite holds. */
function nextSlot(): { date: string; slot: string } {
  slots += 1;
  return { date: day(1 + Math.floor(slots / SLOTS.length)), slot: SLOTS[slots % SLOTS.length] };
}

async function ok(request: Promise<{ status: number; body: Json; text: string }>): Promise<Json> {
  const response = await request;
  if (response.status >= 300) throw new Error(`request failed: ${response.status} ${response.text}`);
  return response.body;
}

const book = (customer: Person, slot = nextSlot()) =>
  ok(call(shop.app, 'POST', '/api/appointments', { token: customer.token, body: { plate: `H-${slots}`, serviceType: 'OIL_CHANGE', ...slot } }));
const assign = (id: string, technician: Person) => ok(call(shop.app, 'POST', `/api/appointments/${id}/assign`, { token: shop.admin.token, body: { employeeId: technician.id } }));
const setStatus = (person: Person, id: string, body: Record<string, unknown>) => ok(call(shop.app, 'PATCH', `/api/appointments/${id}/status`, { token: person.token, body }));
const reschedule = (person: Person, id: string, slot: { date: string; slot: string }) =>
  ok(call(shop.app, 'POST', `/api/appointments/${id}/reschedule`, { token: person.token, body: slot }));

/** The rows without their times, for comparing whole histories. */
const events = (rows: HistoryRow[]) => rows.map(({ occurred_at: _time, ...row }) => row);

const row = (event: string, status: string, actor: Person | null, extra: Partial<HistoryRow> = {}): Omit<HistoryRow, 'occurred_at'> => ({
  event,
  status,
  stage: null,
  actor_id: actor?.id ?? null,
  employee_id: null,
  from_date: null,
  from_slot: null,
  to_date: null,
  to_slot: null,
  ...extra,
});

describe('one history row per change, with its actor', () => {
  it('records booking, assignment, moves, each status and stage, reopening, reset and cancellation — not progress alone', async () => {
    const customer = await signUp(shop.app, 'CUSTOMER');
    const technician = await approvedTechnician(shop);
    const first = nextSlot();
    const job = await book(customer, first);
    await assign(job.id, technician);
    const second = nextSlot();
    await reschedule(customer, job.id, second);
    shop.clock.advance(60_000);
    await setStatus(technician, job.id, { status: 'in_progress' });
    shop.clock.advance(60_000);
    await setStatus(technician, job.id, { status: 'in_progress', stage: 'AWAITING_PARTS' });
    await setStatus(technician, job.id, { status: 'in_progress', stage: 'AWAITING_PARTS', progress: 60 });
    await setStatus(technician, job.id, { status: 'in_progress', stage: 'QUALITY_CHECK' });
    await setStatus(shop.admin, job.id, { status: 'completed' });
    await setStatus(technician, job.id, { status: 'in_progress' });
    await setStatus(technician, job.id, { status: 'not_started' });
    await ok(call(shop.app, 'POST', `/api/appointments/${job.id}/cancel`, { token: shop.admin.token, body: {} }));

    const by = technician.id;
    expect(events(await historyOf(shop, job.id))).toEqual([
      row('BOOKED', 'PENDING', customer),
      row('ASSIGNED', 'CONFIRMED', shop.admin, { employee_id: by }),
      row('RESCHEDULED', 'CONFIRMED', customer, { employee_id: by, from_date: first.date, from_slot: first.slot, to_date: second.date, to_slot: second.slot }),
      row('STARTED', 'IN_PROGRESS', technician, { stage: 'IN_PROGRESS', employee_id: by }),
      row('STAGE_CHANGED', 'IN_PROGRESS', technician, { stage: 'AWAITING_PARTS', employee_id: by }),
      row('STAGE_CHANGED', 'IN_PROGRESS', technician, { stage: 'QUALITY_CHECK', employee_id: by }),
      row('COMPLETED', 'COMPLETED', shop.admin, { employee_id: by }),
      row('REOPENED', 'IN_PROGRESS', technician, { stage: 'IN_PROGRESS', employee_id: by }),
      row('WORK_RESET', 'CONFIRMED', technician, { employee_id: by }),
      row('CANCELLED', 'CANCELLED', shop.admin, { employee_id: by }),
    ]);
  });

  it('times each row by the app’s clock at the change', async () => {
    const customer = await signUp(shop.app, 'CUSTOMER');
    const technician = await approvedTechnician(shop);
    const bookedAt = shop.clock.now();
    const job = await book(customer);
    shop.clock.advance(5 * 60_000);
    await assign(job.id, technician);
    shop.clock.advance(7 * 60_000);
    const startedAt = shop.clock.now();
    const started = await setStatus(technician, job.id, { status: 'in_progress' });

    const rows = await historyOf(shop, job.id);
    expect(rows.map((entry) => [entry.event, entry.occurred_at])).toEqual([
      ['BOOKED', new Date(bookedAt).toISOString()],
      ['ASSIGNED', new Date(bookedAt + 5 * 60_000).toISOString()],
      ['STARTED', new Date(startedAt).toISOString()],
    ]);
    expect(started.startedAt).toBe(new Date(startedAt).toISOString());
  });

  it('records a deactivated technician’s jobs not started yet as taken off the job, by the admin', async () => {
    const customer = await signUp(shop.app, 'CUSTOMER');
    const leaving = await approvedTechnician(shop);
    const jobs = [await book(customer), await book(customer)];
    for (const job of jobs) await assign(job.id, leaving);

    await ok(call(shop.app, 'POST', `/api/employees/${leaving.id}/deactivate`, { token: shop.admin.token, body: {} }));

    for (const job of jobs) {
      expect(events(await historyOf(shop, job.id)).at(-1)).toEqual(row('UNASSIGNED', 'PENDING', shop.admin, { employee_id: leaving.id }));
    }
  });

  it('records a move to a time the technician is busy as moved, then taken off the job', async () => {
    const customer = await signUp(shop.app, 'CUSTOMER');
    const technician = await approvedTechnician(shop);
    const busy = nextSlot();
    const other = await book(customer, busy);
    await assign(other.id, technician);
    const from = nextSlot();
    const job = await book(customer, from);
    await assign(job.id, technician);

    const moved = await reschedule(customer, job.id, busy);

    expect(moved.status).toBe('PENDING');
    expect(events(await historyOf(shop, job.id)).slice(-2)).toEqual([
      row('RESCHEDULED', 'PENDING', customer, { from_date: from.date, from_slot: from.slot, to_date: busy.date, to_slot: busy.slot }),
      row('UNASSIGNED', 'PENDING', customer, { employee_id: technician.id }),
    ]);
  });
});

describe('in the same transaction as the change', () => {
  it('a refused change leaves no row', async () => {
    const customer = await signUp(shop.app, 'CUSTOMER');
    const technician = await approvedTechnician(shop);
    const job = await book(customer);
    await assign(job.id, technician);
    await setStatus(technician, job.id, { status: 'in_progress' });
    const before = await historyOf(shop, job.id);

    expect((await call(shop.app, 'POST', `/api/appointments/${job.id}/cancel`, { token: customer.token, body: {} })).status).toBe(409);
    expect((await call(shop.app, 'POST', `/api/appointments/${job.id}/reschedule`, { token: customer.token, body: nextSlot() })).status).toBe(409);
    expect((await call(shop.app, 'PATCH', `/api/appointments/${job.id}/status`, { token: technician.token, body: { status: 'completed', expectedVersion: 1 } })).status).toBe(409);

    expect(await historyOf(shop, job.id)).toEqual(before);
  });

  it('a change rolled back, or refused by the database mid-statement, leaves none; a committed one is seen', async () => {
    const customer = await signUp(shop.app, 'CUSTOMER');
    const taken = nextSlot();
    const other = await book(customer, taken);
    const job = await book(customer);
    const before = await historyOf(shop, job.id);
    const at = new Date(shop.clock.now()).toISOString();

    await expect(
      shop.app.db.transaction().execute(async (trx) => {
        await trx.updateTable('appointments').set({ status: 'CANCELLED', cancelled_at: at, updated_at: at, version: sql<number>`version + 1` }).where('id', '=', job.id).execute();
        const inside = await trx.selectFrom('job_history').select('event').where('appointment_id', '=', job.id).where('event', '=', 'CANCELLED').execute();
        expect(inside).toHaveLength(1);
        throw new Error('changed my mind');
      }),
    ).rejects.toThrow('changed my mind');
    expect(await historyOf(shop, job.id)).toEqual(before);

    // Same vehicle, same date and slot as its other open job: the unique index refuses the UPDATE itself.
    const [{ vehicle_id: vehicleId }] = await shop.app.db.selectFrom('appointments').select('vehicle_id').where('id', '=', other.id).execute();
    await expect(
      shop.app.db
        .updateTable('appointments')
        .set({ vehicle_id: vehicleId, date: taken.date, slot: taken.slot, updated_at: at, version: sql<number>`version + 1` })
        .where('id', '=', job.id)
        .execute(),
    ).rejects.toThrow();
    expect(await historyOf(shop, job.id)).toEqual(before);

    // A writer outside the API (no actor named): the row is written all the same, with no actor — the API's
    // actor of an earlier transaction on the same connection does not leak into it.
    await shop.app.db.updateTable('appointments').set({ status: 'CANCELLED', cancelled_at: at, updated_at: at, version: sql<number>`version + 1` }).where('id', '=', job.id).execute();
    expect(events(await historyOf(shop, job.id)).at(-1)).toEqual(row('CANCELLED', 'CANCELLED', null));
  });
});

describe('migration 0006', () => {
  it('backfills the jobs that existed before from their rows, and jobs inserted whole later get the same entries', async () => {
    const database = await createTestDatabase();
    const config = loadConfig({ JWT_SECRET: TEST_JWT_SECRET, ...database.env });
    const opened = await openDatabase(config, () => undefined);
    try {
      const db = opened.db;
      // The schema as it stood before 0006: everything migrated (test databases on PGlite start migrated), then
      // 0006 taken down.
      await migrateToLatest(db);
      // Migrations are written against an untyped database (they define the schema the types describe).
      const untyped = db as unknown as Kysely<unknown>;
      await jobHistory.down(untyped);
      const t = (time: string) => `2030-06-0${time}Z`;
      await sql`
        INSERT INTO users (id, email, password_hash, full_name, phone_number, address, role, created_at, updated_at, approved_at) VALUES
          ('00000000-0000-4000-8000-0000000000c1', 'c@x.test', NULL, 'Cara', '1', '', 'CUSTOMER', ${t('1T08:00:00')}, ${t('1T08:00:00')}, NULL),
          ('00000000-0000-4000-8000-0000000000e1', 'e@x.test', NULL, 'Eli', '1', '', 'EMPLOYEE', ${t('1T08:00:00')}, ${t('1T08:00:00')}, ${t('1T08:00:00')})`.execute(db);
      await sql`INSERT INTO vehicles (id, customer_id, plate, created_at) VALUES ('00000000-0000-4000-8000-0000000000f1', '00000000-0000-4000-8000-0000000000c1', 'OLD-1', ${t('1T08:00:00')})`.execute(db);
      const insertJobs = (prefix: string, day: number) => sql`
        INSERT INTO appointments (id, status, stage, customer_id, vehicle_id, service_type, center_id, date, slot, bay, assigned_employee_id,
                                  started_at, completed_at, cancelled_at, progress, created_at, updated_at) VALUES
          (${`${prefix}1`}, 'PENDING', NULL, '00000000-0000-4000-8000-0000000000c1', '00000000-0000-4000-8000-0000000000f1', 'OIL_CHANGE',
           'c0000000-0000-4000-8000-000000000001', ${`2030-06-${day}`}, '09:00', 1, NULL, NULL, NULL, NULL, NULL, ${t('1T09:00:00')}, ${t('1T09:00:00')}),
          (${`${prefix}2`}, 'IN_PROGRESS', 'AWAITING_PARTS', '00000000-0000-4000-8000-0000000000c1', '00000000-0000-4000-8000-0000000000f1', 'OIL_CHANGE',
           'c0000000-0000-4000-8000-000000000001', ${`2030-06-${day}`}, '10:00', 1, '00000000-0000-4000-8000-0000000000e1', ${t('2T10:00:00')}, NULL, NULL, 50, ${t('1T09:00:00')}, ${t('2T10:30:00')}),
          (${`${prefix}3`}, 'COMPLETED', NULL, '00000000-0000-4000-8000-0000000000c1', '00000000-0000-4000-8000-0000000000f1', 'OIL_CHANGE',
           'c0000000-0000-4000-8000-000000000001', ${`2030-06-${day}`}, '11:00', 1, '00000000-0000-4000-8000-0000000000e1', ${t('2T11:00:00')}, ${t('2T11:45:00')}, NULL, 100, ${t('1T09:00:00')}, ${t('2T11:45:00')}),
          (${`${prefix}4`}, 'CANCELLED', NULL, '00000000-0000-4000-8000-0000000000c1', '00000000-0000-4000-8000-0000000000f1', 'OIL_CHANGE',
           'c0000000-0000-4000-8000-000000000001', ${`2030-06-${day}`}, '14:00', 1, NULL, NULL, NULL, ${t('1T12:00:00')}, NULL, ${t('1T09:00:00')}, ${t('1T12:00:00')})`.execute(db);
      await insertJobs('00000000-0000-4000-8000-0000000001a', 10);

      await jobHistory.up(untyped);
      await reapplySchemaObjects(db);
      // After the migration: the same jobs inserted whole (as the demo seed does) on another day.
      await insertJobs('00000000-0000-4000-8000-0000000002b', 11);

      const { rows } = await sql<{ job: string; event: string; occurred_at: Date; actor_id: string | null; employee_id: string | null; status: string; stage: string | null }>`
        SELECT right(appointment_id::text, 2) AS job, event, occurred_at, actor_id, employee_id, status, stage
          FROM job_history ORDER BY appointment_id, occurred_at, id`.execute(db);
      const entries = (prefix: string) =>
        rows
          .filter((entry) => entry.job.startsWith(prefix))
          .map((entry) => [entry.job.slice(1), entry.event, new Date(entry.occurred_at).toISOString(), entry.actor_id?.slice(-2) ?? null, entry.employee_id?.slice(-2) ?? null, entry.status, entry.stage]);
      const expected = [
        ['1', 'BOOKED', '2030-06-01T09:00:00.000Z', 'c1', null, 'PENDING', null],
        ['2', 'BOOKED', '2030-06-01T09:00:00.000Z', 'c1', null, 'PENDING', null],
        ['2', 'ASSIGNED', '2030-06-01T09:00:00.000Z', null, 'e1', 'CONFIRMED', null],
        ['2', 'STARTED', '2030-06-02T10:00:00.000Z', null, 'e1', 'IN_PROGRESS', 'IN_PROGRESS'],
        ['2', 'STAGE_CHANGED', '2030-06-02T10:30:00.000Z', null, 'e1', 'IN_PROGRESS', 'AWAITING_PARTS'],
        ['3', 'BOOKED', '2030-06-01T09:00:00.000Z', 'c1', null, 'PENDING', null],
        ['3', 'ASSIGNED', '2030-06-01T09:00:00.000Z', null, 'e1', 'CONFIRMED', null],
        ['3', 'STARTED', '2030-06-02T11:00:00.000Z', null, 'e1', 'IN_PROGRESS', 'IN_PROGRESS'],
        ['3', 'COMPLETED', '2030-06-02T11:45:00.000Z', null, 'e1', 'COMPLETED', null],
        ['4', 'BOOKED', '2030-06-01T09:00:00.000Z', 'c1', null, 'PENDING', null],
        ['4', 'CANCELLED', '2030-06-01T12:00:00.000Z', null, null, 'CANCELLED', null],
      ];
      expect(entries('a')).toEqual(expected);
      expect(entries('b')).toEqual(expected);
      // The index the report reads by.
      const { rows: indexes } = await sql<{ name: string }>`
        SELECT indexname AS name FROM pg_indexes WHERE schemaname = current_schema() AND indexname IN ('job_history_appointment_idx', 'time_logs_appointment_idx') ORDER BY 1`.execute(db);
      expect(indexes.map((index) => index.name)).toEqual(['job_history_appointment_idx', 'time_logs_appointment_idx']);
    } finally {
      await opened.close();
      await database.dispose();
    }
  });
});

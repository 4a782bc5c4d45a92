import { randomUUID } from 'node:crypto';
import { type Kysely, sql } from 'kysely';
import pg from 'pg';
import { rebuildAnalytics, syncAnalyticsTimeZone } from '../../../server/src/analytics/rollups';
import * as analyticsMigration from '../../../server/src/db/migrations/0009_analytics';
import { call } from '../helpers/http';
import { CENTERS, day, type Shop, SHOP_TODAY, SHOP_ZONE, startShop } from '../helpers/shop';
import { reapplySchemaObjects } from '../helpers/schemaObjects';
import { usingPostgres } from '../helpers/testApp';
import { expectedReport, expectedRollups, roundRatios, storedRollups } from './recompute';
import { prng } from '../../../bench/lib/prng';
import { RandomShop } from './randomShop';

/**
 * Property: after any history of changes to appointments and time logs — random inserts, updates of every column
 * the figures depend on, deletes, cascades, bulk statements, rolled-back transactions — every rollup row of
 * migration 0009 and every figure GET /api/analytics answers equal a recomputation from the base tables
 * (./recompute.ts). Seeds are fixed, so a failure replays. On PostgreSQL (DATABASE_URL) the same holds with
 * transactions racing on a pool of connections, and for the interleavings that matter, forced with two sessions.
 */

let shop: Shop;

beforeAll(async () => {
  shop = await startShop();
});

afterAll(async () => {
  await shop?.close();
});

const db = () => shop.app.db;
/** The database as migrations take it (they must not depend on the current schema's types). */
const untyped = () => shop.app.db as unknown as Kysely<unknown>;

async function expectExact(): Promise<void> {
  expect(await storedRollups(db())).toEqual(await expectedRollups(db()));
  for (const days of [7, 30, 90]) {
    const response = await call(shop.app, 'GET', `/api/analytics?period=${days}`, { token: shop.admin.token });
    expect(response.status).toBe(200);
    expect(roundRatios(response.body)).toEqual(roundRatios(await expectedReport(db(), days, day(1 - days), SHOP_TODAY)));
  }
}

describe('the rollups equal a recomputation from the base tables', () => {
  test.each([17, 4242])('after 300 random transactions (seed %i)', async (seed) => {
    const random = new RandomShop(db(), prng(seed));
    await random.setUp(6, 4);
    let busiest = { completed: 0, clocked: 0, rejected: 0 };
    for (let i = 1; i <= 300; i += 1) {
      await random.transaction();
      if (i % 50 === 0) {
        await expectExact();
        // What the checks saw: completed jobs with time clocked on them, and rejected logs.
        const { rows } = await sql<{ completed: number; clocked: number; rejected: number }>`
          SELECT (SELECT count(*)::int FROM appointments WHERE status = 'COMPLETED') AS completed,
                 (SELECT count(*)::int FROM analytics_jobs WHERE credited_to IS NOT NULL AND clocked_seconds > 0) AS clocked,
                 (SELECT count(*)::int FROM time_logs WHERE review_state = 'REJECTED') AS rejected`.execute(db());
        busiest = { completed: Math.max(busiest.completed, rows[0].completed), clocked: Math.max(busiest.clocked, rows[0].clocked), rejected: Math.max(busiest.rejected, rows[0].rejected) };
      }
    }
    expect(busiest.completed).toBeGreaterThan(10);
    expect(busiest.clocked).toBeGreaterThan(5);
    expect(busiest.rejected).toBeGreaterThan(10);
    // Every kind of change happened.
    for (const operation of ['insert job', 'job status', 'job service type', 'job technician', 'job times', 'job booking time', 'delete job', 'insert log', 'log times', 'log job', 'log review', 'log technician', 'delete log', 'bulk review', 'bulk service type', 'delete customer', 'rolled back']) {
      expect(random.counts[operation] ?? 0).toBeGreaterThan(0);
    }
  });

  test("the backfill: data written before 0009 is counted once the database is migrated (its sql/ file rebuilds the rollups)", async () => {
    await analyticsMigration.down(untyped());
    const random = new RandomShop(db(), prng(99));
    await random.setUp();
    for (let i = 0; i < 150; i += 1) await random.transaction();
    await analyticsMigration.up(untyped());
    await reapplySchemaObjects(db());
    // The migration counts in UTC until the server sets the shop's zone (which rebuilds).
    expect((await sql<{ time_zone: string }>`SELECT time_zone FROM analytics_settings`.execute(db())).rows[0].time_zone).toBe('UTC');
    expect(await storedRollups(db())).toEqual(await expectedRollups(db()));
    expect(await syncAnalyticsTimeZone(db(), SHOP_ZONE)).toBe(true);
    await expectExact();
    // And the triggers are back.
    for (let i = 0; i < 50; i += 1) await random.transaction();
    await expectExact();
  });

  test('a new shop time zone rebuilds every rollup in it; the same zone again changes nothing', async () => {
    const random = new RandomShop(db(), prng(7));
    await random.setUp();
    for (let i = 0; i < 60; i += 1) await random.transaction();
    const chicago = await storedRollups(db());
    expect(await syncAnalyticsTimeZone(db(), 'Asia/Tokyo')).toBe(true);
    const tokyo = await storedRollups(db());
    expect(tokyo).toEqual(await expectedRollups(db()));
    expect(tokyo.bookings).not.toEqual(chicago.bookings);
    expect(await syncAnalyticsTimeZone(db(), 'Asia/Tokyo')).toBe(false);
    expect(await syncAnalyticsTimeZone(db(), SHOP_ZONE)).toBe(true);
    expect(await storedRollups(db())).toEqual(chicago);
    await rebuildAnalytics(db());
    expect(await storedRollups(db())).toEqual(chicago);
    await expectExact();
  });
});

// Concurrent sessions exist only on PostgreSQL; PGlite has one connection.
if (usingPostgres) {
  describe('concurrent transactions (PostgreSQL)', () => {
    test('6 writers × 40 transactions at once on the same jobs and days', async () => {
      const seeds = [1, 2, 3, 4, 5, 6];
      const base = new RandomShop(db(), prng(1000));
      await base.setUp(3, 3);
      for (let i = 0; i < 30; i += 1) await base.insertJob(db());
      const writers = seeds.map((seed) => {
        const writer = new RandomShop(db(), prng(seed));
        writer.customers.push(...base.customers);
        writer.technicians.push(...base.technicians);
        return writer;
      });
      await Promise.all(writers.map(async (writer) => {
        for (let i = 0; i < 40; i += 1) await writer.concurrentTransaction();
      }));
      const done = writers.reduce((sum, w) => sum + Object.entries(w.counts).filter(([k]) => !k.startsWith('lost')).reduce((s, [, v]) => s + v, 0), 0);
      expect(done).toBeGreaterThan(300);
      await expectExact();
    });

    /** Two sessions of their own on the test's schema. */
    async function sessions(): Promise<[pg.Client, pg.Client]> {
      const clients = [new pg.Client({ connectionString: shop.config.databaseUrl }), new pg.Client({ connectionString: shop.config.databaseUrl })] as const;
      await Promise.all(clients.map((c) => c.connect()));
      return [clients[0], clients[1]];
    }

    /** Runs `second` while `first` holds its transaction open: `second` must wait for `first`'s commit. */
    async function interleave(a: pg.Client, b: pg.Client, first: string[], second: string[]): Promise<void> {
      await a.query('BEGIN');
      for (const statement of first) await a.query(statement);
      await b.query('BEGIN');
      let waited = true;
      const running = (async () => {
        for (const statement of second) await b.query(statement);
        waited = false;
      })();
      await new Promise((resolve) => setTimeout(resolve, 300));
      expect(waited).toBe(true);
      await a.query('COMMIT');
      await running;
      await b.query('COMMIT');
    }

    async function newJob(status: 'IN_PROGRESS' | 'COMPLETED', technician: string, customer: { id: string; vehicleId: string }, date: string): Promise<string> {
      const id = randomUUID();
      const started = new Date(Date.parse(`${day(-2)}T15:00:00Z`)).toISOString();
      await sql`
        INSERT INTO appointments (id, status, stage, customer_id, vehicle_id, service_type, center_id, date, slot, bay, assigned_employee_id, started_at, completed_at, created_at, updated_at)
        VALUES (${id}, ${status}, ${status === 'IN_PROGRESS' ? 'IN_PROGRESS' : null}, ${customer.id}, ${customer.vehicleId}, 'OIL_CHANGE', ${CENTERS.downtown}, ${date}, '10:00', 2,
                ${technician}, ${started}, ${status === 'COMPLETED' ? new Date(Date.parse(started) + 3_600_000).toISOString() : null}, ${started}, ${started})`.execute(db());
      return id;
    }

    const completeJob = (id: string) =>
      `UPDATE appointments SET status = 'COMPLETED', stage = NULL, completed_at = '${day(-1)}T18:00:00Z' WHERE id = '${id}'`;
    const reopenJob = (id: string) => `UPDATE appointments SET status = 'IN_PROGRESS', stage = 'IN_PROGRESS', completed_at = NULL WHERE id = '${id}'`;
    const logOn = (job: string, technician: string, hour: number) =>
      `INSERT INTO time_logs (id, employee_id, appointment_id, starts_at, ends_at, description, created_at, updated_at)
       VALUES ('${randomUUID()}', '${technician}', '${job}', '${day(-1)} ${hour}:00', '${day(-1)} ${hour}:40', 'Work', now(), now())`;

    test('a log added while its job is being completed, in either order, is credited once', async () => {
      const random = new RandomShop(db(), prng(5));
      await random.setUp(1, 1);
      const [technician] = random.technicians;
      const [customer] = random.customers;
      const [a, b] = await sessions();
      try {
        const first = await newJob('IN_PROGRESS', technician, customer, '2032-01-01');
        await interleave(a, b, [logOn(first, technician, 10)], [completeJob(first)]);
        await expectExact();
        const second = await newJob('IN_PROGRESS', technician, customer, '2032-01-02');
        await interleave(a, b, [completeJob(second)], [logOn(second, technician, 11)]);
        await expectExact();
        // A log rejected while its job is reopened, in either order.
        const logs = await sql<{ id: string; appointment_id: string }>`SELECT id, appointment_id FROM time_logs WHERE appointment_id IN (${first}, ${second}) ORDER BY appointment_id`.execute(db());
        const reject = (id: string) => `UPDATE time_logs SET review_state = 'REJECTED', review_reason = 'No' WHERE id = '${id}'`;
        await interleave(a, b, [reject(logs.rows[0].id)], [reopenJob(logs.rows[0].appointment_id)]);
        await interleave(a, b, [reopenJob(logs.rows[1].appointment_id)], [reject(logs.rows[1].id)]);
        await expectExact();
        // A completed job deleted while a log on it is added: the insert waits, then fails its foreign key.
        const third = await newJob('COMPLETED', technician, customer, '2032-01-03');
        await a.query('BEGIN');
        await a.query(`DELETE FROM appointments WHERE id = '${third}'`);
        const insert = b.query(logOn(third, technician, 12)).then(
          () => null,
          (error: { code?: string }) => error.code,
        );
        await new Promise((resolve) => setTimeout(resolve, 300));
        await a.query('COMMIT');
        expect(await insert).toBe('23503');
        await expectExact();
      } finally {
        await Promise.all([a.end(), b.end()]);
      }
    });

    test('50 bookings of one service on one day at once are 50 in its count', async () => {
      const random = new RandomShop(db(), prng(8));
      await random.setUp(50, 0);
      const created = `${day(-3)}T17:00:00Z`;
      const before = await storedRollups(db());
      await Promise.all(
        random.customers.map((customer, i) =>
          db().transaction().execute((trx) =>
            sql`INSERT INTO appointments (id, status, customer_id, vehicle_id, service_type, center_id, date, slot, bay, created_at, updated_at)
                VALUES (${randomUUID()}, 'PENDING', ${customer.id}, ${customer.vehicleId}, 'BATTERY_CHECK', ${CENTERS.northside}, ${day(60 - (i % 30))}, ${i < 30 ? '14:00' : '15:00'}, 1, ${created}, ${created})`.execute(trx),
          ),
        ),
      );
      const line = (await storedRollups(db())).bookings.find((l) => l.startsWith(`${day(-3)} BATTERY_CHECK PENDING `));
      const earlier = before.bookings.find((l) => l.startsWith(`${day(-3)} BATTERY_CHECK PENDING `));
      expect(Number(line?.split(' ')[3])).toBe(Number(earlier?.split(' ')[3] ?? 0) + 50);
      await expectExact();
    });
  });
}

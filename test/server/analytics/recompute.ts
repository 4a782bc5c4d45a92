import { type Kysely, sql } from 'kysely';
import type { Database } from '../../../server/src/db/schema';

/**
 * The analytics figures recomputed straight from the base tables (appointments, time_logs, service_types, users,
 * and billing's invoices, payments and estimate_items),
 * written independently of migration 0009's triggers and rebuild: what the rollups and GET /api/analytics must
 * equal after any history of changes.
 */

type Db = Kysely<Database>;

export interface RollupRows {
  bookings: string[];
  jobs: string[];
  completed: string[];
  time: string[];
}

/** Rows as comparable text, sorted. */
async function lines(db: Db, query: ReturnType<typeof sql<{ line: string }>>): Promise<string[]> {
  const { rows } = await query.execute(db);
  return rows.map((row) => row.line).sort();
}

/** The rollup tables as they are (rows that fell to zero left out). */
export async function storedRollups(db: Db): Promise<RollupRows> {
  return {
    bookings: await lines(db, sql<{ line: string }>`
      SELECT concat_ws(' ', day, service_type, status, bookings) AS line FROM analytics_bookings_daily WHERE bookings <> 0`),
    jobs: await lines(db, sql<{ line: string }>`
      SELECT concat_ws(' ', appointment_id, clocked_seconds, coalesce(credited_to::text, '-'), coalesce(credited_day::text, '-'),
                       coalesce(service_type, '-'), coalesce(work_seconds::text, '-')) AS line
      FROM analytics_jobs`),
    completed: await lines(db, sql<{ line: string }>`
      SELECT concat_ws(' ', day, employee_id, service_type, jobs, work_seconds, clocked_seconds) AS line FROM analytics_completed_daily
      WHERE jobs <> 0 OR work_seconds <> 0 OR clocked_seconds <> 0`),
    time: await lines(db, sql<{ line: string }>`
      SELECT concat_ws(' ', day, employee_id, logged_seconds, job_seconds) AS line FROM analytics_time_daily
      WHERE logged_seconds <> 0 OR job_seconds <> 0`),
  };
}

/** What the rollup tables must hold, from the base tables. */
export async function expectedRollups(db: Db): Promise<RollupRows> {
  const zone = sql`(SELECT time_zone FROM analytics_settings)`;
  const jobSeconds = sql`
    SELECT l.appointment_id, sum(round(extract(epoch FROM l.ends_at - l.starts_at)))::bigint AS seconds
    FROM time_logs l WHERE l.review_state <> 'REJECTED' AND l.appointment_id IS NOT NULL GROUP BY l.appointment_id`;
  const work = sql`round(extract(epoch FROM a.completed_at - a.started_at))::bigint`;
  const done = sql`(a.completed_at AT TIME ZONE ${zone})::date`;
  return {
    bookings: await lines(db, sql<{ line: string }>`
      SELECT concat_ws(' ', (created_at AT TIME ZONE ${zone})::date, service_type, status, count(*)) AS line
      FROM appointments GROUP BY (created_at AT TIME ZONE ${zone})::date, service_type, status`),
    jobs: await lines(db, sql<{ line: string }>`
      SELECT concat_ws(' ', a.id, coalesce(j.seconds, 0),
                       CASE WHEN a.status = 'COMPLETED' THEN a.assigned_employee_id::text ELSE '-' END,
                       CASE WHEN a.status = 'COMPLETED' THEN ${done}::text ELSE '-' END,
                       CASE WHEN a.status = 'COMPLETED' THEN a.service_type ELSE '-' END,
                       CASE WHEN a.status = 'COMPLETED' THEN ${work}::text ELSE '-' END) AS line
      FROM appointments a LEFT JOIN (${jobSeconds}) j ON j.appointment_id = a.id`),
    completed: await lines(db, sql<{ line: string }>`
      SELECT concat_ws(' ', ${done}, a.assigned_employee_id, a.service_type, count(*), sum(${work}), coalesce(sum(j.seconds), 0)) AS line
      FROM appointments a LEFT JOIN (${jobSeconds}) j ON j.appointment_id = a.id
      WHERE a.status = 'COMPLETED'
      GROUP BY ${done}, a.assigned_employee_id, a.service_type`),
    time: await lines(db, sql<{ line: string }>`
      SELECT concat_ws(' ', starts_at::date, employee_id, sum(round(extract(epoch FROM ends_at - starts_at))),
                       coalesce(sum(round(extract(epoch FROM ends_at - starts_at))) FILTER (WHERE appointment_id IS NOT NULL), 0)) AS line
      FROM time_logs WHERE review_state <> 'REJECTED'
      GROUP BY starts_at::date, employee_id
      HAVING sum(round(extract(epoch FROM ends_at - starts_at))) <> 0`),
  };
}

const n = (value: unknown): number => Number(value ?? 0);

/** GET /api/analytics's answer for `from`…`to`, computed from the base tables (the same JSON shape). */
export async function expectedReport(db: Db, days: number, from: string, to: string) {
  const zone = sql`(SELECT time_zone FROM analytics_settings)`;
  const booked = sql`(a.created_at AT TIME ZONE ${zone})::date BETWEEN ${from}::date AND ${to}::date`;
  const completedIn = sql`a.status = 'COMPLETED' AND (a.completed_at AT TIME ZONE ${zone})::date BETWEEN ${from}::date AND ${to}::date`;
  const seconds = sql`round(extract(epoch FROM l.ends_at - l.starts_at))`;
  const { rows: timeZone } = await sql<{ zone: string }>`SELECT ${zone} AS zone`.execute(db);

  const { rows: perDay } = await sql<{ date: string; bookings: unknown }>`
    SELECT d.day::date::text AS date, (SELECT count(*) FROM appointments a WHERE (a.created_at AT TIME ZONE ${zone})::date = d.day::date) AS bookings
    FROM generate_series(${from}::date, ${to}::date, interval '1 day') AS d(day) ORDER BY d.day`.execute(db);
  const statuses = ['PENDING', 'CONFIRMED', 'IN_PROGRESS', 'COMPLETED', 'CANCELLED'];
  const { rows: byStatus } = await sql<{ status: string; jobs: unknown }>`
    SELECT a.status, count(*) AS jobs FROM appointments a WHERE ${booked} GROUP BY a.status`.execute(db);
  const issuedIn = sql`i.voided_at IS NULL AND i.issued_on BETWEEN ${from}::date AND ${to}::date`;
  const { rows: types } = await sql<{ code: string; name: string; bookings: unknown; completed: unknown; invoiced: unknown }>`
    SELECT st.code, st.name,
           (SELECT count(*) FROM appointments a WHERE a.service_type = st.code AND ${booked}) AS bookings,
           (SELECT count(*) FROM appointments a WHERE a.service_type = st.code AND ${completedIn}) AS completed,
           (SELECT sum(i.total_minor) FROM invoices i JOIN appointments a ON a.id = i.appointment_id WHERE a.service_type = st.code AND ${issuedIn}) AS invoiced
    FROM service_types st ORDER BY st.position`.execute(db);
  const { rows: money } = await sql<{ invoiced: unknown; collected: unknown }>`
    SELECT (SELECT sum(i.total_minor) FROM invoices i WHERE ${issuedIn}) AS invoiced,
           (SELECT sum(p.amount_minor) FROM payments p WHERE p.paid_on BETWEEN ${from}::date AND ${to}::date) AS collected`.execute(db);
  const { rows: technicians } = await sql<{
    id: string;
    full_name: string;
    jobs: unknown;
    work: unknown;
    expected: unknown;
    labour: unknown;
    clocked: unknown;
    logged: unknown;
    on_jobs: unknown;
  }>`
    SELECT u.id, u.full_name,
           (SELECT count(*) FROM appointments a WHERE a.assigned_employee_id = u.id AND ${completedIn}) AS jobs,
           (SELECT sum(round(extract(epoch FROM a.completed_at - a.started_at))) FROM appointments a WHERE a.assigned_employee_id = u.id AND ${completedIn}) AS work,
           (SELECT sum(st.duration_minutes) FROM appointments a JOIN service_types st ON st.code = a.service_type
             WHERE a.assigned_employee_id = u.id AND ${completedIn}) AS expected,
           (SELECT sum(e.quantity_hundredths) FROM appointments a JOIN estimate_items e ON e.appointment_id = a.id AND e.kind = 'LABOUR' AND e.status = 'APPROVED'
             WHERE a.assigned_employee_id = u.id AND ${completedIn}) AS labour,
           (SELECT sum(${seconds}) FROM appointments a JOIN time_logs l ON l.appointment_id = a.id AND l.review_state <> 'REJECTED'
             WHERE a.assigned_employee_id = u.id AND ${completedIn}) AS clocked,
           (SELECT sum(${seconds}) FROM time_logs l WHERE l.employee_id = u.id AND l.review_state <> 'REJECTED'
             AND l.starts_at::date BETWEEN ${from}::date AND ${to}::date) AS logged,
           (SELECT sum(${seconds}) FROM time_logs l WHERE l.employee_id = u.id AND l.review_state <> 'REJECTED' AND l.appointment_id IS NOT NULL
             AND l.starts_at::date BETWEEN ${from}::date AND ${to}::date) AS on_jobs
    FROM users u
    ORDER BY u.full_name, u.id`.execute(db);

  const byType = types.map((t) => ({ code: t.code, name: t.name, bookings: n(t.bookings), completedJobs: n(t.completed), invoicedMinor: n(t.invoiced) }));
  const people = technicians
    .filter((t) => n(t.jobs) > 0 || n(t.logged) > 0)
    .map((t) => {
      const jobs = n(t.jobs);
      const clocked = n(t.clocked);
      const logged = n(t.logged);
      // Billed: catalogue minutes plus approved labour hours (hundredths × 36 seconds).
      const billedSeconds = n(t.expected) * 60 + n(t.labour) * 36;
      return {
        id: t.id,
        fullName: t.full_name,
        jobsCompleted: jobs,
        ...(jobs > 0 && { averageCompletionMinutes: Math.round(n(t.work) / jobs / 60) }),
        expectedMinutes: n(t.expected),
        billedMinutes: Math.round(billedSeconds / 60),
        completedJobMinutes: Math.round(clocked / 60),
        ...(clocked > 0 && { efficiency: billedSeconds / clocked }),
        loggedMinutes: Math.round(logged / 60),
        jobMinutes: Math.round(n(t.on_jobs) / 60),
        ...(logged > 0 && { productivity: n(t.on_jobs) / logged }),
      };
    });
  const sum = (values: number[]) => values.reduce((a, b) => a + b, 0);
  const allLogged = await sql<{ logged: unknown; on_jobs: unknown }>`
    SELECT sum(${seconds}) AS logged, sum(${seconds}) FILTER (WHERE l.appointment_id IS NOT NULL) AS on_jobs
    FROM time_logs l WHERE l.review_state <> 'REJECTED' AND l.starts_at::date BETWEEN ${from}::date AND ${to}::date`.execute(db);
  return {
    period: { days, from, to, timeZone: timeZone[0].zone },
    totals: {
      bookings: sum(perDay.map((d) => n(d.bookings))),
      completedJobs: sum(byType.map((t) => t.completedJobs)),
      invoicedMinor: n(money[0].invoiced),
      collectedMinor: n(money[0].collected),
      loggedMinutes: Math.round(n(allLogged.rows[0].logged) / 60),
      jobMinutes: Math.round(n(allLogged.rows[0].on_jobs) / 60),
    },
    bookingsPerDay: perDay.map((d) => ({ date: d.date, bookings: n(d.bookings) })),
    byStatus: statuses.map((status) => ({ status, jobs: n(byStatus.find((s) => s.status === status)?.jobs) })),
    byServiceType: byType,
    technicians: people,
  };
}

/** Ratios to 9 decimals, so that a float computed in SQL and one computed here compare equal. */
export function roundRatios<T>(report: T): T {
  return JSON.parse(JSON.stringify(report), (key, value) =>
    (key === 'efficiency' || key === 'productivity') && typeof value === 'number' ? Math.round(value * 1e9) / 1e9 : value,
  ) as T;
}

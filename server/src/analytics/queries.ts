import { sql } from 'kysely';
import type { Catalog } from '../catalog/queries';
import type { Clock } from '../clock';
import type { Analytics as AnalyticsAnswer, AnalyticsPeriod, TechnicianFigures } from '../contract/analytics';
import { APPOINTMENT_STATUSES, type AppointmentStatus } from '../contract/statuses';
import '../billing/tables';
import type { Db } from '../db/schema';
import { addCalendarDays, shopNow } from '../shopTime';

/** bigint / numeric aggregates arrive as strings from `pg`; every figure here is a whole number or a ratio. */
const num = (value: string | number | null | undefined): number => Number(value ?? 0);

type Figure = string | number;

/** The shop's period: `days` days ending today in its calendar. */
export function analyticsPeriod(timeZone: string, nowMs: number, days: number): { from: string; to: string } {
  const to = shopNow(timeZone, nowMs).date;
  return { from: addCalendarDays(to, -(days - 1)), to };
}

/**
 * GET /api/analytics: every figure is an aggregate (GROUP BY) of the daily rollups of migration 0009 over the
 * period's days — each rollup read once, by its primary key's day range: a few thousand rows for 90 days, whatever
 * the size of the base tables. The totals are window sums over the same groups. Expected and billed hours join
 * the catalogue (service_types) at query time. Money comes from billing's own tables, not from rollups: payments by
 * paid day (payments_paid_on_idx), invoices by issue day (no index on issued_on: a scan of the invoices, cheap at a
 * workshop's few thousand a year; a rollup or an index is the next step if that grows), and billed labour from the
 * approved LABOUR estimate items of the credited jobs (analytics_jobs, by its primary key).
 */
export class Analytics {
  constructor(
    private readonly db: Db,
    private readonly catalog: Catalog,
    private readonly now: Clock,
  ) {}

  async report(period: AnalyticsPeriod): Promise<AnalyticsAnswer> {
    const days = Number(period);
    const { from, to } = analyticsPeriod(this.catalog.timeZone, this.now(), days);
    const [bookingsPerDay, byStatus, byServiceType, technicians, collectedMinor] = await Promise.all([
      this.bookingsPerDay(from, to),
      this.byStatus(from, to),
      this.byServiceType(from, to),
      this.technicians(from, to),
      this.collected(from, to),
    ]);
    return {
      period: { days, from, to, timeZone: this.catalog.timeZone },
      totals: {
        bookings: byStatus.total,
        completedJobs: byServiceType.completed,
        invoicedMinor: byServiceType.invoicedMinor,
        collectedMinor,
        loggedMinutes: technicians.loggedMinutes,
        jobMinutes: technicians.jobMinutes,
      },
      bookingsPerDay,
      byStatus: byStatus.rows,
      byServiceType: byServiceType.rows,
      technicians: technicians.rows,
    };
  }

  /** Every day of the period, zero-filled. */
  private async bookingsPerDay(from: string, to: string) {
    const { rows } = await sql<{ date: string; bookings: Figure }>`
      SELECT to_char(d.day, 'YYYY-MM-DD') AS date, coalesce(b.bookings, 0) AS bookings
      FROM generate_series(${from}::date, ${to}::date, interval '1 day') AS d(day)
      LEFT JOIN (
        SELECT day, sum(bookings) AS bookings FROM analytics_bookings_daily
        WHERE day BETWEEN ${from}::date AND ${to}::date GROUP BY day
      ) b ON b.day = d.day::date
      ORDER BY d.day`.execute(this.db);
    return rows.map((row) => ({ date: row.date, bookings: num(row.bookings) }));
  }

  /** Every status in lifecycle order, zero-filled; the total is the period's bookings. */
  private async byStatus(from: string, to: string) {
    const statuses = sql.join(APPOINTMENT_STATUSES.map((status, i) => sql`(${status}::text, ${i}::int)`));
    const { rows } = await sql<{ status: AppointmentStatus; jobs: Figure; total: Figure }>`
      SELECT s.status, coalesce(b.jobs, 0) AS jobs, sum(coalesce(b.jobs, 0)) OVER () AS total
      FROM (VALUES ${statuses}) AS s(status, position)
      LEFT JOIN (
        SELECT status, sum(bookings) AS jobs FROM analytics_bookings_daily
        WHERE day BETWEEN ${from}::date AND ${to}::date GROUP BY status
      ) b ON b.status = s.status
      ORDER BY s.position`.execute(this.db);
    return { rows: rows.map((row) => ({ status: row.status, jobs: num(row.jobs) })), total: num(rows[0]?.total) };
  }

  /** Payments whose paid day falls in the period (deposits included). */
  private async collected(from: string, to: string): Promise<number> {
    const { rows } = await sql<{ collected: Figure | null }>`
      SELECT sum(amount_minor) AS collected FROM payments WHERE paid_on BETWEEN ${from}::date AND ${to}::date`.execute(this.db);
    return num(rows[0]?.collected);
  }

  /**
   * Every service type in catalogue order: bookings, completed jobs, and the totals of the invoices issued in the
   * period (not void) of jobs of that type.
   */
  private async byServiceType(from: string, to: string) {
    const { rows } = await sql<{ code: string; name: string; bookings: Figure; completed: Figure; invoiced: Figure; all_completed: Figure; all_invoiced: Figure }>`
      SELECT st.code, st.name, coalesce(b.bookings, 0) AS bookings, coalesce(c.jobs, 0) AS completed, coalesce(i.invoiced, 0) AS invoiced,
             sum(coalesce(c.jobs, 0)) OVER () AS all_completed, sum(coalesce(i.invoiced, 0)) OVER () AS all_invoiced
      FROM service_types st
      LEFT JOIN (
        SELECT service_type, sum(bookings) AS bookings FROM analytics_bookings_daily
        WHERE day BETWEEN ${from}::date AND ${to}::date GROUP BY service_type
      ) b ON b.service_type = st.code
      LEFT JOIN (
        SELECT service_type, sum(jobs) AS jobs FROM analytics_completed_daily
        WHERE day BETWEEN ${from}::date AND ${to}::date GROUP BY service_type
      ) c ON c.service_type = st.code
      LEFT JOIN (
        SELECT a.service_type, sum(inv.total_minor) AS invoiced
        FROM invoices inv JOIN appointments a ON a.id = inv.appointment_id
        WHERE inv.issued_on BETWEEN ${from}::date AND ${to}::date AND inv.voided_at IS NULL
        GROUP BY a.service_type
      ) i ON i.service_type = st.code
      ORDER BY st.position`.execute(this.db);
    return {
      rows: rows.map((row) => ({ code: row.code, name: row.name, bookings: num(row.bookings), completedJobs: num(row.completed), invoicedMinor: num(row.invoiced) })),
      completed: num(rows[0]?.all_completed),
      invoicedMinor: num(rows[0]?.all_invoiced),
    };
  }

  /**
   * Technicians with a completed job or logged time in the period, by name; the ratios are computed here too, and
   * the shop's hours logged (and on jobs) are the window sums of everyone's.
   */
  private async technicians(from: string, to: string) {
    const { rows } = await sql<{
      id: string;
      full_name: string;
      jobs: Figure;
      average_minutes: Figure | null;
      expected_minutes: Figure;
      billed_minutes: Figure;
      clocked_minutes: Figure;
      efficiency: number | null;
      logged_minutes: Figure;
      job_minutes: Figure;
      productivity: number | null;
      all_logged_minutes: Figure;
      all_job_minutes: Figure;
    }>`
      WITH done AS (
        SELECT c.employee_id, sum(c.jobs) AS jobs, sum(c.work_seconds) AS work_seconds,
               sum(c.jobs * st.duration_minutes) AS expected_minutes, sum(c.clocked_seconds) AS clocked_seconds
        FROM analytics_completed_daily c JOIN service_types st ON st.code = c.service_type
        WHERE c.day BETWEEN ${from}::date AND ${to}::date
        GROUP BY c.employee_id
      ),
      -- Approved labour items on the jobs credited in the period: hundredths of an hour, 36 seconds each.
      labour AS (
        SELECT j.credited_to AS employee_id, sum(e.quantity_hundredths) * 36 AS labour_seconds
        FROM estimate_items e JOIN analytics_jobs j ON j.appointment_id = e.appointment_id
        WHERE e.kind = 'LABOUR' AND e.status = 'APPROVED' AND j.credited_day BETWEEN ${from}::date AND ${to}::date
        GROUP BY j.credited_to
      ),
      logged AS (
        SELECT employee_id, sum(logged_seconds) AS logged_seconds, sum(job_seconds) AS job_seconds
        FROM analytics_time_daily
        WHERE day BETWEEN ${from}::date AND ${to}::date
        GROUP BY employee_id
      ),
      figures AS (
        SELECT coalesce(done.employee_id, logged.employee_id) AS employee_id,
               coalesce(done.jobs, 0) AS jobs,
               round(done.work_seconds / nullif(done.jobs, 0) / 60.0) AS average_minutes,
               coalesce(done.expected_minutes, 0) AS expected_minutes,
               coalesce(done.expected_minutes, 0) * 60 + coalesce(labour.labour_seconds, 0) AS billed_seconds,
               coalesce(done.clocked_seconds, 0) AS clocked_seconds,
               coalesce(logged.logged_seconds, 0) AS logged_seconds,
               coalesce(logged.job_seconds, 0) AS job_seconds
        FROM done FULL JOIN logged ON logged.employee_id = done.employee_id
        LEFT JOIN labour ON labour.employee_id = done.employee_id
      )
      SELECT u.id, u.full_name, f.jobs, f.average_minutes, f.expected_minutes,
             round(f.billed_seconds / 60.0) AS billed_minutes,
             round(f.clocked_seconds / 60.0) AS clocked_minutes,
             (f.billed_seconds::numeric / nullif(f.clocked_seconds, 0))::float8 AS efficiency,
             round(f.logged_seconds / 60.0) AS logged_minutes,
             round(f.job_seconds / 60.0) AS job_minutes,
             (f.job_seconds::numeric / nullif(f.logged_seconds, 0))::float8 AS productivity,
             round(sum(f.logged_seconds) OVER () / 60.0) AS all_logged_minutes,
             round(sum(f.job_seconds) OVER () / 60.0) AS all_job_minutes
      FROM figures f JOIN users u ON u.id = f.employee_id
      WHERE f.jobs <> 0 OR f.logged_seconds <> 0
      ORDER BY u.full_name, u.id`.execute(this.db);
    const technicians: TechnicianFigures[] = rows.map((row) => ({
      id: row.id,
      fullName: row.full_name,
      jobsCompleted: num(row.jobs),
      ...(row.average_minutes !== null && { averageCompletionMinutes: num(row.average_minutes) }),
      expectedMinutes: num(row.expected_minutes),
      billedMinutes: num(row.billed_minutes),
      completedJobMinutes: num(row.clocked_minutes),
      ...(row.efficiency !== null && { efficiency: Number(row.efficiency) }),
      loggedMinutes: num(row.logged_minutes),
      jobMinutes: num(row.job_minutes),
      ...(row.productivity !== null && { productivity: Number(row.productivity) }),
    }));
    return { rows: technicians, loggedMinutes: num(rows[0]?.all_logged_minutes), jobMinutes: num(rows[0]?.all_job_minutes) };
  }
}

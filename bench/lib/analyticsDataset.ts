import { sql } from 'kysely';
import type { Db } from '../../server/src/db/schema';

/**
 * Time logs for the analytics bench, on top of the shop's 100,000 appointments (lib/shopDataset.ts), in two
 * INSERT … SELECT statements (set-based, no round trips per row). Deterministic: every choice is an md5 of the
 * row's key, so PGlite and PostgreSQL get the same logs for the same data.
 *
 * - On every job that started (IN_PROGRESS or COMPLETED), its technician logs three pieces of its slot's hour
 *   (:00–:15, :20–:35, :40–:55) — the technician has no other job in that date and slot, so they never overlap.
 * - The rest, up to ANALYTICS_DATASET.timeLogs, is time off the jobs: each technician at 08:00–08:45,
 *   12:00–12:50 and 17:00–17:40 (hours no slot uses), day after day back from today.
 * - About 5 % of all logs are rejected (with a reason) and 60 % approved; the rest are submitted.
 * The analytics triggers of migration 0009 run on every row, as they would for logs written one at a time.
 */
export const ANALYTICS_DATASET = {
  timeLogs: 500_000,
  logsPerJob: 3,
  /** Shares of logs rejected and approved (the rest stay submitted). */
  rejected: 0.05,
  approved: 0.6,
} as const;

export interface TimeLogSeed {
  durationMs: number;
  timeLogs: number;
  onJobs: number;
  rejected: number;
  /** First and last day a log starts on. */
  firstDay: string;
  lastDay: string;
}

/** A uniform number in [0, 1) from md5(key || salt). */
const rnd = (key: string, salt: string) => sql.raw<number>(`(('x' || substr(md5((${key})::text || '${salt}'), 1, 7))::bit(28)::int / 268435456.0)`);

export async function seedTimeLogs(db: Db, today: string): Promise<TimeLogSeed> {
  const started = performance.now();
  const { timeLogs, logsPerJob, rejected, approved } = ANALYTICS_DATASET;
  const uJob = rnd(`a.id::text || p.n`, 'review');
  // Three logs in the hour of every job that started, by its technician.
  await sql`
    INSERT INTO time_logs (id, employee_id, appointment_id, starts_at, ends_at, description, review_state, review_reason, created_at, updated_at)
    SELECT md5('bench-log-' || a.id || '-' || p.n)::uuid, a.assigned_employee_id, a.id,
           a.date + a.slot::time + make_interval(mins => p.n * 20),
           a.date + a.slot::time + make_interval(mins => p.n * 20 + 15),
           'Work on the job',
           CASE WHEN ${uJob} < ${rejected}::float8 THEN 'REJECTED' WHEN ${uJob} < ${rejected + approved}::float8 THEN 'APPROVED' ELSE 'SUBMITTED' END,
           CASE WHEN ${uJob} < ${rejected}::float8 THEN 'Not on the rota' END,
           now(), now()
    FROM appointments a CROSS JOIN generate_series(0, ${logsPerJob - 1}::int) AS p(n)
    WHERE a.status IN ('IN_PROGRESS', 'COMPLETED') AND a.date <= ${today}::date`.execute(db);
  const { rows: counted } = await sql<{ n: number }>`SELECT count(*)::int AS n FROM time_logs`.execute(db);
  const onJobs = Number(counted[0].n);
  const rest = Math.max(0, timeLogs - onJobs);
  // Time off the jobs: technician t, day d back from today, piece k (08:00, 12:00, 17:00), until there are enough.
  const uOff = rnd(`t.id::text || n`, 'review');
  await sql`
    WITH technicians AS (
      SELECT id, (row_number() OVER (ORDER BY id) - 1)::int AS t FROM users WHERE role = 'EMPLOYEE'
    ),
    dims AS (SELECT count(*)::int AS nt FROM technicians),
    pieces AS (
      SELECT n, n % dims.nt AS t, (n / dims.nt) % 3 AS k, n / (dims.nt * 3) AS d
      FROM generate_series(0, ${rest - 1}::int) AS n, dims
    )
    INSERT INTO time_logs (id, employee_id, appointment_id, starts_at, ends_at, description, review_state, review_reason, created_at, updated_at)
    SELECT md5('bench-off-' || n)::uuid, t.id, NULL,
           (${today}::date - p.d) + (ARRAY[time '08:00', time '12:00', time '17:00'])[p.k + 1],
           (${today}::date - p.d) + (ARRAY[time '08:45', time '12:50', time '17:40'])[p.k + 1],
           'Workshop upkeep',
           CASE WHEN ${uOff} < ${rejected}::float8 THEN 'REJECTED' WHEN ${uOff} < ${rejected + approved}::float8 THEN 'APPROVED' ELSE 'SUBMITTED' END,
           CASE WHEN ${uOff} < ${rejected}::float8 THEN 'Not on the rota' END,
           now(), now()
    FROM pieces p JOIN technicians t ON t.t = p.t`.execute(db);
  await sql`VACUUM ANALYZE`.execute(db);
  const { rows } = await sql<{ n: number; rejected: number; first: string; last: string }>`
    SELECT count(*)::int AS n, (count(*) FILTER (WHERE review_state = 'REJECTED'))::int AS rejected,
           min(starts_at)::date::text AS first, max(starts_at)::date::text AS last
    FROM time_logs`.execute(db);
  return {
    durationMs: Math.round(performance.now() - started),
    timeLogs: Number(rows[0].n),
    onJobs,
    rejected: Number(rows[0].rejected),
    firstDay: rows[0].first,
    lastDay: rows[0].last,
  };
}

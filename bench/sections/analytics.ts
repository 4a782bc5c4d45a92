import { sql } from 'kysely';
import { Analytics } from '../../server/src/analytics/queries';
import { rebuildAnalytics, syncAnalyticsTimeZone } from '../../server/src/analytics/rollups';
import { hashPassword } from '../../server/src/auth/passwords';
import { explain, recordQueries } from '../../server/src/db/explain';
import { ANALYTICS_DATASET, seedTimeLogs, type TimeLogSeed } from '../lib/analyticsDataset';
import { loginUser } from '../lib/apiClient';
import { type HttpAnswer, HttpClient, runConcurrently } from '../lib/http';
import { currentLoadAverage } from '../lib/machine';
import { BENCH_DATABASE_LABEL as LABEL, type BenchDatabaseKind, benchDatabaseSettings, type FailedDatabase, runOnEachDatabase, type SkippedDatabase } from '../lib/postgres';
import { onShopDatabase } from '../lib/shopRun';
import { SHOP_DATASET, type SeedResult, seedShop } from '../lib/shopDataset';
import { openShopDatabase } from '../lib/shopDb';
import { percentile, round } from '../lib/stats';

/**
 * Admin analytics on the shop's large data set: 100,000 appointments (lib/shopDataset.ts) and 500,000
 * time logs (lib/analyticsDataset.ts), seeded in SQL with migration 0009's triggers running on every row, once on
 * the embedded database (PGlite) and once on a throw-away PostgreSQL cluster. Measures GET /api/analytics for
 * each period, one request at a time (and the 90-day period 10 at a time), after a warm-up; target p99 < 200 ms for
 * 90 days. Also: the time to rebuild every rollup from the base tables (what the migration's backfill and a change
 * of SHOP_TIME_ZONE cost on this data), the rollups' sizes, and the execution time of each of the endpoint's
 * queries (EXPLAIN ANALYZE of the server's own SQL).
 */
export const ANALYTICS_LOAD = {
  warmup: 30,
  requests: 200,
  concurrentRequests: 200,
  concurrency: 10,
  periods: ['7', '30', '90'] as const,
  targetP99Ms: 200,
} as const;

export interface AnalyticsRun {
  period: string;
  concurrency: number;
  requests: number;
  p50Ms: number;
  p90Ms: number;
  p99Ms: number;
  maxMs: number;
  non200: number;
  withinTarget: boolean;
}

export interface AnalyticsQueryPlan {
  /** The query's first line (which figure it computes). */
  label: string;
  executionMs: number | null;
  planningMs: number | null;
  /** Tables the plan reads in full. */
  seqScans: string[];
}

export interface AnalyticsDatabaseResult {
  kind: BenchDatabaseKind;
  database: string;
  version: string;
  settings: string;
  today: string;
  appointments: SeedResult;
  timeLogs: TimeLogSeed;
  /** analytics_rebuild() on the whole data set (LOCK + TRUNCATE + set-based INSERTs). */
  rebuildMs: number;
  rollupRows: Record<string, number>;
  /** The 90-day answer's size and a few of its figures, to show what was computed. */
  answer: { bytes: number; bookings: number; completedJobs: number; invoicedMinor: number; technicians: number; loggedMinutes: number };
  plans: AnalyticsQueryPlan[];
  loadAverage: { start: number; end: number };
  runs: AnalyticsRun[];
}

export type AnalyticsDatabaseOutcome = AnalyticsDatabaseResult | SkippedDatabase | FailedDatabase;

export interface AnalyticsBenchResult {
  timeZone: string;
  dataset: { appointments: number; timeLogs: number; technicians: number };
  load: typeof ANALYTICS_LOAD;
  databases: AnalyticsDatabaseOutcome[];
}

export const isAnalyticsResult = (o: AnalyticsDatabaseOutcome): o is AnalyticsDatabaseResult => 'runs' in o;

type Log = (line: string) => void;
const defaultLog: Log = (line) => console.info(`[bench] ${line}`);

function timing(plan: readonly string[], name: 'Planning' | 'Execution'): number | null {
  const line = plan.find((l) => l.startsWith(`${name} Time:`));
  const ms = line ? Number(/([\d.]+) ms/.exec(line)?.[1]) : Number.NaN;
  return Number.isFinite(ms) ? round(ms, 3) : null;
}

/** The endpoint's own queries for 90 days, each EXPLAIN (ANALYZE, BUFFERS)ed twice (the second, warm, kept). */
async function explainReport(db: Parameters<typeof recordQueries>[0], catalog: ConstructorParameters<typeof Analytics>[1]): Promise<AnalyticsQueryPlan[]> {
  const queries = await recordQueries(db, (recording) => new Analytics(recording, catalog, Date.now).report('90'));
  const plans: AnalyticsQueryPlan[] = [];
  for (const query of queries) {
    await explain(db, query, 'ANALYZE, BUFFERS');
    const plan = await explain(db, query, 'ANALYZE, BUFFERS');
    const label = query.sql.replace(/\s+/g, ' ').trim().slice(0, 90);
    plans.push({ label, executionMs: timing(plan, 'Execution'), planningMs: timing(plan, 'Planning'), seqScans: [...new Set(plan.flatMap((l) => /Seq Scan on (\w+)/.exec(l)?.[1] ?? []))] });
  }
  return plans;
}

async function measure(origin: string, token: string, period: string, concurrency: number, requests: number): Promise<{ run: AnalyticsRun; first: HttpAnswer }> {
  const client = new HttpClient(origin, concurrency);
  const get = () => client.request({ method: 'GET', path: `/api/analytics?period=${period}`, token });
  try {
    await runConcurrently(concurrency, ANALYTICS_LOAD.warmup, get);
    const answers = await runConcurrently(concurrency, requests, get);
    const ms = answers.map((a) => a.ms);
    const p99 = round(percentile(ms, 99), 2);
    return {
      first: answers[0],
      run: {
        period,
        concurrency,
        requests,
        p50Ms: round(percentile(ms, 50), 2),
        p90Ms: round(percentile(ms, 90), 2),
        p99Ms: p99,
        maxMs: round(Math.max(...ms), 2),
        non200: answers.filter((a) => a.status !== 200).length,
        withinTarget: p99 < ANALYTICS_LOAD.targetP99Ms,
      },
    };
  } finally {
    client.close();
  }
}

async function runOnDatabase(kind: BenchDatabaseKind, timeZone: string, passwordHash: string, log: Log): Promise<AnalyticsDatabaseResult> {
  return onShopDatabase(kind, 'analytics', timeZone, log, async ({ postgres, target, now, startApiServer }) => {
    const today = now.date;

    const { opened, catalog } = await openShopDatabase(target);
    let appointments: SeedResult;
    let timeLogs: TimeLogSeed;
    let rebuildMs: number;
    let plans: AnalyticsQueryPlan[];
    const rollupRows: Record<string, number> = {};
    try {
      // The rollups count days in the shop's zone from the first row on (as the server would set it at start).
      await syncAnalyticsTimeZone(opened.db, timeZone);
      appointments = await seedShop(opened.db, catalog, { today, nowTime: now.time, timeZone }, passwordHash);
      log(`analytics (${kind}): seeded ${appointments.appointments.toLocaleString('en')} appointments in ${(appointments.durationMs / 1000).toFixed(1)} s`);
      timeLogs = await seedTimeLogs(opened.db, today);
      log(`analytics (${kind}): seeded ${timeLogs.timeLogs.toLocaleString('en')} time logs in ${(timeLogs.durationMs / 1000).toFixed(1)} s`);
      const started = performance.now();
      await rebuildAnalytics(opened.db);
      rebuildMs = Math.round(performance.now() - started);
      await sql`VACUUM ANALYZE`.execute(opened.db);
      log(`analytics (${kind}): rebuilt the rollups in ${(rebuildMs / 1000).toFixed(1)} s`);
      for (const table of ['analytics_bookings_daily', 'analytics_jobs', 'analytics_completed_daily', 'analytics_time_daily']) {
        const { rows } = await sql<{ n: number }>`SELECT count(*)::int AS n FROM ${sql.table(table)}`.execute(opened.db);
        rollupRows[table] = Number(rows[0].n);
      }
      plans = await explainReport(opened.db, catalog);
    } finally {
      await opened.close();
    }

    const server = await startApiServer();
    const admin = await loginUser(server.apiBase, server.admin.email, server.admin.password);
    const loadStart = currentLoadAverage();
    const runs: AnalyticsRun[] = [];
    let answer: AnalyticsDatabaseResult['answer'] | null = null;
    for (const period of ANALYTICS_LOAD.periods) {
      const { run, first } = await measure(server.origin, admin.token, period, 1, ANALYTICS_LOAD.requests);
      runs.push(run);
      log(`analytics (${kind}): ${period} days × 1: p50 ${run.p50Ms} ms, p99 ${run.p99Ms} ms`);
      if (period === '90') {
        const body = JSON.parse(first.body) as { totals: { bookings: number; completedJobs: number; invoicedMinor: number; loggedMinutes: number }; technicians: unknown[] };
        answer = { bytes: Buffer.byteLength(first.body), ...body.totals, technicians: body.technicians.length };
      }
    }
    const { run: concurrent } = await measure(server.origin, admin.token, '90', ANALYTICS_LOAD.concurrency, ANALYTICS_LOAD.concurrentRequests);
    runs.push(concurrent);
    log(`analytics (${kind}): 90 days × ${concurrent.concurrency}: p50 ${concurrent.p50Ms} ms, p99 ${concurrent.p99Ms} ms`);
    const loadEnd = currentLoadAverage();
    await server.stop();

    return {
      kind,
      database: LABEL[kind],
      version: postgres?.version ?? appointments.serverVersion,
      settings: benchDatabaseSettings(postgres),
      today,
      appointments,
      timeLogs,
      rebuildMs,
      rollupRows,
      answer: answer ?? { bytes: 0, bookings: 0, completedJobs: 0, invoicedMinor: 0, technicians: 0, loggedMinutes: 0 },
      plans,
      loadAverage: { start: loadStart, end: loadEnd },
      runs,
    };
  });
}

/** The analytics section: each database seeded on its own, then its own API-only server measured. */
export async function runAnalytics(log: Log = defaultLog): Promise<AnalyticsBenchResult> {
  const timeZone = Intl.DateTimeFormat().resolvedOptions().timeZone;
  const passwordHash = await hashPassword(SHOP_DATASET.password);
  const databases = await runOnEachDatabase('BENCH_ANALYTICS_DATABASES', 'analytics', log, (kind) => runOnDatabase(kind, timeZone, passwordHash, log));
  return {
    timeZone,
    dataset: { appointments: SHOP_DATASET.appointments, timeLogs: ANALYTICS_DATASET.timeLogs, technicians: SHOP_DATASET.technicians },
    load: ANALYTICS_LOAD,
    databases,
  };
}

const ms = (value: number | null) => (value === null ? '—' : `${value} ms`);
const seconds = (valueMs: number) => `${(valueMs / 1000).toFixed(1)} s`;

/** The section as markdown, for bench/report.md. */
export function renderAnalyticsSection(result: AnalyticsBenchResult): string {
  const { load } = result;
  const lines: string[] = [
    '## 8. Analytics',
    '',
    `GET /api/analytics (admin) on ${result.dataset.appointments.toLocaleString('en')} appointments and ${result.dataset.timeLogs.toLocaleString('en')} time logs ` +
      `(${result.dataset.technicians} technicians), shop time zone ${result.timeZone}. The figures come from the daily rollups of migration 0009, ` +
      `kept by triggers on every write (the seeding below ran them on every row). ${load.warmup} warm-up requests, then ${load.requests} measured one at a time ` +
      `(and ${load.concurrentRequests} at ${load.concurrency} at a time for 90 days); target p99 < ${load.targetP99Ms} ms for the 90-day period.`,
    '',
  ];
  for (const outcome of result.databases) {
    lines.push(`### ${outcome.database}`, '');
    if ('skipped' in outcome) {
      lines.push(`Skipped: ${outcome.skipped}`, '');
      continue;
    }
    if ('error' in outcome) {
      lines.push(`Failed: ${outcome.error}`, '');
      continue;
    }
    const r = outcome;
    lines.push(
      `${r.version}; ${r.settings}. Today ${r.today}. Load average ${r.loadAverage.start} → ${r.loadAverage.end}.`,
      '',
      `- Seeding: ${r.appointments.appointments.toLocaleString('en')} appointments in ${seconds(r.appointments.durationMs)}, ` +
        `${r.timeLogs.timeLogs.toLocaleString('en')} time logs (${r.timeLogs.onJobs.toLocaleString('en')} on jobs, ${r.timeLogs.rejected.toLocaleString('en')} rejected, ` +
        `${r.timeLogs.firstDay} … ${r.timeLogs.lastDay}) in ${seconds(r.timeLogs.durationMs)}, triggers included.`,
      `- Rebuilding every rollup from the base tables (the migration's backfill; a change of SHOP_TIME_ZONE at start): ${seconds(r.rebuildMs)}.`,
      `- Rollup rows: ${Object.entries(r.rollupRows).map(([t, n]) => `${t} ${n.toLocaleString('en')}`).join(', ')}.`,
      `- The 90-day answer: ${r.answer.bytes.toLocaleString('en')} bytes; ${r.answer.bookings.toLocaleString('en')} bookings, ${r.answer.completedJobs.toLocaleString('en')} jobs completed, ` +
        `invoiced ${r.answer.invoicedMinor.toLocaleString('en')} (minor units), ${r.answer.technicians} technicians, ${r.answer.loggedMinutes.toLocaleString('en')} minutes logged.`,
      '',
      '| period | concurrency | requests | p50 | p90 | p99 | max | non-200 | p99 < target |',
      '|---|---|---|---|---|---|---|---|---|',
      ...r.runs.map((run) => `| ${run.period} days | ${run.concurrency} | ${run.requests} | ${run.p50Ms} ms | ${run.p90Ms} ms | ${run.p99Ms} ms | ${run.maxMs} ms | ${run.non200} | ${run.withinTarget ? 'yes' : '**no**'} |`),
      '',
      'The endpoint\'s queries for 90 days (EXPLAIN ANALYZE, warm):',
      '',
      '| query | execution | planning | sequential scans |',
      '|---|---|---|---|',
      ...r.plans.map((p) => `| \`${p.label.replace(/\|/g, '\\|')}…\` | ${ms(p.executionMs)} | ${ms(p.planningMs)} | ${p.seqScans.join(', ') || '—'} |`),
      '',
    );
  }
  return lines.join('\n');
}

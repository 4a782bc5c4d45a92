/**
 * `npm run bench`: builds if needed, starts the server on the production build, and measures route sizes and
 * requests, Lighthouse, the refresh storm and server throughput; large-data UI responsiveness (on a server of its
 * own whose database it seeds first); then the shop on a large data set (its own servers, on PGlite and on
 * PostgreSQL). Writes bench/report.md and bench/report.json.
 * Exits non-zero when a section fails to run, the refresh storm does not give exactly one refresh and 100
 * successes, or the shop's contention run does not give exactly 10 bookings and 190 × 409.
 *
 * Import order matters: nothing here may import src/api/* (or anything that does) statically — the refresh
 * storm sets process.env.API_BASE_URL before it imports the store.
 */
import path from 'node:path';
import type { Browser } from '@playwright/test';
import { approveTechnician, type BenchSession, loginUser, registerUser } from './lib/apiClient';
import { launchBrowser } from './lib/browser';
import { ensureFreshBuild } from './lib/build';
import { currentLoadAverage, machineInfo } from './lib/machine';
import { cleanupAll, cleanupAllSync } from './lib/processes';
import { type BenchServer, startServer } from './lib/server';
import { type BenchReport, missedTargets, writeReport } from './report';
import { runAnalytics } from './sections/analytics';
import { runLargeData } from './sections/largeData';
import { lighthouseBefore, runLighthouse } from './sections/lighthouse';
import { runRefreshStorm } from './sections/refreshStorm';
import { runRepeatVisit } from './sections/repeatVisit';
import { runInventory } from './sections/inventory';
import { runBilling } from './sections/billing';
import { runReports } from './sections/reports';
import { measureRoutes, type Sessions } from './sections/routes';
import { runLive } from './sections/live';
import { isShopResult, runShop } from './sections/shop';
import { runThroughput } from './sections/throughput';

const log = (line: string) => console.info(`[bench] ${line}`);

/** BENCH_SECTIONS=routes,large-data,lighthouse,repeat-visit,refresh-storm,throughput,shop,reports,analytics,live,inventory,billing runs only those (default: all). */
const SECTIONS = ['routes', 'large data', 'lighthouse', 'repeat visit', 'refresh storm', 'throughput', 'shop', 'reports', 'analytics', 'live', 'inventory', 'billing'] as const;
/** The sections that use the production build (the shop's servers are API-only). */
const APP_SECTIONS = ['routes', 'large data', 'lighthouse', 'repeat visit', 'refresh storm', 'throughput'] as const;
/**
 * The sections that use the one shared server (large data, Lighthouse — on the demo workshop — and the shop start
 * their own, on seeded databases).
 */
const SHARED_SERVER_SECTIONS = ['routes', 'refresh storm', 'throughput'] as const;
const selected = new Set(
  (process.env.BENCH_SECTIONS ?? '')
    .split(',')
    .map((s) => s.trim().replace(/-/g, ' '))
    .filter(Boolean),
);
const wanted = (name: (typeof SECTIONS)[number]) => selected.size === 0 || selected.has(name);

async function section<T>(report: BenchReport, name: string, fn: () => Promise<T>): Promise<T | null> {
  if (name !== 'build' && !wanted(name as (typeof SECTIONS)[number])) return null;
  const started = Date.now();
  log(`${name} …`);
  try {
    const result = await fn();
    log(`${name} done in ${Math.round((Date.now() - started) / 1000)} s`);
    return result;
  } catch (error) {
    const message = error instanceof Error ? error.message : String(error);
    report.errors[name] = message.split('\n').slice(0, 6).join(' ');
    console.error(`[bench] ${name} failed:`, error);
    return null;
  }
}

async function signIn(server: BenchServer): Promise<Sessions & { storm: BenchSession; loadLogin: BenchSession; loadProfile: BenchSession }> {
  const api = server.apiBase;
  const [customer, employee, admin, storm, loadLogin] = await Promise.all([
    registerUser(api, 'customer', 'Bench Customer'),
    registerUser(api, 'employee', 'Bench Technician'),
    loginUser(api, server.admin.email, server.admin.password),
    registerUser(api, 'customer', 'Storm Customer'),
    registerUser(api, 'customer', 'Load Customer'),
  ]);
  const loadProfile = await loginUser(api, loadLogin.email, loadLogin.password);
  await approveTechnician(api, admin, employee);
  return { customer, employee, admin, storm, loadLogin, loadProfile };
}

async function main(): Promise<number> {
  const started = Date.now();
  const report: BenchReport = {
    machine: machineInfo(),
    build: null,
    durationS: 0,
    routes: null,
    lighthouse: null,
    lighthouseBefore: null,
    repeatVisit: null,
    throughput: null,
    refreshStorm: null,
    largeData: null,
    shop: null,
    reports: null,
    analytics: null,
    live: null,
    errors: {},
    missed: [],
    sections: selected.size ? SECTIONS.filter(wanted) : 'all',
  };
  for (const name of selected) {
    if (!(SECTIONS as readonly string[]).includes(name)) report.errors.setup = `Unknown section "${name}" in BENCH_SECTIONS (known: ${SECTIONS.join(', ')})`;
  }
  if (report.errors.setup) return finish(report, started);
  let server: BenchServer | null = null;
  let browser: Browser | null = null;
  try {
    if (APP_SECTIONS.some(wanted)) {
      report.build = await section(report, 'build', ensureFreshBuild);
      if (!report.build) return finish(report, started);
      // The large-data section starts a server of its own (its database seeded first); the others share this one.
      const shared = SHARED_SERVER_SECTIONS.some(wanted) ? await startServer({ accessTokenTtl: '1h' }) : null;
      server = shared;
      if (shared) log(`server on ${shared.origin}`);
      const s = shared ? await signIn(shared) : null;

      if (wanted('routes') || wanted('large data')) {
        browser = await launchBrowser();
        const b = browser;
        if (shared && s) report.routes = await section(report, 'routes', () => measureRoutes(b, shared.origin, s));
        report.largeData = await section(report, 'large data', () => runLargeData(b, log));
        await browser.close();
        browser = null;
      }

      if (shared && s) {
        const { apiBase, jwtSecret } = shared;
        report.refreshStorm = await section(report, 'refresh storm', () => runRefreshStorm(apiBase, jwtSecret, s.storm));
        report.throughput = await section(report, 'throughput', () => runThroughput(apiBase, s.loadLogin, s.loadProfile));
        await shared.stop();
        server = null;
      }

      report.lighthouse = await section(report, 'lighthouse', () => runLighthouse(log));
      for (const r of report.lighthouse ?? []) if (r.error) report.errors[`lighthouse ${r.page} ${r.formFactor}`] = r.error;
      // "Before" for the before/after table, measured on an older build (else the recorded figures are shown).
      const beforeDist = process.env.BENCH_LIGHTHOUSE_BEFORE_DIST;
      if (report.lighthouse && beforeDist) {
        const staticDir = path.resolve(beforeDist);
        const before = await section(report, 'lighthouse', () => runLighthouse(log, { staticDir }));
        report.lighthouseBefore = before && lighthouseBefore(before, `the build in ${staticDir}, measured in this run`);
      }
      report.repeatVisit = await section(report, 'repeat visit', () => runRepeatVisit(log));
      for (const r of report.repeatVisit?.lighthouse ?? []) if (r.error) report.errors[`repeat visit ${r.page}`] = r.error;
      for (const r of report.repeatVisit?.signIn ?? []) if (r.error) report.errors[`sign in → ${r.page}`] = r.error;
    }

    report.shop = await section(report, 'shop', () => runShop(log));
    report.reports = await section(report, 'reports', () => runReports(log));
    report.analytics = await section(report, 'analytics', () => runAnalytics(log));
    report.live = await section(report, 'live', () => runLive(log));
    report.inventory = await section(report, 'inventory', () => runInventory(log));
    report.billing = await section(report, 'billing', () => runBilling(log));
    for (const [name, databases] of [['shop', report.shop?.databases], ['analytics', report.analytics?.databases], ['live', report.live?.databases]] as const) {
      for (const r of databases ?? []) if ('error' in r) report.errors[`${name} on ${r.database}`] = r.error;
    }
  } catch (error) {
    report.errors.setup = error instanceof Error ? error.message.split('\n').slice(0, 6).join(' ') : String(error);
    console.error('[bench] setup failed:', error);
  } finally {
    await browser?.close().catch(() => undefined);
    await server?.stop().catch((error: unknown) => console.error('[bench] stopping the server failed:', error));
    await cleanupAll();
  }
  return finish(report, started);
}

function finish(report: BenchReport, started: number): number {
  report.durationS = Math.round((Date.now() - started) / 1000);
  report.machine.loadAverage.end = currentLoadAverage();
  report.missed = missedTargets(report);
  const files = writeReport(report);
  log(`wrote ${files.markdown} and ${files.json} (${report.durationS} s)`);
  for (const line of report.missed) log(`missed: ${line}`);
  const stormFailed = report.refreshStorm ? !report.refreshStorm.passed : false;
  const contentionFailed = (report.shop?.databases ?? []).some((r) => isShopResult(r) && !r.contention.passed);
  return Object.keys(report.errors).length > 0 || stormFailed || contentionFailed ? 1 : 0;
}

/** A hung browser or server must not keep the bench (and its children) alive forever. */
const WATCHDOG_MS = 30 * 60_000;
setTimeout(() => {
  console.error(`[bench] still running after ${WATCHDOG_MS / 60_000} min: stopping child processes and giving up`);
  void cleanupAll().finally(() => process.exit(1));
}, WATCHDOG_MS).unref();

for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.once(signal, () => {
    console.error(`[bench] ${signal}: stopping child processes`);
    void cleanupAll().finally(() => process.exit(130));
  });
}
process.once('exit', cleanupAllSync);

main().then(
  (code) => process.exit(code),
  (error: unknown) => {
    console.error(error);
    process.exit(1);
  },
);

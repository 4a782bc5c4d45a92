import type { Browser, Locator, Page } from '@playwright/test';
import type { Appointment } from '../../server/src/contract/appointments';
import type { AppointmentStatus } from '../../server/src/contract/statuses';
import { addCalendarDays, shopNow } from '../../server/src/shopTime';
import { OPEN_JOBS_FILTER, RECENT_COMPLETED_DAYS } from '../../src/features/jobs/technician/technicianJobs';
import { approveTechnician, type BenchSession, getAllPages, loginUser, registerUser } from '../lib/apiClient';
import { gotoAndSettle, sessionEntries, storageState } from '../lib/browser';
import { type Attribution, attributeProfile } from '../lib/cpuProfile';
import { type InteractionSample, InteractionTimer } from '../lib/interactionTimer';
import { LARGE_DATASET, generateLargeDataset, seedLargeDataset } from '../lib/largeDataset';
import { makeTempDir, removeTempDir } from '../lib/processes';
import { type BenchServer, serverDataDir, startServer } from '../lib/server';
import { openShopDatabase } from '../lib/shopDb';
import { median, round } from '../lib/stats';

export const SCRIPTING_TARGET_MS = 50;
/** Interactions above this (a miss, or close to one) get a CPU profile, so the report can say where the time goes. */
export const PROFILE_ABOVE_MS = 0.6 * SCRIPTING_TARGET_MS;
export const REPETITIONS = 5;

interface Step {
  name: string;
  target: (page: Page) => Locator;
  /** What shows the step took effect: the filter button pressed, or the calendar showing the other month's total. */
  kind: 'filter' | 'month';
  /** Jobs the step's filter should show (of the ones the dashboard loaded from the API). */
  expected?: number;
}

interface Scenario {
  name: string;
  session: BenchSession;
  /** Waits until the page shows the seeded data. */
  ready: (page: Page) => Promise<void>;
  /** Where the list's rows are, to count the ones rendered. */
  list: (page: Page) => Locator;
  /** A cycle: after the last step the page is back in its first state. */
  steps: Step[];
  /** A step measured after the cycles, REPETITIONS times, each time to a month not loaded yet (the cycle's are cached). */
  fresh?: Step;
}

export interface InteractionResult {
  scenario: string;
  interaction: string;
  medianScriptingMs: number;
  medianLayoutAndStyleMs: number;
  medianTaskMs: number;
  samplesScriptingMs: number[];
  withinTarget: boolean;
  expectedRows: number | null;
  /** List items rendered and not hidden after the step. */
  renderedRows: number;
  /** List items in the DOM (hidden included) after the step. */
  mountedRows: number;
  /** CPU profile of one more run, above PROFILE_ABOVE_MS; list items mounted before and after that run. */
  profile?: Attribution & { mountedRowsBefore: number; mountedRowsAfter: number };
}

/** What the section's own server holds, and what the two dashboards load of it. */
export interface LargeDataSummary {
  seed: number;
  /** The shop's date the data was generated for (jobs and logs are dated relative to it). */
  today: string;
  database: string;
  /** Inserting the rows (one transaction, batches of LARGE_DATASET.batchRows) and ANALYZE. */
  seedingMs: number;
  customerJobs: number;
  customerJobsByStatus: Record<string, number>;
  customerVehicles: number;
  /** First and last date of the jobs. */
  customerJobDates: [string, string];
  /** The customer's own jobs as GET /api/appointments answers them (all of them: the dashboard loads every page). */
  customerJobsLoaded: number;
  technicianJobs: number;
  technicianJobsByStatus: Record<string, number>;
  technicianJobDates: [string, string];
  /** What the technician dashboard loads: open jobs (any date) + COMPLETED from `recentCompletedDays` days ago. */
  technicianJobsLoaded: number;
  recentCompletedDays: number;
  timeLogs: number;
  timeLogMonths: number;
  timeLogsFrom: string;
  timeLogsTo: string;
  /** Logs dated in the current and in the previous month (the calendar fetches its 42 days on each switch). */
  timeLogsThisMonth: number;
  timeLogsPreviousMonth: number;
  /** People around the two accounts (the technician's customers, the customer's technicians) and all vehicles. */
  otherUsers: number;
  vehicles: number;
}

export interface LargeDataResult {
  dataset: LargeDataSummary;
  /** Scripting the measurement itself costs (wait + two frames, no click). */
  harnessOverheadMs: number;
  interactions: InteractionResult[];
}

/** Rows each filter shows, counted from the API's answers (the statuses as the dashboards name them). */
interface Expected {
  technician: { all: number; notStarted: number; inProgress: number; completed: number };
  customer: { all: number; notCompleted: number; completed: number };
}

const filterButton = (group: string, label: string) => (page: Page) =>
  page.getByRole('group', { name: group }).getByRole('button', { name: label, exact: true });
const monthButton = (label: string) => (page: Page) => page.getByRole('button', { name: label, exact: true });
const calendar = (page: Page) => page.getByRole('region', { name: 'Monthly Work Summary' });
const TECHNICIAN_LIST = 'Assigned services list';
const CUSTOMER_LIST = 'Service list';

/** Waits until the named list region holds exactly `rows` list items (every loaded job is mounted). */
function listHolds(page: Page, label: string, rows: number): Promise<unknown> {
  return page.waitForFunction(
    ([name, n]) => document.querySelector(`[role="region"][aria-label="${name}"]`)?.querySelectorAll('li').length === n,
    [label, rows] as const,
    { timeout: 30_000 },
  );
}

function scenarios(expected: Expected, customer: BenchSession, technician: BenchSession): Scenario[] {
  const tech = expected.technician;
  const cust = expected.customer;
  const techGroup = 'Filter assigned services';
  const custGroup = 'Filter services by status';
  return [
    {
      name: 'Technician dashboard',
      session: technician,
      ready: async (page) => {
        // The seeded logs are there (the shown month has hours logged) and every loaded job is in the list.
        await calendar(page).getByText(/Logged this month:\s*[1-9]/).waitFor({ timeout: 30_000 });
        await listHolds(page, TECHNICIAN_LIST, tech.all);
      },
      list: (page) => page.getByRole('region', { name: TECHNICIAN_LIST }),
      steps: [
        { name: 'Monthly Work Summary: previous month', kind: 'month', target: monthButton('Previous month') },
        { name: 'Monthly Work Summary: next month', kind: 'month', target: monthButton('Next month') },
        { name: 'Assigned Services: IN PROGRESS', kind: 'filter', target: filterButton(techGroup, 'IN PROGRESS'), expected: tech.inProgress },
        { name: 'Assigned Services: NOT STARTED', kind: 'filter', target: filterButton(techGroup, 'NOT STARTED'), expected: tech.notStarted },
        { name: 'Assigned Services: COMPLETED', kind: 'filter', target: filterButton(techGroup, 'COMPLETED'), expected: tech.completed },
        { name: 'Assigned Services: ALL', kind: 'filter', target: filterButton(techGroup, 'ALL'), expected: tech.all },
      ],
      fresh: { name: 'Monthly Work Summary: previous month, not loaded yet', kind: 'month', target: monthButton('Previous month') },
    },
    {
      name: 'Customer dashboard',
      session: customer,
      ready: async (page) => {
        await page.getByText(`Showing ${cust.all} of ${cust.all} services`, { exact: true }).waitFor({ timeout: 30_000 });
        await listHolds(page, CUSTOMER_LIST, cust.all);
      },
      list: (page) => page.getByRole('region', { name: CUSTOMER_LIST }),
      steps: [
        { name: 'My Services: NOT COMPLETED', kind: 'filter', target: filterButton(custGroup, 'NOT COMPLETED'), expected: cust.notCompleted },
        { name: 'My Services: COMPLETED', kind: 'filter', target: filterButton(custGroup, 'COMPLETED'), expected: cust.completed },
        { name: 'My Services: ALL', kind: 'filter', target: filterButton(custGroup, 'ALL'), expected: cust.all },
      ],
    },
  ];
}

/** Items of the list that are rendered and not hidden (a virtualised list renders only what is in view). */
function renderedRows(list: Locator): Promise<number> {
  return list.evaluate((el) => [...el.querySelectorAll('li')].filter((li) => !li.closest('[hidden]')).length).catch(() => -1);
}

/** Items of the list in the DOM, hidden or not (what React has mounted). */
function mountedRows(list: Locator): Promise<number> {
  return list.evaluate((el) => el.querySelectorAll('li').length).catch(() => -1);
}

/**
 * The wait for a step's visible effect: the pressed filter button; or the calendar showing another month with
 * that month's logs loaded (its total shown, the grid no longer busy) — for a month not in RTK Query's cache yet,
 * that includes the GET /api/time-logs round trips and the render of the answer.
 */
async function waiterFor(page: Page, step: Step): Promise<() => Promise<unknown>> {
  if (step.kind === 'filter') {
    const button = await step.target(page).elementHandle();
    return () => page.waitForFunction((el) => el?.getAttribute('aria-pressed') === 'true', button, { polling: 'raf', timeout: 10_000 });
  }
  const section = await calendar(page).elementHandle();
  const before = await section?.evaluate((el) => el.textContent);
  return () =>
    page.waitForFunction(
      ([el, text]) =>
        !!el && el.textContent !== text && (el.textContent ?? '').includes('Logged this month') && el.querySelector('[role="grid"]')?.getAttribute('aria-busy') !== 'true',
      [section, before] as const,
      { polling: 'raf', timeout: 15_000 },
    );
}

function summarise(scenario: string, step: Step, list: readonly InteractionSample[], rows: { visible: number; mounted: number } | undefined, log: (line: string) => void): InteractionResult {
  const scripting = median(list.map((s) => s.scriptingMs));
  log(`large data ${step.name}: ${round(scripting, 1)} ms scripting (median of ${list.length})`);
  return {
    scenario,
    interaction: step.name,
    medianScriptingMs: round(scripting, 1),
    medianLayoutAndStyleMs: round(median(list.map((s) => s.layoutMs + s.styleMs)), 1),
    medianTaskMs: round(median(list.map((s) => s.taskMs)), 1),
    samplesScriptingMs: list.map((s) => round(s.scriptingMs, 1)),
    withinTarget: scripting <= SCRIPTING_TARGET_MS,
    expectedRows: step.expected ?? null,
    renderedRows: rows?.visible ?? -1,
    mountedRows: rows?.mounted ?? -1,
  };
}

async function runScenario(browser: Browser, origin: string, scenario: Scenario, log: (line: string) => void) {
  const context = await browser.newContext({
    viewport: { width: 1366, height: 1000 },
    storageState: storageState(origin, sessionEntries(scenario.session)),
  });
  try {
    const page = await context.newPage();
    await gotoAndSettle(page, `${origin}/dashboard`);
    await scenario.ready(page);
    const timer = await InteractionTimer.attach(page);
    await timer.settle(1_000);

    const overhead: number[] = [];
    for (let i = 0; i < REPETITIONS; i += 1) overhead.push((await timer.measure(null, () => page.waitForFunction(() => true, undefined, { polling: 'raf' }))).sample.scriptingMs);

    const samples = new Map<string, InteractionSample[]>(scenario.steps.map((s) => [s.name, []]));
    const rows = new Map<string, { visible: number; mounted: number }>();
    const countRows = async () => ({ visible: await renderedRows(scenario.list(page)), mounted: await mountedRows(scenario.list(page)) });
    for (let rep = 0; rep < REPETITIONS; rep += 1) {
      for (const step of scenario.steps) {
        const { sample } = await timer.measure(step.target(page), await waiterFor(page, step));
        samples.get(step.name)?.push(sample);
        if (rep === 0) rows.set(step.name, await countRows());
      }
    }

    const results: InteractionResult[] = scenario.steps.map((step) => summarise(scenario.name, step, samples.get(step.name) ?? [], rows.get(step.name), log));

    // One more pass of the cycle, profiling the steps that missed the target or came close, to say where the time goes.
    const profiled = (r: InteractionResult) => r.medianScriptingMs > PROFILE_ABOVE_MS;
    const profileStep = async (step: Step, result: InteractionResult, profile: boolean) => {
      const before = await mountedRows(scenario.list(page));
      const { cpuProfile } = await timer.measure(step.target(page), await waiterFor(page, step), profile);
      if (cpuProfile) result.profile = { ...attributeProfile(cpuProfile), mountedRowsBefore: before, mountedRowsAfter: await mountedRows(scenario.list(page)) };
    };
    if (results.some(profiled)) {
      for (const [i, step] of scenario.steps.entries()) await profileStep(step, results[i], profiled(results[i]));
    }

    // Months not in the cache yet (in the cycle, only the first "previous month" was): one unmeasured step back to
    // the month the cycle showed, then REPETITIONS steps to months never shown, and one more, profiled, if needed.
    const fresh = scenario.fresh;
    if (fresh) {
      const list: InteractionSample[] = [];
      await timer.measure(fresh.target(page), await waiterFor(page, fresh));
      for (let rep = 0; rep < REPETITIONS; rep += 1) list.push((await timer.measure(fresh.target(page), await waiterFor(page, fresh))).sample);
      const result = summarise(scenario.name, fresh, list, await countRows(), log);
      if (profiled(result)) await profileStep(fresh, result, true);
      results.push(result);
    }
    return { overhead: median(overhead), results };
  } finally {
    await context.close();
  }
}

/** How each dashboard names a job's status (docs/api-contract.md § "The shop"); cancelled jobs show under ALL only. */
const TECHNICIAN_FILTER_OF: Partial<Record<AppointmentStatus, 'notStarted' | 'inProgress' | 'completed'>> = {
  CONFIRMED: 'notStarted',
  IN_PROGRESS: 'inProgress',
  COMPLETED: 'completed',
};

/**
 * The rows each filter should show: counted from what the API answers to exactly the queries the dashboards make
 * (the customer: every page of their jobs; the technician: open jobs of any date + COMPLETED since
 * RECENT_COMPLETED_DAYS ago, useTechnicianJobs.ts) — not from the generated rows, of which the technician's
 * dashboard loads only part.
 */
async function loadedRows(apiBase: string, customer: BenchSession, technician: BenchSession, today: string): Promise<Expected> {
  const [own, open, completed] = await Promise.all([
    getAllPages<Appointment>(apiBase, customer, '/appointments', {}),
    getAllPages<Appointment>(apiBase, technician, '/appointments', { ...OPEN_JOBS_FILTER }),
    getAllPages<Appointment>(apiBase, technician, '/appointments', { status: 'COMPLETED', from: addCalendarDays(today, -RECENT_COMPLETED_DAYS) }),
  ]);
  const jobs = new Map([...open, ...completed].map((job) => [job.id, job]));
  const tech = { all: jobs.size, notStarted: 0, inProgress: 0, completed: 0 };
  for (const job of jobs.values()) {
    const filter = TECHNICIAN_FILTER_OF[job.status];
    if (filter) tech[filter] += 1;
  }
  const count = (statuses: AppointmentStatus[]) => own.filter((job) => statuses.includes(job.status)).length;
  return { technician: tech, customer: { all: own.length, notCompleted: count(['PENDING', 'CONFIRMED', 'IN_PROGRESS']), completed: count(['COMPLETED']) } };
}

/**
 * Section 5: on a server of its own whose embedded database holds one customer's 1,000 appointments and one
 * technician's 1,000 jobs and 10,000 time logs, the scripting time of switching months in the Monthly Work Summary
 * (each month's logs from GET /api/time-logs) and of every services-list filter (median of 5).
 *
 * The two people are real accounts registered through the API; the server is then stopped (PGlite is
 * single-process), the data set is written into its database through the server's own database code
 * (lib/shopDb.ts, lib/largeDataset.ts), and the server is started again on it, serving the production build.
 */
export async function runLargeData(browser: Browser, log: (line: string) => void): Promise<LargeDataResult> {
  const timeZone = Intl.DateTimeFormat().resolvedOptions().timeZone;
  const work = makeTempDir('large-data');
  // The embedded database whatever DATABASE_URL says: it is seeded here and thrown away with `work`.
  const options = { accessTokenTtl: '1h', workDir: work, databaseUrl: null, env: { SHOP_TIME_ZONE: timeZone } };
  let server: BenchServer | null = null;
  try {
    server = await startServer({ ...options, staticDir: null });
    const registered = await Promise.all([registerUser(server.apiBase, 'customer', 'Bench Customer'), registerUser(server.apiBase, 'employee', 'Bench Technician')]);
    await approveTechnician(server.apiBase, await loginUser(server.apiBase, server.admin.email, server.admin.password), registered[1]);
    await server.stop();
    server = null;
    const [customerId, technicianId] = registered.map((r) => r.user.id);

    const { opened, catalog } = await openShopDatabase({ dataDir: serverDataDir(work), databaseUrl: null, timeZone });
    const nowMs = Date.now();
    const now = shopNow(timeZone, nowMs);
    const data = generateLargeDataset({ customerId, technicianId, catalog, now, nowMs, recentCompletedDays: RECENT_COMPLETED_DAYS });
    const seeded = await seedLargeDataset(opened.db, data, { customerId, technicianId }).finally(() => opened.close());
    log(`large data: seeded ${data.customerJobs.length} + ${data.technicianJobs.length} jobs and ${seeded.timeLogs} time logs in ${(seeded.durationMs / 1000).toFixed(1)} s`);

    const seededServer = await startServer(options);
    server = seededServer;
    // Sessions of this server (its JWT secret is new); the accounts are the ones registered above.
    const [customer, technician] = await Promise.all(registered.map((r) => loginUser(seededServer.apiBase, r.email, r.password)));
    const expected = await loadedRows(seededServer.apiBase, customer, technician, now.date);
    log(`large data: the technician dashboard loads ${expected.technician.all} jobs, the customer's ${expected.customer.all}`);

    const interactions: InteractionResult[] = [];
    const overheads: number[] = [];
    for (const scenario of scenarios(expected, customer, technician)) {
      const { overhead, results } = await runScenario(browser, seededServer.origin, scenario, log);
      overheads.push(overhead);
      interactions.push(...results);
    }

    const month = now.date.slice(0, 7);
    const previousMonth = addCalendarDays(`${month}-01`, -1).slice(0, 7);
    const dates = (jobs: readonly { date: string }[]): [string, string] => [jobs[0].date, jobs[jobs.length - 1].date];
    const logsIn = (m: string) => data.timeLogs.filter((l) => l.starts_at.startsWith(m)).length;
    return {
      dataset: {
        seed: data.seed,
        today: now.date,
        database: 'PGlite, the embedded database',
        seedingMs: seeded.durationMs,
        customerJobs: data.customerJobs.length,
        customerJobsByStatus: seeded.customerJobsByStatus,
        customerVehicles: LARGE_DATASET.customerVehicles,
        customerJobDates: dates(data.customerJobs),
        customerJobsLoaded: expected.customer.all,
        technicianJobs: data.technicianJobs.length,
        technicianJobsByStatus: seeded.technicianJobsByStatus,
        technicianJobDates: dates(data.technicianJobs),
        technicianJobsLoaded: expected.technician.all,
        recentCompletedDays: RECENT_COMPLETED_DAYS,
        timeLogs: seeded.timeLogs,
        timeLogMonths: LARGE_DATASET.months,
        timeLogsFrom: data.timeLogsFrom,
        timeLogsTo: data.timeLogsTo,
        timeLogsThisMonth: logsIn(month),
        timeLogsPreviousMonth: logsIn(previousMonth),
        otherUsers: seeded.otherUsers,
        vehicles: seeded.vehicles,
      },
      harnessOverheadMs: round(median(overheads), 2),
      interactions,
    };
  } finally {
    await server?.stop().catch(() => undefined);
    removeTempDir(work);
  }
}

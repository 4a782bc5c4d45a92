import { writeFileSync } from 'node:fs';
import path from 'node:path';
import type { BuildStatus } from './lib/build';
import type { MachineInfo } from './lib/machine';
import { BENCH_DIR } from './lib/paths';
import { type LargeDataResult, PROFILE_ABOVE_MS, REPETITIONS, SCRIPTING_TARGET_MS } from './sections/largeData';
import { LIGHTHOUSE_RUNS, LIGHTHOUSE_TARGETS, type LighthouseResult, type LighthouseRun } from './sections/lighthouse';
import { type RefreshStormResult, STORM_SIZE } from './sections/refreshStorm';
import type { RouteResult } from './sections/routes';
import { LOAD, type ThroughputSection } from './sections/throughput';

export interface BenchReport {
  machine: MachineInfo;
  build: BuildStatus | null;
  durationS: number;
  routes: RouteResult[] | null;
  lighthouse: LighthouseResult[] | null;
  throughput: ThroughputSection | null;
  refreshStorm: RefreshStormResult | null;
  largeData: LargeDataResult | null;
  /** Section → error message, for sections that could not run. */
  errors: Record<string, string>;
  /** Every figure that missed its target, in words. */
  missed: string[];
  /** The sections run (BENCH_SECTIONS), or all. */
  sections: string[] | 'all';
}

const ok = (pass: boolean) => (pass ? '✅' : '❌');
const kib = (n: number) => `${n.toFixed(1)} KiB`;
const code = (s: string) => `\`${s}\``;
const table = (head: string[], rows: (string | number)[][]) =>
  [`| ${head.join(' | ')} |`, `|${head.map(() => '---').join('|')}|`, ...rows.map((r) => `| ${r.join(' | ')} |`)].join('\n');
const paragraphs = (...blocks: (string | false | null | undefined)[]) => blocks.filter(Boolean).join('\n\n');

function routesSection(routes: RouteResult[]): string {
  const rows = routes.map((r) => {
    const m = 'error' in r.measured ? null : r.measured;
    return [
      code(r.route),
      `${kib(r.js.gzipKiB)} ${ok(r.withinBudget)}`,
      `≤ ${r.jsBudgetKiB} KiB`,
      kib(r.js.brotliKiB),
      kib(r.css.gzipKiB),
      kib(r.css.brotliKiB),
      m ? `${m.requests} (${Object.entries(m.byType).map(([t, n]) => `${n} ${t}`).join(', ')})` : `error: ${'error' in r.measured ? r.measured.error : ''}`,
      m ? `${kib(m.transferredKiB)} (JS ${kib(m.jsReceivedKiB)}, ${m.jsEncoding})` : '—',
    ];
  });
  const breakdowns = routes
    .filter((r) => r.breakdown)
    .map((r) => `${code(r.route)} is over budget; its JS files (gzip): ${(r.breakdown ?? []).map((f) => `${code(f.file)} ${kib(f.gzipKiB)}`).join(', ')}.`);
  return paragraphs(
    '## 1. JavaScript and CSS per route, and requests',
    'Sizes: the files a first visit to each route loads (build-stats/chunk-groups.json via scripts/routeSizes.ts), gzip -9 / brotli q11 like the build. Requests and bytes: counted in Chromium on a cold load (fresh context, empty cache, signed in where the route needs it) until the network is idle; "other" is the favicon, "fetch" the session check.',
    table(['Route', 'JS gzip', 'JS budget (gzip)', 'JS brotli', 'CSS gzip', 'CSS brotli', 'Requests (browser)', 'Transferred (browser)'], rows),
    ...breakdowns,
  );
}

function spread(runs: LighthouseRun[], key: 'performance' | 'lcpMs' | 'tbtMs'): string {
  const values = runs.map((r) => r[key]);
  return `${Math.min(...values)}–${Math.max(...values)}`;
}

const LIGHTHOUSE_COLUMNS = 12;

function lighthouseRow({ page, formFactor, median: m, runs, error }: LighthouseResult): (string | number)[] {
  const t = LIGHTHOUSE_TARGETS;
  if (!m) return [code(page), formFactor, `not measured: ${error ?? '?'}`, ...Array<string>(LIGHTHOUSE_COLUMNS - 3).fill('')];
  return [
    code(page),
    formFactor,
    `${m.performance} ${ok(m.performance >= t.score)} (${spread(runs, 'performance')})`,
    `${m.accessibility} ${ok(m.accessibility >= t.score)}`,
    `${m.bestPractices} ${ok(m.bestPractices >= t.score)}`,
    `${m.lcpMs} ms ${ok(m.lcpMs <= t.lcpMs)} (${spread(runs, 'lcpMs')})`,
    `${m.tbtMs} ms ${ok(m.tbtMs <= t.tbtMs)} (${spread(runs, 'tbtMs')})`,
    `${m.cls} ${ok(m.cls <= t.cls)}`,
    m.requests,
    `${m.chainLength} / ${m.chainMs} ms`,
    `${m.mainThreadMs} / ${m.bootupMs} ms`,
    m.benchmarkIndex,
  ];
}

function lighthouseSection(results: LighthouseResult[]): string {
  const t = LIGHTHOUSE_TARGETS;
  const rows = results.map(lighthouseRow);
  const lcpElements = results.map((r) => `${code(r.page)} ${r.formFactor}: ${code(r.median?.lcpElement || '?')}`);
  const warnings = [...new Set(results.flatMap((r) => r.warnings))];
  return paragraphs(
    `## 2. Lighthouse 12.8.2 (median of ${LIGHTHOUSE_RUNS} runs; min–max in brackets)`,
    `Default mobile config (simulated slow 4G, 4× CPU slowdown) and the desktop config, Chromium launched by the bench (headless=new) and Lighthouse attached by port. The dashboard runs signed in as a customer (localStorage seeded, \`disableStorageReset\`, HTTP cache cleared before each run). Targets: scores ≥ ${t.score}, LCP ≤ ${t.lcpMs} ms, TBT ≤ ${t.tbtMs} ms, CLS ≤ ${t.cls} — Lighthouse green and the Core Web Vitals "good" thresholds; the issue sets no numbers of its own. Mobile TBT/LCP are simulated from the observed main-thread work × 4, so they inflate when other work competes for the CPU (the benchmark index drops).`,
    table(['Page', 'Form factor', `Performance (≥ ${t.score})`, `Accessibility (≥ ${t.score})`, `Best practices (≥ ${t.score})`, `LCP (≤ ${t.lcpMs} ms)`, `TBT (≤ ${t.tbtMs} ms)`, `CLS (≤ ${t.cls})`, 'Requests', 'Longest critical chain (requests / ms)', 'Main thread / JS boot-up', 'CPU benchmark index'], rows),
    `LCP elements: ${lcpElements.join('; ')}.`,
    warnings.length > 0 && `Lighthouse warnings: ${warnings.join(' / ')}`,
  );
}

function throughputSection(t: ThroughputSection): string {
  const rows = t.endpoints.map((r) => [
    code(r.endpoint),
    r.requestsPerSecond,
    `${r.p50Ms} ms`,
    `${r.p99Ms} ms`,
    `${r.maxMs} ms`,
    `${r.errors + r.timeouts} ${ok(r.errors + r.timeouts === 0)}`,
    `${r.non2xx} ${ok(r.non2xx === 0)}`,
    r.note,
  ]);
  return paragraphs(
    `## 3. Server throughput (autocannon, loopback, ${LOAD.connections} connections, ${LOAD.durationS} s after a ${LOAD.warmupS} s warm-up)`,
    `The server (\`tsx server/src/main.ts\`, embedded PGlite in the server's own thread, default log level to a file) and autocannon share this machine. One argon2id verification alone takes ${t.argon2VerifyMs} ms here (server parameters, serial), so sign-in is CPU-bound by design. Targets: no errors, no non-2xx; the issue sets no throughput or latency numbers.`,
    table(['Endpoint', 'Requests/s', 'p50', 'p99', 'max', 'Errors + timeouts (0)', 'Non-2xx (0)', 'Note'], rows),
  );
}

function stormSection(r: RefreshStormResult): string {
  return paragraphs(
    "## 4. Refresh storm (the app's API layer in Node)",
    `${STORM_SIZE} concurrent \`updateProfile\` mutations (PUT /api/auth/update-profile) through \`setupStore\` + \`authApi\` + \`baseQueryWithReauth\` with an expired access token and a valid refresh token, in Node with the production builds of Redux Toolkit (\`NODE_ENV=production\`, as in the browser bundle); refresh calls counted by wrapping \`globalThis.fetch\`. After the one refresh, the other 99 requests take the refresh lock one by one, see the new token and retry.`,
    table(
      ['Requests', 'Refresh calls (= 1)', `Successes (= ${STORM_SIZE})`, '401s received', 'First 401 → last success', 'First request → last success', 'Result'],
      [[r.concurrentRequests, `${r.refreshCalls} ${ok(r.refreshCalls === 1)}`, `${r.successes} ${ok(r.successes === STORM_SIZE)}`, r.unauthorizedResponses, `${r.firstUnauthorizedToLastSuccessMs} ms`, `${r.totalMs} ms`, r.passed ? 'pass' : 'FAIL']],
    ),
    r.failures.length > 0 && `Failures: ${r.failures.join('; ')}`,
  );
}

function largeDataSection(r: LargeDataResult): string {
  const rows = r.interactions.map((i) => [
    i.scenario,
    i.interaction,
    `${i.medianScriptingMs} ms ${ok(i.withinTarget)}`,
    `${i.medianLayoutAndStyleMs} ms`,
    `${i.medianTaskMs} ms`,
    i.expectedRows === null ? '—' : `${i.renderedRows} / ${i.expectedRows} (${i.mountedRows} mounted)`,
    i.samplesScriptingMs.join(', '),
  ]);
  const profiles = r.interactions.map((i) => {
    const p = i.profile;
    if (!p) return null;
    return [
      `**${i.scenario} — ${i.interaction}**: CPU profile of one more run (${p.busyMs} ms busy, profiler overhead included; list items mounted ${p.mountedRowsBefore} → ${p.mountedRowsAfter}).`,
      `- self time by where: ${p.byCategory.map((c) => `${c.category} ${c.ms} ms`).join('; ')}`,
      `- busiest functions: ${p.byFunction.map((f) => `${f.fn} ${f.ms} ms`).join('; ')}`,
    ].join('\n');
  });
  return paragraphs(
    `## 5. Large data: ${r.dataset.timeLogs.toLocaleString('en')} time logs, ${r.dataset.employeeServices.toLocaleString('en')} technician jobs, ${r.dataset.customerServices.toLocaleString('en')} customer jobs`,
    `Production build in Chromium (1366×1000, no CPU throttling), deterministic data (seed ${r.dataset.seed}) seeded into \`persist:carcare\` (${r.dataset.persistedKiB} KiB). Scripting = CDP \`Performance.getMetrics\` ScriptDuration (main-thread CPU time) around a real mouse click, the wait for the UI to change and two frames; median of ${REPETITIONS}. The measurement alone (no click) costs ${r.harnessOverheadMs} ms. Rows = list items visible after the step / jobs that match the filter. Interactions above ${PROFILE_ABOVE_MS} ms are profiled once more below.`,
    table(['Dashboard', 'Interaction', `Scripting (≤ ${SCRIPTING_TARGET_MS} ms)`, 'Layout + style', 'All main-thread tasks', 'Rows', 'Scripting samples (ms)'], rows),
    ...profiles,
  );
}

export function renderMarkdown(report: BenchReport): string {
  const m = report.machine;
  const build = report.build ? (report.build.rebuilt ? `rebuilt (${report.build.reason}, ${Math.round(report.build.durationMs / 1000)} s)` : 'up to date') : 'not checked';
  const errors = Object.entries(report.errors);
  return `${paragraphs(
    '# CarCare benchmark report',
    report.sections !== 'all' && `**Partial run** (BENCH_SECTIONS): ${report.sections.join(', ')} only.`,
    [
      `- Date: ${m.date.slice(0, 16).replace('T', ' ')} UTC; commit ${code(m.commit)}${m.uncommittedFiles ? ` with ${m.uncommittedFiles} uncommitted ${m.uncommittedFiles === 1 ? 'file' : 'files'} in the working tree (bench/ aside)` : ''}; build ${build}; the bench took ${report.durationS} s (\`npm run bench\`).`,
      `- Machine: ${m.nproc} CPUs (${m.cpuModel}), ${m.memoryGiB} GiB; Node ${m.node}; ${m.chromium}; load average ${m.loadAverage.start} at the start, ${m.loadAverage.end ?? '?'} at the end.`,
      ...(Math.max(m.loadAverage.start, m.loadAverage.end ?? 0) > m.nproc
        ? [`- **Caution:** the load average exceeded the ${m.nproc} CPUs — other work shared the machine, so timings (Lighthouse TBT/LCP, throughput) are pessimistic and noisy.`]
        : []),
    ].join('\n'),
    report.missed.length ? `**Missed targets**\n\n${report.missed.map((x) => `- ${x}`).join('\n')}` : '**All targets met.**',
    report.routes && routesSection(report.routes),
    report.lighthouse && lighthouseSection(report.lighthouse),
    report.throughput && throughputSection(report.throughput),
    report.refreshStorm && stormSection(report.refreshStorm),
    report.largeData && largeDataSection(report.largeData),
    errors.length > 0 && ['## Sections that failed to run', '', ...errors.map(([s, e]) => `- **${s}**: ${e}`)].join('\n'),
  )}\n`;
}

/** Everything that missed a target, for the summary at the top. */
export function missedTargets(report: BenchReport): string[] {
  const missed: string[] = [];
  for (const r of report.routes ?? []) {
    if (!r.withinBudget) missed.push(`${r.route}: JS ${kib(r.js.gzipKiB)} gzip > ${r.jsBudgetKiB} KiB budget`);
  }
  const t = LIGHTHOUSE_TARGETS;
  for (const { page, formFactor, median: x, error } of report.lighthouse ?? []) {
    const where = `Lighthouse ${page} (${formFactor})`;
    if (!x) {
      missed.push(`${where}: not measured (${error ?? 'error'})`);
      continue;
    }
    if (x.performance < t.score) missed.push(`${where}: performance ${x.performance} < ${t.score}`);
    if (x.accessibility < t.score) missed.push(`${where}: accessibility ${x.accessibility} < ${t.score}`);
    if (x.bestPractices < t.score) missed.push(`${where}: best practices ${x.bestPractices} < ${t.score}`);
    if (x.lcpMs > t.lcpMs) missed.push(`${where}: LCP ${x.lcpMs} ms > ${t.lcpMs} ms`);
    if (x.tbtMs > t.tbtMs) missed.push(`${where}: TBT ${x.tbtMs} ms > ${t.tbtMs} ms`);
    if (x.cls > t.cls) missed.push(`${where}: CLS ${x.cls} > ${t.cls}`);
  }
  for (const r of report.throughput?.endpoints ?? []) {
    if (r.errors + r.timeouts + r.non2xx > 0) missed.push(`${r.endpoint}: ${r.errors} errors, ${r.timeouts} timeouts, ${r.non2xx} non-2xx`);
  }
  const s = report.refreshStorm;
  if (s && !s.passed) missed.push(`Refresh storm: ${s.refreshCalls} refresh calls (want 1), ${s.successes} successes (want ${STORM_SIZE})`);
  for (const i of report.largeData?.interactions ?? []) {
    if (!i.withinTarget) missed.push(`${i.scenario} — ${i.interaction}: ${i.medianScriptingMs} ms scripting > ${SCRIPTING_TARGET_MS} ms`);
  }
  return missed;
}

export function writeReport(report: BenchReport): { markdown: string; json: string } {
  const markdown = path.join(BENCH_DIR, 'report.md');
  const json = path.join(BENCH_DIR, 'report.json');
  writeFileSync(markdown, renderMarkdown(report));
  writeFileSync(json, `${JSON.stringify(report, null, 2)}\n`);
  return { markdown, json };
}

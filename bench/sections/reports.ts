import type { FastifyInstance } from 'fastify';
import { buildApp } from '../../server/src/app';
import { loadReportFonts } from '../../server/src/reports/fonts';
import type { SlotLabels } from '../../server/src/reports/format';
import { renderServiceReport } from '../../server/src/reports/pdf';
import { Reports } from '../../server/src/reports/queries';
import { shopInstant } from '../../server/src/shopTime';
import { currentLoadAverage } from '../lib/machine';
import { inProcessConfig, randomSecret } from '../lib/server';
import { type Latency, latencySummary } from '../lib/stats';

/**
 * The service report: GET /api/appointments/:id/report for a completed job with a long story — about
 * 20 history rows (booked, assigned, started, the stage going back and forth, completed) and 60 time logs, of which
 * the report lists the latest 20 — made through the API on a fresh embedded database (PGlite, in memory) in this
 * process. Measures the whole answer (authorization, the queries, the PDF laid out on a render thread with its
 * embedded and subset fonts) over sequential requests through Fastify's inject (no network), after a warm-up, and
 * the PDF rendering alone from the same data; target < 100 ms per report.
 *
 * Then what reports cost everyone else: the p99 of two cheap endpoints (GET /api/health, and the admin's
 * GET /api/appointments list), measured one request at a time, alone, while `clients` clients request reports back
 * to back (rendered on the pool of REPORT_WORKERS threads, as served), and — for comparison — while the same
 * reports are rendered on the main thread, as the server did before the pool.
 */
export const REPORTS_LOAD = {
  warmup: 20,
  requests: 200,
  stageChanges: 16,
  timeLogs: 60,
  targetMs: 100,
  /** Concurrent report clients while the cheap endpoints are measured. */
  clients: 4,
  /** Requests per cheap endpoint and condition (a quarter of them beside main-thread rendering). */
  probeRequests: 200,
} as const;

export interface ReportsResult {
  database: string;
  historyRows: number;
  timeLogs: number;
  pdfBytes: number;
  pages: number;
  /** GET /api/appointments/:id/report, end to end inside the server. */
  endpoint: Latency;
  /** renderServiceReport alone, from data already read. */
  renderOnly: Latency;
  non200: number;
  withinTarget: boolean;
  /** The cheap endpoints' latency alone, beside served reports, beside reports rendered on the main thread. */
  responsiveness: Responsiveness[];
  /** p99 of every cheap endpoint while reports are served is within RESPONSIVE_MARGIN of its p99 alone. */
  responsive: boolean;
  loadAverage: { start: number; end: number };
}

export interface Responsiveness {
  endpoint: string;
  alone: Latency;
  /** While REPORTS_LOAD.clients clients request reports (the render pool). */
  withReports: Latency;
  /** Reports answered during that measurement. */
  reportsServed: number;
  /** While the same reports are rendered on the main thread (how it was before the pool). */
  withMainThreadRendering: Latency;
  reportsRenderedOnMainThread: number;
}

/** How much a cheap endpoint's p99 may grow while reports are served: the larger of ×2 and +10 ms (CPU is shared). */
export function withinMargin(alone: Latency, loaded: Latency): boolean {
  return loaded.p99Ms <= Math.max(2 * alone.p99Ms, alone.p99Ms + 10);
}

type Log = (line: string) => void;
const defaultLog: Log = (line) => console.info(`[bench] ${line}`);

const ZONE = 'UTC';
const DAY = '2030-06-03';
const ADMIN = { email: 'bench-admin@carcare.test', password: `Adm-${randomSecret().slice(0, 16)}` };
const PASSWORD = 'bench-password-1';

/** One JSON request through inject; throws on anything but 2xx. */
async function api(app: FastifyInstance, method: 'GET' | 'POST' | 'PATCH', url: string, token?: string, body?: unknown) {
  const response = await app.inject({ method, url, headers: token ? { authorization: `Bearer ${token}` } : {}, ...(body !== undefined && { payload: body as object }) });
  if (response.statusCode >= 300) throw new Error(`${method} ${url}: ${response.statusCode} ${response.body}`);
  return JSON.parse(response.body) as Record<string, unknown> & { id: string; token: string };
}

/**
 * The job: booked at 06:00, assigned, started 09:00, then `stageChanges` changes of stage five minutes apart,
 * completed; `timeLogs` logs of ten minutes each on the job's day. Returns its id and the admin's token.
 */
async function tellStory(app: FastifyInstance, clock: { set(ms: number): void }): Promise<{ jobId: string; token: string }> {
  const at = (time: string) => shopInstant(ZONE, DAY, time);
  const admin = await api(app, 'POST', '/api/auth/login', undefined, ADMIN);
  const customer = await api(app, 'POST', '/api/auth/register/customer', undefined, {
    email: 'report.customer@carcare.test',
    password: PASSWORD,
    fullName: 'Zoë Łukasiewicz',
    phoneNumber: '+48 22 555 0199',
  });
  const technician = await api(app, 'POST', '/api/auth/register/employee', undefined, {
    email: 'report.technician@carcare.test',
    password: PASSWORD,
    fullName: 'Ivo Đurić',
    phoneNumber: '+385 1 555 0100',
    department: 'Brakes',
  });
  await api(app, 'POST', `/api/employees/${technician.id}/approve`, admin.token, {});
  const vehicle = await api(app, 'POST', '/api/vehicles', customer.token, { plate: 'WX 4821K', make: 'Škoda', model: 'Octavia', year: 2019 });
  const job = await api(app, 'POST', '/api/appointments', customer.token, {
    vehicleId: vehicle.id,
    serviceType: 'FULL_SERVICE',
    date: DAY,
    slot: '09:00',
    notes: 'Squeak from the front left wheel when braking; check the handbrake cable as well. '.repeat(5).slice(0, 480),
  });
  await api(app, 'POST', `/api/appointments/${job.id}/assign`, admin.token, { employeeId: technician.id });
  let minute = 0;
  const step = () => {
    minute += 5;
    clock.set(at('09:00') + minute * 60_000);
  };
  step();
  await api(app, 'PATCH', `/api/appointments/${job.id}/status`, technician.token, { status: 'in_progress' });
  const stages = ['AWAITING_PARTS', 'IN_PROGRESS', 'QUALITY_CHECK', 'IN_PROGRESS'];
  for (let change = 0; change < REPORTS_LOAD.stageChanges; change += 1) {
    step();
    await api(app, 'PATCH', `/api/appointments/${job.id}/status`, technician.token, { status: 'in_progress', stage: stages[change % stages.length] });
  }
  step();
  await api(app, 'PATCH', `/api/appointments/${job.id}/status`, technician.token, { status: 'completed' });
  for (let log = 0; log < REPORTS_LOAD.timeLogs; log += 1) {
    const start = 9 * 60 + log * 12;
    const time = (minutes: number) => `${String(Math.floor(minutes / 60)).padStart(2, '0')}:${String(minutes % 60).padStart(2, '0')}`;
    await api(app, 'POST', '/api/time-logs', technician.token, {
      appointmentId: job.id,
      date: DAY,
      startTime: time(start),
      endTime: time(start + 10),
      description: `Step ${log + 1}: brake pads, discs and fluid checked; road test ${log % 2 ? 'passed' : 'scheduled'}.`,
    });
  }
  return { jobId: job.id, token: admin.token };
}

/** The reports section: a fresh in-memory PGlite app, the job made through the API, then the timings. */
export async function runReports(log: Log = defaultLog): Promise<ReportsResult> {
  const loadStart = currentLoadAverage();
  let now = shopInstant(ZONE, DAY, '06:00');
  const clock = { set: (ms: number) => (now = ms) };
  // fetch keeps its sockets: none may be closed under it while the main-thread comparison blocks the event loop.
  const config = inProcessConfig(ADMIN, ZONE, { KEEP_ALIVE_TIMEOUT: '10m', CONNECTION_TIMEOUT: '10m' });
  const app = await buildApp(config, { now: () => now });
  try {
    log('reports: making a completed job with its history and time logs through the API');
    const { jobId, token } = await tellStory(app, clock);
    clock.set(shopInstant(ZONE, DAY, '18:00'));
    const history = await app.db.selectFrom('job_history').select((eb) => eb.fn.countAll<number>().as('n')).where('appointment_id', '=', jobId).executeTakeFirstOrThrow();
    const logs = await app.db.selectFrom('time_logs').select((eb) => eb.fn.countAll<number>().as('n')).where('appointment_id', '=', jobId).executeTakeFirstOrThrow();

    const request = () => app.inject({ method: 'GET', url: `/api/appointments/${jobId}/report`, headers: { authorization: `Bearer ${token}` } });
    let non200 = 0;
    let last = await request();
    for (let i = 0; i < REPORTS_LOAD.warmup; i += 1) last = await request();
    log(`reports: ${REPORTS_LOAD.requests} sequential GET /api/appointments/:id/report`);
    const samples: number[] = [];
    for (let i = 0; i < REPORTS_LOAD.requests; i += 1) {
      const start = performance.now();
      const response = await request();
      samples.push(performance.now() - start);
      if (response.statusCode !== 200) non200 += 1;
      last = response;
    }
    const pdf = last.rawPayload;

    const reports = new Reports(app.db, app.catalog, app.appointments);
    const fonts = await loadReportFonts();
    const slots: SlotLabels = Object.fromEntries(app.catalog.slots.map((slot) => [slot.start, slot.label]));
    const viewer = { id: 'bench', role: 'ADMIN' } as const;
    const data = await reports.load(viewer, jobId);
    const renderSamples: number[] = [];
    for (let i = 0; i < REPORTS_LOAD.requests; i += 1) {
      const start = performance.now();
      await renderServiceReport(data, { timeZone: app.catalog.timeZone, slots, fonts, generatedAt: now });
      renderSamples.push(performance.now() - start);
    }
    const endpoint = latencySummary(samples);

    log(`reports: cheap endpoints alone, beside ${REPORTS_LOAD.clients} report clients, beside main-thread rendering (HTTP on loopback)`);
    // Over real sockets: inject's requests are promises only, and a loop of them would never let the event loop
    // serve anything else, which is just what this measures.
    await app.listen({ port: 0, host: '127.0.0.1' });
    const address = app.server.address();
    if (address === null || typeof address === 'string') throw new Error('the bench server has no port');
    const http = async (path: string, authorized: boolean) => {
      const response = await fetch(`http://127.0.0.1:${address.port}${path}`, { headers: authorized ? { authorization: `Bearer ${token}` } : {} });
      await response.arrayBuffer();
      return { statusCode: response.status };
    };
    const probes: [string, () => Promise<{ statusCode: number }>][] = [
      ['GET /api/health', () => http('/api/health', false)],
      ['GET /api/appointments (admin)', () => http('/api/appointments', true)],
    ];
    const probe = async (run: () => Promise<{ statusCode: number }>, requests: number = REPORTS_LOAD.probeRequests) => {
      const times: number[] = [];
      for (let i = 0; i < requests; i += 1) {
        const start = performance.now();
        const response = await run();
        times.push(performance.now() - start);
        if (response.statusCode !== 200) non200 += 1;
      }
      return latencySummary(times);
    };
    /** Runs `work` in `clients` loops while `measure` runs; returns its result and how many times `work` completed. */
    const beside = async <T>(work: () => Promise<void>, measure: () => Promise<T>): Promise<{ result: T; completed: number }> => {
      let running = true;
      let completed = 0;
      const clients = Array.from({ length: REPORTS_LOAD.clients }, async () => {
        while (running) {
          await work();
          completed += 1;
        }
      });
      // Let every client have a report under way first.
      await new Promise((resolve) => setTimeout(resolve, 300));
      const before = completed;
      const result = await measure();
      const during = completed - before;
      running = false;
      await Promise.all(clients);
      return { result, completed: during };
    };
    const served = async () => {
      const response = await http(`/api/appointments/${jobId}/report`, true);
      if (response.statusCode !== 200) non200 += 1;
    };
    const onMainThread = async () => {
      // A request arrives as I/O: yield to the event loop first, as a socket's data would (without it the loop of
      // promises never lets a timer or an inject request in).
      await new Promise((resolve) => setImmediate(resolve));
      await renderServiceReport(await reports.load(viewer, jobId), { timeZone: app.catalog.timeZone, slots, fonts, generatedAt: now });
    };
    const responsiveness: Responsiveness[] = [];
    for (const [name, run] of probes) {
      await probe(run); // warm-up
      const alone = await probe(run);
      const withReports = await beside(served, () => probe(run));
      // A quarter as many: each waits for reports to be laid out before it.
      const withMainThread = await beside(onMainThread, () => probe(run, REPORTS_LOAD.probeRequests / 4));
      responsiveness.push({
        endpoint: name,
        alone,
        withReports: withReports.result,
        reportsServed: withReports.completed,
        withMainThreadRendering: withMainThread.result,
        reportsRenderedOnMainThread: withMainThread.completed,
      });
    }
    return {
      database: 'PGlite (embedded, in memory), in-process',
      historyRows: Number(history.n),
      timeLogs: Number(logs.n),
      pdfBytes: pdf.length,
      pages: (pdf.toString('latin1').match(/\/Type \/Page\b/g) ?? []).length,
      endpoint,
      renderOnly: latencySummary(renderSamples),
      non200,
      withinTarget: endpoint.p99Ms < REPORTS_LOAD.targetMs && non200 === 0,
      responsiveness,
      responsive: responsiveness.every((r) => withinMargin(r.alone, r.withReports)),
      loadAverage: { start: loadStart, end: currentLoadAverage() },
    };
  } finally {
    await app.close();
  }
}

const row = (label: string, l: Latency) => `| ${label} | ${l.requests} | ${l.p50Ms} ms | ${l.p95Ms} ms | ${l.p99Ms} ms | ${l.maxMs} ms | ${l.meanMs} ms |`;

/** The section as markdown, for bench/report.md. */
export function renderReportsSection(result: ReportsResult): string {
  const probeRow = (label: string, l: Latency, reports: string) => `| ${label} | ${l.p50Ms} ms | ${l.p99Ms} ms | ${l.maxMs} ms | ${reports} |`;
  return [
    '## 7. Service report (PDF)',
    '',
    `GET /api/appointments/:id/report (admin) for a completed job with ${result.historyRows} history rows and ${result.timeLogs} time logs (the report lists the latest 20), ` +
      `long notes and names outside Latin-1 (embedded DejaVu Sans, subset per document): ${result.pdfBytes.toLocaleString('en')} bytes, ${result.pages} page${result.pages === 1 ? '' : 's'}. ` +
      `${result.database}; rendered on the pool of render threads (REPORT_WORKERS, default 1); ${REPORTS_LOAD.warmup} warm-up requests, then ${REPORTS_LOAD.requests} measured one at a time through Fastify's inject (no network). ` +
      `Target < ${REPORTS_LOAD.targetMs} ms per report. Load average ${result.loadAverage.start} → ${result.loadAverage.end}.`,
    '',
    '| measured | requests | p50 | p95 | p99 | max | mean |',
    '|---|---|---|---|---|---|---|',
    row('whole request (authorization, 5 reads one at a time, PDF on a render thread)', result.endpoint),
    row('PDF rendering alone (main thread, for reference)', result.renderOnly),
    '',
    `Non-200 answers: ${result.non200}. p99 < ${REPORTS_LOAD.targetMs} ms: ${result.withinTarget ? 'yes' : 'no'}.`,
    '',
    `**Other endpoints while reports are requested.** Over HTTP on loopback (fetch, in the same process), ${REPORTS_LOAD.probeRequests} requests one at a time per endpoint and condition (${REPORTS_LOAD.probeRequests / 4} beside main-thread rendering): alone; while ${REPORTS_LOAD.clients} clients request reports back to back ` +
      '(rendered on the render threads, as served); and, for comparison, while the same reports are rendered on the main thread, as before the pool. ' +
      `p99 beside served reports within max(×2, +10 ms) of alone: ${result.responsive ? 'yes' : 'no'}.`,
    '',
    '| endpoint | condition | p50 | p99 | max | reports done meanwhile |',
    '|---|---|---|---|---|---|',
    ...result.responsiveness.flatMap((r) => [
      probeRow(`${r.endpoint} | alone`, r.alone, '—'),
      probeRow(`${r.endpoint} | beside reports (render threads)`, r.withReports, String(r.reportsServed)),
      probeRow(`${r.endpoint} | beside reports rendered on the main thread`, r.withMainThreadRendering, String(r.reportsRenderedOnMainThread)),
    ]),
    '',
  ].join('\n');
}

import type { FastifyInstance } from 'fastify';
import { buildApp } from '../../server/src/app';
import { loadConfig } from '../../server/src/config';
import { loadReportFonts } from '../../server/src/reports/fonts';
import { renderServiceReport } from '../../server/src/reports/pdf';
import { Reports } from '../../server/src/reports/queries';
import { shopInstant } from '../../server/src/shopTime';
import { currentLoadAverage } from '../lib/machine';
import { randomSecret } from '../lib/server';
import { percentile, round } from '../lib/stats';

/**
 * The service report: GET /api/appointments/:id/report for a completed job with a long story — about
 * 20 history rows (booked, assigned, started, the stage going back and forth, completed) and 20 time logs —
 * made through the API on a fresh embedded database (PGlite, in memory) in this process. Measures the whole
 * answer (authorization, the three queries, the PDF with its embedded and subset fonts) over sequential requests
 * through Fastify's inject (no network), after a warm-up, and the PDF rendering alone from the same data; target
 * < 100 ms per report.
 */
export const REPORTS_LOAD = {
  warmup: 20,
  requests: 200,
  stageChanges: 16,
  timeLogs: 20,
  targetMs: 100,
} as const;

export interface Latency {
  requests: number;
  p50Ms: number;
  p95Ms: number;
  p99Ms: number;
  maxMs: number;
  meanMs: number;
}

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
  loadAverage: { start: number; end: number };
}

type Log = (line: string) => void;
const defaultLog: Log = (line) => console.info(`[bench] ${line}`);

const ZONE = 'UTC';
const DAY = '2030-06-03';
const ADMIN = { email: 'bench-admin@carcare.test', password: `Adm-${randomSecret().slice(0, 16)}` };
const PASSWORD = 'bench-password-1';

function latency(samples: number[]): Latency {
  return {
    requests: samples.length,
    p50Ms: round(percentile(samples, 50), 2),
    p95Ms: round(percentile(samples, 95), 2),
    p99Ms: round(percentile(samples, 99), 2),
    maxMs: round(Math.max(...samples), 2),
    meanMs: round(samples.reduce((sum, value) => sum + value, 0) / samples.length, 2),
  };
}

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
  const config = loadConfig({
    JWT_SECRET: randomSecret(),
    DATA_DIR: 'memory://',
    DEMO_DATA: '0',
    SHOP_TIME_ZONE: ZONE,
    ADMIN_EMAIL: ADMIN.email,
    ADMIN_PASSWORD: ADMIN.password,
    ACCESS_TOKEN_TTL: '1d',
    LOGIN_MAX_ATTEMPTS_PER_IP: '1000000',
    REGISTRATIONS_PER_IP_PER_HOUR: '1000000',
    REQUESTS_PER_IP_PER_MINUTE: '10000000',
  });
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
    const data = await reports.load({ id: 'bench', role: 'ADMIN' }, jobId);
    const renderSamples: number[] = [];
    for (let i = 0; i < REPORTS_LOAD.requests; i += 1) {
      const start = performance.now();
      await renderServiceReport(data, { catalog: app.catalog, fonts, generatedAt: now });
      renderSamples.push(performance.now() - start);
    }
    const endpoint = latency(samples);
    return {
      database: 'PGlite (embedded, in memory), in-process',
      historyRows: Number(history.n),
      timeLogs: Number(logs.n),
      pdfBytes: pdf.length,
      pages: (pdf.toString('latin1').match(/\/Type \/Page\b/g) ?? []).length,
      endpoint,
      renderOnly: latency(renderSamples),
      non200,
      withinTarget: endpoint.p99Ms < REPORTS_LOAD.targetMs && non200 === 0,
      loadAverage: { start: loadStart, end: currentLoadAverage() },
    };
  } finally {
    await app.close();
  }
}

const row = (label: string, l: Latency) => `| ${label} | ${l.requests} | ${l.p50Ms} ms | ${l.p95Ms} ms | ${l.p99Ms} ms | ${l.maxMs} ms | ${l.meanMs} ms |`;

/** The section as markdown, for bench/report.md. */
export function renderReportsSection(result: ReportsResult): string {
  return [
    '## 7. Service report (PDF)',
    '',
    `GET /api/appointments/:id/report (admin) for a completed job with ${result.historyRows} history rows and ${result.timeLogs} time logs, ` +
      `long notes and names outside Latin-1 (embedded DejaVu Sans, subset per document): ${result.pdfBytes.toLocaleString('en')} bytes, ${result.pages} page${result.pages === 1 ? '' : 's'}. ` +
      `${result.database}; ${REPORTS_LOAD.warmup} warm-up requests, then ${REPORTS_LOAD.requests} measured one at a time through Fastify's inject (no network). ` +
      `Target < ${REPORTS_LOAD.targetMs} ms per report. Load average ${result.loadAverage.start} → ${result.loadAverage.end}.`,
    '',
    '| measured | requests | p50 | p95 | p99 | max | mean |',
    '|---|---|---|---|---|---|---|',
    row('whole request (authorization, 3 queries, PDF)', result.endpoint),
    row('PDF rendering alone', result.renderOnly),
    '',
    `Non-200 answers: ${result.non200}. p99 < ${REPORTS_LOAD.targetMs} ms: ${result.withinTarget ? 'yes' : 'no'}.`,
    '',
  ].join('\n');
}

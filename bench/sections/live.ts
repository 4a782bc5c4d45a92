import { readFileSync } from 'node:fs';
import http from 'node:http';
import { approveTechnician, loginUser, registerUser, type BenchSession } from '../lib/apiClient';
import { runConcurrently } from '../lib/http';
import { currentLoadAverage } from '../lib/machine';
import { table } from '../lib/markdown';
import { BENCH_DATABASE_LABEL as LABEL, type BenchDatabaseKind, type BenchPostgres, type FailedDatabase, runOnEachDatabase, type SkippedDatabase, startPostgres } from '../lib/postgres';
import { sleep } from '../lib/processes';
import { type BenchServer, startServer } from '../lib/server';
import { percentile, round } from '../lib/stats';

/**
 * Live updates: `clients` concurrent GET /api/events streams on one API server (a child process, API
 * only, NODE_ENV=production), on PGlite and on PostgreSQL (BENCH_LIVE_DATABASES narrows). Every stream is an
 * admin's (spread over ten sign-in sessions), so every change reaches all of them. Then `changes` status changes, each a
 * real PATCH /api/appointments/:id/status through the API (the technician moving the job through its stages),
 * one after another: latency = PATCH sent → the `appointment.updated` event with the new version read by a
 * client; per change the time until ALL clients have it (target p99 < 500 ms on loopback), and per delivery.
 * Memory per client: the server process's RSS (/proc) with all streams open minus before (after a warm-up round of
 * streams opened and closed), ÷ clients. The first `warmupChanges` changes are not counted.
 * The clients run in this process (node:http, one socket each), sharing the 2 CPUs with the server.
 */
export const LIVE_LOAD = {
  clients: 1000,
  changes: 50,
  /** Changes before the measured ones (first queries, JIT), not counted. */
  warmupChanges: 5,
  /** Admin sessions the streams are spread over, signed in this many at once. */
  sessions: 10,
  loginConcurrency: 5,
  /** A change not seen by every client within this is counted as missed. */
  timeoutMs: 10_000,
  /** Pause between changes, after every client had the last one. */
  gapMs: 50,
  targetP99Ms: 500,
} as const;

export interface LiveLatency {
  p50Ms: number;
  p99Ms: number;
  maxMs: number;
}

export interface LiveDatabaseResult {
  kind: BenchDatabaseKind;
  database: string;
  clients: number;
  /** Time to open every stream (all headers received). */
  connectMs: number;
  rssBeforeMiB: number;
  rssAfterMiB: number;
  /** (RSS with the streams open − before) ÷ clients. */
  rssPerClientKiB: number;
  changes: number;
  /** Per change: PATCH sent → the last client received the event. */
  toAll: LiveLatency;
  /** Per (change, client) delivery. */
  perDelivery: LiveLatency;
  /** PATCH sent → its 200 answer read. */
  patch: LiveLatency;
  /** Deliveries that did not arrive within the timeout (should be 0). */
  missed: number;
  withinTarget: boolean;
  loadAverage: { start: number; end: number };
}

export type LiveDatabaseOutcome = LiveDatabaseResult | SkippedDatabase | FailedDatabase;

export interface LiveSection {
  databases: LiveDatabaseOutcome[];
}

export const isLiveResult = (outcome: LiveDatabaseOutcome): outcome is LiveDatabaseResult => !('error' in outcome) && !('skipped' in outcome);

type Log = (line: string) => void;

function latency(samples: number[]): LiveLatency {
  return samples.length === 0
    ? { p50Ms: 0, p99Ms: 0, maxMs: 0 }
    : { p50Ms: round(percentile(samples, 50), 1), p99Ms: round(percentile(samples, 99), 1), maxMs: round(Math.max(...samples), 1) };
}

function rssMiB(pid: number): number {
  const match = /VmRSS:\s+(\d+) kB/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'));
  return match ? Number(match[1]) / 1024 : Number.NaN;
}

/** One JSON request; throws on anything but 2xx. */
async function api(apiBase: string, method: string, path: string, token: string, body?: unknown): Promise<{ id: string; version: number }> {
  const response = await fetch(`${apiBase}${path}`, {
    method,
    headers: { authorization: `Bearer ${token}`, ...(body !== undefined && { 'content-type': 'application/json' }) },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const text = await response.text();
  if (!response.ok) throw new Error(`${method} ${path}: ${response.status} ${text}`);
  return JSON.parse(text) as { id: string; version: number };
}

/** A stream client: records when it first sees `"version":N` of the job in an appointment.updated event. */
interface StreamClient {
  seen: Map<number, number>;
  close(): void;
}

function openStream(agent: http.Agent, origin: string, token: string, jobId: () => string | null, onVersion: (version: number) => void): Promise<StreamClient> {
  return new Promise((resolve, reject) => {
    const seen = new Map<number, number>();
    const request = http.get(`${origin}/api/events`, { agent, headers: { authorization: `Bearer ${token}`, accept: 'text/event-stream' } }, (response) => {
      if (response.statusCode !== 200) {
        reject(new Error(`GET /api/events: ${response.statusCode}`));
        response.resume();
        return;
      }
      response.setEncoding('utf8');
      let buffer = '';
      response.on('data', (chunk: string) => {
        const at = performance.now();
        buffer += chunk;
        let end = buffer.indexOf('\n\n');
        while (end >= 0) {
          const block = buffer.slice(0, end);
          buffer = buffer.slice(end + 2);
          const id = jobId();
          if (id && block.includes('event: appointment.updated') && block.includes(id)) {
            const version = Number(/"version":(\d+)/.exec(block)?.[1]);
            if (!seen.has(version)) {
              seen.set(version, at);
              onVersion(version);
            }
          }
          end = buffer.indexOf('\n\n');
        }
      });
      resolve({ seen, close: () => request.destroy() });
    });
    request.on('error', reject);
  });
}

async function runOnDatabase(kind: BenchDatabaseKind, log: Log): Promise<LiveDatabaseResult> {
  let postgres: BenchPostgres | null = null;
  let server: BenchServer | null = null;
  const clients: StreamClient[] = [];
  const agent = new http.Agent({ keepAlive: false, maxSockets: Infinity });
  try {
    if (kind === 'postgresql') postgres = await startPostgres();
    server = await startServer({
      accessTokenTtl: '1h',
      databaseUrl: postgres?.url ?? null,
      staticDir: null,
      env: {
        NODE_ENV: 'production',
        DEMO_DATA: '0',
        SHOP_TIME_ZONE: 'UTC',
        // 1,000 streams from one address, plus the requests: the bench's caps, not the defaults.
        MAX_CONNECTIONS: String(LIVE_LOAD.clients * 2 + 100),
        LIVE_STREAMS_PER_USER: String(LIVE_LOAD.clients * 2),
      },
    });
    const started = server;
    const { origin, apiBase } = started;
    const pid = started.pid as number;

    // Ten admin sessions, the streams spread over them (fan-out is per user; the session only decides logout).
    const admins = await runConcurrently(LIVE_LOAD.loginConcurrency, LIVE_LOAD.sessions, () => loginUser(apiBase, started.admin.email, started.admin.password));
    const admin = admins[0];
    const customer = await registerUser(apiBase, 'customer', 'Live Customer');
    const technician: BenchSession = await registerUser(apiBase, 'employee', 'Live Technician');
    await approveTechnician(apiBase, admin, technician);
    const tomorrow = new Date(Date.now() + 86_400_000).toISOString().slice(0, 10);
    const job = await api(apiBase, 'POST', '/appointments', customer.token, { plate: 'LIVE-001', serviceType: 'OIL_CHANGE', date: tomorrow, slot: '09:00' });
    await api(apiBase, 'POST', `/appointments/${job.id}/assign`, admin.token, { employeeId: technician.user.id });

    // A first round of streams opened and closed, so the baseline already includes what the first connections
    // allocate once (buffers, compiled code) and memory given back after start-up (PGlite's migrations).
    const warmup = await runConcurrently(100, LIVE_LOAD.clients, (index) => openStream(agent, origin, admins[index % admins.length].token, () => null, () => undefined));
    for (const client of warmup) client.close();
    await sleep(2000);
    const rssBefore = rssMiB(pid);
    const loadStart = currentLoadAverage();
    let waiting: { version: number; remaining: number; done: () => void } | null = null;
    const onVersion = (version: number) => {
      if (waiting && version === waiting.version) {
        waiting.remaining -= 1;
        if (waiting.remaining === 0) waiting.done();
      }
    };
    const connectStart = performance.now();
    clients.push(...(await runConcurrently(100, LIVE_LOAD.clients, (index) => openStream(agent, origin, admins[index % admins.length].token, () => job.id, onVersion))));
    const connectMs = Math.round(performance.now() - connectStart);
    await sleep(1000);
    const rssAfter = rssMiB(pid);
    log(`live (${kind}): ${clients.length} streams open in ${connectMs} ms; server RSS ${rssBefore.toFixed(0)} → ${rssAfter.toFixed(0)} MiB`);

    const stages = ['AWAITING_PARTS', 'QUALITY_CHECK', 'IN_PROGRESS'] as const;
    const toAll: number[] = [];
    const perDelivery: number[] = [];
    const patch: number[] = [];
    let missed = 0;
    const total = LIVE_LOAD.warmupChanges + LIVE_LOAD.changes;
    for (let change = 0; change < total; change += 1) {
      const counted = change >= LIVE_LOAD.warmupChanges;
      const body = change === 0 ? { status: 'in_progress' } : { status: 'in_progress', stage: stages[change % stages.length] };
      const sent = performance.now();
      let expected: number | null = null;
      const allSeen = new Promise<void>((resolve) => {
        waiting = { version: -1, remaining: clients.length, done: resolve };
      });
      // The version is known only from the answer; events may arrive before it: count those already seen.
      const answer = await api(apiBase, 'PATCH', `/appointments/${job.id}/status`, technician.token, body);
      if (counted) patch.push(performance.now() - sent);
      expected = answer.version;
      const current = waiting as unknown as { version: number; remaining: number; done: () => void };
      current.version = expected;
      current.remaining = clients.length - clients.filter((client) => client.seen.has(expected as number)).length;
      if (current.remaining === 0) current.done();
      const timedOut = await Promise.race([allSeen.then(() => false), sleep(LIVE_LOAD.timeoutMs).then(() => true)]);
      waiting = null;
      const arrivals = clients.map((client) => client.seen.get(expected as number)).filter((at): at is number => at !== undefined);
      missed += clients.length - arrivals.length;
      if (counted) {
        for (const at of arrivals) perDelivery.push(at - sent);
        if (!timedOut) toAll.push(Math.max(...arrivals) - sent);
      }
      await sleep(LIVE_LOAD.gapMs);
    }
    const loadEnd = currentLoadAverage();
    const result: LiveDatabaseResult = {
      kind,
      database: LABEL[kind],
      clients: clients.length,
      connectMs,
      rssBeforeMiB: round(rssBefore, 1),
      rssAfterMiB: round(rssAfter, 1),
      rssPerClientKiB: round(((rssAfter - rssBefore) * 1024) / clients.length, 1),
      changes: LIVE_LOAD.changes,
      toAll: latency(toAll),
      perDelivery: latency(perDelivery),
      patch: latency(patch),
      missed,
      withinTarget: missed === 0 && toAll.length === LIVE_LOAD.changes && percentile(toAll, 99) < LIVE_LOAD.targetP99Ms,
      loadAverage: { start: loadStart, end: loadEnd },
    };
    log(`live (${kind}): to all ${clients.length}: p50 ${result.toAll.p50Ms} ms, p99 ${result.toAll.p99Ms} ms; ${missed} missed; ${result.rssPerClientKiB} KiB RSS per client`);
    return result;
  } finally {
    for (const client of clients) client.close();
    agent.destroy();
    await server?.stop().catch(() => undefined);
    await postgres?.stop().catch(() => undefined);
  }
}

export async function runLive(log: Log): Promise<LiveSection> {
  const databases = await runOnEachDatabase('BENCH_LIVE_DATABASES', 'live', log, (kind) => runOnDatabase(kind, log));
  return { databases };
}

export function renderLiveSection(section: LiveSection): string {
  const rows = section.databases.map((d) =>
    isLiveResult(d)
      ? [
          d.database,
          d.clients,
          `${d.connectMs} ms`,
          `${d.rssBeforeMiB} → ${d.rssAfterMiB} MiB (${d.rssPerClientKiB} KiB/client)`,
          d.changes,
          `${d.toAll.p50Ms} / ${d.toAll.p99Ms} / ${d.toAll.maxMs} ms ${d.withinTarget ? '✅' : '❌'}`,
          `${d.perDelivery.p50Ms} / ${d.perDelivery.p99Ms} ms`,
          `${d.patch.p50Ms} / ${d.patch.p99Ms} ms`,
          d.missed,
          `${d.loadAverage.start} → ${d.loadAverage.end}`,
        ]
      : [d.database, `not measured: ${'skipped' in d ? d.skipped : d.error}`, '', '', '', '', '', '', '', ''],
  );
  return [
    '## 9. Live updates (GET /api/events)',
    `${LIVE_LOAD.clients} concurrent event streams on one API server (child process, API only, \`NODE_ENV=production\`), each an admin's (ten sessions), read by this process over loopback (node:http, one socket each). Then ${LIVE_LOAD.changes} status changes one after another (after ${LIVE_LOAD.warmupChanges} not counted), each a real \`PATCH /api/appointments/:id/status\` by the job's technician; latency = PATCH sent → the \`appointment.updated\` event with the new version read by a client. "To all": per change, until the last of the ${LIVE_LOAD.clients} clients had it (target p99 < ${LIVE_LOAD.targetP99Ms} ms). Memory: the server's RSS with every stream open minus before (after a first round of streams opened and closed), ÷ clients; PGlite's RSS also moves with its WebAssembly heap.`,
    table(['Database', 'Clients', 'All connected in', 'Server RSS', 'Changes', 'To all p50 / p99 / max', 'Per delivery p50 / p99', 'PATCH p50 / p99', 'Missed', 'Load average'], rows),
  ].join('\n\n');
}

/** Missed targets, in words, for the report's summary. */
export function liveMissed(section: LiveSection): string[] {
  return section.databases
    .filter(isLiveResult)
    .filter((d) => !d.withinTarget)
    .map((d) => `Live updates on ${d.database}: to all ${d.clients} clients p99 ${d.toAll.p99Ms} ms (target < ${LIVE_LOAD.targetP99Ms} ms), ${d.missed} deliveries missed`);
}

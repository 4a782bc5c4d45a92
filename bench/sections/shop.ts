import { hashPassword } from '../../server/src/auth/passwords';
import type { Catalog } from '../../server/src/catalog/queries';
import { APPOINTMENT_MESSAGES } from '../../server/src/contract/appointments';
import { addCalendarDays } from '../../server/src/shopTime';
import { type BenchSession, loginUser } from '../lib/apiClient';
import { prng } from '../lib/prng';
import { type HttpAnswer, HttpClient, runConcurrently } from '../lib/http';
import { currentLoadAverage } from '../lib/machine';
import { BENCH_DATABASE_LABEL as LABEL, type BenchDatabaseKind, benchDatabaseSettings, type FailedDatabase, runOnEachDatabase, type SkippedDatabase } from '../lib/postgres';
import { onShopDatabase } from '../lib/shopRun';
import { BOOKING_WINDOW_DAYS, type ContentionBay, contentionBays, customerEmail, SHOP_DATASET, type SeedResult, seedShop } from '../lib/shopDataset';
import { type BoardPlan, explainBoard, openShopDatabase } from '../lib/shopDb';
import { percentile, round } from '../lib/stats';

export const SHOP_LOAD = {
  /**
   * The board at a fixed concurrency (latency under load: with one server thread it is mostly waiting behind the
   * other 9 requests) and one request at a time (the latency of one request with nothing ahead of it).
   */
  board: { warmup: 200, requests: 2_000, concurrency: 10, serialWarmup: 50, serialRequests: 500, targetP99Ms: 50 },
  contention: { requests: 200 },
  sustained: { concurrency: 10, durationS: 10 },
  /** Customers signed in through the API (one argon2id verification each): the contention run's 200 bookers. */
  customers: 200,
  loginConcurrency: 4,
} as const;

interface Latencies {
  p50Ms: number;
  p90Ms: number;
  p99Ms: number;
  maxMs: number;
}

export interface BoardRun extends Latencies {
  label: string;
  /** `board` (GET /api/appointments) or `baseline` (GET /api/auth/profile: the same authentication, no list). */
  kind: 'board' | 'baseline';
  path: string;
  warmup: number;
  requests: number;
  concurrency: number;
  /** Jobs on the page (limit 50) and whether the answer had a nextCursor. */
  rowsOnPage: number;
  hasNextPage: boolean;
  requestsPerSecond: number;
  /** Answers other than 200 (should be none). */
  non200: number;
  withinTarget: boolean;
}

export interface ContentionRun {
  date: string;
  freeBays: { center: string; slot: string; bay: number; contenders: number; created: number; bayTaken: number | null }[];
  requests: number;
  created: number;
  slotFull: number;
  /** Any answer that is neither 201 nor the slot-full 409 (status and message). */
  otherAnswers: string[];
  /** Free bays left on the contention day afterwards (GET /api/availability at every centre): 0. */
  availableAfter: number;
  firstSentToLastAnswerMs: number;
  firstSentToLastCreatedMs: number;
  latencyP50Ms: number;
  latencyMaxMs: number;
  passed: boolean;
}

export interface SustainedRun extends Latencies {
  concurrency: number;
  targetDurationS: number;
  /** First request sent → last answer. */
  durationS: number;
  /** Free bays in days 1…90 at the start (GET /api/availability), the run's work list. */
  freeBaysAtStart: number;
  attempted: number;
  created: number;
  bookingsPerSecond: number;
  non201: number;
  failures: string[];
  /** The free bays ran out before the time did. */
  exhausted: boolean;
}

export interface ShopDatabaseResult {
  kind: BenchDatabaseKind;
  database: string;
  /** Server version, and for PostgreSQL the cluster settings. */
  version: string;
  settings: string;
  today: string;
  seed: SeedResult;
  loginsMs: number;
  /** 1-minute load average when this database's run started and ended (other work on the machine). */
  loadAverage: { start: number; end: number };
  board: BoardRun[];
  baseline: BoardRun;
  contention: ContentionRun;
  sustained: SustainedRun;
  plans: BoardPlan[];
}

export type ShopDatabaseOutcome = ShopDatabaseResult | SkippedDatabase | FailedDatabase;

export interface ShopSection {
  timeZone: string;
  dataset: typeof SHOP_DATASET;
  load: typeof SHOP_LOAD;
  databases: ShopDatabaseOutcome[];
}

export const isShopResult = (o: ShopDatabaseOutcome): o is ShopDatabaseResult => 'seed' in o;

type Log = (line: string) => void;

function latencies(answers: readonly HttpAnswer[]): Latencies {
  const ms = answers.map((a) => a.ms);
  return { p50Ms: round(percentile(ms, 50), 2), p90Ms: round(percentile(ms, 90), 2), p99Ms: round(percentile(ms, 99), 2), maxMs: round(Math.max(...ms), 2) };
}

function describe(answer: HttpAnswer): string {
  let message = answer.body.slice(0, 120);
  try {
    message = (JSON.parse(answer.body) as { message?: string }).message ?? message;
  } catch {
    // not JSON
  }
  return `${answer.status} ${message}`;
}

const spanMs = (answers: readonly HttpAnswer[]) => Math.max(...answers.map((a) => a.doneAt)) - Math.min(...answers.map((a) => a.sentAt));

/** GET `path` as `session`: `warmup` unmeasured requests, then `requests` measured ones, `concurrency` at a time. */
async function measureGet(origin: string, session: BenchSession, kind: BoardRun['kind'], label: string, path: string, concurrency: number, warmup: number, requests: number): Promise<BoardRun> {
  const client = new HttpClient(origin, concurrency);
  const get = () => client.request({ method: 'GET', path, token: session.token });
  try {
    await runConcurrently(concurrency, warmup, get);
    const answers = await runConcurrently(concurrency, requests, get);
    const page = JSON.parse(answers[0].body) as { items?: unknown[]; nextCursor?: string };
    const stats = latencies(answers);
    return {
      label,
      kind,
      path,
      warmup,
      requests,
      concurrency,
      rowsOnPage: page.items?.length ?? 0,
      hasNextPage: page.nextCursor !== undefined,
      requestsPerSecond: round(answers.length / (spanMs(answers) / 1000), 1),
      non200: answers.filter((a) => a.status !== 200).length,
      ...stats,
      withinTarget: stats.p99Ms < SHOP_LOAD.board.targetP99Ms,
    };
  } finally {
    client.close();
  }
}

/** The board's two views: today, and today + the next 6 days. */
function boardWindows(today: string): { label: string; from: string; to: string }[] {
  return [
    { label: 'today', from: today, to: today },
    { label: 'next 7 days', from: today, to: addCalendarDays(today, 6) },
  ];
}

/** The admin board (GET /api/appointments?from&to) for today and for the next 7 days, one at a time and 10 at a time. */
async function measureBoard(origin: string, admin: BenchSession, today: string): Promise<BoardRun[]> {
  const { warmup, requests, concurrency, serialWarmup, serialRequests } = SHOP_LOAD.board;
  const windows = boardWindows(today).map((w) => ({ label: w.label, path: `/api/appointments?from=${w.from}&to=${w.to}` }));
  const runs: BoardRun[] = [];
  for (const w of windows) runs.push(await measureGet(origin, admin, 'board', w.label, w.path, 1, serialWarmup, serialRequests));
  for (const w of windows) runs.push(await measureGet(origin, admin, 'board', w.label, w.path, concurrency, warmup, requests));
  return runs;
}

interface Availability {
  slot: string;
  available: number;
}

async function availability(client: HttpClient, token: string, date: string, centerId: string): Promise<Availability[]> {
  const answer = await client.request({ method: 'GET', path: `/api/availability?date=${date}&centerId=${centerId}`, token });
  if (answer.status !== 200) throw new Error(`GET /api/availability → ${describe(answer)}`);
  return JSON.parse(answer.body) as Availability[];
}

/**
 * 200 customers book at once, 20 for each of the 10 bays left free on the contention day (each the only bay left
 * in its centre and slot). Connections are opened beforehand, so the burst measures the bookings, not TCP handshakes.
 */
async function contention(origin: string, catalog: Catalog, customers: readonly BenchSession[], admin: BenchSession, today: string): Promise<ContentionRun> {
  const { requests } = SHOP_LOAD.contention;
  if (customers.length < requests) throw new Error(`The contention run needs ${requests} signed-in customers`);
  const date = addCalendarDays(today, SHOP_DATASET.contentionDay);
  const bays = contentionBays(catalog);
  const client = new HttpClient(origin, requests);
  try {
    await client.warmConnections(requests);
    const targets = Array.from({ length: requests }, (_, i) => bays[i % bays.length]);
    const answers = await Promise.all(
      targets.map((bay, i) =>
        client.request({
          method: 'POST',
          path: '/api/appointments',
          token: customers[i].token,
          body: { plate: `CT-${String(i + 1).padStart(3, '0')}`, serviceType: catalog.serviceTypes[i % catalog.serviceTypes.length].code, date, slot: bay.slot, centerId: bay.centerId },
        }),
      ),
    );
    const isCreated = (a: HttpAnswer) => a.status === 201;
    const isSlotFull = (a: HttpAnswer) => a.status === 409 && describe(a) === `409 ${APPOINTMENT_MESSAGES.slotFull}`;
    const created = answers.filter(isCreated);
    const perBay = bays.map((bay: ContentionBay) => {
      const mine = answers.filter((_, i) => targets[i] === bay);
      const wins = mine.filter(isCreated);
      return {
        center: bay.centerName,
        slot: bay.slot,
        bay: bay.bay,
        contenders: mine.length,
        created: wins.length,
        bayTaken: wins.length === 1 ? (JSON.parse(wins[0].body) as { bay: number }).bay : null,
      };
    });
    let availableAfter = 0;
    for (const center of catalog.centers) {
      for (const slot of await availability(client, admin.token, date, center.id)) availableAfter += slot.available;
    }
    const firstSent = Math.min(...answers.map((a) => a.sentAt));
    const slotFull = answers.filter(isSlotFull).length;
    const stats = latencies(answers);
    const otherAnswers = [...new Set(answers.filter((a) => !isCreated(a) && !isSlotFull(a)).map(describe))];
    const n = bays.length;
    return {
      date,
      freeBays: perBay,
      requests,
      created: created.length,
      slotFull,
      otherAnswers,
      availableAfter,
      firstSentToLastAnswerMs: round(spanMs(answers), 1),
      firstSentToLastCreatedMs: created.length ? round(Math.max(...created.map((a) => a.doneAt)) - firstSent, 1) : Number.NaN,
      latencyP50Ms: stats.p50Ms,
      latencyMaxMs: stats.maxMs,
      passed:
        created.length === n &&
        slotFull === requests - n &&
        availableAfter === 0 &&
        perBay.every((b) => b.created === 1 && b.bayTaken === bays.find((x) => x.centerName === b.center && x.slot === b.slot)?.bay),
    };
  } finally {
    client.close();
  }
}

/**
 * Bookings per second: every bay still free in days 1…90 (from GET /api/availability), shuffled, booked by the
 * signed-in customers in turn with a new plate each (so each booking also adds a vehicle), at a fixed concurrency,
 * until SHOP_LOAD.sustained.durationS has passed or the free bays run out. Every booking should get 201.
 */
async function sustained(origin: string, catalog: Catalog, customers: readonly BenchSession[], admin: BenchSession, today: string): Promise<SustainedRun> {
  const { concurrency, durationS } = SHOP_LOAD.sustained;
  const client = new HttpClient(origin, concurrency);
  try {
    const work: { date: string; slot: string; centerId: string }[] = [];
    const days = Array.from({ length: BOOKING_WINDOW_DAYS }, (_, i) => addCalendarDays(today, i + 1));
    const lists = await runConcurrently(4, days.length * catalog.centers.length, async (i) => {
      const date = days[Math.floor(i / catalog.centers.length)];
      const centerId = catalog.centers[i % catalog.centers.length].id;
      return { date, centerId, slots: await availability(client, admin.token, date, centerId) };
    });
    for (const { date, centerId, slots } of lists) {
      for (const { slot, available } of slots) for (let k = 0; k < available; k += 1) work.push({ date, slot, centerId });
    }
    const rand = prng(SHOP_DATASET.appointments);
    for (let i = work.length - 1; i > 0; i -= 1) {
      const j = Math.floor(rand() * (i + 1));
      [work[i], work[j]] = [work[j], work[i]];
    }

    const until = performance.now() + durationS * 1000;
    const answers = await runConcurrently(
      concurrency,
      work.length,
      (i) =>
        client.request({
          method: 'POST',
          path: '/api/appointments',
          token: customers[i % customers.length].token,
          body: { plate: `SB-${String(i + 1).padStart(5, '0')}`, serviceType: catalog.serviceTypes[i % catalog.serviceTypes.length].code, ...work[i] },
        }),
      until,
    );
    const created = answers.filter((a) => a.status === 201);
    const seconds = spanMs(answers) / 1000;
    return {
      concurrency,
      targetDurationS: durationS,
      durationS: round(seconds, 2),
      freeBaysAtStart: work.length,
      attempted: answers.length,
      created: created.length,
      bookingsPerSecond: round(created.length / seconds, 1),
      ...latencies(answers),
      non201: answers.length - created.length,
      failures: [...new Set(answers.filter((a) => a.status !== 201).map(describe))].slice(0, 5),
      exhausted: answers.length === work.length,
    };
  } finally {
    client.close();
  }
}

async function signInCustomers(apiBase: string): Promise<{ customers: BenchSession[]; ms: number }> {
  const started = performance.now();
  const customers = await runConcurrently(SHOP_LOAD.loginConcurrency, SHOP_LOAD.customers, (i) => loginUser(apiBase, customerEmail(i), SHOP_DATASET.password));
  return { customers, ms: Math.round(performance.now() - started) };
}

async function runOnDatabase(kind: BenchDatabaseKind, timeZone: string, passwordHash: string, log: Log): Promise<ShopDatabaseResult> {
  return onShopDatabase(kind, 'shop', timeZone, log, async ({ postgres, target, now, startApiServer }) => {
    const today = now.date;

    const { opened, catalog } = await openShopDatabase(target);
    let seed: SeedResult;
    const plans: BoardPlan[] = [];
    try {
      seed = await seedShop(opened.db, catalog, { today, nowTime: now.time, timeZone }, passwordHash);
      // The board's plans on exactly the data the board is measured on (the bookings below change the statistics),
      // through this direct connection: the embedded database cannot be opened while the server has it.
      const admin = { id: '00000000-0000-4000-8000-000000000000', role: 'ADMIN' as const };
      for (const w of boardWindows(today)) plans.push(await explainBoard(opened.db, catalog, admin, w.label, { from: w.from, to: w.to }));
    } finally {
      await opened.close();
    }
    log(`shop (${kind}): seeded ${seed.appointments.toLocaleString('en')} appointments in ${(seed.durationMs / 1000).toFixed(1)} s`);

    const server = await startApiServer();
    const admin = await loginUser(server.apiBase, server.admin.email, server.admin.password);
    const { customers, ms: loginsMs } = await signInCustomers(server.apiBase);

    const loadStart = currentLoadAverage();
    const board = await measureBoard(server.origin, admin, today);
    for (const b of board) log(`shop (${kind}): board ${b.label} × ${b.concurrency}: p50 ${b.p50Ms} ms, p99 ${b.p99Ms} ms, ${b.requestsPerSecond} req/s`);
    const { warmup, requests, concurrency } = SHOP_LOAD.board;
    const baseline = await measureGet(server.origin, admin, 'baseline', 'GET /api/auth/profile', '/api/auth/profile', concurrency, warmup, requests);
    const race = await contention(server.origin, catalog, customers, admin, today);
    log(`shop (${kind}): contention ${race.created} × 201, ${race.slotFull} × 409 in ${race.firstSentToLastAnswerMs} ms`);
    const steady = await sustained(server.origin, catalog, customers, admin, today);
    log(`shop (${kind}): ${steady.bookingsPerSecond} bookings/s (${steady.created} in ${steady.durationS} s, ${steady.non201} non-201)`);
    const loadEnd = currentLoadAverage();
    await server.stop();

    return {
      kind,
      database: LABEL[kind],
      version: postgres?.version ?? seed.serverVersion,
      settings: benchDatabaseSettings(postgres),
      today,
      seed,
      loginsMs,
      loadAverage: { start: loadStart, end: loadEnd },
      board,
      baseline,
      contention: race,
      sustained: steady,
      plans,
    };
  });
}

/**
 * Section 6: the shop on a large data set — the admin board's query, 200 bookings racing for 10 free bays, and
 * bookings per second — once on each database, each with its own freshly seeded data and its own server process.
 */
export async function runShop(log: Log): Promise<ShopSection> {
  const timeZone = Intl.DateTimeFormat().resolvedOptions().timeZone;
  const passwordHash = await hashPassword(SHOP_DATASET.password);
  const databases = await runOnEachDatabase('BENCH_SHOP_DATABASES', 'shop', log, (kind) => runOnDatabase(kind, timeZone, passwordHash, log));
  return { timeZone, dataset: SHOP_DATASET, load: SHOP_LOAD, databases };
}

import { sql } from 'kysely';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../../server/src/app';
import { addCalendarDays, shopInstant } from '../../server/src/shopTime';
import { currentLoadAverage } from '../lib/machine';
import { inProcessConfig, randomSecret } from '../lib/server';
import { type Latency, latencySummary, round } from '../lib/stats';

/**
 * Parts and stock at scale, on a fresh embedded database (PGlite, in memory) in this process:
 * - PARTS parts × the three centres and MOVEMENTS stock movements, loaded in bulk (the ledger's triggers off while
 *   loading, then on hand set to each part's ledger sum — checked afterwards, as the triggers would keep it);
 * - the parts page (GET /api/parts at a centre, 50 a page: the first page, a search, the Low stock filter, a page deep
 *   in the list by its cursor) and a part's history (GET /api/parts/:id/movements: the first page and a later one),
 *   requests one at a time through Fastify's inject, p99 target < 50 ms;
 * - USAGES concurrent parts-used requests over HTTP, spread over HOT_PARTS parts with little stock on JOBS jobs:
 *   how many succeed, the throughput, no negative stock, and on hand equal to the ledger afterwards.
 */
export const INVENTORY_LOAD = {
  parts: 10_000,
  movements: 1_000_000,
  requests: 200,
  warmup: 20,
  targetP99Ms: 50,
  usages: 200,
  hotParts: 20,
  /** Units of each hot part on hand before the usages: fewer than the usages aimed at it, so some are refused. */
  hotStock: 6,
  jobs: 10,
} as const;

export interface PageLatency extends Latency {
  label: string;
  non200: number;
  withinTarget: boolean;
}

export interface InventoryResult {
  database: string;
  parts: number;
  stockRows: number;
  movements: number;
  loadSeconds: number;
  ledgerMatches: boolean;
  pages: PageLatency[];
  usage: {
    requests: number;
    succeeded: number;
    refused: number;
    other: number;
    seconds: number;
    perSecond: number;
    negativeStock: number;
    ledgerMatches: boolean;
  };
  loadAverage: { start: number; end: number };
}

type Log = (line: string) => void;
const defaultLog: Log = (line) => console.info(`[bench] ${line}`);
const ADMIN = { email: 'bench-admin@carcare.test', password: `Adm-${randomSecret().slice(0, 16)}` };
const ZONE = 'UTC';
const DAY = '2030-06-03';

async function api(app: FastifyInstance, method: 'GET' | 'POST' | 'PUT', url: string, token?: string, body?: unknown) {
  const response = await app.inject({ method, url, headers: token ? { authorization: `Bearer ${token}` } : {}, ...(body !== undefined && { payload: body as object }) });
  if (response.statusCode >= 300) throw new Error(`${method} ${url}: ${response.statusCode} ${response.body}`);
  return JSON.parse(response.body) as Record<string, unknown> & { id: string; token: string; nextCursor?: string; items: { id: string }[] };
}

/** Whether every part's on hand at every centre equals its ledger's sum. */
async function ledgerMatches(app: FastifyInstance): Promise<boolean> {
  const { rows } = await sql<{ n: string }>`
    SELECT count(*) AS n FROM part_stock s
      LEFT JOIN (SELECT part_id, center_id, sum(quantity) AS total FROM stock_movements GROUP BY part_id, center_id) m
        ON m.part_id = s.part_id AND m.center_id = s.center_id
     WHERE s.on_hand <> coalesce(m.total, 0)`.execute(app.db);
  return Number(rows[0].n) === 0;
}

/** The catalogue and its ledger in bulk: movements alternate receipts of 2 and uses of 1, so every sum is positive. */
async function load(app: FastifyInstance, adminId: string): Promise<void> {
  const { parts, movements } = INVENTORY_LOAD;
  await sql`
    INSERT INTO parts (id, sku, name, category, unit, unit_cost_minor, sell_price_minor, created_at, updated_at)
    SELECT gen_random_uuid(), 'BENCH-' || lpad(g::text, 6, '0'),
           (ARRAY['Oil filter', 'Air filter', 'Brake pads', 'Engine oil', 'Bulb', 'Battery', 'Tyre', 'Wiper blade'])[1 + g % 8] || ' ' || g,
           (ARRAY['Filters', 'Filters', 'Brakes', 'Engine oil', 'Bulbs', 'Batteries', 'Tyres', 'Wipers'])[1 + g % 8],
           'each', 1000 + g % 5000, 2000 + g % 8000, now(), now()
      FROM generate_series(1, ${parts}) g`.execute(app.db);
  await sql`
    INSERT INTO part_stock (part_id, center_id, reorder_level, reorder_quantity)
    SELECT p.id, c.id, (p.unit_cost_minor % 7), 10 FROM parts p CROSS JOIN service_centers c`.execute(app.db);
  await sql`ALTER TABLE stock_movements DISABLE TRIGGER USER`.execute(app.db);
  await sql`ALTER TABLE part_stock DISABLE TRIGGER USER`.execute(app.db);
  await sql`
    WITH stock AS (SELECT part_id, center_id, row_number() OVER (ORDER BY part_id, center_id) AS n FROM part_stock),
         total AS (SELECT count(*) AS rows FROM stock)
    INSERT INTO stock_movements (part_id, center_id, kind, quantity, reason, actor_id, occurred_at)
    SELECT s.part_id, s.center_id,
           CASE WHEN g % 3 = 2 THEN 'USED' ELSE 'RECEIVED' END,
           CASE WHEN g % 3 = 2 THEN -1 ELSE 2 END,
           NULL, ${adminId}::uuid, now() - make_interval(mins => ${movements} - g)
      FROM generate_series(0, ${movements - 1}) g
      CROSS JOIN total
      JOIN stock s ON s.n = 1 + (g / 3) % total.rows`.execute(app.db);
  await sql`
    UPDATE part_stock s SET on_hand = m.total
      FROM (SELECT part_id, center_id, sum(quantity)::int AS total FROM stock_movements GROUP BY part_id, center_id) m
     WHERE m.part_id = s.part_id AND m.center_id = s.center_id`.execute(app.db);
  await sql`ALTER TABLE part_stock ENABLE TRIGGER USER`.execute(app.db);
  await sql`ALTER TABLE stock_movements ENABLE TRIGGER USER`.execute(app.db);
  await sql`ANALYZE`.execute(app.db);
}

async function time(app: FastifyInstance, label: string, url: () => string, token: string): Promise<PageLatency> {
  const request = () => app.inject({ method: 'GET', url: url(), headers: { authorization: `Bearer ${token}` } });
  for (let i = 0; i < INVENTORY_LOAD.warmup; i += 1) await request();
  const samples: number[] = [];
  let non200 = 0;
  for (let i = 0; i < INVENTORY_LOAD.requests; i += 1) {
    const started = performance.now();
    const response = await request();
    samples.push(performance.now() - started);
    if (response.statusCode !== 200) non200 += 1;
  }
  const summary = latencySummary(samples);
  return { label, ...summary, non200, withinTarget: summary.p99Ms < INVENTORY_LOAD.targetP99Ms && non200 === 0 };
}

export async function runInventory(log: Log = defaultLog): Promise<InventoryResult> {
  const loadStart = currentLoadAverage();
  const now = shopInstant(ZONE, DAY, '06:00');
  const config = inProcessConfig(ADMIN, ZONE, { MAX_CONNECTIONS_PER_IP: '1000000' });
  const app = await buildApp(config, { now: () => now });
  try {
    const admin = await api(app, 'POST', '/api/auth/login', undefined, ADMIN);
    const adminId = (admin.id ?? (await api(app, 'GET', '/api/auth/profile', admin.token)).id) as string;
    log(`inventory: loading ${INVENTORY_LOAD.parts} parts × 3 centres and ${INVENTORY_LOAD.movements} movements`);
    const loadStarted = performance.now();
    await load(app, adminId);
    const loadSeconds = round((performance.now() - loadStarted) / 1000, 1);
    const matches = await ledgerMatches(app);
    const center = app.catalog.centers[0].id;
    const counts = await sql<{ parts: string; stock: string; movements: string }>`
      SELECT (SELECT count(*) FROM parts) AS parts, (SELECT count(*) FROM part_stock) AS stock, (SELECT count(*) FROM stock_movements) AS movements`.execute(app.db);

    log('inventory: timing the parts page and a part’s history');
    const first = await api(app, 'GET', `/api/parts?centerId=${center}&limit=50`, admin.token);
    let deep = first.nextCursor!;
    for (let i = 0; i < 100; i += 1) deep = (await api(app, 'GET', `/api/parts?centerId=${center}&limit=50&cursor=${deep}`, admin.token)).nextCursor!;
    const part = first.items[0].id;
    // 20 a page, as the Inventory page's History asks (about 33 movements per part and centre here).
    const history = await api(app, 'GET', `/api/parts/${part}/movements?centerId=${center}&limit=20`, admin.token);
    if (!history.nextCursor || !deep) throw new Error('the bench data has no second page of history or parts');
    const pages = [
      await time(app, 'parts page: first 50 at a centre', () => `/api/parts?centerId=${center}&limit=50`, admin.token),
      await time(app, 'parts page: page 102 (by cursor)', () => `/api/parts?centerId=${center}&limit=50&cursor=${deep}`, admin.token),
      await time(app, 'parts page: search "brake"', () => `/api/parts?centerId=${center}&limit=50&q=brake`, admin.token),
      await time(app, 'parts page: Low stock filter', () => `/api/parts?centerId=${center}&limit=50&lowStock=true`, admin.token),
      await time(app, 'part history: first 20 movements', () => `/api/parts/${part}/movements?centerId=${center}&limit=20`, admin.token),
      await time(app, 'part history: second page', () => `/api/parts/${part}/movements?centerId=${center}&limit=20&cursor=${history.nextCursor}`, admin.token),
    ];

    log(`inventory: ${INVENTORY_LOAD.usages} concurrent parts-used requests over ${INVENTORY_LOAD.hotParts} parts (HTTP)`);
    const usage = await concurrentUsage(app, admin.token, center);
    return {
      database: 'PGlite (embedded, in memory), in-process',
      parts: Number(counts.rows[0].parts),
      stockRows: Number(counts.rows[0].stock),
      movements: Number(counts.rows[0].movements),
      loadSeconds,
      ledgerMatches: matches,
      pages,
      usage,
      loadAverage: { start: loadStart, end: currentLoadAverage() },
    };
  } finally {
    await app.close();
  }
}

/** Jobs assigned to one technician at `center`, hot parts with little stock, then every usage at once over HTTP. */
async function concurrentUsage(app: FastifyInstance, adminToken: string, center: string): Promise<InventoryResult['usage']> {
  const { usages, hotParts, hotStock, jobs } = INVENTORY_LOAD;
  const technician = await api(app, 'POST', '/api/auth/register/employee', undefined, { email: 'bench.tech@carcare.test', password: 'bench-password-1', fullName: 'Bench Technician', phoneNumber: '555-0100', department: 'Brakes' });
  await api(app, 'POST', `/api/employees/${technician.id}/approve`, adminToken, {});
  const customer = await api(app, 'POST', '/api/auth/register/customer', undefined, { email: 'bench.customer@carcare.test', password: 'bench-password-1', fullName: 'Bench Customer', phoneNumber: '555-0101' });
  const jobIds: string[] = [];
  const slots = ['09:00', '10:00', '11:00', '14:00', '15:00', '16:00'];
  for (let i = 0; i < jobs; i += 1) {
    const job = await api(app, 'POST', '/api/appointments', customer.token, { plate: `BENCH ${i}`, serviceType: 'BATTERY_CHECK', date: addCalendarDays(DAY, Math.floor(i / slots.length)), slot: slots[i % slots.length], centerId: center });
    await api(app, 'POST', `/api/appointments/${job.id}/assign`, adminToken, { employeeId: technician.id });
    jobIds.push(job.id);
  }
  const partIds: string[] = [];
  for (let i = 0; i < hotParts; i += 1) {
    const part = await api(app, 'POST', '/api/parts', adminToken, { sku: `HOT-${i}`, name: `Hot part ${i}`, category: 'Bench', unit: 'each', unitCostMinor: 100, sellPriceMinor: 200 });
    await api(app, 'POST', `/api/parts/${part.id}/receive`, adminToken, { centerId: center, quantity: hotStock });
    partIds.push(part.id);
  }
  const base = await app.listen({ port: 0, host: '127.0.0.1' });
  const started = performance.now();
  const answers = await Promise.all(
    Array.from({ length: usages }, (_, i) =>
      fetch(`${base}/api/appointments/${jobIds[i % jobs]}/parts`, {
        method: 'POST',
        headers: { authorization: `Bearer ${technician.token}`, 'content-type': 'application/json' },
        body: JSON.stringify({ partId: partIds[i % hotParts], quantity: 1 }),
      }).then(async (response) => {
        await response.arrayBuffer();
        return response.status;
      }),
    ),
  );
  const seconds = (performance.now() - started) / 1000;
  const succeeded = answers.filter((status) => status === 200).length;
  const refused = answers.filter((status) => status === 409).length;
  const negative = await sql<{ n: string }>`SELECT count(*) AS n FROM part_stock WHERE on_hand < 0 OR reserved > on_hand`.execute(app.db);
  return {
    requests: usages,
    succeeded,
    refused,
    other: usages - succeeded - refused,
    seconds: round(seconds, 2),
    perSecond: round(usages / seconds, 1),
    negativeStock: Number(negative.rows[0].n),
    ledgerMatches: await ledgerMatches(app),
  };
}

/** What missed a target, in words. */
export function inventoryMissed(result: InventoryResult): string[] {
  const missed: string[] = [];
  if (!result.ledgerMatches) missed.push('Inventory: on hand differs from the ledger after the bulk load');
  for (const page of result.pages) if (!page.withinTarget) missed.push(`Inventory: ${page.label} p99 ${page.p99Ms} ms ≥ ${INVENTORY_LOAD.targetP99Ms} ms (${page.non200} non-200)`);
  const u = result.usage;
  const expected = INVENTORY_LOAD.hotParts * INVENTORY_LOAD.hotStock;
  if (u.succeeded !== expected || u.other > 0 || u.negativeStock > 0 || !u.ledgerMatches) {
    missed.push(`Inventory: concurrent usage gave ${u.succeeded} successes (want ${expected}), ${u.other} other answers, ${u.negativeStock} stock rows out of bounds, ledger ${u.ledgerMatches ? 'matches' : 'differs'}`);
  }
  return missed;
}

/** The section as markdown, for bench/report.md. */
export function renderInventorySection(result: InventoryResult): string {
  const u = result.usage;
  return [
    '## 10. Parts and stock',
    '',
    `${result.database}: ${result.parts.toLocaleString('en')} parts, ${result.stockRows.toLocaleString('en')} stock rows (3 centres), ${result.movements.toLocaleString('en')} movements, loaded in ${result.loadSeconds} s; on hand equals the ledger: ${result.ledgerMatches ? 'yes' : 'no'}. ` +
      `${INVENTORY_LOAD.warmup} warm-up requests, then ${INVENTORY_LOAD.requests} one at a time through Fastify's inject. Target p99 < ${INVENTORY_LOAD.targetP99Ms} ms. Load average ${result.loadAverage.start} → ${result.loadAverage.end}.`,
    '',
    '| request | p50 | p95 | p99 | max | non-200 | p99 < 50 ms |',
    '|---|---|---|---|---|---|---|',
    ...result.pages.map((p) => `| ${p.label} | ${p.p50Ms} ms | ${p.p95Ms} ms | ${p.p99Ms} ms | ${p.maxMs} ms | ${p.non200} | ${p.withinTarget ? '✅' : '❌'} |`),
    '',
    `**Concurrent usage.** ${u.requests} POST /api/appointments/:id/parts at once over HTTP, spread over ${INVENTORY_LOAD.hotParts} parts with ${INVENTORY_LOAD.hotStock} units each on ${INVENTORY_LOAD.jobs} jobs: ` +
      `${u.succeeded} succeeded (want ${INVENTORY_LOAD.hotParts * INVENTORY_LOAD.hotStock}), ${u.refused} refused with 409, ${u.other} other; ${u.seconds} s, ${u.perSecond} requests/s. ` +
      `Stock rows below zero or below reserved: ${u.negativeStock}. On hand equals the ledger: ${u.ledgerMatches ? 'yes' : 'no'}.`,
    '',
  ].join('\n');
}

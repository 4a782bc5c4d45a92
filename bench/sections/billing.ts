import { randomUUID } from 'node:crypto';
import { sql } from 'kysely';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../../server/src/app';
import { shopInstant } from '../../server/src/shopTime';
import { currentLoadAverage } from '../lib/machine';
import { inProcessConfig, randomSecret } from '../lib/server';
import { type Latency, latencySummary, round } from '../lib/stats';

/**
 * Invoices at scale, on a fresh embedded database (PGlite, in memory) in this process:
 * - INVOICES invoices of the year before, one per completed job (CUSTOMERS customers, six technicians), loaded
 *   set-based (INSERT … SELECT over generate_series, the tables' own triggers off while loading: no request per
 *   row), with their payments, in every status (a quarter issued, a quarter partly paid, the rest paid, one in
 *   twenty of those void); the year's counter set to the last number;
 * - the invoice list (GET /api/invoices as the admin, 50 a page: the first page, a status filter, a customer
 *   filter, the overdue filter), requests one at a time through Fastify's inject, p99 target < 50 ms;
 * - COMPLETIONS jobs in progress completed at once over HTTP (PATCH /api/appointments/:id/status by their
 *   technicians): each completion issues its invoice in its own transaction, numbered from the year's counter; the
 *   numbers must be 1…COMPLETIONS with no gap and no duplicate. Throughput = completions per second.
 */
export const BILLING_LOAD = {
  invoices: 100_000,
  customers: 1_000,
  requests: 200,
  warmup: 20,
  targetP99Ms: 50,
  completions: 100,
  technicians: 10,
} as const;

export interface ListLatency extends Latency {
  label: string;
  non200: number;
  withinTarget: boolean;
}

export interface BillingResult {
  database: string;
  invoices: number;
  byStatus: Record<string, number>;
  loadSeconds: number;
  pages: ListLatency[];
  completions: {
    requests: number;
    succeeded: number;
    other: number;
    seconds: number;
    perSecond: number;
    invoices: number;
    distinctNumbers: number;
    first: number;
    last: number;
    gapFree: boolean;
  };
  loadAverage: { start: number; end: number };
}

type Log = (line: string) => void;
const defaultLog: Log = (line) => console.info(`[bench] ${line}`);
const ADMIN = { email: 'bench-admin@carcare.test', password: `Adm-${randomSecret().slice(0, 16)}` };
const ZONE = 'UTC';
const DAY = '2030-06-03';
/** The seeded invoices' year (the completions issue theirs in DAY's year, from number 1). */
const SEEDED_YEAR = 2029;

async function api(app: FastifyInstance, method: 'GET' | 'POST' | 'PATCH', url: string, token?: string, body?: unknown) {
  const response = await app.inject({ method, url, headers: token ? { authorization: `Bearer ${token}` } : {}, ...(body !== undefined && { payload: body as object }) });
  if (response.statusCode >= 300) throw new Error(`${method} ${url}: ${response.statusCode} ${response.body}`);
  return JSON.parse(response.body) as Record<string, unknown> & { id: string; token: string; nextCursor?: string; items: { id: string }[] };
}

/** Customers with a vehicle each, six technicians, a completed job per invoice, the invoices and their payments. */
async function load(app: FastifyInstance, adminId: string): Promise<void> {
  const { invoices, customers } = BILLING_LOAD;
  const slots = app.catalog.slots.map((slot) => slot.start);
  const db = app.db;
  await sql`
    INSERT INTO users (id, email, password_hash, full_name, phone_number, address, role, department, employee_id, approved_at, email_verified_at, created_at, updated_at)
    SELECT gen_random_uuid(), 'bench.billing.c' || lpad(g::text, 5, '0') || '@carcare.test', 'x', 'Bench Customer ' || g, '555-0' || g, 'Bench', 'CUSTOMER', NULL, NULL, NULL, now(), now(), now()
      FROM generate_series(0, ${customers - 1}) g
    UNION ALL
    SELECT gen_random_uuid(), 'bench.billing.t' || g || '@carcare.test', 'x', 'Bench Technician ' || g, '555-1' || g, '', 'EMPLOYEE', 'Bench', 'EMP-BB' || g, now(), now(), now(), now()
      FROM generate_series(0, 5) g`.execute(db);
  await sql`
    INSERT INTO vehicles (id, customer_id, plate, make, model, year, created_at)
    SELECT gen_random_uuid(), id, 'BB-' || substr(email, 16, 5), 'Toyota', 'Corolla', 2018, now() FROM users WHERE email LIKE 'bench.billing.c%'`.execute(db);
  for (const table of ['appointments', 'invoices', 'payments']) await sql`ALTER TABLE ${sql.table(table)} DISABLE TRIGGER USER`.execute(db);
  // Job g: centre g % 3, slot (g / 3) % 6, bay 1 or 2, one day per 36 jobs back from the seeded year's last day; the
  // technician follows the centre and bay, so no one works twice in a slot.
  await sql`
    WITH c AS (SELECT array_agg(u.id ORDER BY u.email) AS ids, array_agg(v.id ORDER BY u.email) AS vehicles
                 FROM users u JOIN vehicles v ON v.customer_id = u.id WHERE u.email LIKE 'bench.billing.c%'),
         t AS (SELECT array_agg(id ORDER BY email) AS ids FROM users WHERE email LIKE 'bench.billing.t%'),
         k AS (SELECT array_agg(id ORDER BY position) AS ids FROM service_centers),
         s AS (SELECT array_agg(code ORDER BY position) AS codes FROM service_types),
         j AS (SELECT g, (${`${SEEDED_YEAR}-12-31`}::date - g / 36) AS day, (${sql.val(slots)}::text[])[1 + (g / 3) % 6] AS slot FROM generate_series(0, ${invoices - 1}) g)
    INSERT INTO appointments (id, status, stage, customer_id, vehicle_id, service_type, center_id, date, slot, bay, assigned_employee_id,
                              started_at, estimated_completion, completed_at, cancelled_at, progress, created_at, updated_at)
    SELECT gen_random_uuid(), 'COMPLETED', NULL, c.ids[1 + j.g % ${customers}], c.vehicles[1 + j.g % ${customers}], s.codes[1 + j.g % array_length(s.codes, 1)],
           k.ids[1 + j.g % 3], j.day, j.slot, 1 + (j.g / 18) % 2, t.ids[1 + j.g % 3 + 3 * ((j.g / 18) % 2)],
           (j.day + j.slot::time) AT TIME ZONE 'UTC', (j.day + j.slot::time) AT TIME ZONE 'UTC' + interval '1 hour',
           (j.day + j.slot::time) AT TIME ZONE 'UTC' + interval '50 minutes', NULL, 100,
           (j.day + j.slot::time) AT TIME ZONE 'UTC' - interval '3 days', (j.day + j.slot::time) AT TIME ZONE 'UTC' + interval '50 minutes'
      FROM j, c, t, k, s`.execute(db);
  await sql`
    INSERT INTO invoices (id, number, year, sequence, appointment_id, customer_id, vehicle, service_type_name, issued_at, issued_on, due_on, issued_by,
                          subtotal_minor, tax_rate_basis_points, tax_minor, total_minor, paid_minor, voided_at, voided_by, void_reason)
    SELECT gen_random_uuid(), 'INV-' || ${SEEDED_YEAR} || '-' || lpad(a.n::text, 6, '0'), ${SEEDED_YEAR}, a.n, a.id, a.customer_id, 'Toyota Corolla (BB)', st.name,
           a.completed_at, a.completed_at::date, a.completed_at::date + 14, ${adminId}::uuid,
           st.price * 100, 0, 0, st.price * 100,
           CASE a.n % 4 WHEN 0 THEN 0 WHEN 1 THEN st.price * 50 ELSE st.price * 100 END,
           CASE WHEN a.n % 20 = 3 THEN a.completed_at + interval '1 hour' END,
           CASE WHEN a.n % 20 = 3 THEN ${adminId}::uuid END,
           CASE WHEN a.n % 20 = 3 THEN 'Bench void' END
      FROM (SELECT id, customer_id, service_type, completed_at, row_number() OVER (ORDER BY completed_at, id) AS n FROM appointments) a
      JOIN service_types st ON st.code = a.service_type`.execute(db);
  await sql`
    INSERT INTO payments (id, appointment_id, invoice_id, method, amount_minor, reference, paid_on, recorded_at, recorded_by)
    SELECT gen_random_uuid(), appointment_id, id, 'CASH', paid_minor, NULL, issued_on, issued_at, ${adminId}::uuid FROM invoices WHERE paid_minor > 0`.execute(db);
  await sql`INSERT INTO invoice_counters (year, last_number) VALUES (${SEEDED_YEAR}, ${invoices})`.execute(db);
  for (const table of ['appointments', 'invoices', 'payments']) await sql`ALTER TABLE ${sql.table(table)} ENABLE TRIGGER USER`.execute(db);
  await sql`SELECT analytics_rebuild()`.execute(db);
  await sql`ANALYZE`.execute(db);
}

async function time(app: FastifyInstance, label: string, url: string, token: string): Promise<ListLatency> {
  const request = () => app.inject({ method: 'GET', url, headers: { authorization: `Bearer ${token}` } });
  for (let i = 0; i < BILLING_LOAD.warmup; i += 1) await request();
  const samples: number[] = [];
  let non200 = 0;
  for (let i = 0; i < BILLING_LOAD.requests; i += 1) {
    const started = performance.now();
    const response = await request();
    samples.push(performance.now() - started);
    if (response.statusCode !== 200) non200 += 1;
  }
  const summary = latencySummary(samples);
  return { label, ...summary, non200, withinTarget: summary.p99Ms < BILLING_LOAD.targetP99Ms && non200 === 0 };
}

export async function runBilling(log: Log = defaultLog): Promise<BillingResult> {
  const loadStart = currentLoadAverage();
  const now = shopInstant(ZONE, DAY, '06:00');
  const config = inProcessConfig(ADMIN, ZONE, { MAX_CONNECTIONS_PER_IP: '1000000' });
  const app = await buildApp(config, { now: () => now });
  try {
    const admin = await api(app, 'POST', '/api/auth/login', undefined, ADMIN);
    const adminId = (admin.id ?? (await api(app, 'GET', '/api/auth/profile', admin.token)).id) as string;
    log(`billing: loading ${BILLING_LOAD.invoices.toLocaleString('en')} invoices (set-based) over ${BILLING_LOAD.customers} customers`);
    const loadStarted = performance.now();
    await load(app, adminId);
    const loadSeconds = round((performance.now() - loadStarted) / 1000, 1);
    const { rows: statuses } = await sql<{ status: string; n: string }>`SELECT status, count(*) AS n FROM invoices GROUP BY status ORDER BY status`.execute(app.db);
    const byStatus = Object.fromEntries(statuses.map((row) => [row.status, Number(row.n)]));
    const customer = (await sql<{ id: string }>`SELECT id FROM users WHERE email = 'bench.billing.c00500@carcare.test'`.execute(app.db)).rows[0].id;

    log('billing: timing the invoice list');
    const pages = [
      await time(app, 'invoices: first 50', '/api/invoices?limit=50', admin.token),
      await time(app, 'invoices: status Partly paid', '/api/invoices?limit=50&status=PARTLY_PAID', admin.token),
      await time(app, 'invoices: one customer (100 invoices)', `/api/invoices?limit=50&customerId=${customer}`, admin.token),
      await time(app, 'invoices: overdue', '/api/invoices?limit=50&overdue=true', admin.token),
    ];

    log(`billing: ${BILLING_LOAD.completions} concurrent job completions (HTTP)`);
    const completions = await concurrentCompletions(app, admin.token);
    return {
      database: 'PGlite (embedded, in memory), in-process',
      invoices: Object.values(byStatus).reduce((a, b) => a + b, 0),
      byStatus,
      loadSeconds,
      pages,
      completions,
      loadAverage: { start: loadStart, end: currentLoadAverage() },
    };
  } finally {
    await app.close();
  }
}

/**
 * COMPLETIONS jobs in progress (written in SQL: TECHNICIANS technicians, each with ten jobs over two days of their
 * own ahead, in the first centre's first bay, so no slot, bay or technician is taken twice), then every completion
 * at once over HTTP, each by its technician.
 */
async function concurrentCompletions(app: FastifyInstance, adminToken: string): Promise<BillingResult['completions']> {
  const { completions, technicians } = BILLING_LOAD;
  const customer = await api(app, 'POST', '/api/auth/register/customer', undefined, { email: 'bench.billing.customer@carcare.test', password: 'bench-password-1', fullName: 'Bench Customer', phoneNumber: '555-0101' });
  const techs: { id: string; token: string }[] = [];
  for (let i = 0; i < technicians; i += 1) {
    const tech = await api(app, 'POST', '/api/auth/register/employee', undefined, { email: `bench.billing.tech${i}@carcare.test`, password: 'bench-password-1', fullName: `Bench Technician ${i}`, phoneNumber: `555-02${i}`, department: 'Bench' });
    await api(app, 'POST', `/api/employees/${tech.id}/approve`, adminToken, {});
    techs.push({ id: tech.id, token: tech.token });
  }
  const slots = app.catalog.slots.map((slot) => slot.start);
  const jobs: { id: string; token: string }[] = [];
  const startedAt = new Date(shopInstant(ZONE, DAY, '05:00')).toISOString();
  for (let i = 0; i < completions; i += 1) {
    // Job i: technician t = i % 10, its k-th job (k = i / 10): day 1 + 2t + k / 6 ahead, slot k % 6.
    const t = i % technicians;
    const tech = techs[t];
    const k = Math.floor(i / technicians);
    const id = randomUUID();
    const vehicle = randomUUID();
    await sql`INSERT INTO vehicles (id, customer_id, plate, created_at) VALUES (${vehicle}, ${customer.id}, ${`BENCH-DONE-${i}`}, now())`.execute(app.db);
    await sql`
      INSERT INTO appointments (id, status, stage, customer_id, vehicle_id, service_type, center_id, date, slot, bay, assigned_employee_id,
                                started_at, estimated_completion, progress, created_at, updated_at)
      VALUES (${id}, 'IN_PROGRESS', 'IN_PROGRESS', ${customer.id}, ${vehicle}, 'OIL_CHANGE', ${app.catalog.centers[0].id},
              (${DAY}::date + ${1 + 2 * t + Math.floor(k / slots.length)}::int), ${slots[k % slots.length]}, 1,
              ${tech.id}, ${startedAt}, ${startedAt}, 10, ${startedAt}, ${startedAt})`.execute(app.db);
    jobs.push({ id, token: tech.token });
  }
  const base = await app.listen({ port: 0, host: '127.0.0.1' });
  const started = performance.now();
  const answers = await Promise.all(
    jobs.map((job) =>
      fetch(`${base}/api/appointments/${job.id}/status`, {
        method: 'PATCH',
        headers: { authorization: `Bearer ${job.token}`, 'content-type': 'application/json' },
        body: JSON.stringify({ status: 'completed' }),
      }).then(async (response) => {
        await response.arrayBuffer();
        return response.status;
      }),
    ),
  );
  const seconds = (performance.now() - started) / 1000;
  const succeeded = answers.filter((status) => status === 200).length;
  const year = Number(DAY.slice(0, 4));
  const { rows } = await sql<{ n: string; distinct_numbers: string; first: number | null; last: number | null }>`
    SELECT count(*) AS n, count(DISTINCT number) AS distinct_numbers, min(sequence) AS first, max(sequence) AS last
      FROM invoices WHERE year = ${year}`.execute(app.db);
  const invoices = Number(rows[0].n);
  const first = Number(rows[0].first ?? 0);
  const last = Number(rows[0].last ?? 0);
  return {
    requests: completions,
    succeeded,
    other: completions - succeeded,
    seconds: round(seconds, 2),
    perSecond: round(completions / seconds, 1),
    invoices,
    distinctNumbers: Number(rows[0].distinct_numbers),
    first,
    last,
    // 1…n, each once: n rows, n distinct numbers, from 1 to n.
    gapFree: invoices === completions && Number(rows[0].distinct_numbers) === completions && first === 1 && last === completions,
  };
}

/** What missed a target, in words. */
export function billingMissed(result: BillingResult): string[] {
  const missed: string[] = [];
  for (const page of result.pages) if (!page.withinTarget) missed.push(`Billing: ${page.label} p99 ${page.p99Ms} ms ≥ ${BILLING_LOAD.targetP99Ms} ms (${page.non200} non-200)`);
  const c = result.completions;
  if (c.succeeded !== c.requests || !c.gapFree) {
    missed.push(`Billing: ${c.requests} concurrent completions gave ${c.succeeded} successes and ${c.invoices} invoices numbered ${c.first}…${c.last} (${c.distinctNumbers} distinct): ${c.gapFree ? 'gap-free' : 'NOT gap-free'}`);
  }
  return missed;
}

/** The section as markdown, for bench/report.md. */
export function renderBillingSection(result: BillingResult): string {
  const c = result.completions;
  const statuses = Object.entries(result.byStatus)
    .map(([status, n]) => `${n.toLocaleString('en')} ${status}`)
    .join(', ');
  return [
    '## 11. Billing',
    '',
    `${result.database}: ${result.invoices.toLocaleString('en')} invoices (${statuses}) with their jobs and payments, loaded set-based in ${result.loadSeconds} s. ` +
      `${BILLING_LOAD.warmup} warm-up requests, then ${BILLING_LOAD.requests} one at a time through Fastify's inject, as the admin. Target p99 < ${BILLING_LOAD.targetP99Ms} ms. Load average ${result.loadAverage.start} → ${result.loadAverage.end}.`,
    '',
    '| request | p50 | p95 | p99 | max | non-200 | p99 < 50 ms |',
    '|---|---|---|---|---|---|---|',
    ...result.pages.map((p) => `| ${p.label} | ${p.p50Ms} ms | ${p.p95Ms} ms | ${p.p99Ms} ms | ${p.maxMs} ms | ${p.non200} | ${p.withinTarget ? '✅' : '❌'} |`),
    '',
    `**Concurrent completions.** ${c.requests} PATCH /api/appointments/:id/status (completed) at once over HTTP, each issuing its invoice: ${c.succeeded} succeeded, ${c.other} other; ` +
      `${c.invoices} invoices numbered ${c.first}…${c.last}, ${c.distinctNumbers} distinct — ${c.gapFree ? 'no gap, no duplicate ✅' : 'NOT gap-free ❌'}. ${c.seconds} s, **${c.perSecond} completions/s**.`,
    '',
  ].join('\n');
}

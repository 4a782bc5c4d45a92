import type { RouteOptions } from 'fastify';
import { prng } from '../../../bench/lib/prng';
import { INVALID_CURSOR } from '../../../server/src/contract/common';
import { type ApiResponse, call, type Json } from '../helpers/http';
import { approvedTechnician, assigned, booked, CENTERS, day, type Person, type Shop, SHOP_TODAY, signUp, startShop } from '../helpers/shop';

/**
 * Every route with a query string, walked from the app's own route table (so a new one is covered without touching
 * this file), fuzzed as each role that may call it: hostile values in each parameter never give a 500, and on every
 * paged list (a query string with `cursor`) a cursor the server did not write is 400 "Invalid cursor".
 *
 * Seeded: a failure prints its seed; FUZZ_SEED=<seed> replays it, FUZZ_CASES=<n> runs more random cases.
 */
const SEED = Number(process.env.FUZZ_SEED ?? 20_270_101);
const RANDOM_CASES = Number(process.env.FUZZ_CASES ?? 20);

interface QueryRoute {
  url: string;
  params: string[];
}

const routes: QueryRoute[] = [];
/** Values for a route's path parameters and required query parameters, given in beforeAll (a fuzzed one replaces its own). */
const FIXED: Record<string, { path?: Record<string, string>; query?: Record<string, string> }> = {};
let shop: Shop;
let people: Record<'ADMIN' | 'CUSTOMER' | 'EMPLOYEE', Person>;

function collect(route: RouteOptions): void {
  const methods = [route.method].flat();
  const querystring = (route.schema?.querystring ?? undefined) as { properties?: Record<string, unknown> } | undefined;
  if (!methods.includes('GET') || !querystring?.properties) return;
  routes.push({ url: route.url, params: Object.keys(querystring.properties) });
}

beforeAll(async () => {
  shop = await startShop({ onRoute: collect });
  const customer = await signUp(shop.app);
  const technician = await approvedTechnician(shop);
  people = { ADMIN: shop.admin, CUSTOMER: customer, EMPLOYEE: technician };
  // At least two rows in every list for every role that reads it, so each has a real cursor to tamper with.
  const jobs = [];
  for (const slot of ['09:00', '10:00', '11:00']) jobs.push(await assigned(shop, customer, technician, { date: day(1), slot }));
  // Two invoices (the customer's): two jobs started and invoiced.
  for (const job of jobs.slice(0, 2)) {
    const started = await call(shop.app, 'PATCH', `/api/appointments/${job.id}/status`, { token: technician.token, body: { status: 'in_progress' } });
    const invoiced = await call(shop.app, 'POST', `/api/appointments/${job.id}/invoice`, { token: shop.admin.token });
    if (started.status !== 200 || invoiced.status !== 201) throw new Error(`invoice: ${started.status} ${invoiced.status} ${invoiced.text}`);
  }
  FIXED['/api/billing/summaries'] = { query: { appointmentIds: jobs.map((job) => job.id).join(',') } };
  await booked(shop.app, customer.token, { date: day(2) });
  for (const [startTime, endTime] of [
    ['07:00', '08:00'],
    ['08:00', '09:00'],
  ]) {
    const log = await call(shop.app, 'POST', '/api/time-logs', { token: technician.token, body: { date: SHOP_TODAY, startTime, endTime, description: 'Workshop tidy-up' } });
    if (log.status !== 201) throw new Error(`time log: ${log.status} ${log.text}`);
  }
  for (const n of [1, 2]) {
    const email = `visitor${n}@example.com`;
    const sent = await call(shop.app, 'POST', '/api/contact', { body: { name: `Visitor ${n}`, email, message: 'Hello' } });
    const subscribed = await call(shop.app, 'POST', '/api/newsletter', { body: { email } });
    if (sent.status !== 201 || subscribed.status !== 200) throw new Error(`contact: ${sent.status} ${subscribed.status}`);
  }
  const parts = [];
  for (const n of [1, 2]) {
    const part = await call(shop.app, 'POST', '/api/parts', { token: shop.admin.token, body: { sku: `FUZZ-${n}`, name: `Fuzz part ${n}`, category: 'Filters', unit: 'each', unitCostMinor: 100, sellPriceMinor: 200 } });
    const received = await call(shop.app, 'POST', `/api/parts/${part.body.id}/receive`, { token: shop.admin.token, body: { centerId: CENTERS.downtown, quantity: n } });
    if (part.status !== 201 || received.status !== 201) throw new Error(`parts: ${part.status} ${received.status}`);
    parts.push(part.body.id as string);
  }
  await call(shop.app, 'POST', `/api/parts/${parts[0]}/receive`, { token: shop.admin.token, body: { centerId: CENTERS.downtown, quantity: 1 } });
  const supplier = await call(shop.app, 'POST', '/api/suppliers', { token: shop.admin.token, body: { name: 'Fuzz supplier' } });
  for (const part of parts) {
    const order = await call(shop.app, 'POST', '/api/purchase-orders', { token: shop.admin.token, body: { supplierId: supplier.body.id, centerId: CENTERS.downtown, lines: [{ partId: part, quantity: 1, unitCostMinor: 1 }] } });
    if (order.status !== 201) throw new Error(`purchase order: ${order.status} ${order.text}`);
  }
  FIXED['/api/parts'] = { query: { centerId: CENTERS.downtown } };
  FIXED['/api/parts/suggestions'] = { query: { centerId: CENTERS.downtown } };
  FIXED['/api/parts/:id/movements'] = { path: { id: parts[0] }, query: { centerId: CENTERS.downtown } };
}, 60_000);

afterAll(async () => {
  await shop?.close();
});

function get(person: Person, url: string, query: string): Promise<ApiResponse> {
  const fixed = FIXED[url];
  const path = url.replace(/:(\w+)/g, (_, name: string) => {
    const value = fixed?.path?.[name];
    if (value === undefined) throw new Error(`${url}: give :${name} a value in FIXED, in beforeAll`);
    return value;
  });
  // Appended as text, so the fuzzed query string reaches the server exactly as made.
  const present = (name: string) => query.split('&').some((pair) => pair.split('=')[0] === name);
  const added = Object.entries(fixed?.query ?? {}).filter(([name]) => !present(name));
  const full = [query, ...added.map(([name, value]) => `${name}=${encodeURIComponent(value)}`)].filter(Boolean).join('&');
  return call(shop.app, 'GET', full ? `${path}?${full}` : path, { token: person.token });
}

/** The roles that get past a route's guard (anything but 401/403, a missing parameter included). */
async function rolesOf(route: QueryRoute): Promise<Person[]> {
  const allowed: Person[] = [];
  for (const person of Object.values(people)) {
    const { status } = await get(person, route.url, '');
    if (status !== 401 && status !== 403) allowed.push(person);
  }
  return allowed;
}

const encode = (values: unknown) => Buffer.from(JSON.stringify(values)).toString('base64url');
const decode = (cursor: string): unknown[] => JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8'));

type Random = () => number;
const pick = <T>(random: Random, items: readonly T[]): T => items[Math.floor(random() * items.length)];
const int = (random: Random, below: number) => Math.floor(random() * below);

function randomBytes(random: Random, length: number): Buffer {
  return Buffer.from(Array.from({ length }, () => int(random, 256)));
}

/** Text of any code units: control characters, NUL, lone surrogates, astral characters. */
function randomText(random: Random, length: number): string {
  return Array.from({ length }, () =>
    pick(random, [() => String.fromCharCode(int(random, 32)), () => String.fromCharCode(int(random, 0x10000)), () => String.fromCodePoint(0x10000 + int(random, 0xfffff)), () => 'a'])(),
  ).join('');
}

function randomJson(random: Random, depth = 0): unknown {
  const kinds: Array<() => unknown> = [
    () => null,
    () => random() < 0.5,
    () => pick(random, [0, -1, 1.5, 1e308, -1e308, Number.MAX_SAFE_INTEGER, 2 ** 31]),
    () => randomText(random, int(random, 40)),
    () => pick(random, ['', '\u0000', '2021-02-31', '0000-01-01T00:00:00.000Z', '99999-01-01', 'x'.repeat(300)]),
  ];
  if (depth < 3) {
    kinds.push(() => Array.from({ length: int(random, 4) }, () => randomJson(random, depth + 1)));
    kinds.push(() => ({ [randomText(random, 3)]: randomJson(random, depth + 1) }));
  }
  return pick(random, kinds)();
}

const DATE_LIKE = /^(\d{4})-(\d{2})-(\d{2})(.*)$/s;
const UUID_LIKE = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * Values the server never writes in place of `value` (one element of a real cursor): impossible dates and times in
 * the same format, NUL, lone surrogates, wrong types, and sizes beyond every column.
 */
function hostileVariants(value: unknown): unknown[] {
  const text = String(value);
  const variants: unknown[] = ['', '\u0000', `${text}\u0000`, `${text.slice(0, 1)}\ud800${text.slice(1)}`, text + 'x'.repeat(40), null, 0, -1, 1e308, true, {}, [], [value]];
  const date = DATE_LIKE.exec(text);
  if (date) {
    const [, year, month, dayOfMonth, rest] = date;
    variants.push(
      `${year}-02-31${rest}`,
      `${year}-02-30${rest}`,
      `2021-02-29${rest}`,
      `${year}-04-31${rest}`,
      `${year}-00-${dayOfMonth}${rest}`,
      `${year}-13-${dayOfMonth}${rest}`,
      `${year}-${month}-00${rest}`,
      `${year}-${month}-32${rest}`,
      `0000-${month}-${dayOfMonth}${rest}`,
      `10000-${month}-${dayOfMonth}${rest}`,
      `294277-${month}-${dayOfMonth}${rest}`,
      `-0001-${month}-${dayOfMonth}${rest}`,
      `${year}-${month}-${dayOfMonth}`,
      `${year}-${month}-${dayOfMonth}${rest.replace(/\d{2}:/, '24:')}`,
      `${year}-${month}-${dayOfMonth}${rest.replace(/:\d{2}/, ':60')}`,
      `${year}-${month}-${dayOfMonth}${rest}+05:30`,
      `${year}-${month}-${dayOfMonth}${rest} BC`,
      `${year}-${month}-${dayOfMonth}${rest.replace(/\d/, '\u0000')}`,
    );
  }
  if (UUID_LIKE.test(text)) variants.push(text.replace(/[0-9a-f]/i, 'g'), text.slice(1), `{${text}}`, text.replaceAll('-', ''));
  return variants.filter((variant) => JSON.stringify(variant) !== JSON.stringify(value));
}

/** Cursors the server never wrote, some derived from `real` (one it did write for this list and role). */
function badCursors(random: Random, real: string): string[] {
  const values = decode(real);
  const cursors = [
    'garbage',
    'a'.repeat(201),
    '%00',
    'AA==',
    encode(null),
    encode({}),
    encode([]),
    encode(values.slice(1)),
    encode([...values, values[0]]),
    encode(Object.fromEntries(values.entries())),
    Buffer.from(JSON.stringify(values).slice(0, -1)).toString('base64url'),
  ];
  values.forEach((value, index) => {
    for (const variant of hostileVariants(value)) cursors.push(encode(values.map((original, at) => (at === index ? variant : original))));
  });
  for (let n = 0; n < RANDOM_CASES; n += 1) {
    cursors.push(randomBytes(random, 1 + int(random, 140)).toString('base64url'));
    // One value surely broken, the others the server's or anything at all.
    const broken = int(random, values.length);
    cursors.push(encode(values.map((original, at) => (at === broken ? pick(random, hostileVariants(original)) : random() < 0.5 ? original : randomJson(random)))));
    cursors.push(encode(randomJson(random)));
  }
  return cursors;
}

/** Values for any query parameter: the formats the contract uses, each broken in the ways PostgreSQL minds. */
const HOSTILE_VALUES = [
  '',
  ' ',
  '\u0000',
  'a\u0000b',
  '\ud800',
  '%',
  '2021-02-31',
  '2021-02-29',
  '1900-02-29',
  '2024-02-29',
  '0000-01-01',
  '0001-01-01',
  '9999-12-31',
  '10000-01-01',
  '-0001-01-01',
  '+002021-01-01',
  '2021-13-01',
  '2021-00-10',
  '2021-1-1',
  '2021-01-01T00:00:00Z',
  '2021-01-01 BC',
  'infinity',
  'epoch',
  'now',
  'today',
  '24:00',
  '23:60',
  '99:99',
  '00000000-0000-0000-0000-000000000000',
  'ffffffff-ffff-ffff-ffff-ffffffffffff',
  'c0000000-0000-4000-8000-00000000000g',
  '-1',
  '0',
  '1.5',
  '1e400',
  '99999999999999999999',
  'NaN',
  'Infinity',
  '0x10',
  'PENDING',
  'PENDING,',
  'PENDING,COMPLETED',
  'pending',
  'ALL',
  '7',
  '90',
  '%_\\',
  "'; DROP TABLE users; --",
  'x'.repeat(101),
  'x'.repeat(10_000),
  '\u{1F600}'.repeat(60),
];

/** A query string with `params`' values, encoded as a browser would. */
function queryOf(params: Record<string, string | string[]>): string {
  const search = new URLSearchParams();
  for (const [name, value] of Object.entries(params)) for (const item of [value].flat()) search.append(name, item);
  return search.toString();
}

function randomValue(random: Random): string | string[] {
  return pick(random, [
    () => pick(random, HOSTILE_VALUES),
    () => randomText(random, int(random, 120)),
    () => randomBytes(random, int(random, 60)).toString('latin1'),
    () => [pick(random, HOSTILE_VALUES), pick(random, HOSTILE_VALUES)],
    () => `${1 + int(random, 9999)}`.padStart(4, '0') + `-${pick(random, ['01', '02', '12'])}-${pick(random, ['01', '28', '29', '30', '31'])}`,
  ])();
}

interface Failure {
  route: string;
  role: string;
  query: string;
  status: number;
  body: Json;
}

/** Where an answer breaks the rule: a 5xx, or a 4xx that is not in the contract's error shape with a field message. */
function problem(response: ApiResponse): boolean {
  if (response.status >= 500) return true;
  if (response.status < 400) return false;
  const errors = response.body?.errors;
  return response.status !== 400 || response.body?.success !== false || typeof errors !== 'object' || Object.keys(errors).length === 0 || response.body.message !== Object.values(errors)[0];
}

describe('every route with a query string', () => {
  it('the route table has the paged lists and the other query strings (the walk found them)', () => {
    const paged = routes.filter((route) => route.params.includes('cursor')).map((route) => route.url);
    expect(paged).toEqual(
      expect.arrayContaining([
        '/api/vehicles',
        '/api/appointments',
        '/api/time-logs',
        '/api/notifications',
        '/api/contact-messages',
        '/api/newsletter-subscribers',
        '/api/parts',
        '/api/parts/:id/movements',
        '/api/purchase-orders',
      ]),
    );
    expect(routes.map((route) => route.url)).toEqual(expect.arrayContaining(['/api/employees', '/api/analytics', '/api/availability', '/api/time-logs/weekly']));
    // Path parameters need values of their own.
    for (const route of routes.filter((candidate) => candidate.url.includes(':'))) expect([route.url, FIXED[route.url]?.path]).toEqual([route.url, expect.any(Object)]);
  });

  it(`answers a cursor the server did not write with 400 "${INVALID_CURSOR}" on every paged list, for every role (seed ${SEED})`, async () => {
    const random = prng(SEED);
    const failures: Failure[] = [];
    let checked = 0;
    for (const route of routes.filter((candidate) => candidate.params.includes('cursor'))) {
      const roles = await rolesOf(route);
      if (roles.length === 0) throw new Error(`no role may read ${route.url}`);
      for (const person of roles) {
        const first = await get(person, route.url, 'limit=1');
        const real = first.body?.nextCursor as string | undefined;
        if (!real) throw new Error(`${route.url} as ${person.email} has no second page (${first.status}): give it two rows in beforeAll`);
        // The real cursor works: the tampered ones below differ from it only where they break.
        expect((await get(person, route.url, queryOf({ limit: '1', cursor: real }))).status).toBe(200);
        for (const cursor of badCursors(random, real)) {
          const query = queryOf({ cursor });
          const response = await get(person, route.url, query);
          checked += 1;
          const expected = { message: INVALID_CURSOR, success: false, errors: { cursor: INVALID_CURSOR } };
          if (response.status !== 400 || JSON.stringify(response.body) !== JSON.stringify(expected)) {
            failures.push({ route: route.url, role: person.email, query: `cursor=${JSON.stringify(Buffer.from(cursor, 'base64url').toString('utf8'))}`, status: response.status, body: response.body });
          }
        }
      }
    }
    expect({ seed: SEED, failures: failures.slice(0, 20), count: failures.length }).toEqual({ seed: SEED, failures: [], count: 0 });
    expect(checked).toBeGreaterThan(500);
  }, 300_000);

  it(`never answers hostile query parameters with a 500, and refuses them with a field message (seed ${SEED})`, async () => {
    const random = prng(SEED + 1);
    const failures: Failure[] = [];
    let checked = 0;
    const record = async (route: QueryRoute, person: Person, params: Record<string, string | string[]>) => {
      const query = queryOf(params);
      const response = await get(person, route.url, query);
      checked += 1;
      if (problem(response)) failures.push({ route: route.url, role: person.email, query: JSON.stringify(params), status: response.status, body: response.body });
    };
    for (const route of routes) {
      for (const person of await rolesOf(route)) {
        // Each value in each parameter alone, then random mixes of every parameter at once.
        for (const param of route.params) for (const value of HOSTILE_VALUES) await record(route, person, { [param]: value });
        for (let n = 0; n < RANDOM_CASES; n += 1) {
          const params: Record<string, string | string[]> = {};
          for (const param of route.params) if (random() < 0.7) params[param] = randomValue(random);
          await record(route, person, params);
        }
      }
    }
    expect({ seed: SEED, failures: failures.slice(0, 20), count: failures.length }).toEqual({ seed: SEED, failures: [], count: 0 });
    expect(checked).toBeGreaterThan(1000);
  }, 300_000);
});

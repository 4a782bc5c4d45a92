/**
 * GET /api/appointments (docs/api-contract.md § "The shop"): the order per audience, the filters (status, from,
 * to, q) and keyset paging (`?limit=&cursor=` → `{ items, nextCursor? }`).
 *
 * Each test books on days of its own (`days`), so the admin's view of a date range holds only that test's jobs.
 */
import { type Json } from '../helpers/http';
import { assigned, booked, CENTERS, day, type Person, type Shop, startShop } from '../helpers/shop';
import { assign, cancel, customer, invalid, listAppointments, statusChanged, technician, uniqueName } from './helpers';

let shop: Shop;

beforeAll(async () => {
  shop = await startShop();
});

afterAll(async () => {
  await shop.close();
});

let nextDay = 1;

/** `n` consecutive dates (from tomorrow on) that no other test of this file books on. */
function days(n: number): string[] {
  const first = nextDay;
  nextDay += n;
  if (nextDay > 91) throw new Error('days: the booking window is used up');
  return Array.from({ length: n }, (_, index) => day(first + index));
}

let plates = 0;

/** A plate no other test contains (`LST 0001 Q`). */
function plate(): string {
  plates += 1;
  return `LST ${plates.toString().padStart(4, '0')} Q`;
}

type Key = { id: string; date: string; slot: string };
const ascending = (a: Key, b: Key) => (a.date === b.date ? (a.slot === b.slot ? (a.id < b.id ? -1 : 1) : a.slot < b.slot ? -1 : 1) : a.date < b.date ? -1 : 1);
const newestFirst = (a: Key, b: Key) => ascending(b, a);
const ids = (jobs: Json[]) => jobs.map((job) => job.id);

async function list(who: Person | string, query: Record<string, string | number> = {}): Promise<Json> {
  const response = await listAppointments(shop, typeof who === 'string' ? who : who.token, query);
  if (response.status !== 200) throw new Error(`list failed: ${response.status} ${response.text}`);
  return response.body;
}

/** Every page of a list, following nextCursor; checks that only the last page lacks one. */
async function allPages(who: Person | string, query: Record<string, string | number>, limit: number): Promise<{ items: Json[]; sizes: number[] }> {
  const items: Json[] = [];
  const sizes: number[] = [];
  let cursor: string | undefined;
  for (let page = 0; page < 100; page += 1) {
    const body = await list(who, { ...query, limit, ...(cursor !== undefined && { cursor }) });
    items.push(...body.items);
    sizes.push(body.items.length);
    if (!('nextCursor' in body)) return { items, sizes };
    expect(body.nextCursor).toEqual(expect.any(String));
    cursor = body.nextCursor;
  }
  throw new Error('allPages: more than 100 pages');
}

/**
 * One customer's seven jobs over three of the test's days, two of them at the same date and slot (two
 * vehicles), so the id breaks a tie.
 */
async function sevenJobs(ada: Person): Promise<Json[]> {
  const [d1, d2, d3] = days(3);
  const tie = { date: d2, slot: '11:00' };
  const bookings = [
    { date: d3, slot: '09:00' },
    { date: d1, slot: '14:00' },
    { date: d3, slot: '16:00' },
    { date: d1, slot: '09:00' },
    tie,
    tie,
    { date: d2, slot: '10:00', centerId: CENTERS.westgate },
  ];
  const jobs = [];
  for (const booking of bookings) jobs.push(await booked(shop.app, ada.token, { ...booking, plate: plate() }));
  return jobs;
}

describe('order', () => {
  it('lists a customer’s jobs newest date first, then latest slot, then id descending', async () => {
    const ada = await customer(shop);
    const jobs = await sevenJobs(ada);
    const body = await list(ada);
    expect(body).toEqual({ items: [...jobs].sort(newestFirst) });
    expect(ids(body.items)).toEqual(ids([...jobs].sort(newestFirst)));
  });

  it('lists the admin’s board by date and slot ascending, id breaking ties', async () => {
    const ada = await customer(shop, uniqueName('Board Customer'));
    const jobs = await sevenJobs(ada);
    const body = await list(shop.admin.token, { q: ada.fullName });
    expect(ids(body.items)).toEqual(ids([...jobs].sort(ascending)));
    expect(body).not.toHaveProperty('nextCursor');
  });

  it('lists a technician’s jobs by date and slot ascending', async () => {
    const ada = await customer(shop);
    const bob = await customer(shop);
    const tess = await technician(shop);
    const [d1, d2] = days(2);
    const jobs = [
      await assigned(shop, ada, tess, { date: d2, slot: '09:00' }),
      await assigned(shop, bob, tess, { date: d1, slot: '16:00' }),
      await assigned(shop, ada, tess, { date: d1, slot: '10:00' }),
      await assigned(shop, bob, tess, { date: d2, slot: '15:00' }),
    ];
    const body = await list(tess);
    expect(ids(body.items)).toEqual(ids([...jobs].sort(ascending)));
    expect(body.items.every((job: Json) => job.assignedEmployee.id === tess.id)).toBe(true);
  });
});

describe('filters', () => {
  /** A customer with a job in each status, one per day of the test's own. */
  async function jobInEachStatus(): Promise<{ ada: Person; tess: Person; byStatus: Record<string, Json>; dates: string[] }> {
    const ada = await customer(shop, uniqueName('Status Customer'));
    const tess = await technician(shop);
    const dates = days(5);
    const pending = await booked(shop.app, ada.token, { date: dates[0] });
    const confirmed = await assigned(shop, ada, tess, { date: dates[1] });
    const started = await statusChanged(shop, tess.token, (await assigned(shop, ada, tess, { date: dates[2] })).id, { status: 'in_progress' });
    const completed = await statusChanged(shop, tess.token, (await assigned(shop, ada, tess, { date: dates[3] })).id, { status: 'completed' });
    const cancelled = (await cancel(shop, ada.token, (await booked(shop.app, ada.token, { date: dates[4] })).id)).body;
    return { ada, tess, dates, byStatus: { PENDING: pending, CONFIRMED: confirmed, IN_PROGRESS: started, COMPLETED: completed, CANCELLED: cancelled } };
  }

  it('filters by status, one or a comma-separated list, for every audience', async () => {
    const { ada, tess, byStatus } = await jobInEachStatus();
    const statuses = (body: Json) => body.items.map((job: Json) => job.status).sort();

    expect(statuses(await list(ada))).toEqual(['CANCELLED', 'COMPLETED', 'CONFIRMED', 'IN_PROGRESS', 'PENDING']);
    expect(statuses(await list(ada, { status: 'PENDING,CANCELLED' }))).toEqual(['CANCELLED', 'PENDING']);
    expect(ids((await list(ada, { status: 'IN_PROGRESS' })).items)).toEqual([byStatus.IN_PROGRESS.id]);
    expect(statuses(await list(tess, { status: 'CONFIRMED,IN_PROGRESS' }))).toEqual(['CONFIRMED', 'IN_PROGRESS']);
    expect(ids((await list(tess, { status: 'PENDING' })).items)).toEqual([]);
    expect(ids((await list(shop.admin.token, { q: ada.fullName, status: 'COMPLETED,PENDING' })).items)).toEqual([byStatus.PENDING.id, byStatus.COMPLETED.id]);
  });

  it('refuses a status that is not one of the five, or a list that is not comma-separated (400)', async () => {
    const ada = await customer(shop);
    for (const status of ['DONE', 'pending', 'PENDING,DONE', 'PENDING,', ',PENDING', 'PENDING CANCELLED', '']) {
      const response = await listAppointments(shop, ada.token, { status });
      expect(response.status).toBe(400);
      expect(response.body).toEqual(invalid({ status: 'Status must be a comma-separated list of PENDING, CONFIRMED, IN_PROGRESS, COMPLETED, CANCELLED' }));
    }
  });

  it('filters by date, from and to both inclusive', async () => {
    const { ada, dates, byStatus } = await jobInEachStatus();
    const on = (...indexes: number[]) => indexes.map((index) => byStatus[['PENDING', 'CONFIRMED', 'IN_PROGRESS', 'COMPLETED', 'CANCELLED'][index]].id);

    expect(ids((await list(ada, { from: dates[1], to: dates[3] })).items)).toEqual(on(3, 2, 1));
    expect(ids((await list(ada, { from: dates[3] })).items)).toEqual(on(4, 3));
    expect(ids((await list(ada, { to: dates[1] })).items)).toEqual(on(1, 0));
    expect(ids((await list(ada, { from: dates[2], to: dates[2] })).items)).toEqual(on(2));
    expect((await list(ada, { from: dates[3], to: dates[1] })).items).toEqual([]);
    expect(ids((await list(shop.admin.token, { from: dates[0], to: dates[1] })).items)).toEqual(on(0, 1));
  });

  it('refuses a from or to that is not a date (400)', async () => {
    const ada = await customer(shop);
    const response = await listAppointments(shop, ada.token, { from: '2030-02-30', to: 'tomorrow' });
    expect(response.status).toBe(400);
    expect(response.body).toEqual(invalid({ from: 'From must be a valid date (YYYY-MM-DD)', to: 'To must be a valid date (YYYY-MM-DD)' }));
  });

  it('searches plate, customer name and technician name, ignoring letter case and outer spaces', async () => {
    const ada = await customer(shop, uniqueName('Search Customer'));
    const bob = await customer(shop, uniqueName('Search Customer'));
    const tess = await technician(shop);
    const [date] = days(1);
    const adasPlate = plate();
    const adas = await booked(shop.app, ada.token, { date, slot: '09:00', plate: adasPlate });
    const adasOther = await booked(shop.app, ada.token, { date, slot: '10:00' });
    const bobs = await assigned(shop, bob, tess, { date, slot: '11:00' });
    const admin = shop.admin.token;

    expect(ids((await list(admin, { q: adasPlate.toLowerCase().slice(2) })).items)).toEqual([adas.id]);
    expect(ids((await list(admin, { q: `  ${ada.fullName.toUpperCase()}  ` })).items)).toEqual([adas.id, adasOther.id]);
    expect(ids((await list(admin, { q: tess.fullName.toLowerCase() })).items)).toEqual([bobs.id]);
    expect(ids((await list(admin, { q: 'Search Customer', from: date, to: date })).items)).toEqual([adas.id, adasOther.id, bobs.id]);
    expect((await list(admin, { q: 'no such plate or name', from: date, to: date })).items).toEqual([]);
    // A customer searches their own jobs; a blank search is no search.
    expect(ids((await list(ada, { q: adasPlate })).items)).toEqual([adas.id]);
    expect(ids((await list(ada, { q: '   ' })).items)).toEqual([adasOther.id, adas.id]);
    expect(ids((await list(tess, { q: bob.fullName.toLowerCase() })).items)).toEqual([bobs.id]);
  });

  it('matches %, _ and \\ in a search literally', async () => {
    const [date] = days(1);
    const tag = uniqueName('Literal');
    const names = [`${tag} 5%_off`, `${tag} 5xyoff`, `${tag} 5%off`, `${tag} 5a_off`, `${tag} 5\\off`];
    const jobs: Json[] = [];
    for (const [index, fullName] of names.entries()) {
      const person = await customer(shop, fullName);
      jobs.push(await booked(shop.app, person.token, { date, slot: ['09:00', '10:00', '11:00', '14:00', '15:00'][index] }));
    }
    const search = async (q: string) => ids((await list(shop.admin.token, { q, from: date, to: date })).items);

    expect(await search('5%_')).toEqual([jobs[0].id]);
    expect(await search('%')).toEqual([jobs[0].id, jobs[2].id]);
    expect(await search('_')).toEqual([jobs[0].id, jobs[3].id]);
    expect(await search('\\')).toEqual([jobs[4].id]);
    expect(await search(tag)).toEqual(ids(jobs));
  });

  it('refuses a search longer than 100 characters (400)', async () => {
    const ada = await customer(shop);
    const response = await listAppointments(shop, ada.token, { q: 'x'.repeat(101) });
    expect(response.status).toBe(400);
    expect(response.body).toEqual(invalid({ q: 'Search must be at most 100 characters long' }));
  });
});

describe('keyset paging', () => {
  it('walks a customer’s jobs two at a time: no duplicates, no gaps, no nextCursor on the last page', async () => {
    const ada = await customer(shop);
    const jobs = await sevenJobs(ada);
    const { items, sizes } = await allPages(ada, {}, 2);
    expect(sizes).toEqual([2, 2, 2, 1]);
    expect(items).toEqual([...jobs].sort(newestFirst));
  });

  it('walks the board and a technician’s jobs two at a time, filters kept', async () => {
    const ada = await customer(shop, uniqueName('Paging Customer'));
    const tess = await technician(shop);
    const jobs = await sevenJobs(ada);
    const board = await allPages(shop.admin.token, { q: ada.fullName }, 2);
    expect(board.sizes).toEqual([2, 2, 2, 1]);
    expect(ids(board.items)).toEqual(ids([...jobs].sort(ascending)));

    // Tess takes the six jobs that do not share a slot (one of the tied pair); one of them is then completed.
    const sorted = [...jobs].sort(ascending);
    const mine = sorted.filter((job, index) => index === 0 || job.date !== sorted[index - 1].date || job.slot !== sorted[index - 1].slot);
    const theirs = [];
    for (const job of mine) theirs.push((await assign(shop, job.id, tess.id)).body);
    expect(theirs.map((job) => job.status)).toEqual(Array(6).fill('CONFIRMED'));
    await statusChanged(shop, tess.token, theirs[1].id, { status: 'completed' });

    const own = await allPages(tess, {}, 2);
    expect(own.sizes).toEqual([2, 2, 2]);
    expect(ids(own.items)).toEqual(ids(theirs));
    const confirmedOnly = await allPages(tess, { status: 'CONFIRMED' }, 2);
    expect(confirmedOnly.sizes).toEqual([2, 2, 1]);
    expect(ids(confirmedOnly.items)).toEqual(ids(theirs.filter((_, index) => index !== 1)));
  });

  it('ends without nextCursor when the last page is exactly full', async () => {
    const ada = await customer(shop);
    const all = await sevenJobs(ada);
    await cancel(shop, ada.token, all[6].id);
    const jobs = all.slice(0, 6);
    const { items, sizes } = await allPages(ada, { status: 'PENDING' }, 3);
    expect(sizes).toEqual([3, 3]);
    expect(ids(items)).toEqual(ids([...jobs].sort(newestFirst)));
    expect(await list(ada, { status: 'PENDING', limit: 6 })).not.toHaveProperty('nextCursor');
  });

  it('refuses a limit below 1, above 200 or not a whole number (400)', async () => {
    const ada = await customer(shop);
    for (const [limit, message] of [
      ['0', 'Limit must be at least 1'],
      ['201', 'Limit must be at most 200'],
      ['abc', 'Limit must be a whole number'],
      ['1.5', 'Limit must be a whole number'],
    ]) {
      const response = await listAppointments(shop, ada.token, { limit });
      expect(response.status).toBe(400);
      expect(response.body).toEqual(invalid({ limit: message }));
    }
    expect((await listAppointments(shop, ada.token, { limit: 200 })).status).toBe(200);
  });

  it("refuses a cursor that is not one the server wrote (400 'Invalid cursor')", async () => {
    const ada = await customer(shop);
    await sevenJobs(ada);
    const real = (await list(ada, { limit: 2 })).nextCursor as string;
    const [date, slot, id] = JSON.parse(Buffer.from(real, 'base64url').toString('utf8')) as string[];
    const encode = (values: unknown) => Buffer.from(JSON.stringify(values)).toString('base64url');

    const tampered = [
      'not a cursor!',
      'abc',
      'x'.repeat(201),
      encode([date, slot]),
      encode([date, slot, id, 'extra']),
      encode([date, slot, 'not-a-uuid']),
      encode([date, "09:00' OR '1'='1", id]),
      encode([1, 2, 3]),
      encode({ date, slot, id }),
      encode(['2030-02-30', slot, id]),
      encode(['2030-13-01', slot, id]),
      encode(['0000-01-01', slot, id]),
      encode(['9999-99-99', slot, id]),
    ];
    for (const cursor of tampered) {
      const response = await listAppointments(shop, ada.token, { cursor });
      expect({ cursor, status: response.status, body: response.body }).toEqual({ cursor, status: 400, body: invalid({ cursor: 'Invalid cursor' }) });
    }
    expect((await listAppointments(shop, ada.token, { cursor: real })).status).toBe(200);
  });
});

import { randomUUID } from 'node:crypto';
import { ConfigError, loadConfig } from '../../../server/src/config';
import { ACCESS_DENIED, type ApiResponse, call, invalid, type Json } from '../helpers/http';
import { ADMIN, approvedTechnician, assigned, booked, day, login, type Person, type Shop, SHOP_TODAY, shopTime, signUp, startShop } from '../helpers/shop';

/**
 * /api/time-logs over HTTP: technicians log their own work time (spec §5 "Log time"; the contract's § "The shop").
 * The shop's clock stands at 06:00 on SHOP_TODAY (America/Chicago); each test signs up its own people.
 */

let shop: Shop;

beforeAll(async () => {
  shop = await startShop();
});

afterAll(async () => {
  await shop.close();
});

/** signUp's password. */
const PASSWORD = 'correct-horse-1';
const OVERLAP = { message: 'This time overlaps another of your log entries.', success: false };
const JOB_NOT_FOUND = { message: 'Job not found', success: false };
const LOG_NOT_FOUND = { message: 'Time log not found', success: false };
interface Draft {
  appointmentId?: string | null;
  date?: string;
  startTime?: string;
  endTime?: string;
  description?: string;
}

function bodyOf(draft: Draft): Draft {
  return { date: day(-1), startTime: '10:00', endTime: '11:00', description: 'Brake pads replaced', ...draft };
}

function post(person: Person, draft: Draft = {}): Promise<ApiResponse> {
  return call(shop.app, 'POST', '/api/time-logs', { token: person.token, body: bodyOf(draft) });
}

function put(person: Person, id: string, draft: Draft = {}): Promise<ApiResponse> {
  return call(shop.app, 'PUT', `/api/time-logs/${id}`, { token: person.token, body: bodyOf(draft) });
}

function remove(person: Person, id: string): Promise<ApiResponse> {
  return call(shop.app, 'DELETE', `/api/time-logs/${id}`, { token: person.token });
}

function list(person: Person, query: Record<string, string> = {}): Promise<ApiResponse> {
  const search = new URLSearchParams(query).toString();
  return call(shop.app, 'GET', `/api/time-logs${search ? `?${search}` : ''}`, { token: person.token });
}

/** Logs an entry, failing the test on anything but 201. */
async function logged(person: Person, draft: Draft = {}): Promise<Json> {
  const response = await post(person, draft);
  if (response.status !== 201) throw new Error(`logging failed: ${response.status} ${response.text}`);
  return response.body;
}

async function storedLogs(): Promise<number> {
  const row = await shop.app.db
    .selectFrom('time_logs')
    .select((eb) => eb.fn.countAll<string>().as('n'))
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

/** The stored row, as the database has it (start and end are the shop's wall-clock times). */
function storedLog(id: string) {
  return shop.app.db.selectFrom('time_logs').selectAll().where('id', '=', id).executeTakeFirst();
}

/** Makes a request that must be refused, and checks that nothing was stored, changed or removed. */
async function refused(request: () => Promise<ApiResponse>): Promise<ApiResponse> {
  const before = await shop.app.db.selectFrom('time_logs').selectAll().orderBy('id').execute();
  const response = await request();
  expect(response.status).toBeGreaterThanOrEqual(400);
  expect(response.status).toBeLessThan(500);
  expect(await shop.app.db.selectFrom('time_logs').selectAll().orderBy('id').execute()).toEqual(before);
  return response;
}

const nowIso = () => new Date(shop.clock.now()).toISOString();

/** Jobs on distinct days, so no two tests compete for a bay or a technician's slot. */
let jobDays = 0;
function jobAt() {
  jobDays += 1;
  return { date: day(jobDays), slot: '09:00' };
}

const ids = (response: ApiResponse): string[] => response.body.items.map((item: Json) => item.id);

describe('POST /api/time-logs', () => {
  it('stores the entry, derives its duration and trims the description', async () => {
    const technician = await approvedTechnician(shop);
    const response = await post(technician, { date: day(-1), startTime: '08:15', endTime: '10:45', description: '  Replaced the front brake pads.  ' });

    expect(response.status).toBe(201);
    expect(response.body).toEqual({
      id: expect.stringMatching(/^[0-9a-f-]{36}$/),
      employeeId: technician.id,
      date: day(-1),
      startTime: '08:15',
      endTime: '10:45',
      durationMinutes: 150,
      description: 'Replaced the front brake pads.',
      createdAt: nowIso(),
      updatedAt: nowIso(),
      reviewState: 'SUBMITTED',
      version: 1,
    });
    expect(await storedLog(response.body.id)).toMatchObject({
      employee_id: technician.id,
      appointment_id: null,
      starts_at: `${day(-1)} 08:15:00`,
      ends_at: `${day(-1)} 10:45:00`,
      description: 'Replaced the front brake pads.',
    });
    expect((await list(technician)).body.items).toEqual([response.body]);
  });

  it('logs against a job assigned to the caller, or against none', async () => {
    const customer = await signUp(shop.app);
    const technician = await approvedTechnician(shop);
    const job = await assigned(shop, customer, technician, jobAt());

    const onJob = await post(technician, { appointmentId: job.id, date: SHOP_TODAY, startTime: '09:00', endTime: '09:40' });
    expect(onJob.status).toBe(201);
    expect(onJob.body).toMatchObject({ appointmentId: job.id, durationMinutes: 40 });
    expect((await storedLog(onJob.body.id))?.appointment_id).toBe(job.id);

    const offJob = await post(technician, { appointmentId: null, startTime: '13:00', endTime: '13:30' });
    expect(offJob.status).toBe(201);
    expect(offJob.body).not.toHaveProperty('appointmentId');
  });

  it("answers 404 'Job not found' for a job that is not assigned to the caller, storing nothing", async () => {
    const customer = await signUp(shop.app);
    const technician = await approvedTechnician(shop);
    const colleague = await approvedTechnician(shop);
    const colleaguesJob = await assigned(shop, customer, colleague, jobAt());
    const unassignedJob = await booked(shop.app, customer.token, jobAt());

    for (const appointmentId of [colleaguesJob.id, unassignedJob.id, randomUUID()]) {
      const response = await refused(() => post(technician, { appointmentId }));
      expect(response.status).toBe(404);
      expect(response.body).toEqual(JOB_NOT_FOUND);
    }
    const malformed = await refused(() => post(technician, { appointmentId: 'job-1' }));
    expect(malformed.status).toBe(400);
    expect(malformed.body).toEqual(invalid({ appointmentId: 'Job is not a valid id' }));
  });

  it("logs for the caller only: an employeeId in the body is ignored", async () => {
    const technician = await approvedTechnician(shop);
    const colleague = await approvedTechnician(shop);
    const response = await call(shop.app, 'POST', '/api/time-logs', { token: technician.token, body: { ...bodyOf({}), employeeId: colleague.id } });
    expect(response.status).toBe(201);
    expect(response.body.employeeId).toBe(technician.id);
    expect((await list(colleague)).body.items).toEqual([]);
  });

  it('wraps past midnight: 22:00 → 01:30 is 210 minutes, ending the next day', async () => {
    const technician = await approvedTechnician(shop);
    const night = await post(technician, { date: day(-2), startTime: '22:00', endTime: '01:30', description: 'Night recovery job' });

    expect(night.status).toBe(201);
    expect(night.body).toMatchObject({ date: day(-2), startTime: '22:00', endTime: '01:30', durationMinutes: 210 });
    expect(await storedLog(night.body.id)).toMatchObject({ starts_at: `${day(-2)} 22:00:00`, ends_at: `${day(-1)} 01:30:00` });

    // It holds the early hours of the next date too.
    const early = await refused(() => post(technician, { date: day(-1), startTime: '01:00', endTime: '02:00' }));
    expect(early.status).toBe(409);
    expect(early.body).toEqual(OVERLAP);
    expect((await post(technician, { date: day(-1), startTime: '01:30', endTime: '02:30' })).status).toBe(201);
  });

  it.each([
    ['23:59', '00:00', 1],
    ['00:00', '23:59', 1439],
    ['12:00', '11:59', 1439],
  ])('derives %s → %s as %d minutes', async (startTime, endTime, minutes) => {
    const technician = await approvedTechnician(shop);
    const response = await post(technician, { date: day(-5), startTime, endTime });
    expect(response.status).toBe(201);
    expect(response.body.durationMinutes).toBe(minutes);
  });

  it('refuses an end time equal to the start time', async () => {
    const technician = await approvedTechnician(shop);
    const response = await refused(() => post(technician, { startTime: '10:00', endTime: '10:00' }));
    expect(response.status).toBe(400);
    expect(response.body).toEqual(invalid({ endTime: 'End time must be different from the start time' }));
  });

  it.each([
    ['empty', ''],
    ['blank', ' \t\n '],
  ])('refuses an %s description', async (_label, description) => {
    const technician = await approvedTechnician(shop);
    const response = await refused(() => post(technician, { description }));
    expect(response.status).toBe(400);
    expect(response.body).toEqual(invalid({ description: 'Description is required' }));
  });

  it('refuses a missing description and one over 500 characters, and accepts exactly 500', async () => {
    const technician = await approvedTechnician(shop);
    const missing = await refused(() => call(shop.app, 'POST', '/api/time-logs', { token: technician.token, body: { date: day(-1), startTime: '10:00', endTime: '11:00' } }));
    expect(missing.status).toBe(400);
    expect(missing.body).toEqual(invalid({ description: 'Description is required' }));

    const long = await refused(() => post(technician, { description: 'x'.repeat(501) }));
    expect(long.status).toBe(400);
    expect(long.body).toEqual(invalid({ description: 'Description must be at most 500 characters long' }));

    const longest = await post(technician, { description: 'x'.repeat(500) });
    expect(longest.status).toBe(201);
    expect(longest.body.description).toHaveLength(500);
  });

  it('refuses a NUL character in the description', async () => {
    const technician = await approvedTechnician(shop);
    const response = await refused(() => post(technician, { description: 'Oil\u0000change' }));
    expect(response.status).toBe(400);
    expect(response.body).toEqual(invalid({ description: 'Description must not contain a NUL character' }));
  });

  it('refuses malformed dates and times, naming each field', async () => {
    const technician = await approvedTechnician(shop);
    const response = await refused(() => post(technician, { date: '2030-02-30', startTime: '24:00', endTime: '9:30' }));
    expect(response.status).toBe(400);
    expect(response.body).toEqual(
      invalid({ date: 'Date must be a valid date (YYYY-MM-DD)', startTime: 'Start time must be a time (HH:MM)', endTime: 'End time must be a time (HH:MM)' }),
    );
  });

  it("accepts today and the past up to TIME_LOG_MAX_AGE_DAYS (60) back, and refuses a date after today in the shop's calendar", async () => {
    const person = await approvedTechnician(shop);
    let technician = person;
    expect((await post(technician, { date: SHOP_TODAY, startTime: '05:00', endTime: '05:30' })).status).toBe(201);
    expect((await post(technician, { date: day(-60), startTime: '05:00', endTime: '05:30' })).status).toBe(201);

    const tomorrow = await refused(() => post(technician, { date: day(1) }));
    expect(tomorrow.status).toBe(400);
    expect(tomorrow.body).toEqual(invalid({ date: 'Date cannot be in the future' }));

    // 20:00 in Chicago is already the next day in UTC: the shop's own calendar decides.
    const offset = shopTime(SHOP_TODAY, '20:00') - shop.clock.now();
    shop.clock.advance(offset);
    try {
      technician = await login(shop.app, person.email, PASSWORD); // a fresh access token at the new hour
      expect(new Date(shop.clock.now()).toISOString().slice(0, 10)).toBe(day(1));
      const stillFuture = await refused(() => post(technician, { date: day(1), startTime: '00:30', endTime: '01:00' }));
      expect(stillFuture.status).toBe(400);
      expect(stillFuture.body).toEqual(invalid({ date: 'Date cannot be in the future' }));
      expect((await post(technician, { date: SHOP_TODAY, startTime: '18:00', endTime: '19:30' })).status).toBe(201);
    } finally {
      shop.clock.advance(-offset);
    }
  });

  it('reports a future date and an end equal to the start together', async () => {
    const technician = await approvedTechnician(shop);
    const both = await refused(() => post(technician, { date: day(1), startTime: '10:00', endTime: '10:00' }));
    expect(both.status).toBe(400);
    expect(both.body).toEqual(invalid({ date: 'Date cannot be in the future', endTime: 'End time must be different from the start time' }));
  });

  it('refuses a date in year 0000 (which PostgreSQL cannot hold) as a bad date, in a body and in a filter', async () => {
    const technician = await approvedTechnician(shop);
    const yearZero = invalid({ date: 'Date must be a valid date (YYYY-MM-DD)' });
    const created = await refused(() => post(technician, { date: '0000-01-01' }));
    expect(created.status).toBe(400);
    expect(created.body).toEqual(yearZero);
    const filtered = await list(technician, { from: '0000-01-01' });
    expect(filtered.status).toBe(400);
    expect(filtered.body).toEqual(invalid({ from: 'From must be a valid date (YYYY-MM-DD)' }));
  });

  it("refuses an entry overlapping another of the caller's (409), but not an adjacent one or a colleague's same hours", async () => {
    const technician = await approvedTechnician(shop);
    const colleague = await approvedTechnician(shop);
    const date = day(-3);
    await logged(technician, { date, startTime: '10:00', endTime: '11:00' });

    for (const [from, startTime, endTime] of [
      [date, '10:30', '11:30'],
      [date, '09:30', '10:01'],
      [date, '09:00', '12:00'],
      [date, '10:15', '10:45'],
      [date, '10:00', '11:00'],
      [day(-4), '22:00', '10:30'],
    ]) {
      const response = await refused(() => post(technician, { date: from, startTime, endTime }));
      expect({ from, startTime, endTime, status: response.status, body: response.body }).toEqual({ from, startTime, endTime, status: 409, body: OVERLAP });
    }

    expect((await post(technician, { date, startTime: '11:00', endTime: '12:00' })).status).toBe(201);
    expect((await post(technician, { date, startTime: '09:00', endTime: '10:00' })).status).toBe(201);
    expect((await post(colleague, { date, startTime: '10:00', endTime: '11:00' })).status).toBe(201);
    expect((await list(technician, { from: date, to: date })).body.items.map((log: Json) => log.startTime)).toEqual(['09:00', '10:00', '11:00']);
  });

  it('is for technicians: an admin or a customer gets 403, no token 401, and nothing is stored', async () => {
    const customer = await signUp(shop.app);
    for (const person of [shop.admin, customer]) {
      const response = await refused(() => post(person));
      expect(response.status).toBe(403);
      expect(response.body).toEqual(ACCESS_DENIED);
    }
    const anonymous = await refused(() => call(shop.app, 'POST', '/api/time-logs', { body: bodyOf({}) }));
    expect(anonymous.status).toBe(401);
    expect(anonymous.body).toEqual({ message: 'Authentication required', success: false });
  });
});

describe('how far back a log may be dated', () => {
  const TOO_OLD = invalid({ date: 'Date cannot be more than 60 days ago' });
  const BEFORE_BOOKING = invalid({ date: 'Date cannot be before the job was booked' });

  it('refuses a date more than 60 days back (year 1 too) on the date field, when logging and when editing', async () => {
    const technician = await approvedTechnician(shop);
    for (const date of [day(-61), day(-365), '0001-01-01']) {
      const response = await refused(() => post(technician, { date }));
      expect({ date, status: response.status, body: response.body }).toEqual({ date, status: 400, body: TOO_OLD });
    }
    const log = await logged(technician, { date: day(-60) });
    const edit = await refused(() => put(technician, log.id, { date: day(-61) }));
    expect({ status: edit.status, body: edit.body }).toEqual({ status: 400, body: TOO_OLD });
  });

  it("refuses a date before the job was booked (the booking's day in the shop's calendar); the same date without the job is fine", async () => {
    const start = shop.clock.now();
    try {
      // Booked at 20:00 in Chicago, already the next day in UTC: the booking day is SHOP_TODAY, the shop's own date.
      shop.clock.advance(shopTime(SHOP_TODAY, '20:00') - start);
      const admin = await login(shop.app, ADMIN.email, ADMIN.password); // fresh access tokens at the new hour
      const customer = await signUp(shop.app);
      const person = await approvedTechnician({ ...shop, admin });
      const job = await assigned({ ...shop, admin }, customer, person, jobAt());
      shop.clock.advance(shopTime(day(3), '12:00') - shop.clock.now());
      const technician = await login(shop.app, person.email, PASSWORD);
      const before = await refused(() => post(technician, { appointmentId: job.id, date: day(-1) }));
      expect({ status: before.status, body: before.body }).toEqual({ status: 400, body: BEFORE_BOOKING });
      const onBookingDay = await post(technician, { appointmentId: job.id, date: SHOP_TODAY });
      expect(onBookingDay.status).toBe(201);
      expect((await post(technician, { appointmentId: null, date: day(-1) })).status).toBe(201);
      const moved = await refused(() => put(technician, onBookingDay.body.id, { appointmentId: job.id, date: day(-2) }));
      expect({ status: moved.status, body: moved.body }).toEqual({ status: 400, body: BEFORE_BOOKING });
      // A job that is not theirs is not found, whatever the date: the answer tells nothing about its booking.
      const stranger = await approvedTechnician({ ...shop, admin: await login(shop.app, ADMIN.email, ADMIN.password) });
      expect((await refused(() => post(stranger, { appointmentId: job.id, date: day(-1) }))).body).toEqual(JOB_NOT_FOUND);
    } finally {
      shop.clock.advance(start - shop.clock.now());
    }
  });

  it('takes the bound from TIME_LOG_MAX_AGE_DAYS', async () => {
    expect(loadConfig({}).timeLogMaxAgeDays).toBe(60);
    expect(() => loadConfig({ TIME_LOG_MAX_AGE_DAYS: '0' })).toThrow(new ConfigError('TIME_LOG_MAX_AGE_DAYS must be a whole number between 1 and 3650 (got "0")'));
    const weekShop = await startShop({ env: { TIME_LOG_MAX_AGE_DAYS: '7' } });
    try {
      const technician = await approvedTechnician(weekShop);
      const logAt = (date: string) => call(weekShop.app, 'POST', '/api/time-logs', { token: technician.token, body: bodyOf({ date }) });
      expect((await logAt(day(-7))).status).toBe(201);
      expect((await logAt(day(-8))).body).toEqual(invalid({ date: 'Date cannot be more than 7 days ago' }));
    } finally {
      await weekShop.close();
    }
  });
});

describe('PUT /api/time-logs/:id', () => {
  it('edits the entry and answers it as updated', async () => {
    const customer = await signUp(shop.app);
    const technician = await approvedTechnician(shop);
    const job = await assigned(shop, customer, technician, jobAt());
    const original = await logged(technician, { date: day(-2), startTime: '08:00', endTime: '09:00', description: 'First draft' });
    shop.clock.advance(60_000);

    const response = await put(technician, original.id, { appointmentId: job.id, date: SHOP_TODAY, startTime: '23:00', endTime: '00:15', description: '  Rewired the tail lights ' });

    expect(response.status).toBe(200);
    expect(response.body).toEqual({
      id: original.id,
      employeeId: technician.id,
      appointmentId: job.id,
      date: SHOP_TODAY,
      startTime: '23:00',
      endTime: '00:15',
      durationMinutes: 75,
      description: 'Rewired the tail lights',
      createdAt: original.createdAt,
      updatedAt: nowIso(),
      reviewState: 'SUBMITTED',
      version: 2,
    });
    expect(response.body.updatedAt).not.toBe(original.updatedAt);
    expect(await storedLog(original.id)).toMatchObject({ appointment_id: job.id, starts_at: `${SHOP_TODAY} 23:00:00`, ends_at: `${day(1)} 00:15:00` });
    expect((await list(technician)).body.items).toEqual([response.body]);
  });

  it('replaces the whole entry: without appointmentId the link to the job is removed', async () => {
    const customer = await signUp(shop.app);
    const technician = await approvedTechnician(shop);
    const job = await assigned(shop, customer, technician, jobAt());
    const original = await logged(technician, { appointmentId: job.id, date: SHOP_TODAY });

    const response = await put(technician, original.id, { description: 'General workshop tidy-up' });
    expect(response.status).toBe(200);
    expect(response.body).not.toHaveProperty('appointmentId');
    expect((await storedLog(original.id))?.appointment_id).toBeNull();
  });

  it('applies the same validation, and a refused edit changes nothing', async () => {
    const customer = await signUp(shop.app);
    const technician = await approvedTechnician(shop);
    const colleague = await approvedTechnician(shop);
    const colleaguesJob = await assigned(shop, customer, colleague, jobAt());
    const entry = await logged(technician);

    const cases: [Draft, number, Json][] = [
      [{ startTime: '14:00', endTime: '14:00' }, 400, invalid({ endTime: 'End time must be different from the start time' })],
      [{ date: day(1) }, 400, invalid({ date: 'Date cannot be in the future' })],
      [{ description: '   ' }, 400, invalid({ description: 'Description is required' })],
      [{ description: 'y'.repeat(501) }, 400, invalid({ description: 'Description must be at most 500 characters long' })],
      [{ description: 'a\u0000b' }, 400, invalid({ description: 'Description must not contain a NUL character' })],
      [{ startTime: '7:00' }, 400, invalid({ startTime: 'Start time must be a time (HH:MM)' })],
      [{ appointmentId: colleaguesJob.id }, 404, JOB_NOT_FOUND],
    ];
    for (const [draft, status, body] of cases) {
      const response = await refused(() => put(technician, entry.id, draft));
      expect({ draft, status: response.status, body: response.body }).toEqual({ draft, status, body });
    }
    expect((await list(technician)).body.items).toEqual([entry]);
  });

  it("refuses to overlap another of the caller's entries, and lets an entry keep or reuse its own old range", async () => {
    const technician = await approvedTechnician(shop);
    const colleague = await approvedTechnician(shop);
    const date = day(-6);
    const first = await logged(technician, { date, startTime: '10:00', endTime: '11:00' });
    const second = await logged(technician, { date, startTime: '12:00', endTime: '13:00' });
    await logged(colleague, { date, startTime: '13:00', endTime: '15:00' });

    const overlapping = await refused(() => put(technician, second.id, { date, startTime: '10:30', endTime: '12:30' }));
    expect(overlapping.status).toBe(409);
    expect(overlapping.body).toEqual(OVERLAP);

    const same = await put(technician, second.id, { date, startTime: '12:00', endTime: '13:00', description: 'Same hours, better words' });
    expect(same.status).toBe(200);
    expect(same.body).toMatchObject({ startTime: '12:00', endTime: '13:00', description: 'Same hours, better words' });

    const stretched = await put(technician, second.id, { date, startTime: '11:00', endTime: '14:00' });
    expect(stretched.status).toBe(200);
    expect(stretched.body).toMatchObject({ startTime: '11:00', endTime: '14:00', durationMinutes: 180 });

    expect((await list(technician)).body.items.map((log: Json) => [log.id, log.startTime, log.endTime])).toEqual([
      [first.id, '10:00', '11:00'],
      [second.id, '11:00', '14:00'],
    ]);
  });

  it("answers 404 for another technician's entry or an unknown one, and leaves it unchanged", async () => {
    const owner = await approvedTechnician(shop);
    const other = await approvedTechnician(shop);
    const entry = await logged(owner, { description: 'Owner only' });

    const foreign = await refused(() => put(other, entry.id, { description: 'Hijacked' }));
    expect(foreign.status).toBe(404);
    expect(foreign.body).toEqual(LOG_NOT_FOUND);

    const unknown = await refused(() => put(other, randomUUID()));
    expect(unknown.status).toBe(404);
    expect(unknown.body).toEqual(LOG_NOT_FOUND);

    const malformed = await refused(() => put(other, 'not-an-id'));
    expect(malformed.status).toBe(400);
    expect(malformed.body).toEqual(invalid({ id: 'Time log is not a valid id' }));

    expect((await list(owner)).body.items).toEqual([entry]);
  });

  it('is for technicians: an admin or a customer gets 403', async () => {
    const technician = await approvedTechnician(shop);
    const customer = await signUp(shop.app);
    const entry = await logged(technician);
    for (const person of [shop.admin, customer]) {
      const response = await refused(() => put(person, entry.id, { description: 'Edited by someone else' }));
      expect(response.status).toBe(403);
      expect(response.body).toEqual(ACCESS_DENIED);
    }
  });
});

describe('DELETE /api/time-logs/:id', () => {
  it('answers 204 and the entry is gone (its hours are free again)', async () => {
    const technician = await approvedTechnician(shop);
    const keep = await logged(technician, { startTime: '08:00', endTime: '09:00' });
    const entry = await logged(technician, { startTime: '09:00', endTime: '10:00' });
    const before = await storedLogs();

    const response = await remove(technician, entry.id);
    expect(response.status).toBe(204);
    expect(response.text).toBe('');
    expect(await storedLogs()).toBe(before - 1);
    expect(await storedLog(entry.id)).toBeUndefined();
    expect((await list(technician)).body.items).toEqual([keep]);

    expect((await remove(technician, entry.id)).body).toEqual(LOG_NOT_FOUND);
    expect((await put(technician, entry.id)).status).toBe(404);
    expect((await post(technician, { startTime: '09:00', endTime: '10:00' })).status).toBe(201);
  });

  it("answers 404 for another technician's entry and 403 for an admin or a customer, removing nothing", async () => {
    const owner = await approvedTechnician(shop);
    const other = await approvedTechnician(shop);
    const customer = await signUp(shop.app);
    const entry = await logged(owner);

    const foreign = await refused(() => remove(other, entry.id));
    expect(foreign.status).toBe(404);
    expect(foreign.body).toEqual(LOG_NOT_FOUND);
    expect((await refused(() => remove(other, randomUUID()))).status).toBe(404);

    for (const person of [shop.admin, customer]) {
      const response = await refused(() => remove(person, entry.id));
      expect(response.status).toBe(403);
      expect(response.body).toEqual(ACCESS_DENIED);
    }
    expect((await list(owner)).body.items).toEqual([entry]);
  });
});

describe('GET /api/time-logs', () => {
  it("shows a technician their own entries only (another's employeeId gives an empty list)", async () => {
    const technician = await approvedTechnician(shop);
    const colleague = await approvedTechnician(shop);
    const mine = [await logged(technician, { startTime: '08:00', endTime: '09:00' }), await logged(technician, { startTime: '09:00', endTime: '09:30' })];
    await logged(colleague, { startTime: '08:00', endTime: '09:00' });

    const own = await list(technician);
    expect(own.status).toBe(200);
    expect(own.body).toEqual({ items: mine });
    expect((await list(technician, { employeeId: technician.id })).body).toEqual({ items: mine });
    expect((await list(technician, { employeeId: colleague.id })).body).toEqual({ items: [] });
  });

  it("shows an admin everyone's entries, narrowed by employeeId", async () => {
    const first = await approvedTechnician(shop);
    const second = await approvedTechnician(shop);
    const date = day(-45); // a day no other test logs on: the admin sees everyone's logs
    const a = await logged(first, { date, startTime: '09:00', endTime: '10:00' });
    const b = await logged(second, { date, startTime: '08:00', endTime: '12:00' });
    const c = await logged(first, { date, startTime: '13:00', endTime: '14:00' });

    const all = await list(shop.admin, { from: date, to: date });
    expect(all.status).toBe(200);
    expect(all.body).toEqual({ items: [b, a, c] });
    expect((await list(shop.admin, { from: date, to: date, employeeId: first.id })).body).toEqual({ items: [a, c] });
    expect((await list(shop.admin, { employeeId: second.id })).body).toEqual({ items: [b] });
  });

  it('filters from/to inclusively by the start date', async () => {
    const technician = await approvedTechnician(shop);
    const before = await logged(technician, { date: day(-13), startTime: '15:00', endTime: '16:00' });
    const overnight = await logged(technician, { date: day(-12), startTime: '22:00', endTime: '01:00' });
    const middle = await logged(technician, { date: day(-11), startTime: '10:00', endTime: '11:00' });
    const after = await logged(technician, { date: day(-10), startTime: '09:00', endTime: '10:00' });

    const within = async (query: Record<string, string>) => ids(await list(technician, query));
    expect(await within({ from: day(-11), to: day(-11) })).toEqual([middle.id]);
    expect(await within({ from: day(-12), to: day(-11) })).toEqual([overnight.id, middle.id]);
    expect(await within({ from: day(-11) })).toEqual([middle.id, after.id]);
    expect(await within({ to: day(-12) })).toEqual([before.id, overnight.id]);
    expect(await within({ from: day(-9) })).toEqual([]);
    expect(await within({})).toEqual([before.id, overnight.id, middle.id, after.id]);
  });

  it('orders entries by their start, whatever order they were logged in', async () => {
    const technician = await approvedTechnician(shop);
    const late = await logged(technician, { date: day(-20), startTime: '15:00', endTime: '16:00' });
    const earliest = await logged(technician, { date: day(-21), startTime: '09:00', endTime: '10:00' });
    const early = await logged(technician, { date: day(-20), startTime: '08:00', endTime: '09:00' });
    const overnight = await logged(technician, { date: day(-21), startTime: '23:00', endTime: '07:00' });
    expect(ids(await list(technician))).toEqual([earliest.id, overnight.id, early.id, late.id]);
  });

  it('pages with limit and cursor (keyset), each entry once', async () => {
    const technician = await approvedTechnician(shop);
    const entries: Json[] = [];
    for (const hour of ['08', '09', '10', '11', '12']) entries.push(await logged(technician, { date: day(-30), startTime: `${hour}:00`, endTime: `${hour}:30` }));

    const first = await list(technician, { limit: '2' });
    expect(first.body).toEqual({ items: entries.slice(0, 2), nextCursor: expect.any(String) });
    const second = await list(technician, { limit: '2', cursor: first.body.nextCursor });
    expect(second.body).toEqual({ items: entries.slice(2, 4), nextCursor: expect.any(String) });
    const last = await list(technician, { limit: '2', cursor: second.body.nextCursor });
    expect(last.body).toEqual({ items: entries.slice(4) });

    expect((await list(technician, { limit: '5' })).body).toEqual({ items: entries });
  });

  it('pages through entries that start at the same minute (ties broken by id)', async () => {
    const date = day(-55); // a day no other test logs on
    const logs: Json[] = [];
    for (let i = 0; i < 3; i += 1) logs.push(await logged(await approvedTechnician(shop), { date, startTime: '10:00', endTime: '11:00' }));
    const expected = logs.map((log) => log.id).sort();

    const seen: string[] = [];
    let cursor: string | undefined;
    do {
      const page = await list(shop.admin, { from: date, to: date, limit: '1', ...(cursor && { cursor }) });
      expect(page.status).toBe(200);
      seen.push(...ids(page));
      cursor = page.body.nextCursor;
    } while (cursor);
    expect(seen).toEqual(expected);
  });

  it('refuses a bad cursor, limit or filter with 400', async () => {
    const technician = await approvedTechnician(shop);
    const vehicleStyleCursor = Buffer.from(JSON.stringify(['AB 12', randomUUID()])).toString('base64url');
    const impossibleTime = Buffer.from(JSON.stringify(['2030-13-45 25:99:99', randomUUID()])).toString('base64url');
    const yearZero = Buffer.from(JSON.stringify(['0000-01-01 09:00:00', randomUUID()])).toString('base64url');
    for (const cursor of ['garbage', 'a!b', vehicleStyleCursor, impossibleTime, yearZero, Buffer.from('[]').toString('base64url')]) {
      const response = await list(technician, { cursor });
      expect({ cursor, status: response.status, body: response.body }).toEqual({ cursor, status: 400, body: invalid({ cursor: 'Invalid cursor' }) });
    }
    expect((await list(technician, { limit: '0' })).body).toEqual(invalid({ limit: 'Limit must be at least 1' }));
    expect((await list(technician, { limit: '201' })).body).toEqual(invalid({ limit: 'Limit must be at most 200' }));
    expect((await list(technician, { from: 'yesterday' })).body).toEqual(invalid({ from: 'From must be a valid date (YYYY-MM-DD)' }));
    expect((await list(technician, { employeeId: 'me' })).body).toEqual(invalid({ employeeId: 'Employee is not a valid id' }));
  });

  it('is not for customers (403) nor strangers (401)', async () => {
    const customer = await signUp(shop.app);
    const response = await list(customer);
    expect(response.status).toBe(403);
    expect(response.body).toEqual(ACCESS_DENIED);
    const anonymous = await call(shop.app, 'GET', '/api/time-logs');
    expect(anonymous.status).toBe(401);
    expect(anonymous.body).toEqual({ message: 'Authentication required', success: false });
  });
});

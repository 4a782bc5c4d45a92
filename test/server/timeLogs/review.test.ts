import { randomUUID } from 'node:crypto';
import { ACCESS_DENIED, type ApiResponse, call, failure, invalid, type Json } from '../helpers/http';
import { approvedTechnician, assigned, day, type Person, type Shop, SHOP_TODAY, signUp, startShop } from '../helpers/shop';

/**
 * Time-log approval: the admin reviews a week of technicians' logs (GET /api/time-logs/review), approves
 * (POST /api/time-logs/:id/approve) or rejects with a reason (POST /api/time-logs/:id/reject), or approves a
 * technician's whole week (POST /api/time-logs/approve-week); the technician sees each log's state, can no longer
 * change an approved log, resubmits a rejected one by editing it, and reads their hours per week
 * (GET /api/time-logs/weekly). SHOP_TODAY (2030-06-03) is a Monday.
 */

let shop: Shop;

beforeAll(async () => {
  // Each test logs in weeks of its own, up to years back: the age bound on a log's date is lifted here.
  shop = await startShop({ env: { TIME_LOG_MAX_AGE_DAYS: '3650' } });
});

afterAll(async () => {
  await shop.close();
});

const APPROVED_LOCKED = failure('This time log has been approved and can no longer be changed.');
const CHANGED_ELSEWHERE = failure('This time log was changed by someone else. Reload and try again.');
const ALREADY_REVIEWED = failure('This time log has already been reviewed.');
const LOG_NOT_FOUND = failure('Time log not found');
const AUTH_REQUIRED = failure('Authentication required');

interface Draft {
  appointmentId?: string | null;
  date?: string;
  startTime?: string;
  endTime?: string;
  description?: string;
}

const nowIso = () => new Date(shop.clock.now()).toISOString();

/**
 * Each test logs in its own week (weeks back from SHOP_TODAY's), with a free week between (a test may log the
 * Monday after its week), so reviews of a week see only that test's logs.
 */
let weeksBack = 100;
function nextWeek(): string {
  weeksBack += 2;
  return day(-7 * weeksBack);
}

function bodyOf(draft: Draft): Draft {
  return { date: day(-1), startTime: '10:00', endTime: '11:00', description: 'Brake pads replaced', ...draft };
}

async function logged(person: Person, draft: Draft = {}): Promise<Json> {
  const response = await call(shop.app, 'POST', '/api/time-logs', { token: person.token, body: bodyOf(draft) });
  if (response.status !== 201) throw new Error(`logging failed: ${response.status} ${response.text}`);
  return response.body;
}

function put(person: Person, id: string, draft: Draft = {}): Promise<ApiResponse> {
  return call(shop.app, 'PUT', `/api/time-logs/${id}`, { token: person.token, body: bodyOf(draft) });
}

function remove(person: Person, id: string): Promise<ApiResponse> {
  return call(shop.app, 'DELETE', `/api/time-logs/${id}`, { token: person.token });
}

function approve(id: string, body: unknown, token = shop.admin.token): Promise<ApiResponse> {
  return call(shop.app, 'POST', `/api/time-logs/${id}/approve`, { token, body });
}

function reject(id: string, body: unknown, token = shop.admin.token): Promise<ApiResponse> {
  return call(shop.app, 'POST', `/api/time-logs/${id}/reject`, { token, body });
}

function approveWeek(body: unknown, token = shop.admin.token): Promise<ApiResponse> {
  return call(shop.app, 'POST', '/api/time-logs/approve-week', { token, body });
}

function review(query: Record<string, string>, token = shop.admin.token): Promise<ApiResponse> {
  return call(shop.app, 'GET', `/api/time-logs/review?${new URLSearchParams(query).toString()}`, { token });
}

function weekly(person: Person, query: Record<string, string> = {}): Promise<ApiResponse> {
  const search = new URLSearchParams(query).toString();
  return call(shop.app, 'GET', `/api/time-logs/weekly${search ? `?${search}` : ''}`, { token: person.token });
}

async function ownLogs(person: Person): Promise<Json[]> {
  const response = await call(shop.app, 'GET', '/api/time-logs', { token: person.token });
  expect(response.status).toBe(200);
  return response.body.items;
}

function storedLog(id: string) {
  return shop.app.db.selectFrom('time_logs').selectAll().where('id', '=', id).executeTakeFirst();
}

/** Makes a request that must be refused, and checks that no log was stored, changed or removed. */
async function refused(request: () => Promise<ApiResponse>): Promise<ApiResponse> {
  const before = await shop.app.db.selectFrom('time_logs').selectAll().orderBy('id').execute();
  const response = await request();
  expect(response.status).toBeGreaterThanOrEqual(400);
  expect(response.status).toBeLessThan(500);
  expect(await shop.app.db.selectFrom('time_logs').selectAll().orderBy('id').execute()).toEqual(before);
  return response;
}

describe('a log’s review state', () => {
  it('starts SUBMITTED at version 1, with no reason and no review time', async () => {
    const technician = await approvedTechnician(shop);
    const log = await logged(technician);
    expect(log).toMatchObject({ reviewState: 'SUBMITTED', version: 1 });
    expect(log).not.toHaveProperty('reviewReason');
    expect(log).not.toHaveProperty('reviewedAt');
    expect(await storedLog(log.id)).toMatchObject({ review_state: 'SUBMITTED', review_reason: null, reviewed_by: null, reviewed_at: null, version: 1 });
  });

  it('approve: APPROVED, reviewed now by this admin, version + 1; the technician sees it so', async () => {
    const technician = await approvedTechnician(shop);
    const log = await logged(technician);

    const response = await approve(log.id, { expectedVersion: 1 });
    expect(response.status).toBe(200);
    expect(response.body).toEqual({ ...log, reviewState: 'APPROVED', reviewedAt: nowIso(), version: 2 });
    expect(await storedLog(log.id)).toMatchObject({ review_state: 'APPROVED', reviewed_by: shop.admin.id, review_reason: null });
    expect(await ownLogs(technician)).toEqual([response.body]);
  });

  it('reject: REJECTED with the reason (trimmed); the technician reads the reason', async () => {
    const technician = await approvedTechnician(shop);
    const log = await logged(technician);

    const response = await reject(log.id, { reason: '  Job card says 30 minutes.  ', expectedVersion: 1 });
    expect(response.status).toBe(200);
    expect(response.body).toEqual({ ...log, reviewState: 'REJECTED', reviewReason: 'Job card says 30 minutes.', reviewedAt: nowIso(), version: 2 });
    expect(await storedLog(log.id)).toMatchObject({ review_state: 'REJECTED', review_reason: 'Job card says 30 minutes.', reviewed_by: shop.admin.id });
    expect(await ownLogs(technician)).toEqual([response.body]);
  });

  it('an approved log cannot be edited or deleted by the technician (409 with the reason), and stays as it was', async () => {
    const technician = await approvedTechnician(shop);
    const log = await logged(technician);
    const approved = (await approve(log.id, { expectedVersion: 1 })).body;

    const edit = await refused(() => put(technician, log.id, { description: 'Changed after approval' }));
    expect(edit.status).toBe(409);
    expect(edit.body).toEqual(APPROVED_LOCKED);
    const deletion = await refused(() => remove(technician, log.id));
    expect(deletion.status).toBe(409);
    expect(deletion.body).toEqual(APPROVED_LOCKED);
    expect(await ownLogs(technician)).toEqual([approved]);
  });

  it('editing a rejected log resubmits it: SUBMITTED, reason and review cleared, version + 1', async () => {
    const technician = await approvedTechnician(shop);
    const log = await logged(technician);
    await reject(log.id, { reason: 'Wrong job', expectedVersion: 1 });

    const edited = await put(technician, log.id, { startTime: '10:00', endTime: '10:30', description: 'Brake pads replaced (30 min)' });
    expect(edited.status).toBe(200);
    expect(edited.body).toMatchObject({ reviewState: 'SUBMITTED', version: 3, durationMinutes: 30 });
    expect(edited.body).not.toHaveProperty('reviewReason');
    expect(edited.body).not.toHaveProperty('reviewedAt');
    expect(await storedLog(log.id)).toMatchObject({ review_state: 'SUBMITTED', review_reason: null, reviewed_by: null, reviewed_at: null });

    // Back in the queue: the admin can decide again, on the new version.
    expect((await approve(log.id, { expectedVersion: 2 })).body).toEqual(CHANGED_ELSEWHERE);
    expect((await approve(log.id, { expectedVersion: 3 })).body).toMatchObject({ reviewState: 'APPROVED', version: 4 });
  });

  it('a rejected log may be deleted by its technician', async () => {
    const technician = await approvedTechnician(shop);
    const log = await logged(technician);
    await reject(log.id, { reason: 'Duplicate entry', expectedVersion: 1 });
    const response = await remove(technician, log.id);
    expect(response.status).toBe(204);
    expect(await storedLog(log.id)).toBeUndefined();
  });

  it('editing a submitted log keeps it SUBMITTED and moves its version on', async () => {
    const technician = await approvedTechnician(shop);
    const log = await logged(technician);
    const edited = await put(technician, log.id, { description: 'Better words' });
    expect(edited.body).toMatchObject({ reviewState: 'SUBMITTED', version: 2, description: 'Better words' });
  });

  it('a stale expectedVersion answers 409 and changes nothing (the technician edited it meanwhile)', async () => {
    const technician = await approvedTechnician(shop);
    const log = await logged(technician);
    await put(technician, log.id, { description: 'Edited while the admin looked' });

    const approval = await refused(() => approve(log.id, { expectedVersion: 1 }));
    expect(approval.status).toBe(409);
    expect(approval.body).toEqual(CHANGED_ELSEWHERE);
    const rejection = await refused(() => reject(log.id, { reason: 'Too long', expectedVersion: 1 }));
    expect(rejection.status).toBe(409);
    expect(rejection.body).toEqual(CHANGED_ELSEWHERE);
  });

  it('a decision is taken once: approving or rejecting a reviewed log answers 409', async () => {
    const technician = await approvedTechnician(shop);
    const approvedLog = await logged(technician, { startTime: '08:00', endTime: '09:00' });
    const rejectedLog = await logged(technician, { startTime: '09:00', endTime: '10:00' });
    await approve(approvedLog.id, { expectedVersion: 1 });
    await reject(rejectedLog.id, { reason: 'No job card', expectedVersion: 1 });

    for (const request of [
      () => approve(approvedLog.id, { expectedVersion: 2 }),
      () => reject(approvedLog.id, { reason: 'Changed my mind', expectedVersion: 2 }),
      () => approve(rejectedLog.id, { expectedVersion: 2 }),
      () => reject(rejectedLog.id, { reason: 'Again', expectedVersion: 2 }),
    ]) {
      const response = await refused(request);
      expect(response.status).toBe(409);
      expect(response.body).toEqual(ALREADY_REVIEWED);
    }
  });

  it('an unknown log answers 404, a malformed id 400', async () => {
    const unknown = await refused(() => approve(randomUUID(), { expectedVersion: 1 }));
    expect(unknown.status).toBe(404);
    expect(unknown.body).toEqual(LOG_NOT_FOUND);
    expect((await refused(() => reject(randomUUID(), { reason: 'x', expectedVersion: 1 }))).body).toEqual(LOG_NOT_FOUND);
    const malformed = await refused(() => approve('log-1', { expectedVersion: 1 }));
    expect(malformed.status).toBe(400);
    expect(malformed.body).toEqual(invalid({ id: 'Time log is not a valid id' }));
  });

  it('validates the decision’s body: reason required, at most 500 characters; expectedVersion required', async () => {
    const technician = await approvedTechnician(shop);
    const log = await logged(technician);
    const cases: [unknown, Json][] = [
      [{ expectedVersion: 1 }, invalid({ reason: 'Reason is required' })],
      [{ reason: '', expectedVersion: 1 }, invalid({ reason: 'Reason is required' })],
      [{ reason: ' \n\t ', expectedVersion: 1 }, invalid({ reason: 'Reason is required' })],
      [{ reason: 'r'.repeat(501), expectedVersion: 1 }, invalid({ reason: 'Reason must be at most 500 characters long' })],
      [{ reason: 42, expectedVersion: 1 }, invalid({ reason: 'Reason is required' })],
      [{ reason: 'Too long' }, invalid({ expectedVersion: 'Expected version is required' })],
      [{ reason: 'Too long', expectedVersion: 0 }, invalid({ expectedVersion: 'Expected version must be at least 1' })],
      [{ reason: 'Too long', expectedVersion: '1' }, invalid({ expectedVersion: 'Expected version must be a whole number' })],
    ];
    for (const [body, expected] of cases) {
      const response = await refused(() => reject(log.id, body));
      expect({ body, status: response.status, answer: response.body }).toEqual({ body, status: 400, answer: expected });
    }
    const approval = await refused(() => approve(log.id, {}));
    expect(approval.body).toEqual(invalid({ expectedVersion: 'Expected version is required' }));

    const longest = await reject(log.id, { reason: 'r'.repeat(500), expectedVersion: 1 });
    expect(longest.status).toBe(200);
    expect(longest.body.reviewReason).toHaveLength(500);
  });

  it('reviewing is for admins: a technician or a customer gets 403, no token 401', async () => {
    const technician = await approvedTechnician(shop);
    const customer = await signUp(shop.app);
    const log = await logged(technician);
    for (const person of [technician, customer]) {
      for (const request of [
        () => approve(log.id, { expectedVersion: 1 }, person.token),
        () => reject(log.id, { reason: 'Mine', expectedVersion: 1 }, person.token),
        () => approveWeek({ employeeId: technician.id, week: SHOP_TODAY }, person.token),
        () => review({ week: SHOP_TODAY }, person.token),
      ]) {
        const response = await refused(request);
        expect(response.status).toBe(403);
        expect(response.body).toEqual(ACCESS_DENIED);
      }
    }
    for (const path of [`/api/time-logs/${log.id}/approve`, `/api/time-logs/${log.id}/reject`, '/api/time-logs/approve-week']) {
      const anonymous = await refused(() => call(shop.app, 'POST', path, { body: { expectedVersion: 1, reason: 'x' } }));
      expect(anonymous.status).toBe(401);
      expect(anonymous.body).toEqual(AUTH_REQUIRED);
    }
    expect((await call(shop.app, 'GET', `/api/time-logs/review?week=${SHOP_TODAY}`)).status).toBe(401);
  });
});

describe('GET /api/time-logs/review', () => {
  it('answers the week per technician (by name), each log with its job, totals per state, and the week’s totals', async () => {
    const week = nextWeek();
    const customer = await signUp(shop.app);
    const zoe = await approvedTechnician(shop, { fullName: 'Zoe Review', department: 'Engine' });
    const adam = await approvedTechnician(shop, { fullName: 'Adam Review' });
    const job = await assigned(shop, customer, zoe, { date: day(30), slot: '10:00' });
    // A log may not be dated before its job was booked: this job was booked before the week under review.
    await shop.app.db.updateTable('appointments').set({ created_at: `${day(-7 * weeksBack - 7)}T12:00:00.000Z` }).where('id', '=', job.id).execute();

    const zoeMonday = await logged(zoe, { appointmentId: job.id, date: week, startTime: '09:00', endTime: '11:00', description: 'Oil change' });
    const zoeSunday = await logged(zoe, { date: day(-7 * weeksBack + 6), startTime: '23:00', endTime: '00:30', description: 'Late recovery' });
    const zoeWednesday = await logged(zoe, { date: day(-7 * weeksBack + 2), startTime: '13:00', endTime: '14:00', description: 'Diagnostics' });
    const adamTuesday = await logged(adam, { date: day(-7 * weeksBack + 1), startTime: '08:00', endTime: '08:45', description: 'Tyres' });
    // Outside the week: the Sunday before and the Monday after.
    await logged(zoe, { date: day(-7 * weeksBack - 1), startTime: '10:00', endTime: '11:00' });
    await logged(zoe, { date: day(-7 * weeksBack + 7), startTime: '10:00', endTime: '11:00' });

    const approvedLog = (await approve(zoeWednesday.id, { expectedVersion: 1 })).body;
    const rejectedLog = (await reject(adamTuesday.id, { reason: 'No job card', expectedVersion: 1 })).body;

    const response = await review({ week });
    expect(response.status).toBe(200);
    expect(response.body).toEqual({
      week,
      weekEnd: day(-7 * weeksBack + 6),
      technicians: [
        {
          employee: { id: adam.id, fullName: 'Adam Review' },
          logs: [rejectedLog],
          totals: { totalMinutes: 45, submittedMinutes: 0, approvedMinutes: 0, rejectedMinutes: 45, logs: 1, submitted: 0, approved: 0, rejected: 1 },
        },
        {
          employee: { id: zoe.id, fullName: 'Zoe Review', department: 'Engine' },
          logs: [{ ...zoeMonday, job: { id: job.id, plate: job.vehicle.plate, serviceName: job.serviceType.name, date: day(30) } }, approvedLog, zoeSunday],
          totals: { totalMinutes: 120 + 60 + 90, submittedMinutes: 210, approvedMinutes: 60, rejectedMinutes: 0, logs: 3, submitted: 2, approved: 1, rejected: 0 },
        },
      ],
      totals: { totalMinutes: 315, submittedMinutes: 210, approvedMinutes: 60, rejectedMinutes: 45, logs: 4, submitted: 2, approved: 1, rejected: 1 },
    });
  });

  it('narrows to one technician and to one state', async () => {
    const week = nextWeek();
    const first = await approvedTechnician(shop, { fullName: 'Filter First' });
    const second = await approvedTechnician(shop, { fullName: 'Filter Second' });
    const a = await logged(first, { date: week, startTime: '09:00', endTime: '10:00' });
    const b = await logged(first, { date: week, startTime: '10:00', endTime: '11:00' });
    await logged(second, { date: week, startTime: '09:00', endTime: '10:00' });
    await approve(a.id, { expectedVersion: 1 });

    const mine = await review({ week, employeeId: first.id });
    expect(mine.body.technicians.map((entry: Json) => entry.employee.id)).toEqual([first.id]);
    expect(mine.body.technicians[0].logs.map((log: Json) => log.id)).toEqual([a.id, b.id]);

    const submitted = await review({ week, state: 'SUBMITTED' });
    expect(submitted.body.technicians.map((entry: Json) => [entry.employee.fullName, entry.logs.length])).toEqual([
      ['Filter First', 1],
      ['Filter Second', 1],
    ]);
    expect(submitted.body.totals).toMatchObject({ logs: 2, submitted: 2, approved: 0, totalMinutes: 120, submittedMinutes: 120 });
    expect((await review({ week, state: 'APPROVED', employeeId: second.id })).body).toMatchObject({ technicians: [], totals: { logs: 0, totalMinutes: 0 } });
  });

  it('an empty week answers no technicians and zero totals', async () => {
    const response = await review({ week: day(-7 * 50) });
    expect(response.status).toBe(200);
    expect(response.body).toEqual({
      week: day(-7 * 50),
      weekEnd: day(-7 * 50 + 6),
      technicians: [],
      totals: { totalMinutes: 0, submittedMinutes: 0, approvedMinutes: 0, rejectedMinutes: 0, logs: 0, submitted: 0, approved: 0, rejected: 0 },
    });
  });

  it('refuses a week that is not a Monday, a bad date, state or employee id (400)', async () => {
    expect((await review({ week: day(1) })).body).toEqual(invalid({ week: 'Week must be a Monday' }));
    expect((await review({ week: day(-1) })).body).toEqual(invalid({ week: 'Week must be a Monday' }));
    expect((await review({})).body).toEqual(invalid({ week: 'Week is required' }));
    expect((await review({ week: '2030-02-30' })).body).toEqual(invalid({ week: 'Week must be a valid date (YYYY-MM-DD)' }));
    expect((await review({ week: SHOP_TODAY, state: 'PENDING' })).body).toEqual(invalid({ state: 'State must be SUBMITTED, APPROVED or REJECTED' }));
    expect((await review({ week: SHOP_TODAY, employeeId: 'me' })).body).toEqual(invalid({ employeeId: 'Employee is not a valid id' }));
  });
});

describe('POST /api/time-logs/approve-week', () => {
  it('approves every SUBMITTED log of that technician’s week in one go and answers the count', async () => {
    const week = nextWeek();
    const technician = await approvedTechnician(shop);
    const colleague = await approvedTechnician(shop);
    const monday = await logged(technician, { date: week, startTime: '08:00', endTime: '09:00' });
    const sunday = await logged(technician, { date: day(-7 * weeksBack + 6), startTime: '08:00', endTime: '09:00' });
    const rejected = await logged(technician, { date: week, startTime: '10:00', endTime: '11:00' });
    await reject(rejected.id, { reason: 'Wrong day', expectedVersion: 1 });
    const nextMonday = await logged(technician, { date: day(-7 * weeksBack + 7), startTime: '08:00', endTime: '09:00' });
    const colleagues = await logged(colleague, { date: week, startTime: '08:00', endTime: '09:00' });

    const response = await approveWeek({ employeeId: technician.id, week });
    expect(response.status).toBe(200);
    expect(response.body).toEqual({ approved: 2 });
    for (const id of [monday.id, sunday.id]) {
      expect(await storedLog(id)).toMatchObject({ review_state: 'APPROVED', reviewed_by: shop.admin.id, version: 2 });
    }
    expect(await storedLog(rejected.id)).toMatchObject({ review_state: 'REJECTED', review_reason: 'Wrong day' });
    expect(await storedLog(nextMonday.id)).toMatchObject({ review_state: 'SUBMITTED', version: 1 });
    expect(await storedLog(colleagues.id)).toMatchObject({ review_state: 'SUBMITTED', version: 1 });

    expect((await approveWeek({ employeeId: technician.id, week })).body).toEqual({ approved: 0 });
  });

  it('refuses a week that is not a Monday, an unknown technician (404) and a bad body (400)', async () => {
    const technician = await approvedTechnician(shop);
    const customer = await signUp(shop.app);
    expect((await refused(() => approveWeek({ employeeId: technician.id, week: day(-2) }))).body).toEqual(invalid({ week: 'Week must be a Monday' }));
    for (const employeeId of [randomUUID(), customer.id, shop.admin.id]) {
      const response = await refused(() => approveWeek({ employeeId, week: SHOP_TODAY }));
      expect(response.status).toBe(404);
      expect(response.body).toEqual(failure('Technician not found'));
    }
    expect((await refused(() => approveWeek({ week: SHOP_TODAY }))).body).toEqual(invalid({ employeeId: 'Employee is required' }));
    expect((await refused(() => approveWeek({ employeeId: technician.id }))).body).toEqual(invalid({ week: 'Week is required' }));
  });
});

describe('GET /api/time-logs/weekly', () => {
  it('answers the technician’s own minutes per week and state, the last 8 weeks by default, oldest first', async () => {
    const technician = await approvedTechnician(shop);
    const colleague = await approvedTechnician(shop);
    const thisWeek = await logged(technician, { date: SHOP_TODAY, startTime: '00:00', endTime: '02:00' });
    const lastWeekA = await logged(technician, { date: day(-7), startTime: '09:00', endTime: '10:30' });
    const lastWeekB = await logged(technician, { date: day(-1), startTime: '09:00', endTime: '09:45' });
    const lastWeekC = await logged(technician, { date: day(-3), startTime: '09:00', endTime: '09:20' });
    await logged(technician, { date: day(-7 * 8), startTime: '09:00', endTime: '10:00' }); // 9 weeks ago: outside
    await logged(colleague, { date: day(-7), startTime: '09:00', endTime: '17:00' });
    await approve(lastWeekA.id, { expectedVersion: 1 });
    await reject(lastWeekB.id, { reason: 'Not on the rota', expectedVersion: 1 });

    const response = await weekly(technician);
    expect(response.status).toBe(200);
    const zero = { totalMinutes: 0, approvedMinutes: 0, submittedMinutes: 0, rejectedMinutes: 0 };
    expect(response.body.weeks).toEqual([
      ...[7, 6, 5, 4, 3, 2].map((back) => ({ week: day(-7 * back), ...zero })),
      { week: day(-7), totalMinutes: 90 + 45 + 20, approvedMinutes: 90, submittedMinutes: 20, rejectedMinutes: 45 },
      { week: SHOP_TODAY, totalMinutes: 120, approvedMinutes: 0, submittedMinutes: 120, rejectedMinutes: 0 },
    ]);
    expect(thisWeek.reviewState).toBe('SUBMITTED');
    expect(lastWeekC.reviewState).toBe('SUBMITTED');
  });

  it('answers the weeks holding from … to (any days of them)', async () => {
    const technician = await approvedTechnician(shop);
    await logged(technician, { date: day(-12), startTime: '09:00', endTime: '10:00' });
    const response = await weekly(technician, { from: day(-10), to: day(-5) });
    expect(response.body.weeks).toEqual([
      { week: day(-14), totalMinutes: 60, approvedMinutes: 0, submittedMinutes: 60, rejectedMinutes: 0 },
      { week: day(-7), totalMinutes: 0, approvedMinutes: 0, submittedMinutes: 0, rejectedMinutes: 0 },
    ]);
  });

  it('refuses to before from, a period over 53 weeks and bad dates (400)', async () => {
    const technician = await approvedTechnician(shop);
    expect((await weekly(technician, { from: day(-1), to: day(-20) })).body).toEqual(invalid({ to: 'To must not be before From' }));
    expect((await weekly(technician, { from: day(10) })).body).toEqual(invalid({ to: 'To must not be before From' }));
    expect((await weekly(technician, { from: day(-7 * 53), to: SHOP_TODAY })).body).toEqual(invalid({ to: 'The period can be at most 53 weeks' }));
    expect((await weekly(technician, { from: day(-7 * 52), to: SHOP_TODAY })).body.weeks).toHaveLength(53);
    expect((await weekly(technician, { from: 'last week' })).body).toEqual(invalid({ from: 'From must be a valid date (YYYY-MM-DD)' }));
  });

  it('is the technician’s own: an admin or a customer gets 403, no token 401', async () => {
    const customer = await signUp(shop.app);
    for (const person of [shop.admin, customer]) {
      const response = await weekly(person);
      expect(response.status).toBe(403);
      expect(response.body).toEqual(ACCESS_DENIED);
    }
    const anonymous = await call(shop.app, 'GET', '/api/time-logs/weekly');
    expect(anonymous.status).toBe(401);
  });
});

import { ACCESS_DENIED, type ApiResponse, call, failure, invalid, type Json } from '../helpers/http';
import { approvedTechnician, assigned, booked, day, http, listen, login, type Person, type Shop, signUp, startShop } from '../helpers/shop';

/**
 * Technician accounts start pending: the Staff page (GET /api/staff) lists them; an admin approves
 * (POST /api/employees/:id/approve) before they can be assigned or work jobs, and can deactivate them
 * (POST /api/employees/:id/deactivate): no sign-in, sessions revoked, not-started jobs back to Awaiting Assignment.
 */

const AWAITING_APPROVAL = failure('Your account is awaiting approval by an administrator.');
const PASSWORD = 'correct-horse-1';

let shop: Shop;
let base: string;

beforeAll(async () => {
  shop = await startShop();
  base = await listen(shop.app);
});

afterAll(async () => {
  await shop.close();
});

let jobDays = 0;
function nextDay(): string {
  jobDays += 1;
  return day(jobDays);
}

function staffList(token = shop.admin.token): Promise<ApiResponse> {
  return call(shop.app, 'GET', '/api/staff', { token });
}

async function staffEntry(person: Person): Promise<Json> {
  const response = await staffList();
  expect(response.status).toBe(200);
  return response.body.find((member: Json) => member.id === person.id);
}

function act(action: 'approve' | 'deactivate', person: { id: string }, token = shop.admin.token): Promise<ApiResponse> {
  return call(shop.app, 'POST', `/api/employees/${person.id}/${action}`, { token, body: {} });
}

async function assignableIds(): Promise<string[]> {
  const response = await call(shop.app, 'GET', '/api/employees', { token: shop.admin.token });
  expect(response.status).toBe(200);
  return response.body.map((employee: Json) => employee.id);
}

function assign(job: Json, person: Person): Promise<ApiResponse> {
  return call(shop.app, 'POST', `/api/appointments/${job.id}/assign`, { token: shop.admin.token, body: { employeeId: person.id } });
}

async function setStatus(job: Json, person: Person, status: string): Promise<void> {
  const response = await call(shop.app, 'PATCH', `/api/appointments/${job.id}/status`, { token: person.token, body: { status } });
  if (response.status !== 200) throw new Error(`status change failed: ${response.status} ${response.text}`);
}

/** Another ADMIN account (registered, then promoted in the database: there is no API to make admins). */
async function secondAdmin(): Promise<Person> {
  const person = await signUp(shop.app, 'CUSTOMER', { fullName: 'Second Admin' });
  await shop.app.db.updateTable('users').set({ role: 'ADMIN' }).where('id', '=', person.id).execute();
  return login(shop.app, person.email, PASSWORD);
}

describe('a newly registered technician', () => {
  it('starts pending: signs in, the profile says PENDING, not assignable, and the job endpoints answer 403', async () => {
    const tech = await signUp(shop.app, 'EMPLOYEE', { fullName: 'Nimal Pending', department: 'Engine', employeeId: 'EMP-77' });
    const signedIn = await login(shop.app, tech.email, PASSWORD);
    const profile = await call(shop.app, 'GET', '/api/auth/profile', { token: signedIn.token });
    expect(profile.status).toBe(200);
    expect(profile.body).toMatchObject({ role: 'EMPLOYEE', approvalStatus: 'PENDING', isActive: true });

    expect(await staffEntry(tech)).toEqual({
      id: tech.id,
      fullName: 'Nimal Pending',
      email: tech.email,
      emailVerified: false,
      phoneNumber: '555-0100',
      department: 'Engine',
      employeeId: 'EMP-77',
      state: 'PENDING',
      registeredAt: expect.stringMatching(/^\d{4}-\d{2}-\d{2}T/),
      jobsInProgress: 0,
    });
    expect(await assignableIds()).not.toContain(tech.id);

    const customer = await signUp(shop.app);
    const job = await booked(shop.app, customer.token, { date: nextDay() });
    const refused = await assign(job, tech);
    expect(refused.status).toBe(409);
    expect(refused.body).toEqual(failure('Nimal Pending is awaiting approval and cannot be assigned yet.'));
    const unchanged = await call(shop.app, 'GET', `/api/appointments/${job.id}`, { token: shop.admin.token });
    expect(unchanged.body).toMatchObject({ status: 'PENDING', version: job.version });
    expect(unchanged.body.assignedEmployee).toBeUndefined();

    const requests: [string, string, unknown?][] = [
      ['GET', '/api/appointments'],
      ['GET', '/api/appointments/counts'],
      ['GET', `/api/appointments/${job.id}`],
      ['PATCH', `/api/appointments/${job.id}/status`, { status: 'in_progress' }],
      ['GET', '/api/time-logs'],
      ['POST', '/api/time-logs', { date: day(0), startTime: '09:00', endTime: '10:00', description: 'Waiting' }],
    ];
    for (const [method, path, body] of requests) {
      const response = await call(shop.app, method as 'GET', path, { token: signedIn.token, ...(body !== undefined && { body }) });
      expect({ method, path, status: response.status, body: response.body }).toEqual({ method, path, status: 403, body: AWAITING_APPROVAL });
    }
    const logs = await shop.app.db.selectFrom('time_logs').select('id').where('employee_id', '=', tech.id).execute();
    expect(logs).toEqual([]);
  });

  it('customers and admins have no approval state in their profile or their sign-in answer', async () => {
    const customer = await signUp(shop.app);
    for (const person of [customer, shop.admin]) {
      const profile = await call(shop.app, 'GET', '/api/auth/profile', { token: person.token });
      expect(profile.body).not.toHaveProperty('approvalStatus');
    }
    const signedIn = await call(shop.app, 'POST', '/api/auth/login', { body: { email: customer.email, password: PASSWORD } });
    expect(signedIn.body).not.toHaveProperty('approvalStatus');
  });

  it("a technician's sign-in answer says whether they are approved, as the profile does", async () => {
    const tech = await signUp(shop.app, 'EMPLOYEE', { fullName: 'Kasun Waiting' });
    const before = await call(shop.app, 'POST', '/api/auth/login', { body: { email: tech.email, password: PASSWORD } });
    expect(before.body).toMatchObject({ roles: ['EMPLOYEE'], approvalStatus: 'PENDING' });
    expect((await call(shop.app, 'POST', `/api/employees/${tech.id}/approve`, { token: shop.admin.token })).status).toBe(200);
    const after = await call(shop.app, 'POST', '/api/auth/login', { body: { email: tech.email, password: PASSWORD } });
    expect(after.body).toMatchObject({ roles: ['EMPLOYEE'], approvalStatus: 'APPROVED' });
  });
});

describe('the whole journey', () => {
  it('pending → approved (listed, assignable, works) → deactivate returns not-started jobs and revokes sessions → approve reactivates', async () => {
    const tech = await signUp(shop.app, 'EMPLOYEE', { fullName: 'Journey Tech', department: 'Brakes' });
    const customer = await signUp(shop.app);
    const job = await booked(shop.app, customer.token, { date: nextDay() });
    expect((await assign(job, tech)).status).toBe(409);

    const approved = await act('approve', tech);
    expect(approved.status).toBe(200);
    expect(approved.body).toMatchObject({ id: tech.id, state: 'ACTIVE', approvedBy: shop.admin.fullName, approvedAt: expect.any(String) });
    expect(await assignableIds()).toContain(tech.id);
    const profile = await call(shop.app, 'GET', '/api/auth/profile', { token: tech.token });
    expect(profile.body.approvalStatus).toBe('APPROVED');
    // The session the technician already had now works for their jobs.
    expect((await call(shop.app, 'GET', '/api/appointments', { token: tech.token })).status).toBe(200);

    const confirmed = await assign(job, tech);
    expect(confirmed.status).toBe(200);
    expect(confirmed.body).toMatchObject({ status: 'CONFIRMED', assignedEmployee: { id: tech.id, fullName: 'Journey Tech' } });
    const second = await assigned(shop, customer, tech, { date: nextDay() });
    const done = await assigned(shop, customer, tech, { date: nextDay() });
    await setStatus(done, tech, 'completed');
    const secondSession = await login(shop.app, tech.email, PASSWORD);

    const deactivated = await act('deactivate', tech);
    expect(deactivated.status).toBe(200);
    expect(deactivated.body).toMatchObject({ id: tech.id, state: 'DEACTIVATED', jobsInProgress: 0 });

    // Its jobs not started go back to Awaiting Assignment (a new version); the completed one keeps its technician.
    for (const before of [confirmed.body, second]) {
      const after = await call(shop.app, 'GET', `/api/appointments/${before.id}`, { token: shop.admin.token });
      expect(after.body).toMatchObject({ status: 'PENDING', version: before.version + 1 });
      expect(after.body.assignedEmployee).toBeUndefined();
    }
    const completed = await call(shop.app, 'GET', `/api/appointments/${done.id}`, { token: shop.admin.token });
    expect(completed.body).toMatchObject({ status: 'COMPLETED', assignedEmployee: { id: tech.id } });

    // Every session is revoked at once: tokens refused, no new sign-in, no refresh.
    for (const token of [tech.token, secondSession.token]) {
      const response = await call(shop.app, 'GET', '/api/auth/profile', { token });
      expect(response.status).toBe(401);
    }
    const sessions = await shop.app.db.selectFrom('sessions').select('revoked_at').where('user_id', '=', tech.id).execute();
    expect(sessions.length).toBeGreaterThanOrEqual(2);
    expect(sessions.every((session) => session.revoked_at !== null)).toBe(true);
    const signIn = await call(shop.app, 'POST', '/api/auth/login', { body: { email: tech.email, password: PASSWORD } });
    expect(signIn.status).toBe(401);
    expect(signIn.body).toEqual(failure('Account is disabled'));
    expect(await assignableIds()).not.toContain(tech.id);
    const retry = await booked(shop.app, customer.token, { date: nextDay() });
    const refused = await assign(retry, tech);
    expect(refused.status).toBe(409);
    expect(refused.body).toEqual(failure('Journey Tech is deactivated and cannot be assigned.'));

    // Deactivating again changes nothing.
    const again = await act('deactivate', tech);
    expect(again.status).toBe(200);
    expect(again.body.state).toBe('DEACTIVATED');

    // Approving a deactivated technician reactivates the account.
    const reactivated = await act('approve', tech);
    expect(reactivated.body.state).toBe('ACTIVE');
    const back = await login(shop.app, tech.email, PASSWORD);
    expect((await call(shop.app, 'GET', '/api/appointments', { token: back.token })).status).toBe(200);
    expect(await assignableIds()).toContain(tech.id);
  });

  it('refuses to deactivate while jobs are in progress, naming how many; nothing changes', async () => {
    const tech = await approvedTechnician(shop, { fullName: 'Busy Deactivation Tech' });
    const customer = await signUp(shop.app);
    const first = await assigned(shop, customer, tech, { date: nextDay() });
    await setStatus(first, tech, 'in_progress');
    const waiting = await assigned(shop, customer, tech, { date: nextDay() });

    const one = await act('deactivate', tech);
    expect(one.status).toBe(409);
    expect(one.body).toEqual(failure('Busy Deactivation Tech has 1 job in progress. Complete it before deactivating.'));
    const second = await assigned(shop, customer, tech, { date: nextDay() });
    await setStatus(second, tech, 'in_progress');
    const two = await act('deactivate', tech);
    expect(two.status).toBe(409);
    expect(two.body).toEqual(failure('Busy Deactivation Tech has 2 jobs in progress. Complete them before deactivating.'));

    expect(await staffEntry(tech)).toMatchObject({ state: 'ACTIVE', jobsInProgress: 2 });
    const still = await call(shop.app, 'GET', `/api/appointments/${waiting.id}`, { token: shop.admin.token });
    expect(still.body).toMatchObject({ status: 'CONFIRMED', version: waiting.version });
    expect((await call(shop.app, 'GET', '/api/auth/profile', { token: tech.token })).status).toBe(200);

    await setStatus(first, tech, 'completed');
    await setStatus(second, tech, 'completed');
    expect((await act('deactivate', tech)).status).toBe(200);
  });

  it('a pending technician can be deactivated (turned down) and approved later', async () => {
    const tech = await signUp(shop.app, 'EMPLOYEE', { fullName: 'Turned Down Tech' });
    expect((await act('deactivate', tech)).body.state).toBe('DEACTIVATED');
    expect((await call(shop.app, 'GET', '/api/auth/profile', { token: tech.token })).status).toBe(401);
    expect((await act('approve', tech)).body.state).toBe('ACTIVE');
  });
});

describe('the Staff list', () => {
  it('lists technicians only, pending first, then active, then deactivated, by name within each', async () => {
    const active = await approvedTechnician(shop, { fullName: 'Aaa Order Active' });
    const pending = await signUp(shop.app, 'EMPLOYEE', { fullName: 'Zzz Order Pending' });
    const gone = await approvedTechnician(shop, { fullName: 'Aaa Order Gone' });
    await act('deactivate', gone);
    const customer = await signUp(shop.app, 'CUSTOMER', { fullName: 'Aaa Order Customer' });

    const response = await staffList();
    expect(response.status).toBe(200);
    const members: Json[] = response.body;
    const ids = members.map((member) => member.id);
    expect(ids).not.toContain(customer.id);
    expect(ids).not.toContain(shop.admin.id);
    const rank = { PENDING: 0, ACTIVE: 1, DEACTIVATED: 2 } as Record<string, number>;
    const keys = members.map((member) => [rank[member.state], member.fullName] as const);
    const sorted = [...keys].sort((a, b) => a[0] - b[0] || (a[1] < b[1] ? -1 : a[1] > b[1] ? 1 : 0));
    expect(keys).toEqual(sorted);
    expect(ids.indexOf(pending.id)).toBeLessThan(ids.indexOf(active.id));
    expect(ids.indexOf(active.id)).toBeLessThan(ids.indexOf(gone.id));
  });
});

describe('who may use the Staff endpoints', () => {
  it('admins only: technicians and customers get 403, strangers 401', async () => {
    const tech = await approvedTechnician(shop);
    const pending = await signUp(shop.app, 'EMPLOYEE');
    const customer = await signUp(shop.app);
    for (const person of [tech, pending, customer]) {
      expect(await staffList(person.token)).toMatchObject({ status: 403, body: ACCESS_DENIED });
      for (const action of ['approve', 'deactivate'] as const) {
        expect(await act(action, pending, person.token)).toMatchObject({ status: 403, body: ACCESS_DENIED });
      }
    }
    expect((await call(shop.app, 'GET', '/api/staff')).status).toBe(401);
    expect((await call(shop.app, 'POST', `/api/employees/${pending.id}/approve`, { body: {} })).status).toBe(401);
    expect((await staffEntry(pending)).state).toBe('PENDING');
  });

  it('404 for an unknown id or someone who is not a technician; 400 for a malformed id', async () => {
    const customer = await signUp(shop.app);
    for (const target of [{ id: '00000000-0000-4000-8000-000000000000' }, customer, shop.admin]) {
      for (const action of ['approve', 'deactivate'] as const) {
        const response = await act(action, target);
        expect(response.status).toBe(404);
        expect(response.body).toEqual(failure('Employee not found'));
      }
    }
    const malformed = await act('approve', { id: 'not-an-id' });
    expect(malformed.status).toBe(400);
    expect(malformed.body).toEqual(invalid({ id: 'Employee is not a valid id' }));
    const stillCustomer = await call(shop.app, 'GET', '/api/auth/profile', { token: customer.token });
    expect(stillCustomer.body.role).toBe('CUSTOMER');
  });
});

describe('two admins at once', () => {
  it('approving the same technician together: both see it approved, one approval is recorded', async () => {
    const other = await secondAdmin();
    for (let round = 0; round < 5; round += 1) {
      const tech = await signUp(shop.app, 'EMPLOYEE', { fullName: `Concurrent Approval ${round}` });
      const answers = await Promise.all(
        [shop.admin, other, shop.admin, other].map((admin) => http(base, 'POST', `/api/employees/${tech.id}/approve`, { token: admin.token, body: {} })),
      );
      expect(answers.map((answer) => answer.status)).toEqual([200, 200, 200, 200]);
      const row = await shop.app.db.selectFrom('users').select(['approved_at', 'approved_by']).where('id', '=', tech.id).executeTakeFirstOrThrow();
      const approver = row.approved_by === shop.admin.id ? shop.admin.fullName : 'Second Admin';
      expect([shop.admin.id, other.id]).toContain(row.approved_by);
      for (const answer of answers) {
        expect(answer.body).toMatchObject({ state: 'ACTIVE', approvedBy: approver, approvedAt: new Date(row.approved_at as Date).toISOString() });
      }
    }
  });

  it('deactivating together: both see it deactivated, its jobs return once (one version step)', async () => {
    const other = await secondAdmin();
    const tech = await approvedTechnician(shop, { fullName: 'Concurrent Deactivation' });
    const customer = await signUp(shop.app);
    const job = await assigned(shop, customer, tech, { date: nextDay() });
    const answers = await Promise.all(
      [shop.admin, other, shop.admin].map((admin) => http(base, 'POST', `/api/employees/${tech.id}/deactivate`, { token: admin.token, body: {} })),
    );
    expect(answers.map((answer) => [answer.status, answer.body.state])).toEqual([
      [200, 'DEACTIVATED'],
      [200, 'DEACTIVATED'],
      [200, 'DEACTIVATED'],
    ]);
    const after = await call(shop.app, 'GET', `/api/appointments/${job.id}`, { token: shop.admin.token });
    expect(after.body).toMatchObject({ status: 'PENDING', version: job.version + 1 });
  });

  it('assigning and deactivating at once: the job never ends up with a deactivated technician', async () => {
    const customer = await signUp(shop.app);
    for (let round = 0; round < 5; round += 1) {
      const tech = await approvedTechnician(shop, { fullName: `Race Tech ${round}` });
      const job = await booked(shop.app, customer.token, { date: nextDay() });
      const [assignment, deactivation] = await Promise.all([
        http(base, 'POST', `/api/appointments/${job.id}/assign`, { token: shop.admin.token, body: { employeeId: tech.id } }),
        http(base, 'POST', `/api/employees/${tech.id}/deactivate`, { token: shop.admin.token, body: {} }),
      ]);
      expect(deactivation.status).toBe(200);
      expect([200, 409]).toContain(assignment.status);
      const after = await call(shop.app, 'GET', `/api/appointments/${job.id}`, { token: shop.admin.token });
      expect(after.body.status).toBe('PENDING');
      expect(after.body.assignedEmployee).toBeUndefined();
    }
  });
});

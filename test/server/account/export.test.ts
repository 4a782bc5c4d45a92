/**
 * GET /api/account/export — "Download my data": the account and what it owns, as its role has it, as a
 * JSON download; nobody else's data (beyond the name on a job), and no password hash, Google id or token.
 */
import { call, type Json, succeeded } from '../helpers/http';
import { approvedTechnician, assigned, day, dayCounter, type Person, signUp, useShop, verifiedCustomer } from '../helpers/shop';

const shop = useShop();

const nextDay = dayCounter();

async function exportOf(person: Person) {
  const response = await call(shop.app, 'GET', '/api/account/export', { token: person.token });
  expect(response.status).toBe(200);
  expect(response.headers['content-disposition']).toBe('attachment; filename="carcare-account.json"');
  expect(response.headers['content-type']).toMatch(/^application\/json/);
  expect(response.headers['cache-control']).toBe('no-store');
  return { body: response.body as Json, text: response.text };
}

/** Nothing secret in the download: no password hash, no Google id, no token of any kind. */
async function expectNoSecrets(person: Person, text: string): Promise<void> {
  const row = await shop.app.db.selectFrom('users').select(['password_hash', 'google_sub']).where('id', '=', person.id).executeTakeFirstOrThrow();
  expect(text).not.toContain('$argon2');
  if (row.password_hash) expect(text).not.toContain(row.password_hash);
  if (row.google_sub) expect(text).not.toContain(row.google_sub);
  expect(text).not.toContain(person.token);
  const hashes = await shop.app.db.selectFrom('account_tokens').select('token_hash').where('user_id', '=', person.id).execute();
  for (const { token_hash } of hashes) expect(text).not.toContain(token_hash);
  expect(text).not.toMatch(/"(passwordHash|password_hash|googleSub|google_sub|token_hash|refreshToken)"/);
}

describe('GET /api/account/export', () => {
  let ada: Person;
  let bob: Person;
  let tess: Person;
  let otto: Person;
  let jobs: Json[];

  beforeAll(async () => {
    ada = await verifiedCustomer(shop.app, { fullName: 'Ada Exporter', phoneNumber: '555-0111', address: '1 Ada Road' });
    bob = await verifiedCustomer(shop.app, { fullName: 'Bob Bystander', phoneNumber: '555-0222', address: '2 Bob Road' });
    tess = await approvedTechnician(shop, { fullName: 'Tess Technician' });
    otto = await approvedTechnician(shop, { fullName: 'Otto Other' });
    const adaCar = await succeeded(call(shop.app, 'POST', '/api/vehicles', { token: ada.token, body: { plate: 'ADA-1', make: 'Toyota', model: 'Corolla' } }));
    const bobCar = await succeeded(call(shop.app, 'POST', '/api/vehicles', { token: bob.token, body: { plate: 'BOB-2', make: 'Honda', model: 'Civic' } }));
    jobs = [
      await assigned(shop, ada, tess, { vehicleId: adaCar.id, date: nextDay(), slot: '09:00', notes: 'Ada notes: squeaky brakes' }),
      await assigned(shop, bob, tess, { vehicleId: bobCar.id, date: nextDay(), slot: '10:00', notes: 'Bob notes: call my wife' }),
      await assigned(shop, bob, otto, { vehicleId: bobCar.id, date: nextDay(), slot: '11:00' }),
    ];
    await succeeded(call(shop.app, 'PATCH', `/api/appointments/${jobs[0].id}/status`, { token: tess.token, body: { status: 'in_progress' } }));
    for (const [who, description] of [
      [tess, 'Tess log: brake pads'],
      [otto, 'Otto log: secret work'],
    ] as const) {
      await succeeded(call(shop.app, 'POST', '/api/time-logs', { token: who.token, body: { date: day(0), startTime: '08:00', endTime: '08:30', description } }));
    }
  });

  it("a customer: the account, their vehicles, jobs and notifications — none of another customer's", async () => {
    const { body, text } = await exportOf(ada);
    expect(body.exportedAt).toBe(new Date(shop.clock.now()).toISOString());
    expect(body.account).toMatchObject({
      id: ada.id,
      email: ada.email,
      fullName: 'Ada Exporter',
      phoneNumber: '555-0111',
      address: '1 Ada Road',
      role: 'CUSTOMER',
      emailVerified: true,
      emailNotifications: true,
      signInWithPassword: true,
      signInWithGoogle: false,
    });
    expect(body.vehicles).toEqual([expect.objectContaining({ plate: 'ADA-1', make: 'Toyota', model: 'Corolla' })]);
    expect(body.jobs.map((job: Json) => job.id)).toEqual([jobs[0].id]);
    expect(body.jobs[0]).toMatchObject({ notes: 'Ada notes: squeaky brakes', customer: { id: ada.id, email: ada.email }, vehicle: { plate: 'ADA-1' }, status: 'IN_PROGRESS' });
    // Their technician is a name on the job, nothing more.
    expect(body.jobs[0].assignedEmployee).toEqual({ fullName: 'Tess Technician' });
    expect(body.timeLogs).toEqual([]);
    expect(body.notifications.map((item: Json) => item.kind).sort()).toEqual(['JOB_ASSIGNED', 'JOB_STARTED']);

    for (const foreign of [bob.email, 'Bob Bystander', '555-0222', '2 Bob Road', 'BOB-2', 'Bob notes', tess.email, 'Tess log', 'Otto']) expect([foreign, text.includes(foreign)]).toEqual([foreign, false]);
    await expectNoSecrets(ada, text);
  });

  it('a technician: the jobs assigned to them (with the customer as a name only), their time logs and notifications', async () => {
    const { body, text } = await exportOf(tess);
    expect(body.account).toMatchObject({ id: tess.id, email: tess.email, role: 'EMPLOYEE', approvalStatus: 'APPROVED' });
    expect(body.vehicles).toEqual([]);
    expect(body.jobs.map((job: Json) => job.id).sort()).toEqual([jobs[0].id, jobs[1].id].sort());
    const bobs = body.jobs.find((job: Json) => job.id === jobs[1].id);
    expect(bobs.customer).toEqual({ fullName: 'Bob Bystander' });
    expect(bobs.vehicle).toEqual({ make: 'Honda', model: 'Civic' });
    expect(bobs.notes).toBeUndefined();
    expect(body.timeLogs).toEqual([expect.objectContaining({ employeeId: tess.id, description: 'Tess log: brake pads', durationMinutes: 30 })]);
    expect(body.notifications.map((item: Json) => item.kind)).toEqual(['JOB_ASSIGNED', 'JOB_ASSIGNED']);

    // The customers' contact details and notes are theirs, not the technician's; another technician's work neither.
    for (const foreign of [ada.email, bob.email, '555-0111', '555-0222', '1 Ada Road', '2 Bob Road', 'Ada notes', 'Bob notes', 'Otto log', otto.email, jobs[2].id]) {
      expect([foreign, text.includes(foreign)]).toEqual([foreign, false]);
    }
    // A plate appears only where the technician read it: in their own notifications, as the app showed them.
    const { notifications: _told, ...rest } = body;
    for (const plate of ['ADA-1', 'BOB-2']) expect([plate, JSON.stringify(rest).includes(plate)]).toEqual([plate, false]);
    await expectNoSecrets(tess, text);
  });

  it('an admin: the account and their notifications', async () => {
    const { body, text } = await exportOf(shop.admin);
    expect(body.account).toMatchObject({ id: shop.admin.id, role: 'ADMIN', emailVerified: true });
    expect(body.vehicles).toEqual([]);
    expect(body.jobs).toEqual([]);
    expect(body.timeLogs).toEqual([]);
    expect(body.notifications.length).toBeGreaterThanOrEqual(3);
    expect(body.notifications.every((item: Json) => item.kind === 'BOOKING_RECEIVED')).toBe(true);
    for (const foreign of [ada.email, bob.email, '555-0111', '1 Ada Road', 'Ada notes', 'Tess log']) expect([foreign, text.includes(foreign)]).toEqual([foreign, false]);
    await expectNoSecrets(shop.admin, text);
  });

  it('a Google account shows how it signs in, never the Google id; a newcomer gets empty lists', async () => {
    const user = await shop.app.users.create({
      email: `google.export.${Date.now()}@example.com`,
      passwordHash: null,
      fullName: 'Gus Google',
      phoneNumber: '',
      address: '',
      role: 'CUSTOMER',
      googleSub: 'google-sub-export-0001',
      emailVerified: true,
    });
    const session = await shop.app.sessions.start(user, 'test');
    const person: Person = { id: user.id, email: user.email, fullName: user.full_name, token: session.token };
    const { body, text } = await exportOf(person);
    expect(body.account).toMatchObject({ signInWithPassword: false, signInWithGoogle: true });
    expect(body).toMatchObject({ vehicles: [], jobs: [], timeLogs: [], notifications: [] });
    await expectNoSecrets(person, text);
  });

  it('needs a signed-in caller', async () => {
    expect((await call(shop.app, 'GET', '/api/account/export')).status).toBe(401);
    const pending = await signUp(shop.app, 'EMPLOYEE');
    // A technician awaiting approval has no jobs, but their account is theirs to download.
    expect((await exportOf(pending)).body.account).toMatchObject({ approvalStatus: 'PENDING' });
  });
});

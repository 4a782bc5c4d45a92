/**
 * POST /api/account/close: a customer's personal data is anonymised while their jobs stay; a technician
 * is deactivated under the Staff page's rules; the last active admin cannot leave, even when two try at once.
 * Every session ends; one transaction.
 */
import { sql } from 'kysely';
import { ACCOUNT_MESSAGES } from '../../../server/src/contract/account';
import { jobsInProgressMessage } from '../../../server/src/contract/employees';
import { anotherAdmin } from '../notifications/helpers';
import { call, failure, invalid, type Json, succeeded } from '../helpers/http';
import { ADMIN, approvedTechnician, assigned, booked, dayCounter, http, listen, login, type Person, signUp, startShop, useShop, verifiedCustomer } from '../helpers/shop';

const PASSWORD = 'correct-horse-1';

const shop = useShop();

const nextDay = dayCounter();

const close = (person: Person, body: Record<string, unknown> = { currentPassword: PASSWORD }) => call(shop.app, 'POST', '/api/account/close', { token: person.token, body });
/** Every row of `table` whose JSON holds one of `needles` (case-insensitive). */
async function rowsHolding(table: string, needles: string[]): Promise<unknown[]> {
  const { rows } = await sql<{ row: unknown }>`SELECT to_jsonb(t) AS row FROM ${sql.table(table)} t`.execute(shop.app.db);
  return rows.map(({ row }) => row).filter((row) => needles.some((needle) => JSON.stringify(row).toLowerCase().includes(needle.toLowerCase())));
}

describe('a customer closes their account', () => {
  it('needs the current password: missing or wrong is 400 and changes nothing', async () => {
    const customer = await signUp(shop.app);
    expect(await close(customer, {})).toMatchObject({ status: 400, body: invalid({ currentPassword: ACCOUNT_MESSAGES.currentPasswordRequired }) });
    expect(await close(customer, { currentPassword: 'not-it' })).toMatchObject({ status: 400, body: invalid({ currentPassword: ACCOUNT_MESSAGES.currentPasswordWrong }) });
    expect((await call(shop.app, 'GET', '/api/auth/profile', { token: customer.token })).body).toMatchObject({ email: customer.email, isActive: true });
  });

  it('leaves no personal data in users, vehicles, notifications or outbox rows; the jobs stay; every session ends', async () => {
    const fullName = 'Priyanka Closewell';
    const phone = '+94 77 555 0199';
    const street = '42 Vanishing Lane';
    const customer = await verifiedCustomer(shop.app, { fullName, phoneNumber: phone, address: street });
    const elsewhere = await login(shop.app, customer.email, PASSWORD);
    const technician = await approvedTechnician(shop, { fullName: 'Tech Keeper' });
    const plates = ['CLS-4821', 'CLS-9000'];
    const [corolla, leaf] = [
      await succeeded(call(shop.app, 'POST', '/api/vehicles', { token: customer.token, body: { plate: plates[0], make: 'Toyota', model: 'Corolla' } })),
      await succeeded(call(shop.app, 'POST', '/api/vehicles', { token: customer.token, body: { plate: plates[1], make: 'Nissan', model: 'Leaf' } })),
    ];
    // A completed job (with the customer's notes), one in progress, one booked and assigned, one only booked.
    const done = await assigned(shop, customer, technician, { vehicleId: corolla.id, date: nextDay(), slot: '09:00', notes: `Call ${phone} when ready` });
    await succeeded(call(shop.app, 'PATCH', `/api/appointments/${done.id}/status`, { token: technician.token, body: { status: 'in_progress' } }));
    await succeeded(call(shop.app, 'PATCH', `/api/appointments/${done.id}/status`, { token: technician.token, body: { status: 'completed' } }));
    const working = await assigned(shop, customer, technician, { vehicleId: leaf.id, date: nextDay(), slot: '10:00' });
    await succeeded(call(shop.app, 'PATCH', `/api/appointments/${working.id}/status`, { token: technician.token, body: { status: 'in_progress' } }));
    const upcoming = await assigned(shop, customer, technician, { vehicleId: corolla.id, date: nextDay(), slot: '11:00' });
    const booking = await booked(shop.app, customer.token, { vehicleId: leaf.id, date: nextDay(), slot: '14:00', notes: 'Near the gate' });
    const tracking = await succeeded(call(shop.app, 'GET', `/api/appointments/${done.id}/tracking-link`, { token: customer.token }));
    await succeeded(call(shop.app, 'POST', '/api/newsletter', { body: { email: customer.email } }));
    // A pending address change and a reset link: rows naming the person in account_tokens and the outbox.
    const pending = `closing.next.${Date.now()}@example.com`;
    await succeeded(call(shop.app, 'PUT', '/api/account/email', { token: customer.token, body: { email: pending, currentPassword: PASSWORD } }));
    await succeeded(call(shop.app, 'POST', '/api/account/password/forgot', { body: { email: customer.email } }));
    await shop.app.account.afterAnswer.idle();

    const personal = [customer.email, fullName, phone, street, pending, ...plates];
    expect(await rowsHolding('notifications', personal)).not.toEqual([]);
    expect(await rowsHolding('email_outbox', personal)).not.toEqual([]);
    const jobsBefore = await shop.app.db.selectFrom('appointments').select(['id', 'status']).where('customer_id', '=', customer.id).orderBy('id').execute();
    expect(jobsBefore).toHaveLength(4);

    const response = await close(customer);
    expect(response).toMatchObject({ status: 200, body: { message: ACCOUNT_MESSAGES.accountClosed } });

    // Every session ended; no sign-in with the old address or password.
    for (const session of [customer, elsewhere]) expect((await call(shop.app, 'GET', '/api/auth/profile', { token: session.token })).status).toBe(401);
    expect((await call(shop.app, 'POST', '/api/auth/login', { body: { email: customer.email, password: PASSWORD } })).body).toEqual(failure('Email not found'));
    expect(await shop.app.db.selectFrom('sessions').select('id').where('user_id', '=', customer.id).execute()).toEqual([]);

    // users: the placeholder.
    const row = await shop.app.db.selectFrom('users').selectAll().where('id', '=', customer.id).executeTakeFirstOrThrow();
    expect(row).toMatchObject({
      email: `closed-${customer.id}@closed.invalid`,
      full_name: 'Closed account',
      phone_number: '',
      address: '',
      password_hash: null,
      google_sub: null,
      pending_email: null,
      email_verified_at: null,
      email_notifications: false,
      is_active: false,
    });
    // vehicles: plates replaced, the cars themselves kept.
    const vehicles = await shop.app.db.selectFrom('vehicles').select(['id', 'plate', 'make', 'model']).where('customer_id', '=', customer.id).orderBy('make').execute();
    expect(vehicles).toEqual([
      { id: leaf.id, plate: `CLOSED-${leaf.id.replace(/-/g, '').slice(-12).toUpperCase()}`, make: 'Nissan', model: 'Leaf' },
      { id: corolla.id, plate: `CLOSED-${corolla.id.replace(/-/g, '').slice(-12).toUpperCase()}`, make: 'Toyota', model: 'Corolla' },
    ].sort((a, b) => a.make.localeCompare(b.make)));

    // Nothing personal left in any of these tables, in any column (facts, texts, recipients).
    for (const table of ['users', 'vehicles', 'notifications', 'email_outbox', 'account_tokens', 'sessions', 'appointments', 'newsletter_subscribers']) {
      expect([table, await rowsHolding(table, personal)]).toEqual([table, []]);
    }
    expect(await shop.app.db.selectFrom('notifications').select('id').where('user_id', '=', customer.id).execute()).toEqual([]);
    expect(await shop.app.db.selectFrom('email_outbox').select('id').where('user_id', '=', customer.id).execute()).toEqual([]);
    expect(await shop.app.db.selectFrom('account_tokens').select('id').where('user_id', '=', customer.id).execute()).toEqual([]);

    // The jobs stay for the shop's records: done and in progress as they were, not started yet cancelled, no notes.
    const jobsAfter = await shop.app.db.selectFrom('appointments').select(['id', 'status', 'notes']).where('customer_id', '=', customer.id).execute();
    const statusOf = (id: string) => jobsAfter.find((job) => job.id === id)?.status;
    expect([statusOf(done.id), statusOf(working.id), statusOf(upcoming.id), statusOf(booking.id)]).toEqual(['COMPLETED', 'IN_PROGRESS', 'CANCELLED', 'CANCELLED']);
    expect(jobsAfter.every((job) => job.notes === null)).toBe(true);
    // The admin's board shows them under "Closed account"; the technician was told of the cancellation.
    const onBoard = await succeeded(call(shop.app, 'GET', `/api/appointments/${done.id}`, { token: shop.admin.token }));
    expect(onBoard.customer).toEqual({ id: customer.id, fullName: 'Closed account', email: `closed-${customer.id}@closed.invalid`, phoneNumber: '', emailVerified: false });
    const told = await succeeded(call(shop.app, 'GET', '/api/notifications', { token: technician.token }));
    const cancelled = told.items.filter((item: Json) => item.kind === 'BOOKING_CANCELLED');
    expect(cancelled).toEqual([expect.objectContaining({ appointmentId: upcoming.id })]);
    expect(cancelled[0].message).toContain("Closed account's Toyota Corolla (CLOSED-");
    expect(cancelled[0].message).toContain('was cancelled by Closed account.');
    // The tracking link stopped working.
    expect((await call(shop.app, 'GET', `/api/track/${tracking.token}`)).status).toBe(404);
    // The address can register again, as a new account.
    expect((await call(shop.app, 'POST', '/api/auth/register/customer', { body: { email: customer.email, password: PASSWORD, fullName, phoneNumber: phone } })).status).toBe(201);
  });

  it('a job completed after the account closed tells nobody at the old address, and writes nothing personal', async () => {
    const customer = await verifiedCustomer(shop.app, { fullName: 'Late Leaver' });
    const technician = await approvedTechnician(shop);
    const job = await assigned(shop, customer, technician, { date: nextDay(), slot: '15:00' });
    await succeeded(call(shop.app, 'PATCH', `/api/appointments/${job.id}/status`, { token: technician.token, body: { status: 'in_progress' } }));
    expect((await close(customer)).status).toBe(200);
    await succeeded(call(shop.app, 'PATCH', `/api/appointments/${job.id}/status`, { token: technician.token, body: { status: 'completed' } }));
    expect(await shop.app.db.selectFrom('notifications').select('id').where('user_id', '=', customer.id).execute()).toEqual([]);
    expect(await shop.app.db.selectFrom('email_outbox').select('id').where('appointment_id', '=', job.id).execute()).toEqual([]);
  });
});

describe('a technician closes their account', () => {
  it('is refused while a job is in progress (the Staff rule); otherwise deactivated, their upcoming jobs back to Awaiting Assignment', async () => {
    const customer = await signUp(shop.app);
    const technician = await approvedTechnician(shop, { fullName: 'Nimal Leaving' });
    const working = await assigned(shop, customer, technician, { date: nextDay(), slot: '09:00' });
    const upcoming = await assigned(shop, customer, technician, { date: nextDay(), slot: '10:00' });
    await succeeded(call(shop.app, 'PATCH', `/api/appointments/${working.id}/status`, { token: technician.token, body: { status: 'in_progress' } }));

    expect(await close(technician)).toMatchObject({ status: 409, body: failure(jobsInProgressMessage('Nimal Leaving', 1)) });
    await succeeded(call(shop.app, 'PATCH', `/api/appointments/${working.id}/status`, { token: technician.token, body: { status: 'completed' } }));

    expect(await close(technician)).toMatchObject({ status: 200, body: { message: ACCOUNT_MESSAGES.accountClosed } });
    expect((await call(shop.app, 'GET', '/api/auth/profile', { token: technician.token })).status).toBe(401);
    expect((await call(shop.app, 'POST', '/api/auth/login', { body: { email: technician.email, password: PASSWORD } })).body).toEqual(failure('Account is disabled'));
    const staff = await succeeded(call(shop.app, 'GET', '/api/staff', { token: shop.admin.token }));
    expect(staff.find((member: Json) => member.id === technician.id)).toMatchObject({ state: 'DEACTIVATED', fullName: 'Nimal Leaving', email: technician.email });
    const job = await succeeded(call(shop.app, 'GET', `/api/appointments/${upcoming.id}`, { token: shop.admin.token }));
    expect(job.status).toBe('PENDING');
    expect(job.assignedEmployee).toBeUndefined();
    // The job history records the technician as the one who let it go.
    const history = await shop.app.db.selectFrom('job_history').select(['event', 'actor_id']).where('appointment_id', '=', upcoming.id).orderBy('id', 'desc').executeTakeFirstOrThrow();
    expect(history).toEqual({ event: 'UNASSIGNED', actor_id: technician.id });
  });

  it('a technician awaiting approval closes too', async () => {
    const pending = await signUp(shop.app, 'EMPLOYEE');
    expect((await close(pending)).status).toBe(200);
    expect((await call(shop.app, 'POST', '/api/auth/login', { body: { email: pending.email, password: PASSWORD } })).body).toEqual(failure('Account is disabled'));
  });
});

describe('an admin closes their account', () => {
  it('the last active admin cannot (409 lastAdmin); with another active admin they can', async () => {
    const t = await startShop();
    try {
      const closeAdmin = (admin: Person, password: string) => call(t.app, 'POST', '/api/account/close', { token: admin.token, body: { currentPassword: password } });
      expect(await closeAdmin(t.admin, ADMIN.password)).toMatchObject({ status: 409, body: failure(ACCOUNT_MESSAGES.lastAdmin) });
      // An inactive admin does not count.
      await anotherAdmin(t, { active: false });
      expect((await closeAdmin(t.admin, ADMIN.password)).body).toEqual(failure(ACCOUNT_MESSAGES.lastAdmin));
      const second = await anotherAdmin(t);
      expect(await closeAdmin(t.admin, ADMIN.password)).toMatchObject({ status: 200, body: { message: ACCOUNT_MESSAGES.accountClosed } });
      expect((await call(t.app, 'POST', '/api/auth/login', { body: { email: ADMIN.email, password: ADMIN.password } })).body).toEqual(failure('Account is disabled'));
      // Now the other one is the last.
      expect((await closeAdmin(second, 'admin-password-2')).body).toEqual(failure(ACCOUNT_MESSAGES.lastAdmin));
    } finally {
      await t.close();
    }
  });

  it('two admins closing at once: exactly one succeeds and one active admin is left (real concurrent HTTP requests)', async () => {
    const t = await startShop();
    try {
      const base = await listen(t.app);
      for (let round = 0; round < 3; round += 1) {
        const [first, second] = round === 0 ? [t.admin, await anotherAdmin(t)] : [await anotherAdmin(t), await anotherAdmin(t)];
        // Only these two are active in this round.
        await t.app.db.updateTable('users').set({ is_active: false }).where('role', '=', 'ADMIN').where('id', 'not in', [first.id, second.id]).execute();
        const password = (admin: Person) => (admin.id === t.admin.id ? ADMIN.password : 'admin-password-2');
        const answers = await Promise.all([first, second].map((admin) => http(base, 'POST', '/api/account/close', { token: admin.token, body: { currentPassword: password(admin) } })));
        expect(answers.map((answer) => answer.status).sort()).toEqual([200, 409]);
        expect(answers.find((answer) => answer.status === 409)?.body).toEqual(failure(ACCOUNT_MESSAGES.lastAdmin));
        const active = await t.app.db.selectFrom('users').select('id').where('role', '=', 'ADMIN').where('is_active', '=', true).execute();
        expect(active).toHaveLength(1);
      }
    } finally {
      await t.close();
    }
  });
});

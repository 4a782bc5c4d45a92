/**
 * Stored notifications: written by the database with each change of a job, one per recipient, through
 * the real API flows; and the endpoints that list and mark them.
 */
import { sql } from 'kysely';
import { call, failure, invalid, type Json } from '../helpers/http';
import { approvedTechnician, assigned, booked, CENTERS, day, type Person, type Shop, signUp, startShop, verifiedCustomer } from '../helpers/shop';
import { anotherAdmin, mailsAbout, notificationsOf, toldAbout, when } from './helpers';

let shop: Shop;
let secondAdmin: Person;
let inactiveAdmin: Person;

beforeAll(async () => {
  shop = await startShop();
  secondAdmin = await anotherAdmin(shop);
  inactiveAdmin = await anotherAdmin(shop, { active: false });
});

afterAll(async () => {
  await shop?.close();
});

let slots = 0;
/** A date and slot no other test of this file uses (downtown has 4 bays; one job per slot here). */
function nextSlot(): { date: string; slot: string } {
  const all = ['09:00', '10:00', '11:00', '14:00', '15:00', '16:00'];
  const index = slots;
  slots += 1;
  return { date: day(1 + Math.floor(index / all.length)), slot: all[index % all.length] };
}

async function vehicle(customer: Person, plate: string, make = 'Toyota', model = 'Corolla'): Promise<string> {
  const response = await call(shop.app, 'POST', '/api/vehicles', { token: customer.token, body: { plate, make, model, year: 2018 } });
  if (response.status !== 201) throw new Error(`vehicle: ${response.status} ${response.text}`);
  return response.body.id;
}

async function status(person: Person, id: string, body: Record<string, unknown>): Promise<Json> {
  const response = await call(shop.app, 'PATCH', `/api/appointments/${id}/status`, { token: person.token, body });
  if (response.status !== 200) throw new Error(`status: ${response.status} ${response.text}`);
  return response.body;
}

let plates = 0;
const plate = () => {
  plates += 1;
  return `NTF-${plates.toString().padStart(3, '0')}`;
};

describe('who is told of what', () => {
  it('a booking: every active admin is told, not the customer, not another customer; the customer gets the e-mail', async () => {
    const customer = await verifiedCustomer(shop.app, { fullName: 'Amaya Jayasinghe' });
    const other = await verifiedCustomer(shop.app);
    const at = nextSlot();
    const job = await booked(shop.app, customer.token, { vehicleId: await vehicle(customer, 'CAB-4821'), serviceType: 'OIL_CHANGE', ...at, centerId: CENTERS.downtown });

    const told: [string, string, string] = [
      'BOOKING_RECEIVED',
      'New booking',
      `Amaya Jayasinghe booked Oil Change for their Toyota Corolla (CAB-4821) on ${when(at.date, at.slot)} at Downtown Workshop.`,
    ];
    expect(await toldAbout(shop, shop.admin, job.id)).toEqual([told]);
    expect(await toldAbout(shop, secondAdmin, job.id)).toEqual([told]);
    expect(await toldAbout(shop, inactiveAdmin, job.id)).toEqual([]);
    expect(await toldAbout(shop, customer, job.id)).toEqual([]);
    expect(await toldAbout(shop, other, job.id)).toEqual([]);

    const page = await notificationsOf(shop, shop.admin);
    expect(page.items[0]).toEqual({
      id: expect.any(String),
      kind: 'BOOKING_RECEIVED',
      appointmentId: job.id,
      title: told[1],
      message: told[2],
      createdAt: new Date(shop.clock.now()).toISOString(),
      readAt: null,
    });

    const mails = await mailsAbout(shop, job.id);
    expect(mails).toEqual([
      expect.objectContaining({
        user_id: customer.id,
        kind: 'BOOKING_RECEIVED',
        recipient: customer.email,
        subject: `We received your booking: Oil Change on ${when(at.date, at.slot)}`,
        message_id: expect.stringMatching(/^<[0-9a-f-]{36}@carcare\.local>$/),
        state: 'PENDING',
      }),
    ]);
    expect(mails[0].text_body).toContain('Hello Amaya Jayasinghe,\n\nWe received your booking.');
    expect(mails[0].text_body).toContain('  Vehicle: Toyota Corolla (CAB-4821)\n');
    expect(mails[0].text_body).toContain('  Where:   Downtown Workshop, 1200 Market Street, Springfield, IL 62701');
  });

  it('an assignment: the technician and the customer, never the admin who assigned it', async () => {
    const customer = await verifiedCustomer(shop.app, { fullName: 'Dinuka Herath' });
    const technician = await approvedTechnician(shop, { fullName: 'Kasun Silva' });
    const at = nextSlot();
    const job = await assigned(shop, customer, technician, { vehicleId: await vehicle(customer, 'WP-KL-4410', 'Suzuki', 'Swift'), serviceType: 'TIRE_ROTATION', ...at });

    expect(await toldAbout(shop, technician, job.id)).toEqual([
      ['JOB_ASSIGNED', 'New job assigned', `Tire Rotation on Dinuka Herath's Suzuki Swift (WP-KL-4410), ${when(at.date, at.slot)} at Downtown Workshop, is now assigned to you.`],
    ]);
    expect(await toldAbout(shop, customer, job.id)).toEqual([
      ['JOB_ASSIGNED', 'Technician assigned', `Kasun Silva will work on your Suzuki Swift (WP-KL-4410): Tire Rotation on ${when(at.date, at.slot)} at Downtown Workshop.`],
    ]);
    // The admins heard of the booking only.
    expect((await toldAbout(shop, shop.admin, job.id)).map(([kind]) => kind)).toEqual(['BOOKING_RECEIVED']);
    expect((await toldAbout(shop, secondAdmin, job.id)).map(([kind]) => kind)).toEqual(['BOOKING_RECEIVED']);
    expect((await mailsAbout(shop, job.id)).map((mail) => [mail.kind, mail.recipient, mail.subject])).toEqual([
      ['BOOKING_RECEIVED', customer.email, `We received your booking: Tire Rotation on ${when(at.date, at.slot)}`],
      ['JOB_ASSIGNED', customer.email, `Technician assigned: Tire Rotation on ${when(at.date, at.slot)}`],
    ]);
  });

  it('the technician starts, waits for parts, checks and completes: the customer is told (not of the quality check), nobody else', async () => {
    const customer = await verifiedCustomer(shop.app);
    const technician = await approvedTechnician(shop);
    const at = nextSlot();
    const job = await assigned(shop, customer, technician, { vehicleId: await vehicle(customer, plate(), 'Nissan', 'Leaf'), serviceType: 'BATTERY_CHECK', ...at });
    const vehicleText = `Nissan Leaf (NTF-${plates.toString().padStart(3, '0')})`;

    shop.clock.advance(60_000);
    await status(technician, job.id, { status: 'in_progress' });
    shop.clock.advance(60_000);
    await status(technician, job.id, { status: 'in_progress', stage: 'AWAITING_PARTS' });
    shop.clock.advance(60_000);
    await status(technician, job.id, { status: 'in_progress', stage: 'QUALITY_CHECK' });
    shop.clock.advance(60_000);
    await status(technician, job.id, { status: 'completed' });

    expect(await toldAbout(shop, customer, job.id)).toEqual([
      ['JOB_ASSIGNED', 'Technician assigned', expect.any(String)],
      ['JOB_STARTED', 'Work started', `Work has started on your ${vehicleText}: Battery Check.`],
      ['JOB_AWAITING_PARTS', 'Awaiting parts', `Your ${vehicleText} is waiting for parts: Battery Check will continue once they arrive.`],
      ['JOB_COMPLETED', 'Job completed', `Your ${vehicleText} is ready: Battery Check is completed.`],
      // Completing the job issued its invoice (billing).
      ['INVOICE_ISSUED', 'Invoice issued', expect.stringMatching(/^Invoice INV-2030-\d{6} for Battery Check on your Nissan Leaf \(NTF-\d{3}\): LKR 3,500\.00\.$/)],
    ]);
    expect((await toldAbout(shop, technician, job.id)).map(([kind]) => kind)).toEqual(['JOB_ASSIGNED']);
    expect((await toldAbout(shop, shop.admin, job.id)).map(([kind]) => kind)).toEqual(['BOOKING_RECEIVED']);
    expect((await mailsAbout(shop, job.id)).map((mail) => [mail.kind, mail.subject])).toEqual([
      ['BOOKING_RECEIVED', expect.any(String)],
      ['JOB_ASSIGNED', expect.any(String)],
      ['JOB_STARTED', `Work started on your ${vehicleText}`],
      ['JOB_AWAITING_PARTS', `Waiting for parts: your ${vehicleText}`],
      ['JOB_COMPLETED', `Your ${vehicleText} is ready`],
      ['INVOICE_ISSUED', expect.stringMatching(/^Invoice INV-2030-\d{6}: Battery Check on your /)],
    ]);
  });

  it("an admin's status change tells the customer too, and never that admin", async () => {
    const customer = await verifiedCustomer(shop.app);
    const technician = await approvedTechnician(shop);
    const job = await assigned(shop, customer, technician, { ...nextSlot() });
    shop.clock.advance(1000);
    await status(shop.admin, job.id, { status: 'completed' });
    expect((await toldAbout(shop, customer, job.id)).map(([kind]) => kind)).toEqual(['JOB_ASSIGNED', 'JOB_COMPLETED', 'INVOICE_ISSUED']);
    expect((await toldAbout(shop, shop.admin, job.id)).map(([kind]) => kind)).toEqual(['BOOKING_RECEIVED']);
    expect((await toldAbout(shop, technician, job.id)).map(([kind]) => kind)).toEqual(['JOB_ASSIGNED']);
  });

  it('the customer cancels: the technician and every admin are told who cancelled; the customer is not, and gets no e-mail', async () => {
    const customer = await verifiedCustomer(shop.app, { fullName: 'Sanduni Peiris' });
    const technician = await approvedTechnician(shop);
    const at = nextSlot();
    const job = await assigned(shop, customer, technician, { vehicleId: await vehicle(customer, 'CAD-9921', 'Mitsubishi', 'Outlander'), serviceType: 'BATTERY_CHECK', ...at });
    shop.clock.advance(1000);
    const response = await call(shop.app, 'POST', `/api/appointments/${job.id}/cancel`, { token: customer.token, body: {} });
    expect(response.status).toBe(200);

    const text = `Battery Check for Sanduni Peiris's Mitsubishi Outlander (CAD-9921) on ${when(at.date, at.slot)} at Downtown Workshop was cancelled by Sanduni Peiris.`;
    expect((await toldAbout(shop, technician, job.id)).at(-1)).toEqual(['BOOKING_CANCELLED', 'Booking cancelled', `${text} It is off your schedule.`]);
    expect((await toldAbout(shop, shop.admin, job.id)).at(-1)).toEqual(['BOOKING_CANCELLED', 'Booking cancelled', text]);
    expect((await toldAbout(shop, secondAdmin, job.id)).at(-1)).toEqual(['BOOKING_CANCELLED', 'Booking cancelled', text]);
    expect((await toldAbout(shop, customer, job.id)).map(([kind]) => kind)).toEqual(['JOB_ASSIGNED']);
    expect((await mailsAbout(shop, job.id)).map((mail) => mail.kind)).toEqual(['BOOKING_RECEIVED', 'JOB_ASSIGNED']);
  });

  it('an admin cancels: the other admins and the technician are told, not that admin', async () => {
    const customer = await verifiedCustomer(shop.app);
    const technician = await approvedTechnician(shop);
    const job = await assigned(shop, customer, technician, { ...nextSlot() });
    shop.clock.advance(1000);
    expect((await call(shop.app, 'POST', `/api/appointments/${job.id}/cancel`, { token: secondAdmin.token, body: {} })).status).toBe(200);

    expect((await toldAbout(shop, shop.admin, job.id)).at(-1)?.[2]).toMatch(/ was cancelled by Second Admin \d+\.$/);
    expect((await toldAbout(shop, technician, job.id)).at(-1)?.[0]).toBe('BOOKING_CANCELLED');
    expect((await toldAbout(shop, secondAdmin, job.id)).map(([kind]) => kind)).toEqual(['BOOKING_RECEIVED']);
    expect((await toldAbout(shop, customer, job.id)).map(([kind]) => kind)).toEqual(['JOB_ASSIGNED']);
  });

  it('a reschedule: the technician and the admins, with both times', async () => {
    const customer = await verifiedCustomer(shop.app, { fullName: 'Dilan Wickramasinghe' });
    const technician = await approvedTechnician(shop);
    const from = nextSlot();
    const to = nextSlot();
    const job = await assigned(shop, customer, technician, { vehicleId: await vehicle(customer, 'KY-5521', 'Mitsubishi', 'Outlander'), serviceType: 'BRAKE_INSPECTION', ...from });
    shop.clock.advance(1000);
    const response = await call(shop.app, 'POST', `/api/appointments/${job.id}/reschedule`, { token: customer.token, body: to });
    expect(response.body.status).toBe('CONFIRMED');

    const text = `Brake Inspection for Dilan Wickramasinghe's Mitsubishi Outlander (KY-5521) at Downtown Workshop moved from ${when(from.date, from.slot)} to ${when(to.date, to.slot)}.`;
    expect((await toldAbout(shop, technician, job.id)).at(-1)).toEqual(['BOOKING_RESCHEDULED', 'Booking rescheduled', text]);
    expect((await toldAbout(shop, shop.admin, job.id)).at(-1)).toEqual(['BOOKING_RESCHEDULED', 'Booking rescheduled', text]);
    expect((await toldAbout(shop, secondAdmin, job.id)).at(-1)).toEqual(['BOOKING_RESCHEDULED', 'Booking rescheduled', text]);
    expect((await toldAbout(shop, customer, job.id)).map(([kind]) => kind)).toEqual(['JOB_ASSIGNED']);
  });

  it('a reschedule that takes the job off a busy technician tells them so, and the admins that it needs a technician', async () => {
    const customer = await verifiedCustomer(shop.app);
    const technician = await approvedTechnician(shop);
    const from = nextSlot();
    const to = nextSlot();
    await assigned(shop, await verifiedCustomer(shop.app), technician, { ...to });
    const job = await assigned(shop, customer, technician, { ...from });
    shop.clock.advance(1000);
    const response = await call(shop.app, 'POST', `/api/appointments/${job.id}/reschedule`, { token: shop.admin.token, body: to });
    expect(response.body.status).toBe('PENDING');

    expect((await toldAbout(shop, technician, job.id)).at(-1)?.[2]).toMatch(
      / moved from .+ to .+\. You have another job at that time, so it is no longer assigned to you\.$/,
    );
    expect((await toldAbout(shop, secondAdmin, job.id)).at(-1)?.[2]).toMatch(/ moved from .+ to .+ and needs a technician again\.$/);
    // The admin who moved it is not told.
    expect((await toldAbout(shop, shop.admin, job.id)).map(([kind]) => kind)).toEqual(['BOOKING_RECEIVED']);
  });

  it('a refused change writes no notification and no e-mail; a rolled-back one neither', async () => {
    const customer = await verifiedCustomer(shop.app);
    const technician = await approvedTechnician(shop);
    const at = nextSlot();
    await assigned(shop, await verifiedCustomer(shop.app), technician, { ...at });
    const job = await booked(shop.app, customer.token, { ...at });
    const [notificationsBefore, mailsBefore] = await Promise.all([
      shop.app.db.selectFrom('notifications').select((eb) => eb.fn.countAll<string>().as('n')).executeTakeFirstOrThrow(),
      shop.app.db.selectFrom('email_outbox').select((eb) => eb.fn.countAll<string>().as('n')).executeTakeFirstOrThrow(),
    ]);
    // The technician already has a job at that time: 409, nothing written.
    const refused = await call(shop.app, 'POST', `/api/appointments/${job.id}/assign`, { token: shop.admin.token, body: { employeeId: technician.id } });
    expect(refused.status).toBe(409);
    // A change that fails after the job's row (and its history) was written rolls back whole.
    await expect(
      shop.app.db.transaction().execute(async (trx) => {
        await trx.updateTable('appointments').set({ status: 'CANCELLED', cancelled_at: new Date(shop.clock.now()).toISOString() }).where('id', '=', job.id).execute();
        expect(await trx.selectFrom('notifications').select('id').where('appointment_id', '=', job.id).where('kind', '=', 'BOOKING_CANCELLED').execute()).toHaveLength(2);
        throw new Error('roll back');
      }),
    ).rejects.toThrow('roll back');

    const [notificationsAfter, mailsAfter] = await Promise.all([
      shop.app.db.selectFrom('notifications').select((eb) => eb.fn.countAll<string>().as('n')).executeTakeFirstOrThrow(),
      shop.app.db.selectFrom('email_outbox').select((eb) => eb.fn.countAll<string>().as('n')).executeTakeFirstOrThrow(),
    ]);
    expect(Number(notificationsAfter.n)).toBe(Number(notificationsBefore.n));
    expect(Number(mailsAfter.n)).toBe(Number(mailsBefore.n));
  });
});

describe('GET /api/notifications, read, read all', () => {
  it('lists only my own, newest first, in pages, with the unread count', async () => {
    const customer = await verifiedCustomer(shop.app);
    const technician = await approvedTechnician(shop);
    const job = await assigned(shop, customer, technician, { ...nextSlot() });
    for (const body of [{ status: 'in_progress' }, { status: 'in_progress', stage: 'AWAITING_PARTS' }, { status: 'completed' }]) {
      shop.clock.advance(1000);
      await status(technician, job.id, body);
    }
    const first = await notificationsOf(shop, customer, '?limit=3');
    // Completing the job issued its invoice (billing): told just after.
    expect(first.unreadCount).toBe(5);
    expect(first.items.map((item: Json) => item.kind)).toEqual(['INVOICE_ISSUED', 'JOB_COMPLETED', 'JOB_AWAITING_PARTS']);
    expect(first.nextCursor).toEqual(expect.any(String));
    const second = await notificationsOf(shop, customer, `?limit=3&cursor=${first.nextCursor}`);
    expect(second.items.map((item: Json) => item.kind)).toEqual(['JOB_STARTED', 'JOB_ASSIGNED']);
    expect(second.nextCursor).toBeUndefined();
    expect(second.unreadCount).toBe(5);

    // Another customer sees none of them, and cannot read them.
    const other = await verifiedCustomer(shop.app);
    expect(await notificationsOf(shop, other)).toEqual({ items: [], unreadCount: 0 });
    expect(await call(shop.app, 'POST', `/api/notifications/${first.items[0].id}/read`, { token: other.token })).toMatchObject({
      status: 404,
      body: failure('Notification not found'),
    });
    expect(await call(shop.app, 'POST', '/api/notifications/00000000-0000-4000-8000-000000000000/read', { token: customer.token })).toMatchObject({
      status: 404,
      body: failure('Notification not found'),
    });
  });

  it('marks one read (once: the first time stays), then all', async () => {
    const customer = await verifiedCustomer(shop.app);
    const technician = await approvedTechnician(shop);
    const job = await assigned(shop, customer, technician, { ...nextSlot() });
    shop.clock.advance(1000);
    await status(technician, job.id, { status: 'in_progress' });
    const { items } = await notificationsOf(shop, customer);
    expect(items.map((item: Json) => item.kind)).toEqual(['JOB_STARTED', 'JOB_ASSIGNED']);
    expect(items).toHaveLength(2);

    shop.clock.advance(5000);
    const readAt = new Date(shop.clock.now()).toISOString();
    const read = await call(shop.app, 'POST', `/api/notifications/${items[0].id}/read`, { token: customer.token });
    expect(read).toMatchObject({ status: 200, body: { ...items[0], readAt } });
    shop.clock.advance(5000);
    const again = await call(shop.app, 'POST', `/api/notifications/${items[0].id}/read`, { token: customer.token });
    expect(again).toMatchObject({ status: 200, body: { readAt } });
    expect((await notificationsOf(shop, customer)).unreadCount).toBe(1);

    const all = await call(shop.app, 'POST', '/api/notifications/read-all', { token: customer.token });
    expect(all).toMatchObject({ status: 200, body: { unreadCount: 0 } });
    const after = await notificationsOf(shop, customer);
    expect(after.unreadCount).toBe(0);
    expect(after.items.map((item: Json) => item.readAt)).toEqual([readAt, new Date(shop.clock.now()).toISOString()]);
    // Someone else's read-all leaves mine alone (they had none unread).
    expect((await call(shop.app, 'POST', '/api/notifications/read-all', { token: technician.token })).body).toEqual({ unreadCount: 0 });
  });

  it('reads a notification an older server stored with its text as it was stored, next to ones worded now', async () => {
    const customer = await verifiedCustomer(shop.app);
    const technician = await approvedTechnician(shop);
    const job = await assigned(shop, customer, technician, { vehicleId: await vehicle(customer, plate(), 'Kia', 'Rio'), ...nextSlot() });
    shop.clock.advance(1000);
    const at = new Date(shop.clock.now()).toISOString();
    await sql`
      INSERT INTO notifications (user_id, kind, appointment_id, title, message, created_at)
      VALUES (${customer.id}, 'JOB_STARTED', ${job.id}, 'Work started', 'Work has started on your car, as an older server put it.', ${at})`.execute(shop.app.db);
    const { items } = await notificationsOf(shop, customer);
    expect(items.map((item: Json) => [item.kind, item.title, item.message])).toEqual([
      ['JOB_STARTED', 'Work started', 'Work has started on your car, as an older server put it.'],
      ['JOB_ASSIGNED', 'Technician assigned', expect.stringMatching(/^Technician \d+ will work on your Kia Rio \(NTF-\d+\): Oil Change on /)],
    ]);
    const read = await call(shop.app, 'POST', `/api/notifications/${items[0].id}/read`, { token: customer.token });
    expect(read.body).toMatchObject({ title: 'Work started', message: 'Work has started on your car, as an older server put it.' });
    // A row holds its text or its facts, never both.
    await expect(
      sql`
        INSERT INTO notifications (user_id, kind, audience, title, message, params, created_at)
        VALUES (${customer.id}, 'JOB_STARTED', 'CUSTOMER', 'Work started', 'Both.', '{}'::jsonb, ${at})`.execute(shop.app.db),
    ).rejects.toMatchObject({ code: '23514', constraint: 'notifications_stored_or_facts' });
  });

  it('works for every role, a technician awaiting approval too; 401 signed out; 400 for a bad id or cursor', async () => {
    const pending = await signUp(shop.app, 'EMPLOYEE');
    expect(await notificationsOf(shop, pending)).toEqual({ items: [], unreadCount: 0 });
    expect((await notificationsOf(shop, shop.admin)).unreadCount).toBeGreaterThan(0);

    for (const [method, url] of [
      ['GET', '/api/notifications'],
      ['POST', '/api/notifications/read-all'],
      ['POST', '/api/notifications/00000000-0000-4000-8000-000000000000/read'],
    ] as const) {
      expect(await call(shop.app, method, url)).toMatchObject({ status: 401, body: failure('Authentication required') });
    }
    expect(await call(shop.app, 'POST', '/api/notifications/not-an-id/read', { token: pending.token })).toMatchObject({ status: 400 });
    const id = '00000000-0000-4000-8000-000000000000';
    // Instants PostgreSQL would refuse (a day February has not, year 0) are the client's error, not the server's.
    for (const values of [['yesterday', 'x'], ['2021-02-31T10:00:00.000000Z', id], ['0000-01-01T00:00:00.000000Z', id], ['2021-06-01T24:00:00.000000Z', id]]) {
      const forged = Buffer.from(JSON.stringify(values)).toString('base64url');
      expect(await call(shop.app, 'GET', `/api/notifications?cursor=${forged}`, { token: pending.token })).toMatchObject({ status: 400, body: invalid({ cursor: 'Invalid cursor' }) });
    }
    expect(await call(shop.app, 'GET', '/api/notifications?limit=Infinity', { token: pending.token })).toMatchObject({ status: 400, body: invalid({ limit: 'Limit must be a whole number' }) });
  });
});

describe('e-mail opt-out in the profile', () => {
  it('emailNotifications is in the profile (true at first) and PUT update-profile turns it off and on; other updates leave it', async () => {
    const customer = await verifiedCustomer(shop.app);
    expect((await call(shop.app, 'GET', '/api/auth/profile', { token: customer.token })).body.emailNotifications).toBe(true);
    const off = await call(shop.app, 'PUT', '/api/auth/update-profile', { token: customer.token, body: { emailNotifications: false } });
    expect(off).toMatchObject({ status: 200, body: { emailNotifications: false } });
    const renamed = await call(shop.app, 'PUT', '/api/auth/update-profile', { token: customer.token, body: { fullName: 'New Name' } });
    expect(renamed.body).toMatchObject({ fullName: 'New Name', emailNotifications: false });
    expect((await call(shop.app, 'GET', '/api/auth/profile', { token: customer.token })).body.emailNotifications).toBe(false);
    expect(await call(shop.app, 'PUT', '/api/auth/update-profile', { token: customer.token, body: { emailNotifications: 'no' } })).toMatchObject({
      status: 400,
      body: { message: 'E-mail notifications must be true or false', errors: { emailNotifications: 'E-mail notifications must be true or false' } },
    });
    expect((await call(shop.app, 'PUT', '/api/auth/update-profile', { token: customer.token, body: { emailNotifications: true } })).body.emailNotifications).toBe(true);
  });

  it('turned off: still every notification, but no e-mail', async () => {
    const customer = await verifiedCustomer(shop.app);
    await call(shop.app, 'PUT', '/api/auth/update-profile', { token: customer.token, body: { emailNotifications: false } });
    const technician = await approvedTechnician(shop);
    const job = await assigned(shop, customer, technician, { ...nextSlot() });
    shop.clock.advance(1000);
    await status(technician, job.id, { status: 'completed' });
    expect((await toldAbout(shop, customer, job.id)).map(([kind]) => kind)).toEqual(['JOB_ASSIGNED', 'JOB_COMPLETED', 'INVOICE_ISSUED']);
    expect((await toldAbout(shop, shop.admin, job.id)).map(([kind]) => kind)).toEqual(['BOOKING_RECEIVED']);
    expect(await mailsAbout(shop, job.id)).toEqual([]);
  });
});

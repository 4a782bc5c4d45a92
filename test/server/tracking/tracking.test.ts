/**
 * Tracking links (contract/tracking.ts): the link endpoints for the job's customer and admins, and the
 * public GET /api/track/:token — what it shows (and nothing more), one 404 for wrong, revoked and expired tokens,
 * expiry 30 days after completion with the test clock, and the per-IP limit.
 */
import { sql } from 'kysely';
import { call, failure, type Json } from '../helpers/http';
import { ADMIN, approvedTechnician, assigned, booked, day, login, type Person, type Shop, shopTime, signUp, startShop } from '../helpers/shop';

const DAY_MS = 86_400_000;
const NOT_FOUND = failure('Tracking link not found');
const APPOINTMENT_NOT_FOUND = failure('Appointment not found');

let shop: Shop;
let customer: Person;
let otherCustomer: Person;
let technician: Person;

beforeAll(async () => {
  shop = await startShop();
  customer = await signUp(shop.app);
  otherCustomer = await signUp(shop.app);
  technician = await approvedTechnician(shop, { fullName: 'Nimal Kumara Perera' });
});

afterAll(async () => {
  await shop.close();
});

async function ok(request: Promise<{ status: number; body: Json; text: string }>): Promise<Json> {
  const response = await request;
  if (response.status >= 300) throw new Error(`request failed: ${response.status} ${response.text}`);
  return response.body;
}

const linkOf = (person: Person, id: string) => call(shop.app, 'GET', `/api/appointments/${id}/tracking-link`, { token: person.token });
const revoke = (person: Person, id: string) => call(shop.app, 'POST', `/api/appointments/${id}/tracking-link/revoke`, { token: person.token });
const track = (token: string) => call(shop.app, 'GET', `/api/track/${token}`);
const setStatus = (person: Person, id: string, body: Record<string, unknown>) => ok(call(shop.app, 'PATCH', `/api/appointments/${id}/status`, { token: person.token, body }));

let slot = 0;
const SLOT_STARTS = ['09:00', '10:00', '11:00', '14:00', '15:00', '16:00'];
function nextBooking() {
  slot += 1;
  return { date: day(1 + Math.floor(slot / SLOT_STARTS.length)), slot: SLOT_STARTS[slot % SLOT_STARTS.length] };
}

describe('GET /api/appointments/:id/tracking-link', () => {
  it('gives the job\'s customer one link (the same one each time): 22 base64url characters, its page path, no expiry while open', async () => {
    const job = await booked(shop.app, customer.token, nextBooking());
    const first = await linkOf(customer, job.id);
    expect(first.status).toBe(200);
    expect(Object.keys(first.body).sort()).toEqual(['expiresAt', 'path', 'token']);
    expect(first.body.token).toMatch(/^[A-Za-z0-9_-]{22}$/);
    expect(first.body.path).toBe(`/track/${first.body.token}`);
    expect(first.body.expiresAt).toBeNull();
    expect(first.headers['cache-control']).toBe('no-store');

    const again = await linkOf(customer, job.id);
    expect(again.body).toEqual(first.body);
    const byAdmin = await linkOf(shop.admin, job.id);
    expect(byAdmin.body).toEqual(first.body);
  });

  it('gives two requests at once the same link (one live link per job)', async () => {
    const job = await booked(shop.app, customer.token, nextBooking());
    const answers = await Promise.all([linkOf(customer, job.id), linkOf(customer, job.id), linkOf(shop.admin, job.id)]);
    expect(answers.map((a) => a.status)).toEqual([200, 200, 200]);
    expect(new Set(answers.map((a) => a.body.token)).size).toBe(1);
    const { rows } = await sql<{ n: number }>`SELECT count(*)::int AS n FROM tracking_links WHERE appointment_id = ${job.id}`.execute(shop.app.db);
    expect(rows[0].n).toBe(1);
  });

  it('answers another customer, the assigned technician and a job that does not exist exactly as GET /api/appointments/:id answers them', async () => {
    const job = await assigned(shop, customer, technician, nextBooking());
    for (const person of [otherCustomer]) {
      const detail = await call(shop.app, 'GET', `/api/appointments/${job.id}`, { token: person.token });
      const link = await linkOf(person, job.id);
      expect([link.status, link.body]).toEqual([detail.status, detail.body]);
      expect(link.status).toBe(404);
    }
    // The technician may read the job, but the link is the customer's to share: the same 404 as a job they cannot see.
    expect(await linkOf(technician, job.id)).toMatchObject({ status: 404, body: APPOINTMENT_NOT_FOUND });
    expect(await revoke(technician, job.id)).toMatchObject({ status: 404, body: APPOINTMENT_NOT_FOUND });
    expect(await revoke(otherCustomer, job.id)).toMatchObject({ status: 404, body: APPOINTMENT_NOT_FOUND });
    const missing = '00000000-0000-4000-8000-000000000000';
    expect(await linkOf(customer, missing)).toMatchObject({ status: 404, body: APPOINTMENT_NOT_FOUND });
    expect((await call(shop.app, 'GET', `/api/appointments/${job.id}/tracking-link`)).status).toBe(401);
  });
});

describe('GET /api/track/:token', () => {
  it('shows plate, service, centre, stage, booked slot, timeline, technician\'s first name and estimate — and no other key', async () => {
    const when = nextBooking();
    const job = await assigned(shop, customer, technician, { ...when, serviceType: 'OIL_CHANGE' });
    const { token } = (await linkOf(customer, job.id)).body;
    await setStatus(technician, job.id, { status: 'in_progress' });
    await setStatus(technician, job.id, { status: 'in_progress', stage: 'AWAITING_PARTS' });

    const answer = await track(token);
    expect(answer.status).toBe(200);
    expect(answer.headers['cache-control']).toBe('no-store');
    expect(answer.headers['referrer-policy']).toBe('no-referrer');
    expect(Object.keys(answer.body).sort()).toEqual(
      ['centre', 'date', 'estimate', 'plate', 'service', 'slot', 'slotLabel', 'stage', 'status', 'technicianFirstName', 'timeline', 'version'].sort(),
    );
    const detail = await ok(call(shop.app, 'GET', `/api/appointments/${job.id}`, { token: customer.token }));
    expect(answer.body).toEqual({
      version: detail.version,
      plate: detail.vehicle.plate,
      service: detail.serviceType.name,
      centre: detail.center.name,
      status: 'IN_PROGRESS',
      stage: 'AWAITING_PARTS',
      date: when.date,
      slot: when.slot,
      slotLabel: detail.slotLabel,
      technicianFirstName: 'Nimal',
      estimate: { completion: detail.estimatedCompletion, price: detail.serviceType.price },
      timeline: [
        { event: 'BOOKED', label: 'Booked', at: expect.any(String) },
        { event: 'ASSIGNED', label: 'Technician assigned', at: expect.any(String) },
        { event: 'STARTED', label: 'Work started', at: expect.any(String) },
        { event: 'STAGE_CHANGED', label: 'Awaiting Parts', at: expect.any(String) },
      ],
    });
    expect(Object.keys(answer.body.estimate).sort()).toEqual(['completion', 'price']);
    for (const entry of answer.body.timeline) expect(Object.keys(entry).sort()).toEqual(['at', 'event', 'label']);
    // Nothing of the customer, the technician's surname or the job's ids.
    for (const secret of [customer.email, customer.fullName, '555-0100', 'Perera', 'Kumara', job.id, customer.id, technician.id, technician.email]) {
      expect(answer.text).not.toContain(secret);
    }
  });

  it('estimates the slot\'s start plus the service\'s duration before work starts, and shows no technician before one is assigned', async () => {
    const when = nextBooking();
    const job = await booked(shop.app, customer.token, { ...when, serviceType: 'OIL_CHANGE' });
    const { token } = (await linkOf(customer, job.id)).body;
    const answer = (await track(token)).body;
    expect(answer.technicianFirstName).toBeNull();
    expect(answer.status).toBe('PENDING');
    expect(answer.stage).toBeNull();
    expect(answer.estimate.completion).toBe(new Date(shopTime(when.date, when.slot) + job.serviceType.durationMinutes * 60_000).toISOString());
    expect(answer.timeline).toEqual([{ event: 'BOOKED', label: 'Booked', at: job.createdAt }]);
  });

  it('gives a wrong, malformed, revoked and expired token the identical 404 (same body, same headers)', async () => {
    const job = await assigned(shop, customer, technician, nextBooking());
    const revokedToken = (await linkOf(customer, job.id)).body.token;
    const renewed = await revoke(customer, job.id);
    expect(renewed.status).toBe(200);
    expect(renewed.body.token).not.toBe(revokedToken);
    expect((await track(renewed.body.token)).status).toBe(200);

    // An expired one: a job completed 31 days ago (its completion written back in time).
    const old = await assigned(shop, customer, technician, nextBooking());
    const expiredToken = (await linkOf(customer, old.id)).body.token;
    await setStatus(technician, old.id, { status: 'completed' });
    await sql`UPDATE appointments SET completed_at = ${new Date(shop.clock.now() - 31 * DAY_MS).toISOString()} WHERE id = ${old.id}`.execute(shop.app.db);

    const answers = await Promise.all(
      ['AAAAAAAAAAAAAAAAAAAAAA', 'not-a-token', 'x'.repeat(500), "'; DROP TABLE tracking_links; --", revokedToken, expiredToken].map((token) =>
        track(encodeURIComponent(token)),
      ),
    );
    const comparable = (a: (typeof answers)[number]) => {
      const { date: _date, 'content-length': _length, ...headers } = a.headers;
      return { status: a.status, body: a.body, headers };
    };
    for (const answer of answers) {
      expect(answer.status).toBe(404);
      expect(answer.body).toEqual(NOT_FOUND);
      expect(comparable(answer)).toEqual(comparable(answers[0]));
    }
    expect(answers[0].headers['referrer-policy']).toBe('no-referrer');
    expect(answers[0].headers['cache-control']).toBe('no-store');
  });

  it('expires 30 days after completion (test clock), tells the customer when, and lives again when the job is reopened', async () => {
    const job = await assigned(shop, customer, technician, nextBooking());
    const { token } = (await linkOf(customer, job.id)).body;
    await setStatus(technician, job.id, { status: 'in_progress' });
    const done = await setStatus(technician, job.id, { status: 'completed' });
    const expiresAt = new Date(new Date(done.completedAt).getTime() + 30 * DAY_MS).toISOString();
    expect((await linkOf(customer, job.id)).body.expiresAt).toBe(expiresAt);
    const page = (await track(token)).body;
    expect(page.status).toBe('COMPLETED');
    expect(page.estimate.completion).toBe(done.completedAt);
    expect(page.timeline.at(-1)).toEqual({ event: 'COMPLETED', label: 'Completed', at: done.completedAt });

    const start = shop.clock.now();
    try {
      shop.clock.advance(30 * DAY_MS - 1000);
      expect((await track(token)).status).toBe(200);
      shop.clock.advance(2000);
      expect(await track(token)).toMatchObject({ status: 404, body: NOT_FOUND });
      // A month on, the access tokens have expired too: sign in again.
      const customerNow = await login(shop.app, customer.email, 'correct-horse-1');
      const adminNow = await login(shop.app, ADMIN.email, ADMIN.password);
      // The customer still sees the (expired) link: the same one, not a new live one.
      expect((await linkOf(customerNow, job.id)).body).toEqual({ token, path: `/track/${token}`, expiresAt });

      await setStatus(adminNow, job.id, { status: 'in_progress' });
      expect((await track(token)).status).toBe(200);
      expect((await linkOf(customerNow, job.id)).body.expiresAt).toBeNull();
    } finally {
      shop.clock.advance(start - shop.clock.now());
    }
  });

  it('revoke: the old link stops at once, a new one works, and only one link per job is live', async () => {
    const job = await booked(shop.app, customer.token, nextBooking());
    const first = (await linkOf(customer, job.id)).body.token;
    const byCustomer = await revoke(customer, job.id);
    const byAdmin = await revoke(shop.admin, job.id);
    expect(byCustomer.status).toBe(200);
    expect(byAdmin.status).toBe(200);
    expect((await track(first)).status).toBe(404);
    expect((await track(byCustomer.body.token)).status).toBe(404);
    expect((await track(byAdmin.body.token)).status).toBe(200);
    expect((await linkOf(customer, job.id)).body.token).toBe(byAdmin.body.token);
    const { rows } = await sql<{ live: number; all: number }>`
      SELECT count(*) FILTER (WHERE revoked_at IS NULL)::int AS live, count(*)::int AS all FROM tracking_links WHERE appointment_id = ${job.id}`.execute(shop.app.db);
    expect(rows[0]).toEqual({ live: 1, all: 3 });
  });
});

describe('the per-IP limit of the public tracking endpoints', () => {
  let limited: Shop;

  beforeAll(async () => {
    limited = await startShop({ env: { TRACKING_REQUESTS_PER_IP_PER_MINUTE: '3' } });
  });

  afterAll(async () => {
    await limited.close();
  });

  it('answers 429 with Retry-After past TRACKING_REQUESTS_PER_IP_PER_MINUTE, right and wrong tokens alike, per address', async () => {
    const owner = await signUp(limited.app);
    const job = await booked(limited.app, owner.token);
    const { token } = (await call(limited.app, 'GET', `/api/appointments/${job.id}/tracking-link`, { token: owner.token })).body;
    const get = (path: string, ip = '127.0.0.1') => limited.app.inject({ method: 'GET', url: path, remoteAddress: ip });
    expect((await get(`/api/track/${token}`)).statusCode).toBe(200);
    expect((await get('/api/track/AAAAAAAAAAAAAAAAAAAAAA')).statusCode).toBe(404);
    expect((await get(`/api/track/${token}`)).statusCode).toBe(200);
    const refused = await get(`/api/track/${token}`);
    expect(refused.statusCode).toBe(429);
    expect(JSON.parse(refused.body)).toEqual(failure('Too many requests. Please try again later.'));
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
    expect(Number(refused.headers['retry-after'])).toBeLessThanOrEqual(60);
    expect(refused.headers['referrer-policy']).toBe('no-referrer');
    expect((await get(`/api/track/${token}/events`)).statusCode).toBe(429);
    // Another address has its own budget; the signed-in link endpoint is not counted.
    expect((await get(`/api/track/${token}`, '10.0.0.7')).statusCode).toBe(200);
    expect((await call(limited.app, 'GET', `/api/appointments/${job.id}/tracking-link`, { token: owner.token })).status).toBe(200);
    limited.clock.advance(61_000);
    expect((await get(`/api/track/${token}`)).statusCode).toBe(200);
  });
});

/**
 * Who sees and changes which jobs (docs/api-contract.md § "The shop": authorization is the server's job).
 * Two customers, two technicians and the admin: a job outside the caller's reach does not exist for them (404,
 * never 403); a route outside the caller's role is 403; no token is 401.
 */
import { call, type Json } from '../helpers/http';
import { assigned, book, booked, day, type Person, type Shop, startShop } from '../helpers/shop';
import {
  ACCESS_DENIED,
  adminView,
  assign,
  AUTHENTICATION_REQUIRED,
  cancel,
  customer,
  failure,
  freshSlot,
  getAppointment,
  invalid,
  listAppointments,
  NOT_FOUND,
  reschedule,
  rowCounts,
  setStatus,
  storesNothing,
  technician,
  unknownId,
} from './helpers';

let shop: Shop;

beforeAll(async () => {
  shop = await startShop();
});

afterAll(async () => {
  await shop.close();
});

interface Cast {
  ada: Person;
  bob: Person;
  tess: Person;
  tom: Person;
  /** Ada's job assigned to Tess. */
  adasJob: Json;
  /** Ada's job nobody is assigned to. */
  adasPending: Json;
  /** Bob's job assigned to Tom. */
  bobsJob: Json;
}

/** Two customers, two technicians, three jobs. */
async function cast(): Promise<Cast> {
  const [ada, bob, tess, tom] = [await customer(shop), await customer(shop), await technician(shop), await technician(shop)];
  const adasJob = await assigned(shop, ada, tess, freshSlot());
  const adasPending = await booked(shop.app, ada.token, freshSlot());
  const bobsJob = await assigned(shop, bob, tom, freshSlot());
  return { ada, bob, tess, tom, adasJob, adasPending, bobsJob };
}

const ids = (page: Json) => page.items.map((item: Json) => item.id);

function expectNotFound(response: { status: number; body: Json }): void {
  expect(response.status).toBe(404);
  expect(response.body).toEqual(failure(NOT_FOUND));
}

function expectDenied(response: { status: number; body: Json }): void {
  expect(response.status).toBe(403);
  expect(response.body).toEqual(failure(ACCESS_DENIED));
}

describe('GET /api/appointments: each sees their own', () => {
  it('shows a customer only their jobs, a technician only the jobs assigned to them, the admin all', async () => {
    const { ada, bob, tess, tom, adasJob, adasPending, bobsJob } = await cast();

    expect(ids((await listAppointments(shop, ada.token)).body).sort()).toEqual([adasJob.id, adasPending.id].sort());
    expect(ids((await listAppointments(shop, bob.token)).body)).toEqual([bobsJob.id]);
    expect(ids((await listAppointments(shop, tess.token)).body)).toEqual([adasJob.id]);
    expect(ids((await listAppointments(shop, tom.token)).body)).toEqual([bobsJob.id]);

    const all = ids((await listAppointments(shop, shop.admin.token, { limit: 200 })).body);
    expect(all).toEqual(expect.arrayContaining([adasJob.id, adasPending.id, bobsJob.id]));
  });

  it('shows a new customer and a new technician nothing', async () => {
    const carl = await customer(shop);
    const tina = await technician(shop);
    await cast();
    expect((await listAppointments(shop, carl.token)).body).toEqual({ items: [] });
    expect((await listAppointments(shop, tina.token)).body).toEqual({ items: [] });
  });

  it("keeps a search inside the caller's own jobs", async () => {
    const { bob, tess, adasJob } = await cast();
    // Bob and Tess search for Ada's plate and name: still nothing of Ada's.
    for (const q of [adasJob.vehicle.plate, adasJob.customer.fullName]) {
      expect((await listAppointments(shop, bob.token, { q })).body).toEqual({ items: [] });
    }
    expect(ids((await listAppointments(shop, tess.token, { q: adasJob.customer.fullName })).body)).toEqual([adasJob.id]);
  });
});

describe('GET /api/appointments/:id', () => {
  it("answers 404 'Appointment not found' for a job the caller may not see, never 403", async () => {
    const { ada, bob, tess, tom, adasJob, adasPending, bobsJob } = await cast();

    expectNotFound(await getAppointment(shop, bob.token, adasJob.id));
    expectNotFound(await getAppointment(shop, ada.token, bobsJob.id));
    expectNotFound(await getAppointment(shop, tom.token, adasJob.id));
    expectNotFound(await getAppointment(shop, tess.token, adasPending.id)); // unassigned
    expectNotFound(await getAppointment(shop, tess.token, bobsJob.id));
    // The same answer as for an id that does not exist at all.
    expectNotFound(await getAppointment(shop, ada.token, unknownId()));
    expectNotFound(await getAppointment(shop, shop.admin.token, unknownId()));
  });

  it('shows the job to its customer, its technician and the admin', async () => {
    const { ada, tess, adasJob } = await cast();
    for (const token of [ada.token, tess.token, shop.admin.token]) {
      const response = await getAppointment(shop, token, adasJob.id);
      expect(response.status).toBe(200);
      expect(response.body).toEqual(adasJob);
    }
  });

  it('refuses a path id that is not an id on every job route (400)', async () => {
    const { ada, tess } = await cast();
    const routes: [string, 'GET' | 'POST' | 'PATCH', string, unknown][] = [
      [ada.token, 'GET', '', undefined],
      [ada.token, 'POST', '/cancel', {}],
      [ada.token, 'POST', '/reschedule', freshSlot()],
      [shop.admin.token, 'POST', '/assign', { employeeId: tess.id }],
      [tess.token, 'PATCH', '/status', { status: 'in_progress' }],
    ];
    for (const [token, method, suffix, body] of routes) {
      for (const [id, message] of [
        ['42', 'Appointment is not a valid id'],
        ['not-a-uuid', 'Appointment is not a valid id'],
        ['%00', 'Id must not contain a NUL character'],
      ]) {
        const response = await call(shop.app, method, `/api/appointments/${id}${suffix}`, { token, body });
        expect(response.status).toBe(400);
        expect(response.body).toEqual(invalid({ id: message }));
      }
    }
  });
});

describe("changing someone else's job", () => {
  it('answers 404 to a customer cancelling or moving a job that is not theirs, and changes nothing', async () => {
    const { bob, adasJob, adasPending } = await cast();
    for (const job of [adasJob, adasPending]) {
      expectNotFound(await cancel(shop, bob.token, job.id));
      expectNotFound(await reschedule(shop, bob.token, job.id, freshSlot()));
      expect(await adminView(shop, job.id)).toEqual(job);
    }
  });

  it('answers 404 to a technician changing the status of a job not assigned to them, and changes nothing', async () => {
    const { tess, adasPending, bobsJob } = await cast();
    for (const job of [bobsJob, adasPending]) {
      expectNotFound(await setStatus(shop, tess.token, job.id, { status: 'in_progress' }));
      expect(await adminView(shop, job.id)).toEqual(job);
    }
  });

  it('stops a technician from changing a job once it is reassigned away from them', async () => {
    const { ada, tess, tom } = await cast();
    const job = await assigned(shop, ada, tess, freshSlot());
    const target = freshSlot();
    const bob = await customer(shop);
    await assigned(shop, bob, tess, target); // Tess is busy there: the move unassigns her
    expect((await reschedule(shop, ada.token, job.id, target)).body.status).toBe('PENDING');
    expect((await assign(shop, job.id, tom.id)).status).toBe(200);
    expectNotFound(await setStatus(shop, tess.token, job.id, { status: 'in_progress' }));
    expect((await setStatus(shop, tom.token, job.id, { status: 'in_progress' })).status).toBe(200);
  });

  it("answers 404 to a booking with another customer's vehicleId, and stores nothing", async () => {
    const { ada, bob, bobsJob } = await cast();
    const response = await storesNothing(shop, () => book(shop.app, ada.token, { vehicleId: bobsJob.vehicle.id, ...freshSlot() }));
    expect(response.status).toBe(404);
    expect(response.body).toEqual(failure('Vehicle not found'));
    expect((await call(shop.app, 'GET', '/api/vehicles', { token: bob.token })).body.items).toHaveLength(1);
    const unknown = await storesNothing(shop, () => book(shop.app, ada.token, { vehicleId: unknownId(), ...freshSlot() }));
    expect(unknown.status).toBe(404);
  });
});

describe('role checks (403)', () => {
  it('lets only customers book, and stores nothing for the others', async () => {
    const tess = await technician(shop);
    for (const token of [tess.token, shop.admin.token]) {
      const response = await storesNothing(shop, () => book(shop.app, token, freshSlot()));
      expectDenied(response);
    }
  });

  it('lets only the admin assign', async () => {
    const { ada, tess, tom, adasPending } = await cast();
    for (const token of [ada.token, tess.token, tom.token]) expectDenied(await assign(shop, adasPending.id, tess.id, {}, token));
    expect(await adminView(shop, adasPending.id)).toEqual(adasPending);
  });

  it("keeps customers away from status changes, even on their own job", async () => {
    const { ada, adasJob } = await cast();
    expectDenied(await setStatus(shop, ada.token, adasJob.id, { status: 'in_progress' }));
    expect(await adminView(shop, adasJob.id)).toEqual(adasJob);
  });

  it('keeps technicians from cancelling or moving jobs, even their own', async () => {
    const { tess, adasJob } = await cast();
    expectDenied(await cancel(shop, tess.token, adasJob.id));
    expectDenied(await reschedule(shop, tess.token, adasJob.id, freshSlot()));
    expect(await adminView(shop, adasJob.id)).toEqual(adasJob);
  });

  it('lets only the admin list the employees', async () => {
    const { ada, tess } = await cast();
    for (const token of [ada.token, tess.token]) expectDenied(await call(shop.app, 'GET', '/api/employees', { token }));
    const employees = await call(shop.app, 'GET', '/api/employees', { token: shop.admin.token });
    expect(employees.status).toBe(200);
    expect(employees.body.map((employee: Json) => employee.id)).toEqual(expect.arrayContaining([tess.id]));
    expect(employees.body.map((employee: Json) => employee.id)).not.toContain(ada.id);
  });
});

describe('no token (401)', () => {
  it('answers 401 on every shop route but the catalogue', async () => {
    const { ada, tess, adasJob } = await cast();
    const before = await rowCounts(shop);
    const id = adasJob.id;
    const routes: ['GET' | 'POST' | 'PUT' | 'DELETE' | 'PATCH', string, unknown][] = [
      ['GET', `/api/availability?date=${day(1)}`, undefined],
      ['GET', '/api/appointments', undefined],
      ['POST', '/api/appointments', { plate: 'ANON 1', serviceType: 'OIL_CHANGE', ...freshSlot() }],
      ['GET', `/api/appointments/${id}`, undefined],
      ['POST', `/api/appointments/${id}/cancel`, {}],
      ['POST', `/api/appointments/${id}/reschedule`, freshSlot()],
      ['POST', `/api/appointments/${id}/assign`, { employeeId: tess.id }],
      ['PATCH', `/api/appointments/${id}/status`, { status: 'in_progress' }],
      ['GET', '/api/vehicles', undefined],
      ['POST', '/api/vehicles', { plate: 'ANON 2' }],
      ['GET', '/api/employees', undefined],
      ['GET', '/api/time-logs', undefined],
      ['POST', '/api/time-logs', { date: day(1), startTime: '09:00', endTime: '10:00', description: 'Oil change' }],
      ['PUT', `/api/time-logs/${unknownId()}`, { date: day(1), startTime: '09:00', endTime: '10:00', description: 'Oil change' }],
      ['DELETE', `/api/time-logs/${unknownId()}`, undefined],
    ];
    for (const [method, url, body] of routes) {
      for (const headers of [{}, { authorization: 'Bearer ' }, { authorization: 'Basic abc' }] as Record<string, string>[]) {
        const response = await call(shop.app, method, url, { body, headers });
        expect({ method, url, status: response.status, body: response.body }).toEqual({ method, url, status: 401, body: failure(AUTHENTICATION_REQUIRED) });
      }
      const forged = await call(shop.app, method, url, { body, token: `${ada.token.slice(0, -4)}AAAA` });
      expect({ method, url, status: forged.status, body: forged.body }).toEqual({ method, url, status: 401, body: failure('Invalid JWT token') });
    }
    expect(await rowCounts(shop)).toEqual(before);
    expect(await adminView(shop, id)).toEqual(adasJob);

    const catalog = await call(shop.app, 'GET', '/api/catalog');
    expect(catalog.status).toBe(200);
    expect(catalog.body.slots).toHaveLength(6);
  });

  it('settles who is asking before reading the request: a stranger with a bad id or body gets 401, not its errors', async () => {
    const { tess } = await cast();
    const strangers: ['GET' | 'POST' | 'PUT' | 'PATCH', string, unknown][] = [
      ['GET', '/api/appointments/not-an-id', undefined],
      ['GET', '/api/appointments?limit=0&cursor=!', undefined],
      ['POST', '/api/appointments', { plate: '', serviceType: 42, date: 'tomorrow' }],
      ['POST', '/api/appointments/not-an-id/assign', { employeeId: tess.id }],
      ['PATCH', `/api/appointments/${unknownId()}/status`, { status: 'flying' }],
      ['POST', '/api/vehicles', { plate: 'x'.repeat(30) }],
      ['PUT', '/api/time-logs/not-an-id', { description: '\u0000' }],
    ];
    for (const [method, url, body] of strangers) {
      const response = await call(shop.app, method, url, { body });
      expect({ method, url, status: response.status, body: response.body }).toEqual({ method, url, status: 401, body: failure(AUTHENTICATION_REQUIRED) });
    }
  });
});

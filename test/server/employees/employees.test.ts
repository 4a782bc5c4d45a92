import { ACCESS_DENIED, type ApiResponse, call, invalid, type Json } from '../helpers/http';
import { approvedTechnician, assigned, booked, day, type Person, type Shop, signUp, startShop } from '../helpers/shop';

/** GET /api/employees (admin): the registered technicians, their open jobs and whether a slot is free for them. */

let shop: Shop;

beforeAll(async () => {
  shop = await startShop();
});

afterAll(async () => {
  await shop.close();
});

function employees(query: Record<string, string> = {}, token = shop.admin.token): Promise<ApiResponse> {
  const search = new URLSearchParams(query).toString();
  return call(shop.app, 'GET', `/api/employees${search ? `?${search}` : ''}`, { token });
}

/** The list's entry for `person` (undefined when not listed). */
async function entryOf(person: Person, query: Record<string, string> = {}): Promise<Json> {
  const response = await employees(query);
  expect(response.status).toBe(200);
  return response.body.find((employee: Json) => employee.id === person.id);
}

/** A technician the admin approved: only those are assignable. */
function technician(fullName: string, department?: string): Promise<Person> {
  return approvedTechnician(shop, { fullName, ...(department !== undefined && { department }) });
}

/** Jobs on distinct days, so no two tests compete for a bay or a technician's slot. */
let jobDays = 0;
function nextDay(): string {
  jobDays += 1;
  return day(jobDays);
}

async function setStatus(job: Json, person: Person, status: string): Promise<void> {
  const response = await call(shop.app, 'PATCH', `/api/appointments/${job.id}/status`, { token: person.token, body: { status } });
  if (response.status !== 200) throw new Error(`status change failed: ${response.status} ${response.text}`);
}

async function cancel(job: Json): Promise<void> {
  const response = await call(shop.app, 'POST', `/api/appointments/${job.id}/cancel`, { token: shop.admin.token, body: {} });
  if (response.status !== 200) throw new Error(`cancel failed: ${response.status} ${response.text}`);
}

describe('GET /api/employees', () => {
  it('is for admins only', async () => {
    const customer = await signUp(shop.app);
    const tech = await signUp(shop.app, 'EMPLOYEE');
    for (const person of [customer, tech]) {
      const response = await employees({}, person.token);
      expect(response.status).toBe(403);
      expect(response.body).toEqual(ACCESS_DENIED);
    }
    const anonymous = await call(shop.app, 'GET', '/api/employees');
    expect(anonymous.status).toBe(401);
    expect(anonymous.body).toEqual({ message: 'Authentication required', success: false });
  });

  it('lists approved, active technicians only: never customers, the admin, a pending or a deactivated account', async () => {
    const engine = await technician('Listed Engine Tech', 'Engine');
    const pending = await signUp(shop.app, 'EMPLOYEE', { fullName: 'Listed Pending Tech', department: 'Engine' });
    const plain = await technician('Listed Plain Tech');
    const blank = await technician('Listed Blank Tech', '   ');
    const customer = await signUp(shop.app, 'CUSTOMER', { fullName: 'Listed Customer' });
    const retired = await technician('Listed Retired Tech', 'Engine');
    await shop.app.db.updateTable('users').set({ is_active: false }).where('id', '=', retired.id).execute();

    const response = await employees();
    expect(response.status).toBe(200);
    const listed: string[] = response.body.map((employee: Json) => employee.id);
    expect(listed).toEqual(expect.arrayContaining([engine.id, plain.id, blank.id]));
    expect(listed).not.toContain(customer.id);
    expect(listed).not.toContain(shop.admin.id);
    expect(listed).not.toContain(retired.id);
    expect(listed).not.toContain(pending.id);
    const roles = await shop.app.db.selectFrom('users').select(['role', 'is_active']).where('id', 'in', listed).execute();
    expect(roles).toHaveLength(listed.length);
    expect(roles.every((row) => row.role === 'EMPLOYEE' && row.is_active)).toBe(true);

    const find = (person: Person) => response.body.find((employee: Json) => employee.id === person.id);
    expect(find(engine)).toEqual({
      id: engine.id,
      fullName: 'Listed Engine Tech',
      email: engine.email,
      phoneNumber: '555-0100',
      specialization: 'Engine',
      currentWorkload: 0,
      availability: 'available',
    });
    expect(find(plain)).not.toHaveProperty('specialization');
    expect(find(blank)).not.toHaveProperty('specialization');
  });

  it('counts confirmed and in-progress jobs as the current workload', async () => {
    const customer = await signUp(shop.app);
    const tech = await technician('Workload Tech');
    expect((await entryOf(tech)).currentWorkload).toBe(0);

    await assigned(shop, customer, tech, { date: nextDay() }); // CONFIRMED
    const started = await assigned(shop, customer, tech, { date: nextDay() });
    await setStatus(started, tech, 'in_progress');
    const waiting = await assigned(shop, customer, tech, { date: nextDay() });
    await setStatus(waiting, tech, 'in_progress');
    const awaitingParts = await call(shop.app, 'PATCH', `/api/appointments/${waiting.id}/status`, { token: tech.token, body: { status: 'in_progress', stage: 'AWAITING_PARTS' } });
    expect(awaitingParts.body).toMatchObject({ status: 'IN_PROGRESS', stage: 'AWAITING_PARTS' });
    const done = await assigned(shop, customer, tech, { date: nextDay() });
    await setStatus(done, tech, 'completed');
    const dropped = await assigned(shop, customer, tech, { date: nextDay() });
    await cancel(dropped);
    await booked(shop.app, customer.token, { date: nextDay() }); // PENDING: nobody's yet

    expect((await entryOf(tech)).currentWorkload).toBe(3);
    await setStatus(started, tech, 'completed');
    expect((await entryOf(tech)).currentWorkload).toBe(2);
  });

  it('is busy only at a date and slot where the technician has a job; cancelled jobs free them', async () => {
    const customer = await signUp(shop.app);
    const tech = await technician('Busy Tech');
    const idle = await technician('Idle Tech');
    const date = nextDay();
    await assigned(shop, customer, tech, { date, slot: '10:00' });
    const cancelled = await assigned(shop, customer, tech, { date, slot: '14:00' });
    await cancel(cancelled);
    const started = await assigned(shop, customer, tech, { date, slot: '15:00' });
    await setStatus(started, tech, 'in_progress');

    const at = async (person: Person, query: Record<string, string>) => (await entryOf(person, query)).availability;
    expect(await at(tech, { date, slot: '10:00' })).toBe('busy');
    expect(await at(idle, { date, slot: '10:00' })).toBe('available');
    expect(await at(tech, { date, slot: '15:00' })).toBe('busy');
    expect(await at(tech, { date, slot: '11:00' })).toBe('available');
    expect(await at(tech, { date, slot: '14:00' })).toBe('available');
    expect(await at(tech, { date: day(jobDays + 40), slot: '10:00' })).toBe('available');
    expect(await at(tech, {})).toBe('available');
  });

  it('wants a date and a slot together', async () => {
    const dateOnly = await employees({ date: day(1) });
    expect(dateOnly.status).toBe(400);
    expect(dateOnly.body).toEqual(invalid({ slot: 'Give a date and a time slot together' }));
    const slotOnly = await employees({ slot: '09:00' });
    expect(slotOnly.status).toBe(400);
    expect(slotOnly.body).toEqual(invalid({ date: 'Give a date and a time slot together' }));
    expect((await employees({ date: '2030-13-01', slot: '9am' })).body).toEqual(
      invalid({ date: 'Date must be a valid date (YYYY-MM-DD)', slot: 'Time slot must be a time (HH:MM)' }),
    );
    expect((await employees({ q: 'x'.repeat(101) })).body).toEqual(invalid({ q: 'Search must be at most 100 characters long' }));
  });

  it('refuses a slot that is not one of the six, and a date PostgreSQL cannot hold', async () => {
    const offSlot = await employees({ date: day(1), slot: '12:00' });
    expect(offSlot.status).toBe(400);
    expect(offSlot.body).toEqual(invalid({ slot: 'Choose one of the listed time slots' }));
    const yearZero = await employees({ date: '0000-01-01', slot: '09:00' });
    expect(yearZero.status).toBe(400);
    expect(yearZero.body).toEqual(invalid({ date: 'Date must be a valid date (YYYY-MM-DD)' }));
  });

  it('searches name or specialization, case-insensitively, and orders by name', async () => {
    const byName = await technician('Qorvex Amal', 'Brakes');
    const bySpecialization = await technician('Bandara Nuwan', 'Qorvex Electrics');
    const other = await technician('Chaminda Perera', 'Brakes');
    const names = async (q: string) => (await employees({ q })).body.map((employee: Json) => employee.fullName);

    expect(await names('qORVEX')).toEqual(['Bandara Nuwan', 'Qorvex Amal']);
    expect(await names('  qorvex elec ')).toEqual(['Bandara Nuwan']);
    expect(await names('VEX AM')).toEqual(['Qorvex Amal']);
    expect(await names('%')).toEqual([]);
    expect(await names('Qorvex_')).toEqual([]);
    const everyone = await employees({ q: '   ' });
    expect(everyone.body.map((employee: Json) => employee.id)).toEqual(expect.arrayContaining([byName.id, bySpecialization.id, other.id]));
  });

  it('orders technicians by name, whatever order they registered in', async () => {
    for (const name of ['Ordinal Charlie', 'Ordinal Alpha', 'Ordinal Bravo']) await technician(name);
    const response = await employees({ q: 'ordinal' });
    expect(response.body.map((employee: Json) => employee.fullName)).toEqual(['Ordinal Alpha', 'Ordinal Bravo', 'Ordinal Charlie']);
  });
});

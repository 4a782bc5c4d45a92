import { ACCESS_DENIED, type ApiResponse, call, invalid, type Json } from '../helpers/http';
import { booked, day, type Person, type Shop, signUp, startShop } from '../helpers/shop';

/** GET/POST /api/vehicles: a customer's own vehicles (the contract's § "The shop"). */

let shop: Shop;

beforeAll(async () => {
  shop = await startShop();
});

afterAll(async () => {
  await shop.close();
});

const DUPLICATE = { message: 'A vehicle with this number plate is already on your list.', success: false };
function add(person: Person, body: unknown): Promise<ApiResponse> {
  return call(shop.app, 'POST', '/api/vehicles', { token: person.token, body });
}

function list(person: Person, query: Record<string, string> = {}): Promise<ApiResponse> {
  const search = new URLSearchParams(query).toString();
  return call(shop.app, 'GET', `/api/vehicles${search ? `?${search}` : ''}`, { token: person.token });
}

async function added(person: Person, body: Record<string, unknown>): Promise<Json> {
  const response = await add(person, body);
  if (response.status !== 201) throw new Error(`adding a vehicle failed: ${response.status} ${response.text}`);
  return response.body;
}

function storedVehicles() {
  return shop.app.db.selectFrom('vehicles').selectAll().orderBy('id').execute();
}

/** Makes a request that must be refused, and checks that no vehicle was stored. */
async function refused(request: () => Promise<ApiResponse>): Promise<ApiResponse> {
  const before = await storedVehicles();
  const response = await request();
  expect(response.status).toBeGreaterThanOrEqual(400);
  expect(response.status).toBeLessThan(500);
  expect(await storedVehicles()).toEqual(before);
  return response;
}

const plates = (response: ApiResponse): string[] => response.body.items.map((vehicle: Json) => vehicle.plate);

describe('who may use /api/vehicles', () => {
  it('customers only: technicians and admins get 403, strangers 401', async () => {
    const technician = await signUp(shop.app, 'EMPLOYEE');
    for (const person of [technician, shop.admin]) {
      const get = await list(person);
      expect(get.status).toBe(403);
      expect(get.body).toEqual(ACCESS_DENIED);
      const post = await refused(() => add(person, { plate: 'AB 12 CD' }));
      expect(post.status).toBe(403);
      expect(post.body).toEqual(ACCESS_DENIED);
    }
    for (const method of ['GET', 'POST'] as const) {
      const response = await refused(() => call(shop.app, method, '/api/vehicles', method === 'POST' ? { body: { plate: 'AB 12 CD' } } : {}));
      expect(response.status).toBe(401);
      expect(response.body).toEqual({ message: 'Authentication required', success: false });
    }
  });
});

describe('POST /api/vehicles', () => {
  it('adds the vehicle with its plate trimmed, inner spaces collapsed and upper-cased; make, model and year are optional', async () => {
    const customer = await signUp(shop.app);
    const response = await add(customer, { plate: '  ab  12   cd ' });

    expect(response.status).toBe(201);
    expect(response.body).toEqual({ id: expect.stringMatching(/^[0-9a-f-]{36}$/), plate: 'AB 12 CD', createdAt: new Date(shop.clock.now()).toISOString() });
    expect(await shop.app.db.selectFrom('vehicles').selectAll().where('id', '=', response.body.id).executeTakeFirst()).toMatchObject({
      customer_id: customer.id,
      plate: 'AB 12 CD',
      make: null,
      model: null,
      year: null,
    });
  });

  it('keeps make, model and year (trimmed), and drops blank ones', async () => {
    const customer = await signUp(shop.app);
    const full = await add(customer, { plate: 'wp-car-1290', make: ' Nissan ', model: 'Leaf ', year: 2021 });
    expect(full.status).toBe(201);
    expect(full.body).toEqual({ id: expect.any(String), plate: 'WP-CAR-1290', make: 'Nissan', model: 'Leaf', year: 2021, createdAt: expect.any(String) });

    const blank = await add(customer, { plate: 'KD.7733', make: '   ', model: '' });
    expect(blank.status).toBe(201);
    expect(blank.body).not.toHaveProperty('make');
    expect(blank.body).not.toHaveProperty('model');

    expect((await add(customer, { plate: 'OLD 1', year: 1886 })).body.year).toBe(1886);
    expect((await add(customer, { plate: 'NEW 1', year: 2100 })).body.year).toBe(2100);
  });

  it('accepts letters and digits of any script, spaces, dots and hyphens, up to 20 characters', async () => {
    const customer = await signUp(shop.app);
    expect((await add(customer, { plate: 'çab-12' })).body.plate).toBe('ÇAB-12');
    expect((await add(customer, { plate: 'A'.repeat(20) })).body.plate).toBe('A'.repeat(20));
    expect((await add(customer, { plate: '1.2-3 4' })).body.plate).toBe('1.2-3 4');
  });

  it('answers 409 for a plate already on the list, in any letter case or spacing', async () => {
    const customer = await signUp(shop.app);
    await added(customer, { plate: 'CAB-4821' });
    for (const plate of ['CAB-4821', 'cab-4821', '  Cab-4821  ']) {
      const response = await refused(() => add(customer, { plate, make: 'Toyota' }));
      expect({ plate, status: response.status, body: response.body }).toEqual({ plate, status: 409, body: DUPLICATE });
    }
    await added(customer, { plate: 'AB 12 CD' });
    const spaced = await refused(() => add(customer, { plate: 'ab   12 cd' }));
    expect(spaced.status).toBe(409);
    expect(spaced.body).toEqual(DUPLICATE);
  });

  it('lets another customer register the same plate', async () => {
    const first = await signUp(shop.app);
    const second = await signUp(shop.app);
    const mine = await added(first, { plate: 'KY-5521' });
    const theirs = await add(second, { plate: 'ky-5521' });
    expect(theirs.status).toBe(201);
    expect(theirs.body.plate).toBe('KY-5521');
    expect(theirs.body.id).not.toBe(mine.id);
  });

  it.each<[string, Record<string, unknown>, Record<string, string>]>([
    ['no plate', {}, { plate: 'Vehicle ID is required' }],
    ['an empty plate', { plate: '' }, { plate: 'Vehicle ID is required' }],
    ['a blank plate', { plate: '    ' }, { plate: 'Vehicle ID is required' }],
    ['a plate that is not text', { plate: 1234 }, { plate: 'Vehicle ID is required' }],
    ['a 21-character plate', { plate: 'A'.repeat(21) }, { plate: 'Vehicle ID must be at most 20 characters long' }],
    ['a plate with #', { plate: 'AB#12' }, { plate: 'Vehicle ID may contain only letters, digits, spaces, dots and hyphens' }],
    ['a plate starting with a hyphen', { plate: '-AB12' }, { plate: 'Vehicle ID may contain only letters, digits, spaces, dots and hyphens' }],
    ['a plate with a line break', { plate: 'AB\n12' }, { plate: 'Vehicle ID may contain only letters, digits, spaces, dots and hyphens' }],
    ['a plate with a NUL', { plate: 'AB\u000012' }, { plate: 'Vehicle ID must not contain a NUL character' }],
    ['a year before 1886', { plate: 'AB 1', year: 1885 }, { year: 'Year must be 1886 or later' }],
    ['a year after 2100', { plate: 'AB 1', year: 2101 }, { year: 'Year is not valid' }],
    ['a year as text', { plate: 'AB 1', year: '2020' }, { year: 'Year must be a whole number' }],
    ['a fractional year', { plate: 'AB 1', year: 2020.5 }, { year: 'Year must be a whole number' }],
    ['a 41-character make', { plate: 'AB 1', make: 'M'.repeat(41) }, { make: 'Make must be at most 40 characters long' }],
    ['a 41-character model', { plate: 'AB 1', model: 'M'.repeat(41) }, { model: 'Model must be at most 40 characters long' }],
    ['several faults', { plate: '', year: 1800, make: 'M'.repeat(41) }, { plate: 'Vehicle ID is required', year: 'Year must be 1886 or later', make: 'Make must be at most 40 characters long' }],
  ])('refuses %s with 400 and the field messages', async (_label, body, errors) => {
    const customer = await signUp(shop.app);
    const response = await refused(() => add(customer, body));
    expect(response.status).toBe(400);
    expect(response.body).toEqual(invalid(errors));
  });

  it('refuses a plate that upper-cases to more than 20 characters (400, not a server error)', async () => {
    const customer = await signUp(shop.app);
    // 'ß' upper-cases to 'SS': 11 typed characters become 22.
    const response = await refused(() => add(customer, { plate: 'ß'.repeat(11) }));
    expect(response.status).toBe(400);
    expect(response.body).toEqual(invalid({ plate: 'Vehicle ID must be at most 20 characters long' }));
    expect((await add(customer, { plate: 'straße 1' })).body.plate).toBe('STRASSE 1');

    // The same rule when a booking adds the vehicle.
    const booking = await refused(() => call(shop.app, 'POST', '/api/appointments', { token: customer.token, body: { plate: 'ß'.repeat(11), serviceType: 'OIL_CHANGE', date: day(4), slot: '10:00' } }));
    expect(booking.status).toBe(400);
    expect(booking.body).toEqual(invalid({ plate: 'Vehicle ID must be at most 20 characters long' }));
  });
});

describe('GET /api/vehicles', () => {
  it('lists only the caller’s vehicles, ordered by plate', async () => {
    const customer = await signUp(shop.app);
    const other = await signUp(shop.app);
    for (const plate of ['KD-7733', 'CAB-4821', 'aaa 1', 'WP-CAR-1290', 'CAA-0456']) await added(customer, { plate });
    await added(other, { plate: 'AAB 2' });

    const response = await list(customer);
    expect(response.status).toBe(200);
    expect(plates(response)).toEqual(['AAA 1', 'CAA-0456', 'CAB-4821', 'KD-7733', 'WP-CAR-1290']);
    expect(response.body).not.toHaveProperty('nextCursor');
    expect(plates(await list(other))).toEqual(['AAB 2']);
    expect((await list(await signUp(shop.app))).body).toEqual({ items: [] });
  });

  it('pages with limit and cursor', async () => {
    const customer = await signUp(shop.app);
    const vehicles: Json[] = [];
    for (const plate of ['P 1', 'P 2', 'P 3', 'P 4', 'P 5']) vehicles.push(await added(customer, { plate, make: 'Mazda' }));

    const first = await list(customer, { limit: '2' });
    expect(first.body).toEqual({ items: vehicles.slice(0, 2), nextCursor: expect.any(String) });
    const second = await list(customer, { limit: '2', cursor: first.body.nextCursor });
    expect(second.body).toEqual({ items: vehicles.slice(2, 4), nextCursor: expect.any(String) });
    const last = await list(customer, { limit: '2', cursor: second.body.nextCursor });
    expect(last.body).toEqual({ items: vehicles.slice(4) });
  });

  it('shows a vehicle added by booking with a new plate', async () => {
    const customer = await signUp(shop.app);
    await booked(shop.app, customer.token, { plate: ' new  99 ', date: day(3), slot: '10:00' });
    expect(plates(await list(customer))).toEqual(['NEW 99']);
  });

  it('refuses a bad cursor or limit with 400', async () => {
    const customer = await signUp(shop.app);
    const forge = (values: unknown[]) => Buffer.from(JSON.stringify(values)).toString('base64url');
    const id = '00000000-0000-4000-8000-000000000000';
    // Text PostgreSQL refuses (NUL) or a plate can never be (lower case, a lone surrogate) is refused before SQL.
    for (const cursor of ['garbage', 'a.b', forge(['2030-06-03 10:00:00']), forge(['\u0000', id]), forge(['AB\u000012', id]), forge(['ab 12', id]), forge(['AB\ud800', id])]) {
      const response = await list(customer, { cursor });
      expect({ cursor, status: response.status, body: response.body }).toEqual({ cursor, status: 400, body: invalid({ cursor: 'Invalid cursor' }) });
    }
    expect((await list(customer, { limit: '0' })).body).toEqual(invalid({ limit: 'Limit must be at least 1' }));
    expect((await list(customer, { limit: '201' })).body).toEqual(invalid({ limit: 'Limit must be at most 200' }));
  });
});

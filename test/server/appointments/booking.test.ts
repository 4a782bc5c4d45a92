/**
 * POST /api/appointments and GET /api/availability (docs/api-contract.md § "The shop"): what a customer gets
 * back, every refusal with its exact message and nothing stored, the two conflicts, and slot availability.
 */
import { call } from '../helpers/http';
import { BAYS, book, booked, CENTERS, day, login, SHOP_TODAY, type Shop, shopTime, SLOTS, startShop } from '../helpers/shop';
import { testClock } from '../helpers/testApp';
import {
  AUTHENTICATION_REQUIRED,
  availability,
  cancel,
  customer,
  failure,
  freshSlot,
  invalid,
  isoNow,
  ISO_INSTANT,
  PASSWORD,
  reschedule,
  SLOT_FULL,
  storesNothing,
  technician,
  unknownId,
  UUID,
  VEHICLE_BUSY,
} from './helpers';

let shop: Shop;

beforeAll(async () => {
  shop = await startShop();
});

afterAll(async () => {
  await shop.close();
});

const DOWNTOWN = { id: CENTERS.downtown, name: 'Downtown Workshop', address: '1200 Market Street, Springfield, IL 62701' };
const LABELS = ['09:00-10:00 AM', '10:00-11:00 AM', '11:00 AM-12:00 PM', '02:00-03:00 PM', '03:00-04:00 PM', '04:00-05:00 PM'];

/** A booking body that passes every rule; tests spoil one part of it. */
function validBody(extra: Record<string, unknown> = {}): Record<string, unknown> {
  return { plate: 'GOOD 1', serviceType: 'OIL_CHANGE', date: day(1), slot: '09:00', ...extra };
}

function post(token: string, body: unknown) {
  return call(shop.app, 'POST', '/api/appointments', { token, body });
}

describe('POST /api/appointments: a booking', () => {
  it('answers 201 with the whole PENDING appointment, the plate normalised', async () => {
    const ada = await customer(shop, 'Ada Booking');
    const { date, slot } = freshSlot();
    const response = await book(shop.app, ada.token, { plate: '  ab   12  cd ', serviceType: 'FULL_SERVICE', date, slot, centerId: CENTERS.northside, notes: ' Rattles when cold ' });

    expect(response.status).toBe(201);
    expect(response.body).toEqual({
      id: expect.stringMatching(UUID),
      version: 1,
      status: 'PENDING',
      // Registered with a password and not verified yet (test/server/account: the flag follows the link).
      customer: { id: ada.id, fullName: 'Ada Booking', email: ada.email, phoneNumber: '555-0100', emailVerified: false },
      vehicle: { id: expect.stringMatching(UUID), plate: 'AB 12 CD' },
      serviceType: { code: 'FULL_SERVICE', name: 'Full Service', durationMinutes: 180, price: 25000 },
      center: { id: CENTERS.northside, name: 'Northside Service Centre', address: '48 Lakeview Avenue, Springfield, IL 62702' },
      date,
      slot,
      slotLabel: LABELS[SLOTS.indexOf(slot as (typeof SLOTS)[number])],
      bay: 1,
      notes: 'Rattles when cold',
      createdAt: isoNow(shop),
      updatedAt: isoNow(shop),
    });
    expect(response.body.createdAt).toMatch(ISO_INSTANT);

    const read = await call(shop.app, 'GET', `/api/appointments/${response.body.id}`, { token: ada.token });
    expect(read.status).toBe(200);
    expect(read.body).toEqual(response.body);
  });

  it("labels each of the six slots like the catalogue (e.g. '09:00-10:00 AM')", async () => {
    const ada = await customer(shop);
    const date = day(60);
    const labels = [];
    for (const slot of SLOTS) labels.push((await booked(shop.app, ada.token, { date, slot })).slotLabel);
    expect(labels).toEqual(LABELS);
  });

  it("adds an unknown plate to the customer's vehicles, and finds it again in any spelling", async () => {
    const ada = await customer(shop);
    const first = await booked(shop.app, ada.token, { plate: 'kx 70 abc', ...freshSlot() });

    const vehicles = await call(shop.app, 'GET', '/api/vehicles', { token: ada.token });
    expect(vehicles.status).toBe(200);
    expect(vehicles.body).toEqual({ items: [{ id: first.vehicle.id, plate: 'KX 70 ABC', createdAt: isoNow(shop) }] });

    const second = await booked(shop.app, ada.token, { plate: '  KX  70 abc', ...freshSlot() });
    expect(second.vehicle).toEqual({ id: first.vehicle.id, plate: 'KX 70 ABC' });
    expect((await call(shop.app, 'GET', '/api/vehicles', { token: ada.token })).body.items).toHaveLength(1);
  });

  it('gives two customers with the same plate a vehicle each', async () => {
    const ada = await customer(shop);
    const bob = await customer(shop);
    const slot = freshSlot();
    const adas = await booked(shop.app, ada.token, { plate: 'SAME 1', ...slot });
    const bobs = await booked(shop.app, bob.token, { plate: 'SAME 1', ...slot });
    expect(bobs.vehicle.plate).toBe('SAME 1');
    expect(bobs.vehicle.id).not.toBe(adas.vehicle.id);
    expect(bobs.bay).toBe(adas.bay + 1);
  });

  it('books a vehicle of the customer by vehicleId, with its make, model and year', async () => {
    const ada = await customer(shop);
    const vehicle = await call(shop.app, 'POST', '/api/vehicles', { token: ada.token, body: { plate: 'vid 1', make: 'Toyota', model: 'Corolla', year: 2019 } });
    expect(vehicle.status).toBe(201);

    const response = await book(shop.app, ada.token, { vehicleId: vehicle.body.id, ...freshSlot() });
    expect(response.status).toBe(201);
    expect(response.body.vehicle).toEqual({ id: vehicle.body.id, plate: 'VID 1', make: 'Toyota', model: 'Corolla', year: 2019 });
    expect((await call(shop.app, 'GET', '/api/vehicles', { token: ada.token })).body.items).toHaveLength(1);
  });

  it('books at the first centre (Downtown Workshop) when none is named, and at the named one otherwise', async () => {
    const ada = await customer(shop);
    const slot = freshSlot();
    expect((await booked(shop.app, ada.token, slot)).center).toEqual(DOWNTOWN);
    expect((await booked(shop.app, ada.token, { ...slot, centerId: CENTERS.westgate })).center).toEqual({
      id: CENTERS.westgate,
      name: 'Westgate Express Bay',
      address: '7 Industrial Park Road, Springfield, IL 62704',
    });
  });

  it('stores the notes trimmed, up to 500 characters, and leaves blank notes out', async () => {
    const ada = await customer(shop);
    const long = 'n'.repeat(500);
    const withNotes = await booked(shop.app, ada.token, { ...freshSlot(), notes: long });
    expect(withNotes.notes).toBe(long);
    const row = await shop.app.db.selectFrom('appointments').select('notes').where('id', '=', withNotes.id).executeTakeFirstOrThrow();
    expect(row.notes).toBe(long);

    const blank = await booked(shop.app, ada.token, { ...freshSlot(), notes: '   ' });
    expect(blank).not.toHaveProperty('notes');
  });

  it('books today from now on, and up to 90 days ahead', async () => {
    const ada = await customer(shop);
    // The clock shows 06:00 on SHOP_TODAY: every slot of today is still ahead.
    expect((await book(shop.app, ada.token, { date: SHOP_TODAY, slot: '09:00' })).status).toBe(201);
    expect((await book(shop.app, ada.token, { date: day(90), slot: '16:00' })).status).toBe(201);
  });
});

describe('POST /api/appointments: refused input (400, nothing stored)', () => {
  async function refused(body: unknown, errors: Record<string, string>): Promise<void> {
    const ada = await customer(shop);
    const response = await storesNothing(shop, () => post(ada.token, body));
    expect(response.status).toBe(400);
    expect(response.body).toEqual(invalid(errors));
  }

  it('refuses a date in the past', () => refused(validBody({ date: day(-1) }), { date: 'Service date cannot be in the past' }));

  it('refuses a date more than 90 days ahead', () => refused(validBody({ date: day(91) }), { date: 'Service date must be within the next 90 days' }));

  it('refuses a date that does not exist or is not YYYY-MM-DD', async () => {
    await refused(validBody({ date: '2030-02-30' }), { date: 'Service date must be a valid date (YYYY-MM-DD)' });
    await refused(validBody({ date: '04/06/2030' }), { date: 'Service date must be a valid date (YYYY-MM-DD)' });
  });

  it('refuses a slot that is not one of the six', async () => {
    await refused(validBody({ slot: '08:00' }), { slot: 'Choose one of the listed time slots' });
    await refused(validBody({ slot: '9:00' }), { slot: 'Time slot must be a time (HH:MM)' });
  });

  it('refuses an unknown service type', async () => {
    await refused(validBody({ serviceType: 'CAR_WASH' }), { serviceType: 'Choose one of the listed service types' });
    await refused(validBody({ serviceType: '' }), { serviceType: 'Service type is required' });
  });

  it('refuses a centre id that is no centre', () => refused(validBody({ centerId: unknownId() }), { centerId: 'Choose one of the listed service centres' }));

  it('refuses an empty, blank, too long or oddly spelled plate', async () => {
    await refused(validBody({ plate: '' }), { plate: 'Vehicle ID is required' });
    await refused(validBody({ plate: '    ' }), { plate: 'Vehicle ID is required' });
    await refused(validBody({ plate: 'A'.repeat(21) }), { plate: 'Vehicle ID must be at most 20 characters long' });
    for (const plate of ['AB$12', 'AB_12', '-AB12', "AB'; DROP", 'AB\t12\nCD']) {
      await refused(validBody({ plate }), { plate: 'Vehicle ID may contain only letters, digits, spaces, dots and hyphens' });
    }
  });

  it('accepts a plate of exactly 20 characters', async () => {
    const ada = await customer(shop);
    expect((await post(ada.token, validBody({ plate: 'B'.repeat(20), ...freshSlot() }))).status).toBe(201);
  });

  it('asks for a vehicle when neither plate nor vehicleId is sent', () => {
    const { plate: _plate, ...body } = validBody();
    return refused(body, { plate: 'Vehicle ID is required' });
  });

  it('refuses notes of 501 characters', () => refused(validBody({ notes: 'x'.repeat(501) }), { notes: 'Notes must be at most 500 characters long' }));

  it('names every missing field', () => refused({}, { serviceType: 'Service type is required', date: 'Service date is required', slot: 'Time slot is required' }));

  it.each([
    ['plate', 'Vehicle ID'],
    ['vehicleId', 'Vehicle'],
    ['serviceType', 'Service type'],
    ['date', 'Date'],
    ['slot', 'Time slot'],
    ['centerId', 'Service centre'],
    ['notes', 'Notes'],
  ])('refuses a NUL character in %s', (field, label) =>
    refused(validBody({ [field]: field === 'vehicleId' || field === 'centerId' ? `${CENTERS.downtown.slice(0, 35)}\u0000` : 'AB\u00001' }), {
      [field]: `${label} must not contain a NUL character`,
    }),
  );

  it('refuses a NUL character in a property name', () => refused(validBody({ 'no\u0000tes': 'hello' }), { notes: 'Notes must not contain a NUL character' }));

  it('refuses ids that are not ids', async () => {
    await refused(validBody({ plate: undefined, vehicleId: '42' }), { vehicleId: 'Vehicle is not a valid id' });
    await refused(validBody({ centerId: 'downtown' }), { centerId: 'Service centre is not a valid id' });
  });

  it('refuses values of the wrong JSON type, each with its field message', () =>
    refused(
      { plate: 123, vehicleId: 7, serviceType: ['OIL_CHANGE'], date: 20300604, slot: 900, centerId: { id: CENTERS.downtown }, notes: true },
      {
        plate: 'Vehicle ID is required',
        vehicleId: 'Vehicle is not a valid id',
        serviceType: 'Service type is required',
        date: 'Service date must be a valid date (YYYY-MM-DD)',
        slot: 'Time slot must be a time (HH:MM)',
        centerId: 'Service centre is not a valid id',
        notes: 'Notes must be text',
      },
    ));

  it('refuses a body that is not a JSON object', async () => {
    await refused([validBody()], { body: 'Request body must be a JSON object' });
    await refused('OIL_CHANGE', { body: 'Request body must be a JSON object' });
  });

  it('reports several bad fields together, from the schema and from the catalogue and calendar', async () => {
    await refused({ plate: '  ', serviceType: '', date: 'tomorrow', slot: 'noon', notes: 'x'.repeat(501) }, {
      plate: 'Vehicle ID is required',
      serviceType: 'Service type is required',
      date: 'Service date must be a valid date (YYYY-MM-DD)',
      slot: 'Time slot must be a time (HH:MM)',
      notes: 'Notes must be at most 500 characters long',
    });
    await refused(validBody({ serviceType: 'CAR_WASH', centerId: unknownId(), date: day(-3) }), {
      serviceType: 'Choose one of the listed service types',
      centerId: 'Choose one of the listed service centres',
      date: 'Service date cannot be in the past',
    });
  });
});

describe('POST /api/appointments: conflicts (409, nothing stored)', () => {
  it.each(Object.entries(BAYS))('fills the %s bays of a slot, then answers "fully booked"', async (name, bays) => {
    const centerId = CENTERS[name as keyof typeof CENTERS];
    const ada = await customer(shop);
    const slot = freshSlot();
    const taken = [];
    for (let n = 0; n < bays; n += 1) taken.push((await booked(shop.app, ada.token, { ...slot, centerId })).bay);
    expect(taken).toEqual(Array.from({ length: bays }, (_, index) => index + 1));

    const bob = await customer(shop);
    const response = await storesNothing(shop, () => book(shop.app, bob.token, { ...slot, centerId, plate: 'NEW CAR 1' }));
    expect(response.status).toBe(409);
    expect(response.body).toEqual(failure(SLOT_FULL));
    expect((await call(shop.app, 'GET', '/api/vehicles', { token: bob.token })).body.items).toEqual([]);

    // Another centre, or another slot, is still free.
    const elsewhere = name === 'downtown' ? CENTERS.westgate : CENTERS.downtown;
    expect((await book(shop.app, bob.token, { ...slot, centerId: elsewhere })).status).toBe(201);
  });

  it('refuses the same vehicle twice at one date and slot, even at another centre', async () => {
    const ada = await customer(shop);
    const slot = freshSlot();
    const first = await booked(shop.app, ada.token, { ...slot, plate: 'TWICE 1' });

    for (const again of [
      { ...slot, plate: ' twice  1 ' },
      { ...slot, plate: 'TWICE 1', centerId: CENTERS.westgate },
      { ...slot, vehicleId: first.vehicle.id, centerId: CENTERS.northside },
    ]) {
      const response = await storesNothing(shop, () => book(shop.app, ada.token, again));
      expect(response.status).toBe(409);
      expect(response.body).toEqual(failure(VEHICLE_BUSY));
    }
    // The same vehicle at another slot of that day is fine.
    expect((await book(shop.app, ada.token, { date: slot.date, slot: slot.slot === '16:00' ? '15:00' : '16:00', plate: 'TWICE 1' })).status).toBe(201);
  });

  it('frees the bay (and the vehicle) of a cancelled booking', async () => {
    const ada = await customer(shop);
    const slot = freshSlot();
    const first = await booked(shop.app, ada.token, { ...slot, centerId: CENTERS.westgate, plate: 'FREED 1' });
    await booked(shop.app, ada.token, { ...slot, centerId: CENTERS.westgate, plate: 'FREED 2' });
    expect((await book(shop.app, ada.token, { ...slot, centerId: CENTERS.westgate })).status).toBe(409);

    expect((await cancel(shop, ada.token, first.id)).status).toBe(200);
    const again = await book(shop.app, ada.token, { ...slot, centerId: CENTERS.westgate, plate: 'FREED 1' });
    expect(again.status).toBe(201);
    expect(again.body.bay).toBe(first.bay);
    expect(again.body.vehicle.id).toBe(first.vehicle.id);
  });
});

describe("POST /api/appointments: today's slots that have started", () => {
  let late: Shop;

  beforeAll(async () => {
    // Another shop whose clock shows 09:59 on SHOP_TODAY: the 09:00 slot has started, the 10:00 one not yet.
    late = await startShop({ clock: testClock(shopTime(SHOP_TODAY, '09:59')) });
  });

  afterAll(async () => {
    await late.close();
  });

  it('refuses a slot of today once it has started, and takes the later ones', async () => {
    const ada = await customer(late);
    const started = await storesNothing(late, () => book(late.app, ada.token, { date: SHOP_TODAY, slot: '09:00' }));
    expect(started.status).toBe(400);
    expect(started.body).toEqual(invalid({ slot: 'That time slot has already started. Please choose a later one.' }));
    expect((await book(late.app, ada.token, { date: SHOP_TODAY, slot: '10:00' })).status).toBe(201);

    late.clock.advance(60_000); // 10:00 sharp: the 10:00 slot has started
    const atStart = await storesNothing(late, () => book(late.app, ada.token, { date: SHOP_TODAY, slot: '10:00' }));
    expect(atStart.status).toBe(400);
    expect(atStart.body).toEqual(invalid({ slot: 'That time slot has already started. Please choose a later one.' }));
    expect((await book(late.app, ada.token, { date: day(1), slot: '09:00' })).status).toBe(201);
  });

  it('moves a job only into a slot of today that has not started (reschedule, same rule)', async () => {
    const ada = await customer(late);
    const job = await booked(late.app, ada.token, { date: day(1), slot: '09:00' });
    const started = await reschedule(late, ada.token, job.id, { date: SHOP_TODAY, slot: '10:00' }); // the clock shows 10:00
    expect(started.status).toBe(400);
    expect(started.body).toEqual(invalid({ slot: 'That time slot has already started. Please choose a later one.' }));
    const moved = await reschedule(late, ada.token, job.id, { date: SHOP_TODAY, slot: '11:00' });
    expect(moved.status).toBe(200);
    expect(moved.body).toMatchObject({ date: SHOP_TODAY, slot: '11:00', version: 2 });
  });

  it("reads today in the shop's time zone, not in UTC", async () => {
    const ada = await customer(late);
    // 20:00 in Chicago is already tomorrow in UTC: SHOP_TODAY is still today there, with every slot started.
    late.clock.advance(shopTime(SHOP_TODAY, '20:00') - late.clock.now());
    const signedIn = await login(late.app, ada.email, PASSWORD);
    const response = await storesNothing(late, () => book(late.app, signedIn.token, { date: SHOP_TODAY, slot: '16:00' }));
    expect(response.status).toBe(400);
    expect(response.body).toEqual(invalid({ slot: 'That time slot has already started. Please choose a later one.' }));
    expect((await book(late.app, signedIn.token, { date: day(1), slot: '09:00' })).status).toBe(201);
    expect((await book(late.app, signedIn.token, { date: day(90), slot: '09:00' })).status).toBe(201);
  });
});

describe('GET /api/availability', () => {
  it('lists the six slots of the first centre with its capacity', async () => {
    const ada = await customer(shop);
    const response = await availability(shop, ada.token, { date: day(89) });
    expect(response.status).toBe(200);
    expect(response.body).toEqual(SLOTS.map((slot, index) => ({ slot, label: LABELS[index], capacity: BAYS.downtown, booked: 0, available: BAYS.downtown })));
  });

  it('counts open bookings per slot and centre, not cancelled ones', async () => {
    const ada = await customer(shop);
    const date = day(88);
    await booked(shop.app, ada.token, { date, slot: '09:00', centerId: CENTERS.northside });
    await booked(shop.app, ada.token, { date, slot: '09:00', centerId: CENTERS.northside });
    await booked(shop.app, ada.token, { date, slot: '09:00', centerId: CENTERS.northside });
    const cancelled = await booked(shop.app, ada.token, { date, slot: '14:00', centerId: CENTERS.northside });
    await booked(shop.app, ada.token, { date, slot: '14:00', centerId: CENTERS.northside });
    await booked(shop.app, ada.token, { date, slot: '11:00' }); // downtown
    expect((await cancel(shop, ada.token, cancelled.id)).status).toBe(200);

    const northside = await availability(shop, ada.token, { date, centerId: CENTERS.northside });
    expect(northside.status).toBe(200);
    expect(northside.body.map(({ slot, capacity, booked: count, available }: { slot: string; capacity: number; booked: number; available: number }) => [slot, capacity, count, available])).toEqual([
      ['09:00', 3, 3, 0],
      ['10:00', 3, 0, 3],
      ['11:00', 3, 0, 3],
      ['14:00', 3, 1, 2],
      ['15:00', 3, 0, 3],
      ['16:00', 3, 0, 3],
    ]);

    const downtown = await availability(shop, ada.token, { date });
    expect(downtown.body[2]).toEqual({ slot: '11:00', label: LABELS[2], capacity: 4, booked: 1, available: 3 });
    expect(downtown.body.filter((row: { booked: number }) => row.booked > 0)).toHaveLength(1);

    const westgate = await availability(shop, ada.token, { date, centerId: CENTERS.westgate });
    expect(westgate.body.every((row: { capacity: number; booked: number }) => row.capacity === 2 && row.booked === 0)).toBe(true);
  });

  it('answers every signed-in role', async () => {
    const bob = await customer(shop);
    const tess = await technician(shop);
    for (const token of [bob.token, tess.token, shop.admin.token]) expect((await availability(shop, token, { date: day(5) })).status).toBe(200);
  });

  it('refuses an unknown centre, a bad date and a missing date', async () => {
    const ada = await customer(shop);
    const unknown = await availability(shop, ada.token, { date: day(1), centerId: unknownId() });
    expect(unknown.status).toBe(400);
    expect(unknown.body).toEqual(invalid({ centerId: 'Choose one of the listed service centres' }));
    expect((await availability(shop, ada.token, { date: day(1), centerId: 'downtown' })).body).toEqual(invalid({ centerId: 'Service centre is not a valid id' }));
    expect((await availability(shop, ada.token, { date: '2030-13-01' })).body).toEqual(invalid({ date: 'Date must be a valid date (YYYY-MM-DD)' }));
    expect((await availability(shop, ada.token, {})).body).toEqual(invalid({ date: 'Date is required' }));
    expect((await availability(shop, ada.token, { date: `${day(1).slice(0, 9)}\u0000` })).body).toEqual(invalid({ date: 'Date must not contain a NUL character' }));
  });

  it('requires sign-in', async () => {
    const response = await availability(shop, undefined, { date: day(1) });
    expect(response.status).toBe(401);
    expect(response.body).toEqual(failure(AUTHENTICATION_REQUIRED));
  });
});

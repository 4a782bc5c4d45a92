/**
 * Kits and reservations: a service type's kit is reserved at the job's centre when the job is confirmed (assigned),
 * checked against what is free in the same transaction; using parts consumes the reservation; completing releases
 * what was not used, cancelling releases everything, and released or received units go to the jobs still waiting.
 * Open jobs whose kit is not covered are listed for the board's "Parts short". Each test has its own service type,
 * as kits belong to service types.
 */
import { INVENTORY_MESSAGES } from '../../../server/src/contract/inventory';
import { ACCESS_DENIED, call, failure, invalid, succeeded } from '../helpers/http';
import { approvedTechnician, assigned, booked, CENTERS, dayCounter, http, listen, type Person, signUp, useShop } from '../helpers/shop';
import { ledgerMatches, newPart, receive, stockOf } from './helpers';

const shop = useShop();
const nextDay = dayCounter();

function setKit(serviceType: string, lines: { partId: string; quantity: number }[]) {
  return call(shop.app, 'PUT', `/api/service-kits/${serviceType}`, { token: shop.admin.token, body: { lines } });
}

async function shortages(): Promise<Record<string, { partId: string; needed: number; reserved: number; used: number; available: number }[]>> {
  const answer = await succeeded(call(shop.app, 'GET', '/api/parts/shortages', { token: shop.admin.token }));
  return Object.fromEntries(answer.items.map((item: { appointmentId: string; lines: [] }) => [item.appointmentId, item.lines]));
}

async function job(serviceType: string, technician?: Person) {
  const customer = await signUp(shop.app);
  const worker = technician ?? (await approvedTechnician(shop));
  return assigned(shop, customer, worker, { serviceType, date: nextDay(), centerId: CENTERS.downtown });
}

describe('service kits', () => {
  it('admins set a service type’s kit; staff read it; bad lines are refused with a field message', async () => {
    const oil = await newPart(shop.app, shop.admin.token, { name: 'Engine oil', unit: 'litre' });
    const filter = await newPart(shop.app, shop.admin.token, { name: 'Oil filter' });
    const kit = await succeeded(setKit('BATTERY_CHECK', [
      { partId: oil.id, quantity: 4 },
      { partId: filter.id, quantity: 1 },
    ]));
    expect(kit).toEqual({
      serviceType: 'BATTERY_CHECK',
      lines: expect.arrayContaining([
        { partId: oil.id, sku: oil.sku, name: 'Engine oil', unit: 'litre', quantity: 4 },
        { partId: filter.id, sku: filter.sku, name: 'Oil filter', unit: 'each', quantity: 1 },
      ]),
    });
    const technician = await approvedTechnician(shop);
    const kits = await succeeded(call(shop.app, 'GET', '/api/service-kits', { token: technician.token }));
    expect(kits.items.find((item: { serviceType: string }) => item.serviceType === 'BATTERY_CHECK')).toEqual(kit);
    expect(await call(shop.app, 'PUT', '/api/service-kits/BATTERY_CHECK', { token: technician.token, body: { lines: [] } })).toMatchObject({ status: 403, body: ACCESS_DENIED });
    expect(await setKit('NO_SUCH_SERVICE', [])).toMatchObject({ status: 404, body: failure(INVENTORY_MESSAGES.serviceTypeNotFound) });
    expect(await setKit('BATTERY_CHECK', [
      { partId: oil.id, quantity: 1 },
      { partId: oil.id, quantity: 2 },
    ])).toMatchObject({ status: 400, body: invalid({ lines: INVENTORY_MESSAGES.duplicateKitPart }) });
    expect(await setKit('BATTERY_CHECK', [{ partId: crypto.randomUUID(), quantity: 1 }])).toMatchObject({ status: 400, body: invalid({ 'lines.0.partId': INVENTORY_MESSAGES.partNotFound }) });
    // Refusals changed nothing; an empty list clears the kit.
    expect((await succeeded(call(shop.app, 'GET', '/api/service-kits', { token: shop.admin.token }))).items).toContainEqual(kit);
    expect(await succeeded(setKit('BATTERY_CHECK', []))).toEqual({ serviceType: 'BATTERY_CHECK', lines: [] });
  });
});

describe('reservations', () => {
  it('assigning reserves the kit; using consumes the reservation; completing releases what was not used', async () => {
    const oil = await newPart(shop.app, shop.admin.token, { unit: 'litre' });
    const filter = await newPart(shop.app, shop.admin.token);
    await receive(shop.app, shop.admin.token, oil.id, CENTERS.downtown, 8);
    await receive(shop.app, shop.admin.token, filter.id, CENTERS.downtown, 5);
    await succeeded(setKit('OIL_CHANGE', [
      { partId: oil.id, quantity: 4 },
      { partId: filter.id, quantity: 1 },
    ]));
    const technician = await approvedTechnician(shop);
    const work = await job('OIL_CHANGE', technician);
    expect((await stockOf(shop.app, shop.admin.token, oil.id))[CENTERS.downtown]).toMatchObject({ onHand: 8, reserved: 4, available: 4 });
    expect((await stockOf(shop.app, shop.admin.token, filter.id))[CENTERS.downtown]).toMatchObject({ onHand: 5, reserved: 1, available: 4 });
    const parts = await succeeded(call(shop.app, 'GET', `/api/appointments/${work.id}/parts`, { token: technician.token }));
    expect(parts.reserved.map((line: { partId: string; quantity: number }) => [line.partId, line.quantity]).sort()).toEqual([[filter.id, 1], [oil.id, 4]].sort());

    const afterUse = await succeeded(call(shop.app, 'POST', `/api/appointments/${work.id}/parts`, { token: technician.token, body: { partId: filter.id, quantity: 1 } }));
    expect(afterUse.reserved.map((line: { partId: string }) => line.partId)).toEqual([oil.id]);
    expect((await stockOf(shop.app, shop.admin.token, filter.id))[CENTERS.downtown]).toMatchObject({ onHand: 4, reserved: 0, available: 4 });
    await succeeded(call(shop.app, 'POST', `/api/appointments/${work.id}/parts`, { token: technician.token, body: { partId: oil.id, quantity: 3 } }));
    expect((await stockOf(shop.app, shop.admin.token, oil.id))[CENTERS.downtown]).toMatchObject({ onHand: 5, reserved: 1, available: 4 });

    await succeeded(call(shop.app, 'PATCH', `/api/appointments/${work.id}/status`, { token: technician.token, body: { status: 'in_progress' } }));
    await succeeded(call(shop.app, 'PATCH', `/api/appointments/${work.id}/status`, { token: technician.token, body: { status: 'completed' } }));
    expect((await stockOf(shop.app, shop.admin.token, oil.id))[CENTERS.downtown]).toMatchObject({ onHand: 5, reserved: 0, available: 5 });
    expect((await succeeded(call(shop.app, 'GET', `/api/appointments/${work.id}/parts`, { token: technician.token }))).reserved).toEqual([]);
    expect(await ledgerMatches(shop.app)).toEqual([]);
  });

  it('a job that cannot get its kit is short; cancelling another job hands its units on; a receipt fills the rest; a booked job without stock is short too', async () => {
    const pads = await newPart(shop.app, shop.admin.token, { name: 'Brake pads' });
    await receive(shop.app, shop.admin.token, pads.id, CENTERS.downtown, 1);
    await succeeded(setKit('BRAKE_INSPECTION', [{ partId: pads.id, quantity: 1 }]));
    const first = await job('BRAKE_INSPECTION');
    const second = await job('BRAKE_INSPECTION');
    const third = await job('BRAKE_INSPECTION');
    expect((await stockOf(shop.app, shop.admin.token, pads.id))[CENTERS.downtown]).toMatchObject({ onHand: 1, reserved: 1, available: 0 });
    let short = await shortages();
    expect(short[first.id]).toBeUndefined();
    expect(short[second.id]).toEqual([{ partId: pads.id, sku: pads.sku, name: 'Brake pads', needed: 1, used: 0, reserved: 0, available: 0 }]);
    expect(short[third.id]).toHaveLength(1);

    await succeeded(call(shop.app, 'POST', `/api/appointments/${first.id}/cancel`, { token: shop.admin.token, body: {} }));
    short = await shortages();
    expect([short[first.id], short[second.id], short[third.id]?.length]).toEqual([undefined, undefined, 1]);
    await receive(shop.app, shop.admin.token, pads.id, CENTERS.downtown, 1);
    short = await shortages();
    expect(short[third.id]).toBeUndefined();
    expect((await stockOf(shop.app, shop.admin.token, pads.id))[CENTERS.downtown]).toMatchObject({ onHand: 2, reserved: 2, available: 0 });

    // A job only booked reserves nothing, and is short when its kit is more than is free at its centre now.
    const customer = await signUp(shop.app);
    const pending = await booked(shop.app, customer.token, { serviceType: 'BRAKE_INSPECTION', date: nextDay(), centerId: CENTERS.downtown });
    expect((await shortages())[pending.id]).toEqual([expect.objectContaining({ partId: pads.id, needed: 1, reserved: 0, available: 0 })]);
    await receive(shop.app, shop.admin.token, pads.id, CENTERS.downtown, 1);
    expect((await shortages())[pending.id]).toBeUndefined();
    expect((await stockOf(shop.app, shop.admin.token, pads.id))[CENTERS.downtown]).toMatchObject({ reserved: 2, available: 1 });
  });

  it('10 jobs assigned at once over HTTP with 3 units free: exactly 3 are reserved, never more than on hand', async () => {
    const base = await listen(shop.app);
    const tyre = await newPart(shop.app, shop.admin.token, { name: 'Valve stem' });
    await receive(shop.app, shop.admin.token, tyre.id, CENTERS.downtown, 3);
    await succeeded(setKit('TIRE_ROTATION', [{ partId: tyre.id, quantity: 1 }]));
    const technician = await approvedTechnician(shop);
    const customer = await signUp(shop.app);
    const jobs = [];
    for (let i = 0; i < 10; i += 1) jobs.push(await booked(shop.app, customer.token, { serviceType: 'TIRE_ROTATION', date: nextDay(), centerId: CENTERS.downtown }));
    const answers = await Promise.all(jobs.map((pending) => http(base, 'POST', `/api/appointments/${pending.id}/assign`, { token: shop.admin.token, body: { employeeId: technician.id } })));
    expect(answers.map((answer) => answer.status)).toEqual(Array(10).fill(200));
    expect((await stockOf(shop.app, shop.admin.token, tyre.id))[CENTERS.downtown]).toMatchObject({ onHand: 3, reserved: 3, available: 0 });
    const short = await shortages();
    expect(jobs.filter((pending) => short[pending.id]).length).toBe(7);
  }, 60_000);
});

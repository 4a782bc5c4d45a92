/**
 * Parts used on a job: the job's technician (or an admin) adds, changes and removes them while the job is confirmed
 * or in progress, taking from and returning to its centre's stock; the customer reads them on their own job; anyone
 * else gets the job's 404. 50 concurrent requests for the last 10 units: exactly 10 succeed.
 */
import { APPOINTMENT_MESSAGES } from '../../../server/src/contract/appointments';
import { INVENTORY_MESSAGES, notEnoughStock } from '../../../server/src/contract/inventory';
import { ACCESS_DENIED, call, failure, invalid, succeeded } from '../helpers/http';
import { approvedTechnician, assigned, CENTERS, dayCounter, http, listen, type Person, signUp, useShop } from '../helpers/shop';
import { ledgerMatches, newPart, receive, stockOf } from './helpers';

const shop = useShop();
const nextDay = dayCounter();

async function jobWithStock(units: number, worker?: Person) {
  const customer = await signUp(shop.app);
  const technician = worker ?? (await approvedTechnician(shop));
  const job = await assigned(shop, customer, technician, { date: nextDay(), centerId: CENTERS.downtown });
  const part = await newPart(shop.app, shop.admin.token, { name: 'Oil filter', sellPriceMinor: 2490 });
  if (units > 0) await receive(shop.app, shop.admin.token, part.id, CENTERS.downtown, units);
  return { customer, technician, job, part };
}

describe('parts used on a job', () => {
  it('the technician adds, changes and removes parts; stock follows as USED and RETURNED movements; the customer sees them', async () => {
    const { customer, technician, job, part } = await jobWithStock(5);
    const added = await succeeded(call(shop.app, 'POST', `/api/appointments/${job.id}/parts`, { token: technician.token, body: { partId: part.id, quantity: 2 } }));
    expect(added.items).toEqual([{ partId: part.id, sku: part.sku, name: 'Oil filter', unit: 'each', quantity: 2, sellPriceMinor: 2490 }]);
    expect((await stockOf(shop.app, shop.admin.token, part.id))[CENTERS.downtown].onHand).toBe(3);
    await succeeded(call(shop.app, 'PUT', `/api/appointments/${job.id}/parts/${part.id}`, { token: technician.token, body: { quantity: 1 } }));
    expect((await stockOf(shop.app, shop.admin.token, part.id))[CENTERS.downtown].onHand).toBe(4);
    const seen = await succeeded(call(shop.app, 'GET', `/api/appointments/${job.id}/parts`, { token: customer.token }));
    expect(seen.items).toEqual([expect.objectContaining({ partId: part.id, quantity: 1 })]);
    const removed = await succeeded(call(shop.app, 'PUT', `/api/appointments/${job.id}/parts/${part.id}`, { token: technician.token, body: { quantity: 0 } }));
    expect(removed.items).toEqual([]);
    expect((await stockOf(shop.app, shop.admin.token, part.id))[CENTERS.downtown].onHand).toBe(5);
    const history = await succeeded(call(shop.app, 'GET', `/api/parts/${part.id}/movements?centerId=${CENTERS.downtown}`, { token: shop.admin.token }));
    expect(history.items.map((movement: { kind: string; quantity: number; appointmentId?: string }) => [movement.kind, movement.quantity, movement.appointmentId])).toEqual([
      ['RETURNED', 1, job.id],
      ['RETURNED', 1, job.id],
      ['USED', -2, job.id],
      ['RECEIVED', 5, undefined],
    ]);
  });

  it('refuses more than is available with 409 and the quantity left, and validates the quantity', async () => {
    const { technician, job, part } = await jobWithStock(1);
    expect(await call(shop.app, 'POST', `/api/appointments/${job.id}/parts`, { token: technician.token, body: { partId: part.id, quantity: 2 } })).toMatchObject({
      status: 409,
      body: failure(notEnoughStock(1)),
    });
    expect(await call(shop.app, 'POST', `/api/appointments/${job.id}/parts`, { token: technician.token, body: { partId: part.id, quantity: 0 } })).toMatchObject({
      status: 400,
      body: invalid({ quantity: 'Quantity must be at least 1' }),
    });
    expect((await succeeded(call(shop.app, 'GET', `/api/appointments/${job.id}/parts`, { token: technician.token }))).items).toEqual([]);
  });

  it('only the job’s own technician or an admin records parts; another technician and other customers get 404; customers cannot write', async () => {
    const { customer, job, part } = await jobWithStock(3);
    const other = await approvedTechnician(shop);
    const stranger = await signUp(shop.app);
    expect(await call(shop.app, 'POST', `/api/appointments/${job.id}/parts`, { token: other.token, body: { partId: part.id, quantity: 1 } })).toMatchObject({
      status: 404,
      body: failure(APPOINTMENT_MESSAGES.notFound),
    });
    expect(await call(shop.app, 'GET', `/api/appointments/${job.id}/parts`, { token: stranger.token })).toMatchObject({ status: 404, body: failure(APPOINTMENT_MESSAGES.notFound) });
    expect(await call(shop.app, 'POST', `/api/appointments/${job.id}/parts`, { token: customer.token, body: { partId: part.id, quantity: 1 } })).toMatchObject({
      status: 403,
      body: ACCESS_DENIED,
    });
    expect((await call(shop.app, 'POST', `/api/appointments/${job.id}/parts`, { token: shop.admin.token, body: { partId: part.id, quantity: 1 } })).status).toBe(200);
    expect(await call(shop.app, 'POST', `/api/appointments/${job.id}/parts`, { token: shop.admin.token, body: { partId: crypto.randomUUID(), quantity: 1 } })).toMatchObject({
      status: 404,
      body: failure(INVENTORY_MESSAGES.partNotFound),
    });
  });

  it('a completed or cancelled job’s parts no longer change', async () => {
    const { technician, job, part } = await jobWithStock(3);
    await succeeded(call(shop.app, 'POST', `/api/appointments/${job.id}/parts`, { token: technician.token, body: { partId: part.id, quantity: 1 } }));
    await succeeded(call(shop.app, 'PATCH', `/api/appointments/${job.id}/status`, { token: technician.token, body: { status: 'in_progress' } }));
    await succeeded(call(shop.app, 'PATCH', `/api/appointments/${job.id}/status`, { token: technician.token, body: { status: 'completed' } }));
    expect(await call(shop.app, 'PUT', `/api/appointments/${job.id}/parts/${part.id}`, { token: technician.token, body: { quantity: 0 } })).toMatchObject({
      status: 409,
      body: failure(INVENTORY_MESSAGES.jobClosed),
    });
  });

  it('50 concurrent requests for the last 10 units over HTTP: exactly 10 succeed, the rest get 409 with 0 left; on hand equals the ledger', async () => {
    const base = await listen(shop.app);
    const { technician, job, part } = await jobWithStock(10);
    // Two jobs take from the same shelf.
    const second = await jobWithStock(0, technician);
    const answers = await Promise.all(
      Array.from({ length: 50 }, (_, i) =>
        http(base, 'POST', `/api/appointments/${i % 2 ? second.job.id : job.id}/parts`, { token: technician.token, body: { partId: part.id, quantity: 1 } }),
      ),
    );
    const ok = answers.filter((answer) => answer.status === 200);
    const refused = answers.filter((answer) => answer.status === 409);
    expect([ok.length, refused.length]).toEqual([10, 40]);
    for (const answer of refused) expect(answer.body).toEqual(failure(notEnoughStock(0)));
    expect((await stockOf(shop.app, shop.admin.token, part.id))[CENTERS.downtown]).toMatchObject({ onHand: 0, available: 0 });
    const used = await shop.app.db.selectFrom('job_parts').select((eb) => eb.fn.sum<number>('quantity').as('n')).where('part_id', '=', part.id).executeTakeFirstOrThrow();
    expect(Number(used.n)).toBe(10);
    expect(await ledgerMatches(shop.app)).toEqual([]);
  }, 60_000);
});

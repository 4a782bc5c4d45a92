/**
 * Low stock (PART_LOW_STOCK, inventory/sql/30_low_stock.sql): when what is available of a part at a centre (on hand
 * − reserved) falls to or below its reorder level, every active admin is told once per crossing — not once per use —
 * through the API flows that move stock: uses on a job, reservations of a kit, a new reorder level; concurrent uses
 * tell them once; an archived part, a level of 0 and a silenced write tell nobody.
 */
import { sql } from 'kysely';
import { silenceNotifications } from '../../../server/src/notifications/silence';
import { notificationText } from '../../../server/src/notifications/texts';
import { call, type Json, succeeded } from '../helpers/http';
import { approvedTechnician, assigned, CENTERS, dayCounter, http, listen, type Person, signUp, useShop } from '../helpers/shop';
import { newPart, receive } from '../inventory/helpers';
import { anotherAdmin, notificationsOf } from './helpers';

const shop = useShop();
const nextDay = dayCounter();
let secondAdmin: Person;
let inactiveAdmin: Person;
let technician: Person;
let customer: Person;

beforeAll(async () => {
  secondAdmin = await anotherAdmin(shop);
  inactiveAdmin = await anotherAdmin(shop, { active: false });
  technician = await approvedTechnician(shop);
  customer = await signUp(shop.app);
});

let skus = 0;
/** A part with `units` received at Downtown and reorder level `level` there. */
async function stockedPart(units: number, level: number, fields: Record<string, unknown> = {}): Promise<Json> {
  skus += 1;
  const part = await newPart(shop.app, shop.admin.token, { sku: `LOW-${skus}`, name: 'Brake pads, front', unit: 'set', ...fields });
  if (units > 0) await receive(shop.app, shop.admin.token, part.id, CENTERS.downtown, units);
  await setLevel(part.id, level);
  return part;
}

function setLevel(partId: string, reorderLevel: number): Promise<Json> {
  return succeeded(call(shop.app, 'PUT', `/api/parts/${partId}/stock/${CENTERS.downtown}`, { token: shop.admin.token, body: { reorderLevel, reorderQuantity: 10 } }));
}

/** A job at Downtown assigned to the technician (an oil change unless told). */
function job(serviceType = 'OIL_CHANGE'): Promise<Json> {
  return assigned(shop, customer, technician, { serviceType, date: nextDay(), centerId: CENTERS.downtown });
}

function use(jobId: string, partId: string, quantity: number): Promise<Json> {
  return succeeded(call(shop.app, 'POST', `/api/appointments/${jobId}/parts`, { token: technician.token, body: { partId, quantity } }));
}

/** `person`'s low-stock notifications about the part, oldest first, as their messages (worded as the API words them). */
async function toldOf(person: Person, partId: string): Promise<string[]> {
  const rows = await shop.app.db
    .selectFrom('notifications')
    .select(['kind', 'audience', 'params', 'title', 'message'])
    .where('user_id', '=', person.id)
    .where('kind', '=', 'PART_LOW_STOCK')
    .where(sql<boolean>`params->>'partId' = ${partId}`)
    .orderBy('created_at')
    .orderBy('id')
    .execute();
  return rows.map((row) => notificationText(row).message);
}

/** What every admin, active or not, the technician and the customer were told of the part. */
async function everyoneToldOf(partId: string): Promise<Record<string, string[]>> {
  const people: [string, Person][] = [
    ['admin', shop.admin],
    ['second admin', secondAdmin],
    ['inactive admin', inactiveAdmin],
    ['technician', technician],
    ['customer', customer],
  ];
  const told: Record<string, string[]> = {};
  for (const [who, person] of people) told[who] = await toldOf(person, partId);
  return told;
}

const toAdmins = (...messages: string[]) => ({ admin: messages, 'second admin': messages, 'inactive admin': [], technician: [], customer: [] });

describe('a use that takes the stock to or below the reorder level', () => {
  it('tells every active admin once; using more below the level tells nobody again; after a receipt above it, the next fall does', async () => {
    const part = await stockedPart(6, 4);
    const { id: jobId } = await job();
    await use(jobId, part.id, 1);
    expect(await everyoneToldOf(part.id)).toEqual(toAdmins());

    await use(jobId, part.id, 1);
    const first = `${part.sku} Brake pads, front: 4 sets available at Downtown Workshop, reorder level 4.`;
    expect(await everyoneToldOf(part.id)).toEqual(toAdmins(first));

    await use(jobId, part.id, 1);
    await use(jobId, part.id, 2);
    expect(await everyoneToldOf(part.id)).toEqual(toAdmins(first));

    // Back above the level (1 + 5 = 6), then down to 1 in one use: a second crossing.
    await receive(shop.app, shop.admin.token, part.id, CENTERS.downtown, 5);
    expect(await everyoneToldOf(part.id)).toEqual(toAdmins(first));
    shop.clock.advance(60_000);
    await use(jobId, part.id, 5);
    expect(await everyoneToldOf(part.id)).toEqual(toAdmins(first, `${part.sku} Brake pads, front: 1 set available at Downtown Workshop, reorder level 4.`));
  });

  it('GET /api/notifications answers it with its words, no job, the part and centre, at the time of the use; it is announced live', async () => {
    const part = await stockedPart(3, 2, { name: 'Oil filter', unit: 'each' });
    const { id: jobId } = await job();
    await use(jobId, part.id, 1);

    const page = await notificationsOf(shop, secondAdmin);
    const item = page.items.find((notification: Json) => notification.kind === 'PART_LOW_STOCK' && notification.stock?.partId === part.id);
    expect(item).toEqual({
      id: expect.any(String),
      kind: 'PART_LOW_STOCK',
      appointmentId: null,
      stock: { partId: part.id, centerId: CENTERS.downtown },
      title: 'Low stock',
      message: `${part.sku} Oil filter: 2 available at Downtown Workshop, reorder level 2.`,
      createdAt: new Date(shop.clock.now()).toISOString(),
      readAt: null,
    });
    // The job's kinds answer as before: no `stock`.
    expect(page.items.filter((notification: Json) => notification.kind !== 'PART_LOW_STOCK' && 'stock' in notification)).toEqual([]);

    const { rows } = await sql<{ type: string; user_ids: string[]; admins: boolean }>`
      SELECT type, user_ids, admins FROM live_events WHERE entity_id = ${item.id}::uuid`.execute(shop.app.db);
    expect(rows).toEqual([{ type: 'notification.created', user_ids: [secondAdmin.id], admins: false }]);

    const read = await succeeded(call(shop.app, 'POST', `/api/notifications/${item.id}/read`, { token: secondAdmin.token }));
    expect(read).toMatchObject({ id: item.id, kind: 'PART_LOW_STOCK', stock: { partId: part.id, centerId: CENTERS.downtown }, title: 'Low stock' });
  });

  it('ten concurrent uses across the level tell each admin exactly once', async () => {
    const part = await stockedPart(14, 8);
    const jobs: Json[] = [];
    for (let index = 0; index < 10; index += 1) jobs.push(await job());
    const base = await listen(shop.app);
    const statuses = await Promise.all(
      jobs.map(async (each) => (await http(base, 'POST', `/api/appointments/${each.id}/parts`, { token: technician.token, body: { partId: part.id, quantity: 1 } })).status),
    );
    expect(statuses).toEqual(Array(10).fill(200));
    // Told of the one use that took it from 9 to 8, whichever request that was.
    expect(await everyoneToldOf(part.id)).toEqual(toAdmins(`${part.sku} Brake pads, front: 8 sets available at Downtown Workshop, reorder level 8.`));
  }, 60_000);
});

describe('what else crosses the level', () => {
  it('a reservation: confirming a job whose kit reserves the part (available = on hand − reserved); using the reserved units is no new crossing', async () => {
    const part = await stockedPart(5, 3);
    await succeeded(call(shop.app, 'PUT', '/api/service-kits/TIRE_ROTATION', { token: shop.admin.token, body: { lines: [{ partId: part.id, quantity: 2 }] } }));
    const { id: jobId } = await job('TIRE_ROTATION');
    const told = `${part.sku} Brake pads, front: 3 sets available at Downtown Workshop, reorder level 3.`;
    expect(await everyoneToldOf(part.id)).toEqual(toAdmins(told));

    // The reservation is given back and the units taken in one change: available stays 3, nobody is told again.
    await use(jobId, part.id, 2);
    expect(await everyoneToldOf(part.id)).toEqual(toAdmins(told));
  });

  it('a reorder level raised to or above what is available; lowering it again and raising it is a second crossing', async () => {
    const part = await stockedPart(5, 0);
    await setLevel(part.id, 4);
    expect(await everyoneToldOf(part.id)).toEqual(toAdmins());
    await setLevel(part.id, 5);
    const told = `${part.sku} Brake pads, front: 5 sets available at Downtown Workshop, reorder level 5.`;
    expect(await everyoneToldOf(part.id)).toEqual(toAdmins(told));
    await setLevel(part.id, 6);
    expect(await everyoneToldOf(part.id)).toEqual(toAdmins(told));
    await setLevel(part.id, 0);
    await setLevel(part.id, 5);
    expect(await everyoneToldOf(part.id)).toEqual(toAdmins(told, told));
  });
});

describe('who is not told', () => {
  it('nobody, for a level of 0 or an archived part', async () => {
    const unlevelled = await stockedPart(2, 0);
    const { id: jobId } = await job();
    await use(jobId, unlevelled.id, 2);
    expect(await everyoneToldOf(unlevelled.id)).toEqual(toAdmins());

    const archived = await stockedPart(5, 2);
    await succeeded(call(shop.app, 'PATCH', `/api/parts/${archived.id}`, { token: shop.admin.token, body: { archived: true, expectedVersion: archived.version } }));
    await setLevel(archived.id, 6);
    expect(await everyoneToldOf(archived.id)).toEqual(toAdmins());
  });

  it('nobody, for a change made with notifications off (the demo seed); it still counts as the crossing', async () => {
    const part = await stockedPart(5, 3);
    await shop.app.db.transaction().execute(async (trx) => {
      await silenceNotifications(trx);
      await trx
        .insertInto('stock_movements')
        .values({ part_id: part.id, center_id: CENTERS.downtown, kind: 'ADJUSTED', quantity: -3, reason: 'Count', actor_id: shop.admin.id, occurred_at: new Date(shop.clock.now()).toISOString() })
        .execute();
    });
    const { id: jobId } = await job();
    await use(jobId, part.id, 1);
    expect(await everyoneToldOf(part.id)).toEqual(toAdmins());
  });
});

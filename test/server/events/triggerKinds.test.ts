/**
 * The live event kinds are contract/live.ts LIVE_EVENT_TYPES, on the database's side too: every kind its triggers
 * write is in the list (a kind missing there would reach no stream, and the constraint refuses it), and every kind
 * in the list is written by some change.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { sql } from 'kysely';
import { LIVE_EVENT_TYPES } from '../../../server/src/contract/live';
import { DOMAINS_ROOT } from '../../../server/src/db/objects';
import { call } from '../helpers/http';
import { approvedTechnician, assigned, day, type Shop, signUp, startShop } from '../helpers/shop';

let shop: Shop;

beforeAll(async () => {
  shop = await startShop();
});

afterAll(async () => {
  await shop?.close();
});

const written = async () => (await sql<{ type: string }>`SELECT DISTINCT type FROM live_events ORDER BY type`.execute(shop.app.db)).rows.map((row) => row.type);

it('every kind in the list is written by a change through the API, and no other', async () => {
  const customer = await signUp(shop.app, 'CUSTOMER');
  const technician = await approvedTechnician(shop);
  const job = await assigned(shop, customer, technician);
  const log = { appointmentId: job.id, date: day(0), startTime: '08:00', endTime: '08:30', description: 'Checked the oil.' };
  const created = await call(shop.app, 'POST', '/api/time-logs', { token: technician.token, body: log });
  expect(created.status).toBe(201);
  expect((await call(shop.app, 'PUT', `/api/time-logs/${created.body.id}`, { token: technician.token, body: { ...log, endTime: '08:45' } })).status).toBe(200);
  expect((await call(shop.app, 'DELETE', `/api/time-logs/${created.body.id}`, { token: technician.token })).status).toBe(204);
  // Parts: stock received (stock.changed), then used on the job (job.parts.changed).
  const part = await call(shop.app, 'POST', '/api/parts', { token: shop.admin.token, body: { sku: 'LIVE-1', name: 'Oil filter', category: 'Filters', unit: 'each', unitCostMinor: 1, sellPriceMinor: 2 } });
  expect((await call(shop.app, 'POST', `/api/parts/${part.body.id}/receive`, { token: shop.admin.token, body: { centerId: job.center.id, quantity: 2 } })).status).toBe(201);
  expect((await call(shop.app, 'POST', `/api/appointments/${job.id}/parts`, { token: technician.token, body: { partId: part.body.id, quantity: 1 } })).status).toBe(200);
  // Billing: a fee on the job (job.billing.changed).
  expect((await call(shop.app, 'POST', `/api/appointments/${job.id}/lines`, { token: shop.admin.token, body: { kind: 'FEE', description: 'Towing', amountMinor: 100 } })).status).toBe(201);

  expect(await written()).toEqual([...LIVE_EVENT_TYPES].sort());
});

it("names no kind outside the list in the database's triggers", () => {
  const files = ['events', 'inventory', 'billing'].flatMap((domain) => {
    const dir = join(DOMAINS_ROOT, domain, 'sql');
    return readdirSync(dir)
      .filter((file) => file.endsWith('.sql'))
      .map((file) => join(dir, file));
  });
  const named = files.flatMap((file) => [...readFileSync(file, 'utf8').matchAll(/'([a-z]+(?:\.[a-z]+)+)'/g)].map((match) => match[1]));
  expect(named.length).toBeGreaterThan(0);
  expect(named.filter((kind) => !(LIVE_EVENT_TYPES as readonly string[]).includes(kind))).toEqual([]);
});

it('refuses a kind outside the list', async () => {
  await expect(
    sql`INSERT INTO live_events (type, entity_id, version, admins, user_ids) VALUES ('appointment.deleted', gen_random_uuid(), 1, true, '{}')`.execute(shop.app.db),
  ).rejects.toMatchObject({ code: '23514', constraint: 'live_events_type_check' });
});

/**
 * The service report's "Parts used": each part recorded as used on the job (POST /api/appointments/:id/parts) with
 * its name, SKU and quantity in its unit, for everyone who may read the report; another job's parts never; the
 * section is left out when there are none. No prices (billing comes later).
 */
import { call, type Json, succeeded } from '../helpers/http';
import { approvedTechnician, assigned, CENTERS, dayCounter, type Person, signUp, useShop } from '../helpers/shop';
import { newPart, receive } from '../inventory/helpers';
import { allLines, getReport, pdfText } from './helpers';

const shop = useShop();
const nextDay = dayCounter();

async function stocked(fields: Record<string, unknown>): Promise<Json> {
  const part = await newPart(shop.app, shop.admin.token, fields);
  await receive(shop.app, shop.admin.token, part.id, CENTERS.downtown, 20);
  return part;
}

async function jobUsing(technician: Person, customer: Person, parts: [Json, number][]): Promise<Json> {
  const job = await assigned(shop, customer, technician, { date: nextDay(), centerId: CENTERS.downtown });
  for (const [part, quantity] of parts) {
    await succeeded(call(shop.app, 'POST', `/api/appointments/${job.id}/parts`, { token: technician.token, body: { partId: part.id, quantity } }));
  }
  return job;
}

async function reportLines(jobId: string, person: Person): Promise<string[]> {
  const response = await getReport(shop.app, jobId, person.token);
  expect(response.status).toBe(200);
  return allLines(await pdfText(response.bytes));
}

it('lists the parts used on the job, by name, with SKU and quantity, and no other job’s parts, for the customer, the technician and the admin', async () => {
  const oil = await stocked({ sku: 'RPT-OIL-5W30', name: 'Engine oil 5W-30', unit: 'litre' });
  const filter = await stocked({ sku: 'RPT-FLT-OIL', name: 'Oil filter', unit: 'each' });
  const pads = await stocked({ sku: 'RPT-BRK-PAD', name: 'Brake pads, front', unit: 'set' });
  const technician = await approvedTechnician(shop);
  const customer = await signUp(shop.app);
  const job = await jobUsing(technician, customer, [
    [oil, 4],
    [filter, 1],
  ]);
  await jobUsing(technician, await signUp(shop.app), [[pads, 2]]);

  for (const person of [customer, technician, shop.admin]) {
    const lines = await reportLines(job.id, person);
    const start = lines.indexOf('Parts used');
    expect(start).toBeGreaterThan(lines.indexOf('Time logged'));
    expect(lines.slice(start, start + 4)).toEqual(['Parts used', 'Part SKU Quantity', 'Engine oil 5W-30 RPT-OIL-5W30 4 litres', 'Oil filter RPT-FLT-OIL 1']);
    expect(lines.join('\n')).not.toMatch(/RPT-BRK-PAD|Brake pads/);
  }
});

it('leaves the section out when no parts were recorded (the report is as it was before parts)', async () => {
  const technician = await approvedTechnician(shop);
  const customer = await signUp(shop.app);
  const job = await jobUsing(technician, customer, []);
  const lines = await reportLines(job.id, customer);
  expect(lines).toContain('Time logged');
  expect(lines.filter((line) => /Parts used|Part SKU Quantity|No parts/.test(line))).toEqual([]);
});

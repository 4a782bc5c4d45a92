/**
 * Billing under concurrent requests over real HTTP: two decisions on one item (one 200, one 409), 100 concurrent
 * completions (100 invoice numbers, gap-free, no duplicate), a completion that fails after taking its number (the
 * number is given back: no gap), concurrent payments never beyond the total (the database's CHECK).
 */
import { sql } from 'kysely';
import { BILLING_MESSAGES } from '../../../server/src/contract/billing';
import { call, failure, type Json, succeeded } from '../helpers/http';
import { dayCounter, http, listen, SHOP_TODAY, useShop } from '../helpers/shop';
import { complete, jobOf, OIL_CHANGE_MINOR, propose } from './helpers';

const shop = useShop();
const nextDay = dayCounter();
let base: string;

beforeAll(async () => {
  base = await listen(shop.app);
});

/** The numbers given so far this year, in order. */
async function sequences(): Promise<number[]> {
  const rows = await shop.app.db.selectFrom('invoices').select('sequence').where('year', '=', 2030).orderBy('sequence').execute();
  return rows.map((row) => row.sequence);
}

const gapFree = (numbers: number[]) => numbers.every((number, index) => number === index + 1);

describe('billing under concurrency', () => {
  it('two decisions on one item at once: exactly one 200 and one 409', async () => {
    const { customer, technician, job } = await jobOf(shop, nextDay());
    const item = (await succeeded(propose(shop, technician.token, job.id, { kind: 'LABOUR', description: 'Extra', quantityHundredths: 100 }))).items[0];
    const answers = await Promise.all(
      (['APPROVED', 'DECLINED'] as const).map((decision) => http(base, 'POST', `/api/estimate-items/${item.id}/decision`, { token: customer.token, body: { decision, expectedVersion: 1 } })),
    );
    expect(answers.map((answer) => answer.status).sort()).toEqual([200, 409]);
    expect(answers.find((answer) => answer.status === 409)?.body).toEqual(failure(BILLING_MESSAGES.alreadyDecided));
    const { rows } = await sql<{ n: number }>`SELECT count(*)::int AS n FROM estimate_decisions WHERE item_id = ${item.id}`.execute(shop.app.db);
    expect(rows[0].n).toBe(1);
  });

  it('100 concurrent completions: 100 numbers, gap-free, no duplicate; a completion that fails after taking a number leaves no gap', async () => {
    const { technician, job: template } = await jobOf(shop, nextDay());
    // 100 more jobs like it, in progress on the following days (written directly: the API would take 300 requests).
    await sql`
      INSERT INTO appointments (id, version, status, stage, customer_id, vehicle_id, service_type, center_id, date, slot, bay, assigned_employee_id,
                                started_at, estimated_completion, progress, created_at, updated_at)
      SELECT gen_random_uuid(), 1, a.status, a.stage, a.customer_id, a.vehicle_id, a.service_type, a.center_id, a.date + i, a.slot, a.bay,
             a.assigned_employee_id, a.started_at, a.estimated_completion, a.progress, a.created_at, a.updated_at
        FROM appointments a, generate_series(1, 99) i WHERE a.id = ${template.id}`.execute(shop.app.db);
    const jobs = await shop.app.db.selectFrom('appointments').select('id').where('assigned_employee_id', '=', technician.id).where('status', '=', 'IN_PROGRESS').execute();
    expect(jobs).toHaveLength(100);
    const before = await sequences();
    const started = Date.now();
    const answers = await Promise.all(jobs.map((job) => http(base, 'PATCH', `/api/appointments/${job.id}/status`, { token: technician.token, body: { status: 'completed' } })));
    const elapsed = Date.now() - started;
    expect(answers.filter((answer) => answer.status !== 200)).toEqual([]);
    const after = await sequences();
    expect(after).toHaveLength(before.length + 100);
    expect(new Set(after).size).toBe(after.length);
    expect(gapFree(after)).toBe(true);
    const numbers = await shop.app.db.selectFrom('invoices').select('number').where('appointment_id', 'in', jobs.map((job) => job.id)).execute();
    expect(numbers.every((row) => /^INV-2030-\d{6}$/.test(row.number))).toBe(true);
    expect(elapsed).toBeLessThan(30_000);

    // A job whose deposits exceed its total once a fee is taken off: its completion takes a number, then the
    // database refuses the payments carried onto the invoice; the whole completion rolls back, number and all.
    const failing = await jobOf(shop, nextDay());
    const fee = await succeeded(call(shop.app, 'POST', `/api/appointments/${failing.job.id}/lines`, { token: shop.admin.token, body: { kind: 'FEE', description: 'Towing', amountMinor: 10_000 } }));
    await succeeded(call(shop.app, 'POST', `/api/appointments/${failing.job.id}/payments`, { token: shop.admin.token, body: { method: 'CASH', amountMinor: OIL_CHANGE_MINOR + 10_000, paidOn: SHOP_TODAY } }));
    await succeeded(call(shop.app, 'DELETE', `/api/job-lines/${fee.lines[1].id}`, { token: shop.admin.token }));
    expect(await complete(shop, failing.technician.token, failing.job.id)).toMatchObject({ status: 409, body: failure(BILLING_MESSAGES.overpayment) });
    const job = await shop.app.db.selectFrom('appointments').select('status').where('id', '=', failing.job.id).executeTakeFirstOrThrow();
    expect(job.status).toBe('IN_PROGRESS');
    const next = await jobOf(shop, nextDay());
    await succeeded(complete(shop, next.technician.token, next.job.id));
    const last = await sequences();
    expect(gapFree(last)).toBe(true);
    expect(last).toHaveLength(after.length + 1);
  }, 90_000);

  it('concurrent payments on one invoice never exceed its total: the database refuses the one too many', async () => {
    const { job } = await jobOf(shop, nextDay());
    const invoice = await succeeded(call(shop.app, 'POST', `/api/appointments/${job.id}/invoice`, { token: shop.admin.token }));
    const part = Math.floor(invoice.totalMinor / 4);
    // Ten payments of a quarter each: at most four fit.
    const answers = await Promise.all(
      Array.from({ length: 10 }, () => http(base, 'POST', `/api/invoices/${invoice.id}/payments`, { token: shop.admin.token, body: { method: 'CASH', amountMinor: part, paidOn: SHOP_TODAY } })),
    );
    const ok = answers.filter((answer) => answer.status === 201);
    expect(ok).toHaveLength(4);
    // Refused before the insert (the balance read) or by the CHECK (the race): 409 either way.
    const refusals = [failure(BILLING_MESSAGES.overpayment), failure(BILLING_MESSAGES.paidInFull)];
    for (const answer of answers.filter((one) => one.status !== 201)) {
      expect(answer.status).toBe(409);
      expect(refusals).toContainEqual(answer.body);
    }
    const stored = await shop.app.db.selectFrom('invoices').select(['paid_minor', 'total_minor']).where('id', '=', invoice.id).executeTakeFirstOrThrow();
    const { rows } = await sql<{ sum: number }>`SELECT sum(amount_minor)::int AS sum FROM payments WHERE invoice_id = ${invoice.id}`.execute(shop.app.db);
    expect(stored.paid_minor).toBe(part * 4);
    expect(rows[0].sum).toBe(part * 4);
    expect(stored.paid_minor).toBeLessThanOrEqual(stored.total_minor);
    await expect(sql`UPDATE invoices SET paid_minor = total_minor + 1 WHERE id = ${invoice.id}`.execute(shop.app.db)).rejects.toMatchObject({ constraint: 'invoices_not_overpaid' });
    // Each accepted payment answers the invoice as its own commit left it; the requests commit in any order, so the
    // answers are compared as a set: partly paid after each, paid after the last when four quarters make the total.
    const statuses = ok.map((answer) => (answer.body as Json).status as string).sort();
    const fourthPays = part * 4 === invoice.totalMinor;
    expect(statuses).toEqual(fourthPays ? ['PAID', 'PARTLY_PAID', 'PARTLY_PAID', 'PARTLY_PAID'] : ['PARTLY_PAID', 'PARTLY_PAID', 'PARTLY_PAID', 'PARTLY_PAID']);
  }, 60_000);
});

/**
 * Billing's rules through the API: estimate items proposed, revised, withdrawn and decided (dashboard and tracking
 * link), the job's stage, lines and totals with tax, fees and discounts, invoices issued on completion or by an admin,
 * voids and reissues carrying payments, deposits and payments, lists, balances, notifications and e-mails, and who
 * may do what. One shop for the file (18 % tax).
 */
import { sql } from 'kysely';
import { APPOINTMENT_MESSAGES } from '../../../server/src/contract/appointments';
import { BILLING_MESSAGES, lineAmountMinor, taxMinor } from '../../../server/src/contract/billing';
import { ACCESS_DENIED, call, failure, invalid, type Json, succeeded } from '../helpers/http';
import { approvedTechnician, dayCounter, signUp, SHOP_TODAY, useShop } from '../helpers/shop';
import { newPart } from '../inventory/helpers';
import { complete, decide, jobOf, OIL_CHANGE_MINOR, propose, stageOf, trackingToken } from './helpers';

const shop = useShop({ env: { TAX_RATE_PERCENT: '18', LABOUR_RATE: '4000.50', INVOICE_DUE_DAYS: '10', INVOICE_NUMBER_PREFIX: 'CC' } });
const nextDay = dayCounter();
const LABOUR = { kind: 'LABOUR', description: 'Replace front pads', note: 'Front pads worn to 2 mm', quantityHundredths: 150 };
const pay = (amountMinor: number, extra: Record<string, unknown> = {}) => ({ method: 'CASH', amountMinor, paidOn: SHOP_TODAY, ...extra });

async function notices(userId: string, kind: string) {
  return shop.app.db.selectFrom('notifications').select(['kind', 'audience', 'params']).where('user_id', '=', userId).where('kind', '=', kind as never).execute();
}
async function mails(userId: string, kind: string) {
  return shop.app.db.selectFrom('email_outbox').select(['kind', 'params']).where('user_id', '=', userId).where('kind', '=', kind as never).execute();
}

describe('estimates', () => {
  it('the technician proposes; the job awaits approval; the customer is told by bell and e-mail with the link; approving adds the line and the stage goes back', async () => {
    const { customer, technician, job } = await jobOf(shop, nextDay());
    const proposed = await propose(shop, technician.token, job.id, LABOUR);
    expect(proposed.status).toBe(201);
    const item = proposed.body.items[0];
    // 1.5 h × 4000.50 (the labour rate) = 6000.75
    expect(item).toMatchObject({ version: 1, kind: 'LABOUR', status: 'PENDING', unitPriceMinor: 400_050, amountMinor: 600_075, note: 'Front pads worn to 2 mm', proposedBy: technician.fullName, decisions: [] });
    expect(proposed.body).toMatchObject({ pendingMinor: 600_075, approvedMinor: 0, subtotalMinor: OIL_CHANGE_MINOR, taxRateBasisPoints: 1800, labourRateMinor: 400_050 });
    expect(proposed.body.lines.map((line: Json) => line.source)).toEqual(['SERVICE']);
    expect(await stageOf(shop, job.id)).toBe('AWAITING_APPROVAL');
    expect((await notices(customer.id, 'ESTIMATE_PENDING')).length).toBe(1);
    const [mail] = await mails(customer.id, 'ESTIMATE_PENDING');
    const token = await trackingToken(shop, customer, job.id);
    expect(mail.params).toMatchObject({ billing: { link: `${shop.config.appUrl}/track/${token}`, items: [{ description: 'Replace front pads', amountMinor: 600_075 }] } });
    const bell = await succeeded(call(shop.app, 'GET', '/api/notifications', { token: customer.token }));
    expect(bell.items.find((notice: Json) => notice.kind === 'ESTIMATE_PENDING')).toMatchObject({ kind: 'ESTIMATE_PENDING', title: 'Extra work needs your approval', message: expect.stringContaining('Replace front pads (LKR 6,000.75)') });

    const decided = await succeeded(decide(shop, customer.token, item.id, 'APPROVED', 1));
    expect(decided.items[0]).toMatchObject({ status: 'APPROVED', decisions: [{ version: 1, decision: 'APPROVED', channel: 'DASHBOARD', amountMinor: 600_075, description: 'Replace front pads' }] });
    const subtotal = OIL_CHANGE_MINOR + 600_075;
    expect(decided.body ?? decided).toMatchObject({ subtotalMinor: subtotal, taxMinor: taxMinor(subtotal, 1800), totalMinor: subtotal + taxMinor(subtotal, 1800), approvedMinor: 600_075, pendingMinor: 0 });
    expect(decided.lines.map((line: Json) => [line.id, line.source])).toEqual([['service', 'SERVICE'], [`item:${item.id}`, 'ESTIMATE']]);
    expect(await stageOf(shop, job.id)).toBe('IN_PROGRESS');
    expect(await notices(technician.id, 'ESTIMATE_DECIDED')).toEqual([expect.objectContaining({ audience: 'TECHNICIAN' })]);
    expect((await notices(shop.admin.id, 'ESTIMATE_DECIDED')).length).toBeGreaterThan(0);
    // The technician reads it too; a second decision is refused.
    expect((await succeeded(call(shop.app, 'GET', `/api/appointments/${job.id}/billing`, { token: technician.token }))).approvedMinor).toBe(600_075);
    expect(await decide(shop, customer.token, item.id, 'DECLINED', 1)).toMatchObject({ status: 409, body: failure(BILLING_MESSAGES.alreadyDecided) });
  });

  it('a technician cannot set Awaiting Approval; the stage spec message is unchanged', async () => {
    const { technician, job } = await jobOf(shop, nextDay());
    expect(await call(shop.app, 'PATCH', `/api/appointments/${job.id}/status`, { token: technician.token, body: { status: 'in_progress', stage: 'AWAITING_APPROVAL' } })).toMatchObject({
      status: 400,
      body: invalid({ stage: 'Stage must be IN_PROGRESS, AWAITING_PARTS or QUALITY_CHECK' }),
    });
  });

  it('checks what is proposed and who proposes it, and when', async () => {
    const { customer, technician, job } = await jobOf(shop, nextDay(), { start: false });
    expect(await propose(shop, technician.token, job.id, LABOUR)).toMatchObject({ status: 409, body: failure(BILLING_MESSAGES.notInProgress) });
    // An admin may propose on a confirmed job: no stage yet.
    expect((await propose(shop, shop.admin.token, job.id, { kind: 'FEE', description: 'Disposal', quantityHundredths: 100, unitPriceMinor: 50_000 })).status).toBe(201);
    expect(await propose(shop, shop.admin.token, job.id, { kind: 'FEE', description: 'Disposal', quantityHundredths: 100 })).toMatchObject({
      status: 400,
      body: invalid({ unitPriceMinor: BILLING_MESSAGES.feeNeedsPrice }),
    });
    expect(await propose(shop, shop.admin.token, job.id, { kind: 'PART', description: 'Pads', quantityHundredths: 100 })).toMatchObject({
      status: 400,
      body: invalid({ partId: BILLING_MESSAGES.partNeedsPart }),
    });
    expect(await propose(shop, shop.admin.token, job.id, { kind: 'PART', partId: crypto.randomUUID(), description: 'Pads', quantityHundredths: 100 })).toMatchObject({
      status: 404,
      body: failure(BILLING_MESSAGES.partNotFound),
    });
    const part = await newPart(shop.app, shop.admin.token, { name: 'Brake pads', sellPriceMinor: 1_234_567 });
    const withPart = await succeeded(propose(shop, shop.admin.token, job.id, { kind: 'PART', partId: part.id, description: 'Brake pads', quantityHundredths: 100 }));
    expect(withPart.items[1]).toMatchObject({ kind: 'PART', unitPriceMinor: 1_234_567, part: { id: part.id, sku: part.sku, name: 'Brake pads' } });
    const other = await approvedTechnician(shop);
    expect(await propose(shop, other.token, job.id, LABOUR)).toMatchObject({ status: 404, body: failure(APPOINTMENT_MESSAGES.notFound) });
    expect(await propose(shop, customer.token, job.id, LABOUR)).toMatchObject({ status: 403, body: ACCESS_DENIED });
    const stranger = await signUp(shop.app);
    expect(await call(shop.app, 'GET', `/api/appointments/${job.id}/billing`, { token: stranger.token })).toMatchObject({ status: 404, body: failure(APPOINTMENT_MESSAGES.notFound) });
    expect(await call(shop.app, 'GET', `/api/appointments/${job.id}/billing`, { token: other.token })).toMatchObject({ status: 404 });
    expect(await propose(shop, technician.token, job.id, { kind: 'LABOUR', description: ' ', quantityHundredths: 0 })).toMatchObject({ status: 400 });
  });

  it('revising: words keep the version; price or quantity make a new pending version; declined is final; stale and withdrawn', async () => {
    const { customer, technician, job } = await jobOf(shop, nextDay());
    const first = (await succeeded(propose(shop, technician.token, job.id, LABOUR))).items[0];
    const worded = await succeeded(call(shop.app, 'PATCH', `/api/estimate-items/${first.id}`, { token: technician.token, body: { description: 'Replace both front pads', expectedVersion: 1 } }));
    expect(worded.items[0]).toMatchObject({ version: 1, status: 'PENDING', description: 'Replace both front pads' });
    await succeeded(decide(shop, customer.token, first.id, 'APPROVED', 1));
    expect(await stageOf(shop, job.id)).toBe('IN_PROGRESS');
    const repriced = await succeeded(call(shop.app, 'PATCH', `/api/estimate-items/${first.id}`, { token: technician.token, body: { quantityHundredths: 200, expectedVersion: 1 } }));
    expect(repriced.items[0]).toMatchObject({ version: 2, status: 'PENDING', amountMinor: 800_100, decisions: [expect.objectContaining({ version: 1, decision: 'APPROVED', quantityHundredths: 150, amountMinor: 600_075 })] });
    expect(repriced.lines.map((line: Json) => line.source)).toEqual(['SERVICE']);
    expect(await stageOf(shop, job.id)).toBe('AWAITING_APPROVAL');
    expect((await notices(customer.id, 'ESTIMATE_PENDING')).length).toBe(2);
    // Deciding the old version again: already decided; a version that never was: stale.
    expect(await decide(shop, customer.token, first.id, 'APPROVED', 1)).toMatchObject({ status: 409, body: failure(BILLING_MESSAGES.alreadyDecided) });
    expect(await decide(shop, customer.token, first.id, 'APPROVED', 3)).toMatchObject({ status: 409, body: failure(BILLING_MESSAGES.itemStale) });
    expect(await call(shop.app, 'PATCH', `/api/estimate-items/${first.id}`, { token: technician.token, body: { quantityHundredths: 300, expectedVersion: 1 } })).toMatchObject({
      status: 409,
      body: failure(BILLING_MESSAGES.itemStale),
    });
    expect(await call(shop.app, 'DELETE', `/api/estimate-items/${first.id}?expectedVersion=2`, { token: technician.token })).toMatchObject({
      status: 409,
      body: failure(BILLING_MESSAGES.onlyPendingWithdrawn),
    });
    await succeeded(decide(shop, customer.token, first.id, 'DECLINED', 2));
    expect(await call(shop.app, 'PATCH', `/api/estimate-items/${first.id}`, { token: technician.token, body: { unitPriceMinor: 1, expectedVersion: 2 } })).toMatchObject({
      status: 409,
      body: failure(BILLING_MESSAGES.declinedFinal),
    });
    const second = (await succeeded(propose(shop, technician.token, job.id, { ...LABOUR, description: 'Bleed brakes' }))).items[1];
    const withdrawn = await succeeded(call(shop.app, 'DELETE', `/api/estimate-items/${second.id}?expectedVersion=1`, { token: technician.token }));
    expect(withdrawn.items.map((item: Json) => item.status)).toEqual(['DECLINED']);
    expect(withdrawn).toMatchObject({ declinedMinor: 800_100, pendingMinor: 0 });
    expect(await stageOf(shop, job.id)).toBe('IN_PROGRESS');
    expect(await call(shop.app, 'DELETE', `/api/estimate-items/${crypto.randomUUID()}?expectedVersion=1`, { token: technician.token })).toMatchObject({
      status: 404,
      body: failure(BILLING_MESSAGES.itemNotFound),
    });
    // Decisions are append-only.
    await expect(shop.app.db.deleteFrom('estimate_decisions').where('item_id', '=', first.id).execute()).rejects.toThrow(/append-only/);
  });

  it('the tracking link shows the estimate without names and decides its own job’s items only; others and strangers get 404', async () => {
    const { customer, technician, job } = await jobOf(shop, nextDay());
    const other = await jobOf(shop, nextDay());
    const item = (await succeeded(propose(shop, technician.token, job.id, LABOUR))).items[0];
    const foreign = (await succeeded(propose(shop, other.technician.token, other.job.id, LABOUR))).items[0];
    const token = await trackingToken(shop, customer, job.id);
    const seen = await call(shop.app, 'GET', `/api/track/${token}/estimate`);
    expect(seen.status).toBe(200);
    expect(seen.headers['referrer-policy']).toBe('no-referrer');
    expect(seen.body.items[0]).not.toHaveProperty('proposedBy');
    expect(seen.body).toMatchObject({ pendingMinor: 600_075, subtotalMinor: OIL_CHANGE_MINOR });
    expect(await call(shop.app, 'POST', `/api/track/${token}/estimate-items/${foreign.id}/decision`, { body: { decision: 'APPROVED', expectedVersion: 1 } })).toMatchObject({
      status: 404,
      body: failure(BILLING_MESSAGES.itemNotFound),
    });
    expect((await call(shop.app, 'POST', `/api/track/${'x'.repeat(22)}/estimate-items/${item.id}/decision`, { body: { decision: 'APPROVED', expectedVersion: 1 } })).status).toBe(404);
    const decided = await succeeded(call(shop.app, 'POST', `/api/track/${token}/estimate-items/${item.id}/decision`, { body: { decision: 'APPROVED', expectedVersion: 1 } }));
    expect(decided.items[0]).toMatchObject({ status: 'APPROVED', decisions: [expect.objectContaining({ channel: 'LINK' })] });
    const row = await shop.app.db.selectFrom('estimate_decisions').select(['decided_by', 'channel']).where('item_id', '=', item.id).executeTakeFirstOrThrow();
    expect(row).toEqual({ decided_by: null, channel: 'LINK' });
    // Another customer and the technician cannot decide; the token is no bearer token.
    expect(await decide(shop, other.customer.token, item.id, 'APPROVED', 1)).toMatchObject({ status: 404, body: failure(BILLING_MESSAGES.itemNotFound) });
    expect(await decide(shop, technician.token, foreign.id, 'APPROVED', 1)).toMatchObject({ status: 403 });
    expect((await call(shop.app, 'GET', `/api/appointments/${job.id}/billing`, { headers: { authorization: `Bearer ${token}` } })).status).toBe(401);
    // Live: the job's billing changed, for its people and the tracking stream.
    const { rows: events } = await sql<{ user_ids: string[] }>`SELECT user_ids FROM live_events WHERE appointment_id = ${job.id} AND type = 'job.billing.changed'`.execute(shop.app.db);
    expect(events.length).toBeGreaterThanOrEqual(2);
    expect(events[0].user_ids).toEqual(expect.arrayContaining([customer.id, technician.id]));
  });
});

describe('lines, invoices and payments', () => {
  it('fees and discounts (admins), the discount limit, parts used beyond approved items', async () => {
    const { customer, technician, job } = await jobOf(shop, nextDay());
    expect(await call(shop.app, 'POST', `/api/appointments/${job.id}/lines`, { token: technician.token, body: { kind: 'FEE', description: 'Towing', amountMinor: 100 } })).toMatchObject({ status: 403 });
    const fee = await call(shop.app, 'POST', `/api/appointments/${job.id}/lines`, { token: shop.admin.token, body: { kind: 'FEE', description: 'Towing', amountMinor: 250_000 } });
    expect(fee.status).toBe(201);
    shop.clock.advance(1000);
    expect(await call(shop.app, 'POST', `/api/appointments/${job.id}/lines`, { token: shop.admin.token, body: { kind: 'DISCOUNT', description: 'Too much', amountMinor: OIL_CHANGE_MINOR + 250_001 } })).toMatchObject({
      status: 400,
      body: invalid({ amountMinor: BILLING_MESSAGES.discountTooLarge }),
    });
    const discounted = await succeeded(call(shop.app, 'POST', `/api/appointments/${job.id}/lines`, { token: shop.admin.token, body: { kind: 'DISCOUNT', description: 'Loyalty', amountMinor: 50_000 } }));
    expect(discounted.lines.map((line: Json) => [line.kind, line.source, line.amountMinor])).toEqual([
      ['LABOUR', 'SERVICE', OIL_CHANGE_MINOR],
      ['FEE', 'MANUAL', 250_000],
      ['DISCOUNT', 'MANUAL', -50_000],
    ]);
    const discountLine = discounted.lines[2];
    const removed = await succeeded(call(shop.app, 'DELETE', `/api/job-lines/${discountLine.id}`, { token: shop.admin.token }));
    expect(removed.lines).toHaveLength(2);
    expect(await call(shop.app, 'DELETE', `/api/job-lines/${discountLine.id}`, { token: shop.admin.token })).toMatchObject({ status: 404, body: failure(BILLING_MESSAGES.lineNotFound) });
    // Parts used: 3 units, 1 of them approved as an item → 2 billed as parts used.
    const part = await newPart(shop.app, shop.admin.token, { name: 'Wiper', sellPriceMinor: 10_000 });
    await succeeded(call(shop.app, 'POST', `/api/parts/${part.id}/receive`, { token: shop.admin.token, body: { centerId: job.center.id, quantity: 5 } }));
    await succeeded(call(shop.app, 'POST', `/api/appointments/${job.id}/parts`, { token: technician.token, body: { partId: part.id, quantity: 3 } }));
    {
      const item = (await succeeded(propose(shop, technician.token, job.id, { kind: 'PART', partId: part.id, description: 'Wiper', quantityHundredths: 100 }))).items[0];
      const approved = await succeeded(decide(shop, customer.token, item.id, 'APPROVED', 1));
      expect(approved.lines.filter((line: Json) => line.kind === 'PART').map((line: Json) => [line.source, line.quantityHundredths, line.amountMinor])).toEqual([
        ['ESTIMATE', 100, 10_000],
        ['PARTS_USED', 200, 20_000],
      ]);
    }
  });

  it('completing issues the invoice with frozen lines and a number; void carries payments to the reissue; payments, overpayment, deposits, balances', async () => {
    const { customer, technician, job } = await jobOf(shop, nextDay());
    // A deposit before the invoice, at most the total.
    const total = OIL_CHANGE_MINOR + taxMinor(OIL_CHANGE_MINOR, 1800);
    expect(await call(shop.app, 'POST', `/api/appointments/${job.id}/payments`, { token: shop.admin.token, body: pay(total + 1) })).toMatchObject({
      status: 409,
      body: failure(BILLING_MESSAGES.depositTooLarge),
    });
    expect(await call(shop.app, 'POST', `/api/appointments/${job.id}/payments`, { token: shop.admin.token, body: pay(100, { paidOn: '2030-06-04' }) })).toMatchObject({
      status: 400,
      body: invalid({ paidOn: BILLING_MESSAGES.paymentDateFuture }),
    });
    const deposit = await call(shop.app, 'POST', `/api/appointments/${job.id}/payments`, { token: shop.admin.token, body: pay(100_000, { method: 'CARD', reference: 'POS 42' }) });
    expect(deposit.status).toBe(201);
    expect(deposit.body).toMatchObject({ paidMinor: 100_000, balanceMinor: total - 100_000, payments: [{ method: 'CARD', amountMinor: 100_000, reference: 'POS 42', paidOn: SHOP_TODAY }] });
    expect(deposit.body.payments[0]).not.toHaveProperty('invoiceId');
    expect((await mails(customer.id, 'PAYMENT_RECEIVED')).length).toBe(1);
    // The admin cannot invoice a job whose customer has not decided yet; completing it can.
    await succeeded(propose(shop, technician.token, job.id, LABOUR));
    expect(await call(shop.app, 'POST', `/api/appointments/${job.id}/invoice`, { token: shop.admin.token })).toMatchObject({ status: 409, body: failure(BILLING_MESSAGES.pendingItems) });
    await succeeded(complete(shop, technician.token, job.id));
    const billing = await succeeded(call(shop.app, 'GET', `/api/appointments/${job.id}/billing`, { token: customer.token }));
    const invoiceId = billing.invoice.id;
    expect(billing.invoice).toMatchObject({ number: expect.stringMatching(/^CC-2030-\d{6}$/), status: 'PARTLY_PAID', totalMinor: total, paidMinor: 100_000, balanceMinor: total - 100_000, dueOn: '2030-06-13', overdue: false });
    expect((await notices(customer.id, 'INVOICE_ISSUED')).length).toBe(1);
    expect((await mails(customer.id, 'INVOICE_ISSUED')).length).toBe(1);
    const invoice = await succeeded(call(shop.app, 'GET', `/api/invoices/${invoiceId}`, { token: customer.token }));
    expect(invoice).toMatchObject({ lines: [{ kind: 'LABOUR', amountMinor: OIL_CHANGE_MINOR }], subtotalMinor: OIL_CHANGE_MINOR, taxRateBasisPoints: 1800, payments: [{ invoiceId, amountMinor: 100_000 }] });
    // Frozen: lines changed after issue do not change it; lines cannot be added while it is live.
    expect(await call(shop.app, 'POST', `/api/appointments/${job.id}/lines`, { token: shop.admin.token, body: { kind: 'FEE', description: 'Late', amountMinor: 1 } })).toMatchObject({
      status: 409,
      body: failure(BILLING_MESSAGES.jobClosed),
    });
    expect(await call(shop.app, 'POST', `/api/appointments/${job.id}/invoice`, { token: shop.admin.token })).toMatchObject({ status: 409, body: failure(BILLING_MESSAGES.alreadyInvoiced) });
    // Who sees it.
    const stranger = await signUp(shop.app);
    expect(await call(shop.app, 'GET', `/api/invoices/${invoiceId}`, { token: stranger.token })).toMatchObject({ status: 404, body: failure(BILLING_MESSAGES.invoiceNotFound) });
    expect((await call(shop.app, 'GET', `/api/invoices/${invoiceId}`, { token: technician.token })).status).toBe(403);
    // Payments: over the balance, then the rest, then nothing more.
    const balance = total - 100_000;
    expect(await call(shop.app, 'POST', `/api/invoices/${invoiceId}/payments`, { token: shop.admin.token, body: pay(balance + 1) })).toMatchObject({ status: 409, body: failure(BILLING_MESSAGES.overpayment) });
    const partly = await call(shop.app, 'POST', `/api/invoices/${invoiceId}/payments`, { token: shop.admin.token, body: pay(1000, { method: 'BANK_TRANSFER' }) });
    expect(partly).toMatchObject({ status: 201, body: { status: 'PARTLY_PAID', paidMinor: 101_000 } });
    // Void with a stale version, then for real: the payments go back to the job and join the reissue.
    expect(await call(shop.app, 'POST', `/api/invoices/${invoiceId}/void`, { token: shop.admin.token, body: { reason: 'Wrong', expectedVersion: 1 } })).toMatchObject({
      status: 409,
      body: failure(BILLING_MESSAGES.invoiceStale),
    });
    const voided = await succeeded(call(shop.app, 'POST', `/api/invoices/${invoiceId}/void`, { token: shop.admin.token, body: { reason: 'Wrong customer name', expectedVersion: partly.body.version } }));
    expect(voided).toMatchObject({ status: 'VOID', voidReason: 'Wrong customer name', paidMinor: 0, payments: [] });
    expect(await call(shop.app, 'POST', `/api/invoices/${invoiceId}/void`, { token: shop.admin.token, body: { reason: 'Again', expectedVersion: voided.version } })).toMatchObject({
      status: 409,
      body: failure(BILLING_MESSAGES.alreadyVoid),
    });
    expect(await call(shop.app, 'POST', `/api/invoices/${invoiceId}/payments`, { token: shop.admin.token, body: pay(1) })).toMatchObject({ status: 409, body: failure(BILLING_MESSAGES.voidInvoice) });
    await succeeded(call(shop.app, 'POST', `/api/appointments/${job.id}/lines`, { token: shop.admin.token, body: { kind: 'DISCOUNT', description: 'Goodwill', amountMinor: 50_000 } }));
    const reissued = await call(shop.app, 'POST', `/api/appointments/${job.id}/invoice`, { token: shop.admin.token });
    expect(reissued.status).toBe(201);
    const newTotal = OIL_CHANGE_MINOR - 50_000 + taxMinor(OIL_CHANGE_MINOR - 50_000, 1800);
    expect(reissued.body).toMatchObject({ status: 'PARTLY_PAID', totalMinor: newTotal, paidMinor: 101_000, replaces: { id: invoiceId, number: invoice.number } });
    expect(Number(reissued.body.number.slice(-6))).toBeGreaterThan(Number(invoice.number.slice(-6)));
    expect((await succeeded(call(shop.app, 'GET', `/api/invoices/${invoiceId}`, { token: shop.admin.token }))).replacedBy).toEqual({ id: reissued.body.id, number: reissued.body.number });
    const paid = await call(shop.app, 'POST', `/api/appointments/${job.id}/payments`, { token: shop.admin.token, body: pay(newTotal - 101_000) });
    expect(paid.body.invoice).toMatchObject({ status: 'PAID', balanceMinor: 0 });
    expect(await call(shop.app, 'POST', `/api/invoices/${reissued.body.id}/payments`, { token: shop.admin.token, body: pay(1) })).toMatchObject({ status: 409, body: failure(BILLING_MESSAGES.paidInFull) });
    // The customer's balance: paid in full.
    expect(await succeeded(call(shop.app, 'GET', `/api/billing/customers/${customer.id}/balance`, { token: customer.token }))).toEqual({
      customerId: customer.id,
      invoicedMinor: newTotal,
      paidMinor: newTotal,
      outstandingMinor: 0,
      overdueMinor: 0,
    });
    expect((await call(shop.app, 'GET', `/api/billing/customers/${customer.id}/balance`, { token: stranger.token })).status).toBe(404);
  });

  it('only a job in progress or completed is invoiced by an admin; a cancelled job takes no payments', async () => {
    const confirmed = await jobOf(shop, nextDay(), { start: false });
    expect(await call(shop.app, 'POST', `/api/appointments/${confirmed.job.id}/invoice`, { token: shop.admin.token })).toMatchObject({ status: 409, body: failure(BILLING_MESSAGES.notInvoiceable) });
    await succeeded(call(shop.app, 'POST', `/api/appointments/${confirmed.job.id}/cancel`, { token: shop.admin.token, body: {} }));
    expect(await call(shop.app, 'POST', `/api/appointments/${confirmed.job.id}/payments`, { token: shop.admin.token, body: pay(1) })).toMatchObject({
      status: 409,
      body: failure(BILLING_MESSAGES.jobCancelled),
    });
  });

  it('the list: newest first, paged, filtered by status, customer, days and overdue; a customer sees their own; summaries and balances', async () => {
    const first = await jobOf(shop, nextDay());
    const second = await jobOf(shop, nextDay());
    shop.clock.advance(1000);
    const a = await succeeded(call(shop.app, 'POST', `/api/appointments/${first.job.id}/invoice`, { token: shop.admin.token }));
    shop.clock.advance(1000);
    const b = await succeeded(call(shop.app, 'POST', `/api/appointments/${second.job.id}/invoice`, { token: shop.admin.token }));
    await succeeded(call(shop.app, 'POST', `/api/invoices/${b.id}/payments`, { token: shop.admin.token, body: pay(1) }));
    await shop.app.db.updateTable('invoices').set({ due_on: '2030-06-01' }).where('id', '=', a.id).execute();
    const page = await succeeded(call(shop.app, 'GET', '/api/invoices?limit=1', { token: shop.admin.token }));
    expect(page.items.map((item: Json) => item.id)).toEqual([b.id]);
    const next = await succeeded(call(shop.app, 'GET', `/api/invoices?limit=1&cursor=${page.nextCursor}`, { token: shop.admin.token }));
    expect(next.items.map((item: Json) => item.id)).toEqual([a.id]);
    const overdue = await succeeded(call(shop.app, 'GET', '/api/invoices?overdue=true', { token: shop.admin.token }));
    expect(overdue.items).toEqual([expect.objectContaining({ id: a.id, overdue: true })]);
    const partly = await succeeded(call(shop.app, 'GET', '/api/invoices?status=PARTLY_PAID', { token: shop.admin.token }));
    expect(partly.items.map((item: Json) => item.id)).toContain(b.id);
    expect(partly.items.map((item: Json) => item.id)).not.toContain(a.id);
    const byCustomer = await succeeded(call(shop.app, 'GET', `/api/invoices?customerId=${first.customer.id}&from=${SHOP_TODAY}&to=${SHOP_TODAY}`, { token: shop.admin.token }));
    expect(byCustomer.items.map((item: Json) => item.id)).toEqual([a.id]);
    expect((await succeeded(call(shop.app, 'GET', `/api/invoices?from=2030-06-04`, { token: shop.admin.token }))).items).toEqual([]);
    const own = await succeeded(call(shop.app, 'GET', `/api/invoices?customerId=${first.customer.id}`, { token: second.customer.token }));
    expect(own.items.map((item: Json) => item.id)).toEqual([b.id]);
    expect((await call(shop.app, 'GET', '/api/invoices', { token: first.technician.token })).status).toBe(403);
    expect(await succeeded(call(shop.app, 'GET', `/api/billing/customers/${first.customer.id}/balance`, { token: shop.admin.token }))).toMatchObject({
      invoicedMinor: a.totalMinor,
      outstandingMinor: a.totalMinor,
      overdueMinor: a.totalMinor,
    });
    const summaries = await succeeded(call(shop.app, 'GET', `/api/billing/summaries?appointmentIds=${first.job.id},${second.job.id}`, { token: first.customer.token }));
    expect(summaries.items).toEqual([
      { appointmentId: first.job.id, totalMinor: a.totalMinor, approvedMinor: 0, pendingMinor: 0, declinedMinor: 0, pendingItems: 0, invoice: { id: a.id, number: a.number, status: 'ISSUED', balanceMinor: a.totalMinor } },
    ]);
    expect(lineAmountMinor(150, 400_050)).toBe(600_075);
  });
});

/**
 * GET /api/invoices/:id/pdf: the invoice as a PDF download, laid out by the service report's engine, for admins and
 * the invoice's customer (anyone else: the 404 of GET /api/invoices/:id). The invoice is made through the API — a
 * job with a fee and a discount, completed (which issues its invoice), partly paid, voided and issued again — and
 * the PDF's text is read back with pdf.js, as a reader's viewer would.
 */
import { call, failure, type Json } from '../helpers/http';
import { approvedTechnician, assigned, day, type Person, type Shop, SHOP_TODAY, signUp, startShop } from '../helpers/shop';
import { allLines, pdfText } from '../reports/helpers';

const NOT_FOUND = failure('Invoice not found');

let shop: Shop;
let customer: Person;
let stranger: Person;
let technician: Person;
let jobId: string;
let invoice: Json;

async function ok(response: Promise<{ status: number; body: Json; text: string }>): Promise<Json> {
  const answer = await response;
  if (answer.status >= 300) throw new Error(`request failed: ${answer.status} ${answer.text}`);
  return answer.body;
}

async function getPdf(id: string, token?: string) {
  const response = await shop.app.inject({ method: 'GET', url: `/api/invoices/${id}/pdf`, headers: token ? { authorization: `Bearer ${token}` } : {} });
  let body: Json;
  try {
    body = JSON.parse(response.body);
  } catch {
    body = undefined;
  }
  return { status: response.statusCode, headers: response.headers, bytes: response.rawPayload, body };
}

beforeAll(async () => {
  shop = await startShop({ env: { TAX_RATE_PERCENT: '18', ACCESS_TOKEN_TTL: '1d' } });
  customer = await signUp(shop.app, 'CUSTOMER', { fullName: 'Carla Customer' });
  stranger = await signUp(shop.app, 'CUSTOMER', { fullName: 'Someone Else' });
  technician = await approvedTechnician(shop, { fullName: 'Ann Able' });
  const job = await assigned(shop, customer, technician, { date: day(1), plate: 'CAB-1234' });
  jobId = job.id;
  await ok(call(shop.app, 'PATCH', `/api/appointments/${jobId}/status`, { token: technician.token, body: { status: 'in_progress' } }));
  // Oil change LKR 14,500.00 + a fee of 500.00 − a discount of 1,000.00 = 14,000.00; tax 18 % = 2,520.00.
  await ok(call(shop.app, 'POST', `/api/appointments/${jobId}/lines`, { token: shop.admin.token, body: { kind: 'FEE', description: 'Disposal fee', amountMinor: 50_000 } }));
  // A second later, so the lines' order (by when they were added) is known.
  shop.clock.advance(1000);
  await ok(call(shop.app, 'POST', `/api/appointments/${jobId}/lines`, { token: shop.admin.token, body: { kind: 'DISCOUNT', description: 'Loyalty discount', amountMinor: 100_000 } }));
  await ok(call(shop.app, 'PATCH', `/api/appointments/${jobId}/status`, { token: technician.token, body: { status: 'completed' } }));
  const billing = await ok(call(shop.app, 'GET', `/api/appointments/${jobId}/billing`, { token: shop.admin.token }));
  invoice = await ok(
    call(shop.app, 'POST', `/api/invoices/${billing.invoice.id}/payments`, {
      token: shop.admin.token,
      body: { method: 'CASH', amountMinor: 652_000, reference: 'R-1', paidOn: SHOP_TODAY },
    }),
  );
});

afterAll(async () => {
  await shop?.close();
});

describe('GET /api/invoices/:id/pdf', () => {
  test('the admin downloads it: a PDF attachment named by the invoice number, never cached', async () => {
    expect(invoice.number).toBe('INV-2030-000001');
    const response = await getPdf(invoice.id, shop.admin.token);
    expect(response.status).toBe(200);
    expect(response.headers['content-type']).toBe('application/pdf');
    expect(response.headers['content-disposition']).toBe('attachment; filename="INV-2030-000001.pdf"');
    expect(response.headers['cache-control']).toBe('no-store');
    expect(response.bytes.subarray(0, 5).toString('latin1')).toBe('%PDF-');
  });

  test('its text: the shop, the number, dates, customer, vehicle and service, the lines, the totals with the tax rate, the status and the payments', async () => {
    const text = await pdfText((await getPdf(invoice.id, customer.token)).bytes);
    const lines = allLines(text);
    expect(text.info.Title).toBe('CarCare invoice INV-2030-000001');
    expect(lines).toEqual([
      'Invoice',
      'CarCare',
      'INV-2030-000001',
      'Details',
      'Invoice number Status',
      'INV-2030-000001 Partly paid',
      'Issued Due',
      'Jun 3, 2030 Jun 17, 2030',
      'Customer E-mail',
      `Carla Customer ${customer.email}`,
      'Vehicle Service',
      'CAB-1234 Oil Change',
      'Lines',
      'Description Quantity Unit price Amount',
      'Oil Change 1 LKR 14,500.00 LKR 14,500.00',
      'Disposal fee 1 LKR 500.00 LKR 500.00',
      'Loyalty discount 1 -LKR 1,000.00 -LKR 1,000.00',
      'Totals',
      'Summary Amount',
      'Subtotal LKR 14,000.00',
      'Tax (18%) LKR 2,520.00',
      'Total LKR 16,520.00',
      'Paid LKR 6,520.00',
      'Balance LKR 10,000.00',
      'Payments',
      'Date paid Method Reference Amount',
      'Jun 3, 2030 Cash R-1 LKR 6,520.00',
      'Shop time (America/Chicago) · Generated Jun 3, 2030, 6:00 AM Page 1 of 1',
    ]);
    expect(lines).not.toContain('VOID');
  });

  test('the invoice’s customer may download it; another customer and a technician get 404, signed out 401', async () => {
    expect((await getPdf(invoice.id, customer.token)).status).toBe(200);
    for (const person of [stranger, technician]) {
      const response = await getPdf(invoice.id, person.token);
      expect(response.status).toBe(404);
      expect(response.body).toEqual(NOT_FOUND);
    }
    const signedOut = await getPdf(invoice.id);
    expect(signedOut.status).toBe(401);
    expect(signedOut.body).toEqual(failure('Authentication required'));
  });

  test('an invoice that does not exist: 404; a malformed id: 400', async () => {
    const missing = await getPdf('00000000-0000-4000-8000-000000000000', shop.admin.token);
    expect(missing.status).toBe(404);
    expect(missing.body).toEqual(NOT_FOUND);
    expect((await getPdf('not-an-id', shop.admin.token)).status).toBe(400);
  });

  test('a void invoice says VOID with its reason; its replacement names it and carries the payment', async () => {
    await ok(call(shop.app, 'POST', `/api/invoices/${invoice.id}/void`, { token: shop.admin.token, body: { reason: 'Wrong vehicle', expectedVersion: invoice.version } }));
    const voided = allLines(await pdfText((await getPdf(invoice.id, shop.admin.token)).bytes));
    expect(voided).toContain('VOID');
    expect(voided.some((line) => line.endsWith('Reason: Wrong vehicle'))).toBe(true);
    expect(voided).toContain('INV-2030-000001 Void');

    const replacement = await ok(call(shop.app, 'POST', `/api/appointments/${jobId}/invoice`, { token: shop.admin.token }));
    expect(replacement.number).toBe('INV-2030-000002');
    const response = await getPdf(replacement.id, customer.token);
    expect(response.headers['content-disposition']).toBe('attachment; filename="INV-2030-000002.pdf"');
    const lines = allLines(await pdfText(response.bytes));
    expect(lines).toEqual(expect.arrayContaining(['INV-2030-000002 Partly paid', 'Total LKR 16,520.00', 'Paid LKR 6,520.00', 'Balance LKR 10,000.00', 'Jun 3, 2030 Cash R-1 LKR 6,520.00']));
    expect(lines.some((line) => line.includes('Invoice INV-2030-000001 (void)'))).toBe(true);
    expect(lines).not.toContain('VOID');
    // The void one now names its replacement.
    expect(allLines(await pdfText((await getPdf(invoice.id, shop.admin.token)).bytes))).toContain('Replaced by invoice INV-2030-000002.');
  });
});

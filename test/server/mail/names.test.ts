/**
 * Names in e-mails: an account's name (up to 100 characters of anything) and a vehicle's make are the customer's
 * own words, and they land in the greeting and the subject line. Line breaks, other control characters and bidi
 * overrides in them must not start new lines or reorder the text in the mail as the SMTP server receives it.
 */
import { call, type Json } from '../helpers/http';
import { approvedTechnician, assigned, type Shop, SHOP_TODAY, shopTime, startShop, verifiedCustomer } from '../helpers/shop';
import { startSmtpServer, type TestSmtpServer } from './smtpServer';

let smtp: TestSmtpServer;
let shop: Shop;

beforeAll(async () => {
  smtp = await startSmtpServer();
  shop = await startShop({ env: { SMTP_URL: smtp.url, MAIL_POLL_INTERVAL: '50ms', ACCESS_TOKEN_TTL: '1d' } });
});

afterAll(async () => {
  await shop?.close();
  await smtp?.close();
});

async function ok(response: Promise<{ status: number; body: Json; text: string }>): Promise<Json> {
  const answer = await response;
  if (answer.status >= 300) throw new Error(`request failed: ${answer.status} ${answer.text}`);
  return answer.body;
}

it('a name and a make with line breaks, control characters and a bidi override arrive as one plain line', async () => {
  const customer = await verifiedCustomer(shop.app, { fullName: 'Mallory\r\nBcc: eve@example.com\r\n\r\nYour account\u0007 is closed\u202Egnp.exe' });
  const technician = await approvedTechnician(shop);
  const vehicle = await ok(call(shop.app, 'POST', '/api/vehicles', { token: customer.token, body: { plate: 'MAL 1', make: 'Evil\r\nBcc: eve@example.com', model: 'Corolla' } }));
  const job = await assigned(shop, customer, technician, { vehicleId: vehicle.id, date: SHOP_TODAY, slot: '09:00' });
  shop.clock.advance(shopTime(SHOP_TODAY, '09:05') - shop.clock.now());
  await ok(call(shop.app, 'PATCH', `/api/appointments/${job.id}/status`, { token: technician.token, body: { status: 'in_progress' } }));

  // The customer's verification link (opened at registration), then the booking, the assignment and the start —
  // the account's e-mail greets the same name — and the technician's own verification link.
  const mails = (await smtp.waitForAccepted(5)).filter((mail) => !mail.to.includes(technician.email));
  expect(mails.map((mail) => mail.subject)).toContain('Verify your e-mail address');
  expect(mails).toHaveLength(4);
  const started = mails.find((mail) => mail.subject.startsWith('Work started'));
  expect(started?.subject).toBe('Work started on your Evil Bcc: eve@example.com Corolla (MAL 1)');
  expect(started?.to).toEqual([customer.email]);
  for (const mail of mails) {
    expect(mail.to).toEqual([customer.email]);
    const lines = mail.text.split(/\r?\n/);
    expect(lines[0]).toBe('Hello Mallory Bcc: eve@example.com Your account is closedgnp.exe,');
    expect(lines[1]).toBe('');
    // Nothing but the letter's own line breaks: no other control character, separator or bidi control.
    expect(mail.text.replace(/\r\n/g, '')).not.toMatch(/[\p{Cc}\u2028\u2029\u202A-\u202E\u2066-\u2069]/u);
  }
  expect(started?.text).toContain('  Vehicle: Evil Bcc: eve@example.com Corolla (MAL 1)');
});

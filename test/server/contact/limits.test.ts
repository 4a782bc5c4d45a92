import { call } from '../helpers/http';
import { type Shop, startShop } from '../helpers/shop';

/** CONTACT_MESSAGES_PER_IP_PER_HOUR: the contact form and the newsletter box, each limited per client IP per hour. */

const HOUR = 60 * 60_000;
const body = { name: 'Vera Visitor', email: 'vera@example.com', subject: 'Hello', message: 'Just checking.' };

let shop: Shop;

beforeEach(async () => {
  shop = await startShop({ env: { CONTACT_MESSAGES_PER_IP_PER_HOUR: '3', TRUST_PROXY: '1' } });
});

afterEach(async () => {
  await shop?.close();
});

const from = (ip: string) => ({ 'x-forwarded-for': ip });
const send = (ip = '203.0.113.1', payload: unknown = body) => call(shop.app, 'POST', '/api/contact', { body: payload, headers: from(ip) });
const subscribe = (ip = '203.0.113.1', email = 'reader@example.com') => call(shop.app, 'POST', '/api/newsletter', { body: { email }, headers: from(ip) });

async function storedCount(): Promise<number> {
  const row = await shop.app.db.selectFrom('contact_messages').select((eb) => eb.fn.countAll<string>().as('n')).executeTakeFirstOrThrow();
  return Number(row.n);
}

describe('the contact form limit', () => {
  it('answers 429 with Retry-After after CONTACT_MESSAGES_PER_IP_PER_HOUR attempts, stores nothing more, and allows again after the hour', async () => {
    // Every attempt counts, a refused (invalid) one too.
    expect((await send(undefined, {})).status).toBe(400);
    expect((await send()).status).toBe(201);
    expect((await send()).status).toBe(201);

    const refused = await send();
    expect(refused.status).toBe(429);
    expect(refused.body).toEqual({ message: 'Too many messages from this address. Please try again later.', success: false });
    expect(refused.headers['retry-after']).toBe(String(HOUR / 1000));
    expect(await storedCount()).toBe(2);

    shop.clock.advance(HOUR - 60_000);
    const later = await send();
    expect(later.status).toBe(429);
    expect(later.headers['retry-after']).toBe('60');

    shop.clock.advance(60_000);
    expect((await send()).status).toBe(201);
    expect(await storedCount()).toBe(3);
  });

  it('counts per client IP: another address still gets through', async () => {
    for (let i = 0; i < 3; i += 1) expect((await send('203.0.113.1')).status).toBe(201);
    expect((await send('203.0.113.1')).status).toBe(429);
    expect((await send('203.0.113.2')).status).toBe(201);
  });
});

describe('the newsletter limit', () => {
  it('is counted apart from the contact form, with its own message', async () => {
    for (let i = 0; i < 3; i += 1) expect((await send()).status).toBe(201);
    expect((await send()).status).toBe(429);

    for (let i = 0; i < 3; i += 1) expect((await subscribe(undefined, `reader${i}@example.com`)).status).toBe(200);
    const refused = await subscribe();
    expect(refused.status).toBe(429);
    expect(refused.body).toEqual({ message: 'Too many subscription requests from this address. Please try again later.', success: false });
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
    const rows = await shop.app.db.selectFrom('newsletter_subscribers').select('email').execute();
    expect(rows).toHaveLength(3);
  });
});

describe('the default', () => {
  it('is 5 per hour', async () => {
    await shop.close();
    shop = await startShop();
    for (let i = 0; i < 5; i += 1) expect((await call(shop.app, 'POST', '/api/contact', { body })).status).toBe(201);
    expect((await call(shop.app, 'POST', '/api/contact', { body })).status).toBe(429);
  });
});

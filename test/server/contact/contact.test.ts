import { ACCESS_DENIED, call, failure, invalid, type Json } from '../helpers/http';
import { approvedTechnician, type Person, type Shop, signUp, startShop } from '../helpers/shop';

/**
 * The contact form, the newsletter box and the admin's Messages page, on a fresh database (PGlite, or
 * PostgreSQL when DATABASE_URL is set). The contact limit is set high here; limits.test.ts tests it.
 */

const SENT = { message: "Message sent. We'll get back to you shortly." };
const SUBSCRIBED = { message: "Thanks — you're subscribed." };
const MINUTE = 60_000;

const message = (overrides: Record<string, unknown> = {}) => ({
  name: 'Vera Visitor',
  email: 'vera@example.com',
  subject: 'Brakes squeak',
  message: 'Can you look at my brakes on Friday?',
  ...overrides,
});

let shop: Shop;
let customer: Person;
let technician: Person;

beforeAll(async () => {
  shop = await startShop({ env: { CONTACT_MESSAGES_PER_IP_PER_HOUR: '1000' } });
  customer = await signUp(shop.app);
  technician = await approvedTechnician(shop);
});

afterAll(async () => {
  await shop?.close();
});

beforeEach(async () => {
  await shop.app.db.deleteFrom('contact_messages').execute();
  await shop.app.db.deleteFrom('newsletter_subscribers').execute();
});

const send = (body: unknown) => call(shop.app, 'POST', '/api/contact', { body });
const subscribe = (body: unknown) => call(shop.app, 'POST', '/api/newsletter', { body });
const messages = (query = '', token = shop.admin.token) => call(shop.app, 'GET', `/api/contact-messages${query}`, { token });
const subscribers = (query = '', token = shop.admin.token) => call(shop.app, 'GET', `/api/newsletter-subscribers${query}`, { token });

async function storedMessages(): Promise<Json[]> {
  return shop.app.db.selectFrom('contact_messages').select(['name', 'email', 'subject', 'message', 'read_at', 'read_by']).execute();
}

describe('POST /api/contact', () => {
  it('stores the message and answers 201', async () => {
    const response = await send(message());
    expect(response.status).toBe(201);
    expect(response.body).toEqual(SENT);
    expect(await storedMessages()).toEqual([
      { name: 'Vera Visitor', email: 'vera@example.com', subject: 'Brakes squeak', message: 'Can you look at my brakes on Friday?', read_at: null, read_by: null },
    ]);
  });

  it('stores the text without surrounding white space, keeps line breaks inside, and an empty subject when left out', async () => {
    expect((await send(message({ name: '  Vera  ', subject: undefined, message: '\n Line one\nLine two \n' }))).status).toBe(201);
    expect((await send(message({ subject: '   ' }))).status).toBe(201);
    const rows = await storedMessages();
    expect(rows.map((row) => [row.name, row.subject, row.message])).toEqual(
      expect.arrayContaining([
        ['Vera', '', 'Line one\nLine two'],
        ['Vera Visitor', '', 'Can you look at my brakes on Friday?'],
      ]),
    );
  });

  it('validates every field with its message, in the form order', async () => {
    const response = await send({});
    expect(response.status).toBe(400);
    expect(response.body).toEqual(invalid({ name: 'Name is required', email: 'Email is required', message: 'Message is required' }));

    const blank = await send({ name: '  ', email: '', subject: '', message: ' \n ' });
    expect(blank.body).toEqual(invalid({ name: 'Name is required', email: 'Email is required', message: 'Message is required' }));

    const wrongTypes = await send({ name: 1, email: true, subject: 2, message: [] });
    expect(wrongTypes.body).toEqual(
      invalid({ name: 'Name is required', email: 'Email is invalid', subject: 'Subject must be text', message: 'Message is required' }),
    );

    expect(await storedMessages()).toEqual([]);
  });

  it.each([
    ['name', 'x'.repeat(101), 'Name must be at most 100 characters long'],
    ['email', 'not-an-address', 'Email is invalid'],
    ['email', 'two words@example.com', 'Email is invalid'],
    // A mailto: link to the address must stay a link to it: no query (cc, body) can ride along.
    ['email', 'visitor@example.com?cc=boss@example.com', 'Email is invalid'],
    ['email', 'visitor&body=hello@example.com', 'Email is invalid'],
    ['email', 'visitor#x@example.com', 'Email is invalid'],
    ['email', `${'a'.repeat(65)}@example.com`, 'Email is invalid'],
    ['email', `${'a'.repeat(243)}@example.com`, 'Email must be at most 254 characters long'],
    ['subject', 's'.repeat(151), 'Subject must be at most 150 characters long'],
    ['message', 'm'.repeat(5001), 'Message must be at most 5000 characters long'],
  ])('refuses %s %#', async (field, value, expected) => {
    const response = await send(message({ [field]: value }));
    expect(response.status).toBe(400);
    expect(response.body).toEqual(invalid({ [field]: expected }));
  });

  it('accepts each field at its longest (100, 254, 150 and 5000 characters)', async () => {
    // An address at its longest: a local part of 64 (its own limit) and a 189-character domain.
    const longest = message({ name: 'n'.repeat(100), email: `${'a'.repeat(64)}@${'b'.repeat(63)}.${'c'.repeat(63)}.${'d'.repeat(57)}.com`, subject: 's'.repeat(150), message: 'm'.repeat(5000) });
    expect((await send(longest)).status).toBe(201);
    const [row] = await storedMessages();
    expect([row.name.length, row.email.length, row.subject.length, row.message.length]).toEqual([100, 254, 150, 5000]);
  });

  it('drops unknown properties instead of storing them', async () => {
    expect((await send(message({ readAt: '2030-01-01T00:00:00.000Z', id: 'x' }))).status).toBe(201);
    expect((await storedMessages())[0].read_at).toBeNull();
  });
});

describe('GET /api/contact-messages (admin)', () => {
  it('lists the messages newest first with the unread count and the total', async () => {
    await send(message({ name: 'First', subject: '' }));
    shop.clock.advance(MINUTE);
    await send(message({ name: 'Second', email: 'second@example.com' }));
    const response = await messages();
    expect(response.status).toBe(200);
    expect(response.body).toEqual({
      items: [
        {
          id: expect.any(String),
          name: 'Second',
          email: 'second@example.com',
          subject: 'Brakes squeak',
          message: 'Can you look at my brakes on Friday?',
          receivedAt: new Date(shop.clock.now()).toISOString(),
        },
        expect.objectContaining({ name: 'First', subject: '', receivedAt: new Date(shop.clock.now() - MINUTE).toISOString() }),
      ],
      total: 2,
      unreadCount: 2,
    });
  });

  it('is empty with no messages', async () => {
    expect((await messages()).body).toEqual({ items: [], total: 0, unreadCount: 0 });
  });

  it('pages newest first with a cursor until the last page', async () => {
    for (let i = 1; i <= 5; i += 1) {
      await send(message({ name: `Visitor ${i}` }));
      // Two messages in the same millisecond are ordered by id: the cursor still never skips or repeats one.
      if (i !== 3) shop.clock.advance(1000);
    }
    const names: string[] = [];
    let cursor: string | undefined;
    let pages = 0;
    do {
      const response = await messages(`?limit=2${cursor ? `&cursor=${cursor}` : ''}`);
      expect(response.status).toBe(200);
      expect(response.body.total).toBe(5);
      names.push(...response.body.items.map((item: Json) => item.name));
      cursor = response.body.nextCursor;
      pages += 1;
    } while (cursor);
    expect(pages).toBe(3);
    // 3 and 4 share their instant (no clock step between them): their order is the id's.
    expect(names).toEqual(['Visitor 5', expect.stringMatching(/^Visitor [34]$/), expect.stringMatching(/^Visitor [34]$/), 'Visitor 2', 'Visitor 1']);
    expect(new Set(names).size).toBe(5);
  });

  it('refuses a tampered cursor and a bad limit', async () => {
    expect((await messages('?cursor=abc')).body).toEqual(invalid({ cursor: 'Invalid cursor' }));
    for (const instant of ['yesterday', '2021-02-31T10:00:00.000Z', '0000-01-01T00:00:00.000Z']) {
      const forged = Buffer.from(JSON.stringify([instant, '00000000-0000-4000-8000-000000000000'])).toString('base64url');
      expect((await messages(`?cursor=${forged}`)).body).toEqual(invalid({ cursor: 'Invalid cursor' }));
      const subscribers = await call(shop.app, 'GET', `/api/newsletter-subscribers?cursor=${forged}`, { token: shop.admin.token });
      expect({ status: subscribers.status, body: subscribers.body }).toEqual({ status: 400, body: invalid({ cursor: 'Invalid cursor' }) });
    }
    expect((await messages('?limit=1e400')).body).toEqual(invalid({ limit: 'Limit must be a whole number' }));
    expect((await messages('?limit=0')).body).toEqual(invalid({ limit: 'Limit must be at least 1' }));
  });

  it('is for admins only: 401 without a token, 403 for a customer or a technician', async () => {
    expect((await call(shop.app, 'GET', '/api/contact-messages')).body).toEqual(failure('Authentication required'));
    expect((await call(shop.app, 'GET', '/api/contact-messages')).status).toBe(401);
    for (const person of [customer, technician]) {
      const response = await messages('', person.token);
      expect(response.status).toBe(403);
      expect(response.body).toEqual(ACCESS_DENIED);
    }
  });
});

describe('POST /api/contact-messages/:id/read (admin)', () => {
  it('marks a message read by this admin, lowers the unread count, and keeps the first reading', async () => {
    await send(message());
    await send(message({ name: 'Other' }));
    const [target] = (await messages()).body.items;
    shop.clock.advance(5 * MINUTE);
    const readAt = new Date(shop.clock.now()).toISOString();

    const response = await call(shop.app, 'POST', `/api/contact-messages/${target.id}/read`, { token: shop.admin.token });
    expect(response.status).toBe(200);
    expect(response.body).toEqual({ ...target, readAt, readBy: shop.admin.fullName });

    const list = (await messages()).body;
    expect(list.unreadCount).toBe(1);
    expect(list.total).toBe(2);
    expect(list.items.find((item: Json) => item.id === target.id)).toEqual({ ...target, readAt, readBy: shop.admin.fullName });

    shop.clock.advance(MINUTE);
    const again = await call(shop.app, 'POST', `/api/contact-messages/${target.id}/read`, { token: shop.admin.token, body: {} });
    expect(again.status).toBe(200);
    expect(again.body.readAt).toBe(readAt);
    expect((await messages()).body.unreadCount).toBe(1);
  });

  it('answers 404 for an unknown message and 400 for an id that is not one', async () => {
    const unknown = await call(shop.app, 'POST', '/api/contact-messages/00000000-0000-4000-8000-000000000000/read', { token: shop.admin.token });
    expect(unknown.status).toBe(404);
    expect(unknown.body).toEqual(failure('Message not found'));
    const bad = await call(shop.app, 'POST', '/api/contact-messages/nope/read', { token: shop.admin.token });
    expect(bad.status).toBe(400);
    expect(bad.body).toEqual(invalid({ id: 'Message is not a valid id' }));
  });

  it('is for admins only', async () => {
    await send(message());
    const [target] = (await messages()).body.items;
    expect((await call(shop.app, 'POST', `/api/contact-messages/${target.id}/read`)).status).toBe(401);
    for (const person of [customer, technician]) {
      const response = await call(shop.app, 'POST', `/api/contact-messages/${target.id}/read`, { token: person.token });
      expect(response.status).toBe(403);
      expect(response.body).toEqual(ACCESS_DENIED);
    }
    expect((await storedMessages())[0].read_at).toBeNull();
  });
});

describe('POST /api/newsletter', () => {
  it('stores an address once, whatever its case, with the same answer every time', async () => {
    const first = await subscribe({ email: 'Reader@Example.com' });
    const second = await subscribe({ email: 'reader@example.com' });
    expect(first.status).toBe(200);
    expect(second.status).toBe(200);
    expect(first.body).toEqual(SUBSCRIBED);
    expect(second.body).toEqual(SUBSCRIBED);
    expect(second.text).toBe(first.text);
    const rows = await shop.app.db.selectFrom('newsletter_subscribers').select('email').execute();
    expect(rows).toEqual([{ email: 'reader@example.com' }]);
  });

  it('validates the address', async () => {
    expect((await subscribe({})).body).toEqual(invalid({ email: 'Email is required' }));
    expect((await subscribe({ email: '' })).body).toEqual(invalid({ email: 'Email is required' }));
    expect((await subscribe({ email: 'nobody' })).body).toEqual(invalid({ email: 'Email is invalid' }));
    expect((await subscribe({ email: 'reader@example.com?bcc=all@example.com' })).body).toEqual(invalid({ email: 'Email is invalid' }));
    expect((await subscribe({ email: `${'a'.repeat(243)}@example.com` })).body).toEqual(invalid({ email: 'Email must be at most 254 characters long' }));
  });
});

describe('the newsletter list (admin)', () => {
  it('lists the subscribers newest first with the total, and removes one (an unsubscribe request)', async () => {
    await subscribe({ email: 'one@example.com' });
    shop.clock.advance(MINUTE);
    await subscribe({ email: 'two@example.com' });
    const list = await subscribers();
    expect(list.status).toBe(200);
    expect(list.body).toEqual({
      items: [
        { id: expect.any(String), email: 'two@example.com', subscribedAt: new Date(shop.clock.now()).toISOString() },
        { id: expect.any(String), email: 'one@example.com', subscribedAt: new Date(shop.clock.now() - MINUTE).toISOString() },
      ],
      total: 2,
    });

    const [, one] = list.body.items;
    const removed = await call(shop.app, 'DELETE', `/api/newsletter-subscribers/${one.id}`, { token: shop.admin.token });
    expect(removed.status).toBe(204);
    expect(removed.text).toBe('');
    expect((await subscribers()).body).toEqual({ items: [list.body.items[0]], total: 1 });

    const again = await call(shop.app, 'DELETE', `/api/newsletter-subscribers/${one.id}`, { token: shop.admin.token });
    expect(again.status).toBe(404);
    expect(again.body).toEqual(failure('Subscriber not found'));

    // A removed address may subscribe again.
    expect((await subscribe({ email: 'one@example.com' })).status).toBe(200);
    expect((await subscribers()).body.total).toBe(2);
  });

  it('pages with a cursor', async () => {
    for (const name of ['a', 'b', 'c']) {
      await subscribe({ email: `${name}@example.com` });
      shop.clock.advance(1000);
    }
    const first = (await subscribers('?limit=2')).body;
    expect(first.items.map((item: Json) => item.email)).toEqual(['c@example.com', 'b@example.com']);
    const second = (await subscribers(`?limit=2&cursor=${first.nextCursor}`)).body;
    expect(second).toEqual({ items: [expect.objectContaining({ email: 'a@example.com' })], total: 3 });
  });

  it('is for admins only', async () => {
    await subscribe({ email: 'private@example.com' });
    const [{ id }] = await shop.app.db.selectFrom('newsletter_subscribers').select('id').execute();
    expect((await call(shop.app, 'GET', '/api/newsletter-subscribers')).status).toBe(401);
    expect((await call(shop.app, 'DELETE', `/api/newsletter-subscribers/${id}`)).status).toBe(401);
    for (const person of [customer, technician]) {
      expect((await subscribers('', person.token)).body).toEqual(ACCESS_DENIED);
      const response = await call(shop.app, 'DELETE', `/api/newsletter-subscribers/${id}`, { token: person.token });
      expect(response.status).toBe(403);
      expect(response.body).toEqual(ACCESS_DENIED);
    }
    expect(await shop.app.db.selectFrom('newsletter_subscribers').select('email').execute()).toEqual([{ email: 'private@example.com' }]);
  });
});

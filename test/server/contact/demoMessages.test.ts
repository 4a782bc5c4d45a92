import { call, type Json } from '../helpers/http';
import { type Shop, startShop } from '../helpers/shop';
import { createTestDatabase, type TestDatabase } from '../helpers/testApp';

/** The demo workshop (DEMO_DATA=1) has two unread contact messages for /admin/messages, seeded once per database. */
describe('the demo workshop’s contact messages', () => {
  let database: TestDatabase;
  let shop: Shop | undefined;

  beforeAll(async () => {
    database = await createTestDatabase({ onDisk: true });
  });

  afterAll(async () => {
    await shop?.close();
    await database?.dispose();
  });

  async function adminMessages(current: Shop): Promise<Json> {
    const response = await call(current.app, 'GET', '/api/contact-messages', { token: current.admin.token });
    expect(response.status).toBe(200);
    return response.body;
  }

  it('seeds two unread messages, newest first, dated before the start', async () => {
    shop = await startShop({ database, env: { DEMO_DATA: '1' } });
    const body = await adminMessages(shop);
    expect(body.total).toBe(2);
    expect(body.unreadCount).toBe(2);
    expect(body.items.map((item: Json) => [item.name, item.email, item.subject])).toEqual([
      ['Priya Nanayakkara', 'priya.nanayakkara@example.com', 'Servicing for our delivery vans'],
      ['Daniel Brooks', 'daniel.brooks@example.com', 'Warning light after my last service'],
    ]);
    for (const item of body.items) {
      expect(item.message.length).toBeGreaterThan(20);
      expect(item.readAt).toBeUndefined();
      expect(Date.parse(item.receivedAt)).toBeLessThan(shop.clock.now());
    }
  });

  it('does not add them again when the server starts again on the same database', async () => {
    await shop?.close();
    shop = await startShop({ database, env: { DEMO_DATA: '1' } });
    expect((await adminMessages(shop)).total).toBe(2);
  });

  it('is not there without DEMO_DATA', async () => {
    const empty = await startShop();
    try {
      expect(await adminMessages(empty)).toEqual({ items: [], total: 0, unreadCount: 0 });
    } finally {
      await empty.close();
    }
  });
});

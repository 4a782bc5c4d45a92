import type { Page, Route } from '@playwright/test';
import { registerViaApi } from './support/api';
import { expect, test } from './support/fixtures';
import { seedSession } from './support/session';
import { bookViaApi, ownDay } from './support/shop';

/** Everything the page's origin holds in IndexedDB: each database's name and, per store, its records as JSON. */
function readIndexedDb(page: Page) {
  return page.evaluate(async () => {
    const request = <T>(r: IDBRequest<T>) =>
      new Promise<T>((resolve, reject) => {
        r.onsuccess = () => resolve(r.result);
        r.onerror = () => reject(r.error);
      });
    const found: { database: string; store: string; records: string }[] = [];
    for (const { name } of await indexedDB.databases()) {
      if (!name) continue;
      const db = await request(indexedDB.open(name));
      for (const store of [...db.objectStoreNames]) {
        const records = await request(db.transaction(store, 'readonly').objectStore(store).getAll());
        found.push({ database: name, store, records: JSON.stringify(records) });
      }
      db.close();
    }
    return found;
  });
}

/** The origin's Cache Storage: each cache's name and the URLs it holds. */
function readCacheStorage(page: Page) {
  return page.evaluate(async () => {
    const found: { cache: string; urls: string[] }[] = [];
    for (const name of await caches.keys()) {
      const requests = await (await caches.open(name)).keys();
      found.push({ cache: name, urls: requests.map((r) => r.url) });
    }
    return found;
  });
}

/** Holds GET /api/appointments (the job list) until `release()`. */
async function holdJobList(page: Page) {
  let release!: () => void;
  const gate = new Promise<void>((resolve) => {
    release = resolve;
  });
  let held = 0;
  await page.route(
    (url) => url.pathname === '/api/appointments',
    async (route: Route) => {
      if (route.request().method() !== 'GET') return route.fallback();
      held += 1;
      await gate;
      return route.fallback();
    },
  );
  return { release, held: () => held };
}

test.describe('the user’s data on the device', () => {
  test('a returning customer’s dashboard paints their jobs from the device while the server is slow, then the fresh list', async ({ page, request }) => {
    const { auth } = await registerViaApi(request, 'CUSTOMER');
    const day = ownDay();
    const first = await bookViaApi(request, auth, { date: day, slot: '09:00' });
    await seedSession(page, auth);
    await page.goto('/dashboard');
    const list = page.getByRole('region', { name: 'Service list' });
    await expect(list.getByRole('button', { name: new RegExp(first.vehicle.plate) })).toBeVisible();
    // Written to IndexedDB (at most every 2 s).
    await expect.poll(async () => (await readIndexedDb(page)).some((s) => s.records.includes(first.vehicle.plate)), { timeout: 10_000 }).toBe(true);

    const second = await bookViaApi(request, auth, { date: day, slot: '10:00' });
    const jobList = await holdJobList(page);
    await page.reload();

    // From the device, while the server's answer is held back.
    await expect(list.getByRole('button', { name: new RegExp(first.vehicle.plate) })).toBeVisible();
    await expect.poll(jobList.held).toBeGreaterThan(0);
    await expect(list.getByRole('button', { name: new RegExp(second.vehicle.plate) })).toHaveCount(0);

    jobList.release();
    await expect(list.getByRole('button', { name: new RegExp(second.vehicle.plate) })).toBeVisible();
  });

  test('after logout a new page reads nothing of the previous user from IndexedDB or Cache Storage', async ({ page, context, request }) => {
    const { auth } = await registerViaApi(request, 'CUSTOMER');
    const job = await bookViaApi(request, auth, { date: ownDay(), slot: '11:00' });
    await seedSession(page, auth);
    await page.goto('/dashboard');
    await expect(page.getByRole('region', { name: 'Service list' }).getByRole('button', { name: new RegExp(job.vehicle.plate) })).toBeVisible();
    await expect.poll(async () => (await readIndexedDb(page)).some((s) => s.records.includes(job.vehicle.plate)), { timeout: 10_000 }).toBe(true);
    // What other parts of the app may keep of the user: a database of their own (the offline queue's kind) and a
    // user cache holding an API answer.
    await page.evaluate(async (plate) => {
      const open = indexedDB.open('carcare-e2e-queue');
      open.onupgradeneeded = () => open.result.createObjectStore('changes', { keyPath: 'id' });
      const db = await new Promise<IDBDatabase>((resolve) => {
        open.onsuccess = () => resolve(open.result);
      });
      const tx = db.transaction('changes', 'readwrite');
      tx.objectStore('changes').put({ id: 'c-1', plate });
      await new Promise((resolve) => {
        tx.oncomplete = resolve;
      });
      db.close();
      await (await caches.open('carcare-user-e2e')).put('/api/appointments', new Response(JSON.stringify({ plate })));
    }, job.vehicle.plate);

    await page.getByRole('navigation', { name: 'Dashboard' }).getByRole('button', { name: 'Logout' }).click();
    await expect(page).toHaveURL(/\/login$/);

    const next = await context.newPage();
    await next.goto('/favicon.svg');
    await expect.poll(async () => (await readIndexedDb(next)).filter((s) => s.records !== '[]')).toEqual([]);
    expect((await readIndexedDb(next)).map((s) => s.database).filter((name) => name.startsWith('carcare'))).toEqual([]);
    const cached = await readCacheStorage(next);
    expect(cached.filter((c) => c.cache.startsWith('carcare-user'))).toEqual([]);
    expect(cached.flatMap((c) => c.urls).filter((url) => new URL(url).pathname.startsWith('/api'))).toEqual([]);
  });
});

/**
 * The report is laid out off the main thread: on a bounded pool of render threads (reports/renderer.ts), so a
 * request for something cheap is answered while reports render, a full queue is refused with 503 rather than
 * piling up, and the threads end when the app closes. Checked structurally — which thread rendered, what was
 * answered first — never with timing thresholds. Last, the same through the real server process (`tsx`, as
 * `npm run serve` runs it).
 */
import { threadId } from 'node:worker_threads';
import { Reports } from '../../../server/src/reports/queries';
import { REPORTS_BUSY } from '../../../server/src/reports/renderer';
import { RENDER_THREAD_NICE } from '../../../server/src/reports/threadPriority';
import { call, failure } from '../helpers/http';
import { startServerProcess } from '../helpers/serverProcess';
import { ADMIN, type Shop, startShop } from '../helpers/shop';
import { getReport, longJob, type WorkedJob } from './helpers';

jest.setTimeout(120_000);

/** Resolves once `check()` holds, looking again on every turn of the event loop. */
async function until(check: () => boolean, what: string, timeoutMs = 60_000): Promise<void> {
  const started = Date.now();
  while (!check()) {
    if (Date.now() - started > timeoutMs) throw new Error(`${what}: not within ${timeoutMs} ms`);
    await new Promise((resolve) => setImmediate(resolve));
  }
}

describe('on a pool of one render thread', () => {
  let shop: Shop;
  let worked: WorkedJob;

  beforeAll(async () => {
    shop = await startShop({ env: { ACCESS_TOKEN_TTL: '1d', REPORT_WORKERS: '1', REPORT_QUEUE: '16' } });
    worked = await longJob(shop, '09:00', { stageChanges: 30, logs: 30 });
  });

  afterAll(async () => {
    await shop?.close();
  });

  it('no thread before the first report; then the report is laid out on a render thread, not the main one', async () => {
    expect(shop.app.reportRenderer.threads).toHaveLength(0);

    const response = await getReport(shop.app, worked.job.id, shop.admin.token);
    expect(response.status).toBe(200);
    const threads = shop.app.reportRenderer.threads.map((thread) => thread.threadId);
    expect(threads).toHaveLength(1);
    expect(threads).not.toContain(threadId);

    const report = await new Reports(shop.app.db, shop.app.catalog, shop.app.appointments).load({ id: shop.admin.id, role: 'ADMIN' }, worked.job.id);
    const rendered = await shop.app.reportRenderer.render({ report, timeZone: shop.app.catalog.timeZone, slots: {}, generatedAt: shop.clock.now() });
    expect(rendered.threadId).toBe(threads[0]);
    // Laying out PDFs yields the core to the event loop: the render thread runs at a lower priority (Linux).
    expect(rendered.nice).toBe(process.platform === 'linux' ? RENDER_THREAD_NICE : null);
    expect(Buffer.from(rendered.pdf).subarray(0, 5).toString('latin1')).toBe('%PDF-');
  });

  it('answers GET /api/health while six reports wait for the thread', async () => {
    const answered: string[] = [];
    const reports = Array.from({ length: 6 }, (_, index) =>
      getReport(shop.app, worked.job.id, shop.admin.token).then((response) => {
        answered.push(`report ${index}`);
        return response;
      }),
    );
    // Reports are waiting for the one thread: rendering is under way.
    await until(() => shop.app.reportRenderer.queued > 0, 'reports queued');
    const health = await call(shop.app, 'GET', '/api/health');
    answered.push('health');

    expect(health.status).toBe(200);
    // The cheap request did not wait for the reports queued before it: most of them were still being rendered.
    expect(answered.filter((name) => name.startsWith('report')).length).toBeLessThan(3);
    expect((await Promise.all(reports)).map((response) => response.status)).toEqual([200, 200, 200, 200, 200, 200]);
    expect(answered).toHaveLength(7);
    expect(answered.at(-1)).toMatch(/^report/);
  });
});

describe('a full queue, and closing', () => {
  let shop: Shop;
  let worked: WorkedJob;
  /** The last test closes the app itself. */
  let closed = false;

  beforeAll(async () => {
    shop = await startShop({ env: { ACCESS_TOKEN_TTL: '1d', REPORT_WORKERS: '1', REPORT_QUEUE: '1' } });
    worked = await longJob(shop, '10:00', { stageChanges: 2, logs: 2 });
  });

  afterAll(async () => {
    if (!closed) await shop?.close();
  });

  it('refuses what the queue cannot hold with 503, Retry-After and a message; the rest are rendered', async () => {
    const responses = await Promise.all(Array.from({ length: 8 }, () => getReport(shop.app, worked.job.id, shop.admin.token)));
    const refused = responses.filter((response) => response.status === 503);

    expect(responses.filter((response) => response.status === 200).length).toBeGreaterThanOrEqual(2);
    expect(refused.length).toBeGreaterThanOrEqual(1);
    expect(refused.length + responses.filter((response) => response.status === 200).length).toBe(8);
    for (const response of refused) {
      expect(response.body).toEqual(failure(REPORTS_BUSY));
      expect(response.headers['retry-after']).toBe('2');
      expect(response.headers['cache-control']).toBe('no-store');
    }
    // Once the queue has room again, a report goes through.
    expect((await getReport(shop.app, worked.job.id, shop.admin.token)).status).toBe(200);
  });

  it('ends its threads when the app closes', async () => {
    const threads = shop.app.reportRenderer.threads;
    expect(threads.length).toBeGreaterThanOrEqual(1);
    const exited = threads.map((thread) => new Promise((resolve) => thread.once('exit', resolve)));

    closed = true;
    await shop.close();

    await Promise.all(exited);
    expect(shop.app.reportRenderer.threads).toHaveLength(0);
  });
});

describe('in the real server process (node --import tsx server/src/main.ts, as npm run serve starts it)', () => {
  it('renders a report on its render thread, and exits with 0 on SIGTERM afterwards', async () => {
    const server = startServerProcess({ DATA_DIR: 'memory://', ADMIN_EMAIL: ADMIN.email, ADMIN_PASSWORD: ADMIN.password, REPORT_WORKERS: '1' });
    try {
      const base = `http://127.0.0.1:${await server.port}/api`;
      const post = async (path: string, body: unknown, token?: string) => {
        const response = await fetch(`${base}${path}`, {
          method: 'POST',
          headers: { 'content-type': 'application/json', ...(token && { authorization: `Bearer ${token}` }) },
          body: JSON.stringify(body),
        });
        const json = await response.json();
        if (!response.ok) throw new Error(`POST ${path}: ${response.status} ${JSON.stringify(json)}`);
        return json;
      };
      const admin = await post('/auth/login', ADMIN);
      const customer = await post('/auth/register/customer', { email: 'process.customer@example.com', password: 'correct-horse-1', fullName: 'සුනිල් පෙරේරා', phoneNumber: '555-0100' });
      const tomorrow = new Date(Date.now() + 24 * 60 * 60_000).toISOString().slice(0, 10);
      const job = await post('/appointments', { plate: 'PROC 1', serviceType: 'OIL_CHANGE', date: tomorrow, slot: '09:00' }, customer.token);

      const report = await fetch(`${base}/appointments/${job.id}/report`, { headers: { authorization: `Bearer ${admin.token}` } });
      expect(report.status).toBe(200);
      expect(report.headers.get('content-type')).toBe('application/pdf');
      const bytes = Buffer.from(await report.arrayBuffer());
      expect(bytes.subarray(0, 5).toString('latin1')).toBe('%PDF-');
      expect(bytes.toString('latin1')).toMatch(/\/BaseFont \/[A-Z]{6}\+NotoSansSinhala-Regular/);

      server.child.kill('SIGTERM');
      expect(await server.exited).toBe(0);
    } finally {
      server.kill();
    }
  });
});

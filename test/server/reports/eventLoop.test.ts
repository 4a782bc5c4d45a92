/**
 * A report on the embedded database shares the thread that answers every request: its reads must leave room for
 * the requests that arrive meanwhile. PGlite runs each query synchronously on that thread, and a chain of awaited
 * queries never yields to I/O on its own, so a report read in one go held up health checks and lists for its whole
 * batch of reads (bench §7, "Other endpoints while reports are requested").
 */
import { Reports } from '../../../server/src/reports/queries';
import { type Shop, startShop } from '../helpers/shop';
import { workedJob } from './helpers';

let shop: Shop;

beforeAll(async () => {
  // The clock moves to the job's slot: access tokens last the day.
  shop = await startShop({ env: { ACCESS_TOKEN_TTL: '1d' } });
});

afterAll(async () => {
  await shop.close();
});

it("gives the event loop a turn before each of the report's reads", async () => {
  const { job } = await workedJob(shop, '09:00');
  const reports = new Reports(shop.app.db, shop.app.catalog, shop.app.appointments);
  // A turn of the event loop is when I/O (another request's bytes) is handled; this counts them.
  let turns = 0;
  let counting = true;
  const count = () => {
    if (!counting) return;
    turns += 1;
    setImmediate(count);
  };
  setImmediate(count);
  const report = await reports.load({ id: shop.admin.id, role: 'ADMIN' }, job.id);
  counting = false;

  expect(report.job.id).toBe(job.id);
  // The job, its history, its time logs, their total and its parts: five reads, a turn before each.
  expect(turns).toBeGreaterThanOrEqual(5);
});

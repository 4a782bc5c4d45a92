/**
 * What one report includes at most: the latest REPORT_LIMITS.historyEntries changes and REPORT_LIMITS.timeLogs
 * time logs, each table after a line saying how many earlier ones it leaves out, and descriptions cut to
 * REPORT_LIMITS.descriptionLength characters — so a job with 60 logs (61 pages before) prints on a few pages, while
 * the total still counts every log.
 */
import { REPORT_LIMITS } from '../../../server/src/reports/limits';
import { day, type Shop, startShop } from '../helpers/shop';
import { allLines, getReport, logTime, longJob, pdfText, workedJob } from './helpers';

let shop: Shop;

beforeAll(async () => {
  // Access tokens outlive the two days the clock moves through.
  shop = await startShop({ env: { ACCESS_TOKEN_TTL: '3d' } });
});

afterAll(async () => {
  await shop?.close();
});

it('a job with 60 logs and 64 changes lists the latest 25 changes and 20 logs on a few pages, and totals all 60 logs', async () => {
  const { technician, job } = await longJob(shop, '09:00', { stageChanges: 60, logs: 60 });
  const response = await getReport(shop.app, job.id, technician.token);
  expect(response.status).toBe(200);
  const text = await pdfText(response.bytes);
  const lines = allLines(text);
  const all = lines.join('\n');

  expect(text.pages.length).toBeLessThanOrEqual(4);
  // Booked, assigned, started, 60 stage changes, completed: 64 changes.
  expect(lines).toContain(`${64 - REPORT_LIMITS.historyEntries} earlier changes are not listed.`);
  const historyRows = lines.filter((line) => /^Jun 3, 2030, \d+:\d+ [AP]M (Stage: |Completed)/.test(line));
  expect(historyRows).toHaveLength(REPORT_LIMITS.historyEntries);
  expect(historyRows.at(-1)).toMatch(/Completed/);
  expect(all).not.toContain('Work started');

  expect(lines).toContain(`${60 - REPORT_LIMITS.timeLogs} earlier time logs are not listed; the total includes them.`);
  const logRows = lines.filter((line) => /^Jun 3, 2030 \d\d:\d\d–\d\d:\d\d 5 min/.test(line));
  expect(logRows).toHaveLength(REPORT_LIMITS.timeLogs);
  // The latest: steps 41 to 60, in order.
  expect(logRows[0]).toContain('Step 41:');
  expect(logRows.at(-1)).toContain('Step 60:');
  expect(all).not.toContain('Step 40:');
  expect(lines).toContain('Total time logged: 5 h');
});

it('cuts a long description with "…", and a single earlier log is named in the singular', async () => {
  // Tomorrow: the first test's logs moved the clock to late today.
  const { technician, job } = await workedJob(shop, '14:00', {}, day(1));
  const long = `${'Replaced the front brake pads and skimmed both discs; '.repeat(9)}END`;
  expect(long.length).toBeGreaterThan(REPORT_LIMITS.descriptionLength);
  for (let log = 0; log <= REPORT_LIMITS.timeLogs; log += 1) {
    const start = 15 * 60 + log * 2;
    const time = (minutes: number) => `${String(Math.floor(minutes / 60)).padStart(2, '0')}:${String(minutes % 60).padStart(2, '0')}`;
    await logTime(shop, technician, job.id, time(start), time(start + 2), log === REPORT_LIMITS.timeLogs ? long : `Check ${log + 1}`, day(1));
  }
  const response = await getReport(shop.app, job.id, shop.admin.token);
  expect(response.status).toBe(200);
  const lines = allLines(await pdfText(response.bytes));
  const all = lines.join(' ');

  expect(lines).toContain('1 earlier time log is not listed; the total includes them.');
  expect(all).not.toContain('END');
  // REPORT_LIMITS.descriptionLength characters, the ellipsis included.
  expect(all).toContain(`${long.slice(0, REPORT_LIMITS.descriptionLength - 1).trimEnd()}…`);
});

/**
 * Whose time the report lists: the customer sees only approved work — a log no admin has reviewed yet is the
 * shop's to check, not the customer's to read — while the technician and the admin see every log that is not
 * rejected, as the staff's screens do. Rejected logs are in nobody's report. The total follows what is listed.
 */
import { call } from '../helpers/http';
import { type Shop, startShop } from '../helpers/shop';
import { allLines, getReport, logTime, ok, pdfText, workedJob, type WorkedJob } from './helpers';

let shop: Shop;
let worked: WorkedJob;

beforeAll(async () => {
  shop = await startShop({ env: { ACCESS_TOKEN_TTL: '1d' } });
  worked = await workedJob(shop, '09:00');
  const { technician, job } = worked;
  const approved = await logTime(shop, technician, job.id, '09:05', '10:00', 'Brake inspection');
  await logTime(shop, technician, job.id, '10:00', '10:30', 'Waiting for the parts supplier to call back');
  const rejected = await logTime(shop, technician, job.id, '11:00', '11:30', 'Logged on the wrong job');
  await ok(call(shop.app, 'POST', `/api/time-logs/${approved.id}/approve`, { token: shop.admin.token, body: { expectedVersion: approved.version } }));
  await ok(call(shop.app, 'POST', `/api/time-logs/${rejected.id}/reject`, { token: shop.admin.token, body: { reason: 'Not this job', expectedVersion: rejected.version } }));
});

afterAll(async () => {
  await shop?.close();
});

/** The "Time logged" section of `token`'s report, from its heading to the total. */
async function timeSection(token: string): Promise<string[]> {
  const response = await getReport(shop.app, worked.job.id, token);
  expect(response.status).toBe(200);
  const lines = allLines(await pdfText(response.bytes));
  const start = lines.indexOf('Time logged');
  const end = lines.findIndex((line) => line.startsWith('Total time logged'));
  return lines.slice(start, end + 1);
}

describe('the time logged in the report, by who downloads it', () => {
  it('the customer: approved logs only, and their total', async () => {
    expect(await timeSection(worked.customer.token)).toEqual([
      'Time logged',
      'Date Time Duration Technician Work done',
      `Jun 3, 2030 09:05–10:00 55 min ${worked.technician.fullName} Brake inspection`,
      'Total time logged: 55 min',
    ]);
  });

  it('the job’s technician: approved and not yet reviewed logs, not the rejected one', async () => {
    const lines = await timeSection(worked.technician.token);
    expect(lines.join('\n')).toContain('Brake inspection');
    expect(lines.join('\n')).toContain('Waiting for the parts supplier');
    expect(lines.join('\n')).not.toContain('wrong job');
    expect(lines.at(-1)).toBe('Total time logged: 1 h 25 min');
  });

  it('the admin: the same as the technician', async () => {
    expect(await timeSection(shop.admin.token)).toEqual(await timeSection(worked.technician.token));
  });

  it('a customer whose job has no approved time yet reads that no time is logged', async () => {
    const other = await workedJob(shop, '10:00');
    await logTime(shop, other.technician, other.job.id, '10:05', '10:45', 'Oil and filter changed');
    const response = await getReport(shop.app, other.job.id, other.customer.token);
    const lines = allLines(await pdfText(response.bytes));
    expect(lines).toContain('No time logged on this job.');
    expect(lines).toContain('Total time logged: 0 min');
    expect(lines.join('\n')).not.toContain('Oil and filter changed');
  });
});

import type { APIRequestContext, Page } from '@playwright/test';
import type { Appointment } from '@contract/appointments';
import { TIME_LOG_MESSAGES } from '@contract/timeLogs';
import { type AuthAnswer, registerViaApi } from './support/api';
import { expect, test } from './support/fixtures';
import { seedSession } from './support/session';
import { adminSession, assignViaApi, bookViaApi, dayFromToday, logTimeViaApi, uniquePlate } from './support/shop';
import { appointmentViaApi, freeDay, freshSession, registerTechnician, timeLogsViaApi } from './support/shopSetup';

const QUEUE_BANNER = 'Offline — your changes will be sent when you are back online';

/** A new customer's job, booked and assigned to `technician` (Not Started for them). */
async function assignedJob(request: APIRequestContext, technician: AuthAnswer, customerName: string): Promise<Appointment> {
  const customer = await registerViaApi(request, 'CUSTOMER', { fullName: customerName });
  const booked = await bookViaApi(request, customer.auth, { plate: uniquePlate(), date: await freeDay(request), slot: '09:00' });
  return assignViaApi(request, await adminSession(request), booked, technician.id);
}

async function logTime(page: Page, customerName: string, start: string, end: string, description: string): Promise<void> {
  await jobRow(page, customerName).getByRole('button', { name: 'Log Time' }).click();
  const dialog = page.getByRole('dialog', { name: 'Log Time' });
  await dialog.getByLabel('Start Time').fill(start);
  await dialog.getByLabel('End Time').fill(end);
  await dialog.getByLabel('Description').fill(description);
  await dialog.getByRole('button', { name: 'Save Log' }).click();
  await expect(dialog).toHaveCount(0);
}

/** A job's row in Assigned Services (the list of queued changes has articles too). */
const jobRow = (page: Page, customerName: string) => page.getByRole('region', { name: 'Assigned services list' }).getByRole('article', { name: customerName, exact: true });

const queued = (page: Page) => page.getByRole('region', { name: 'Changes waiting to be sent' });

test.describe('offline technician', () => {
  test.beforeEach(({ browserErrors }) => {
    // Offline, the page's reads (and the live stream) fail; the first send's answer is dropped on purpose below.
    browserErrors.allow(/net::ERR_INTERNET_DISCONNECTED|net::ERR_FAILED/);
  });

  test('changes made offline reach the server exactly once when the connection is back, even when the first answer was lost', async ({ page, context, request }) => {
    const technician = await registerTechnician(request, 'Offline Technician');
    const job = await assignedJob(request, technician.auth, 'Dilan Offline');
    const today = dayFromToday(0);
    await seedSession(page, technician.auth);
    await page.goto('/dashboard');
    const row = jobRow(page, 'Dilan Offline');
    await expect(row).toContainText('Not Started');

    await context.setOffline(true);
    await expect(page.getByRole('status').filter({ hasText: QUEUE_BANNER })).toHaveText(QUEUE_BANNER);
    await expect(page.getByText(QUEUE_BANNER)).toBeInViewport();

    await logTime(page, 'Dilan Offline', '07:00', '08:15', 'Logged in the bay without signal');
    const entry = page.getByRole('region', { name: /^Logs for / }).getByRole('article').filter({ hasText: 'Logged in the bay without signal' });
    await expect(entry).toContainText('Saved on this device, waiting to be sent');
    await row.getByRole('button', { name: 'Update Status' }).click();
    const statusDialog = page.getByRole('dialog', { name: 'Update Status' });
    await statusDialog.getByLabel('Status', { exact: true }).selectOption({ label: 'In Progress' });
    await statusDialog.getByRole('button', { name: 'Save' }).click();
    await expect(statusDialog).toHaveCount(0);
    await expect(row).toContainText('In Progress');
    await expect(row).toContainText('Status change waiting to be sent');
    await expect(queued(page).getByRole('article')).toHaveCount(2);

    // The first send of the log reaches the server, but its answer is lost on the way back.
    let dropped = 0;
    await context.route('**/api/time-logs', async (route) => {
      if (route.request().method() !== 'POST' || dropped > 0) return route.fallback();
      dropped += 1;
      await route.fetch();
      await route.abort();
    });
    await context.setOffline(false);

    await expect(queued(page)).toHaveCount(0);
    await expect(page.getByText(QUEUE_BANNER)).toHaveCount(0);
    await expect(entry).not.toContainText('waiting to be sent');
    await expect(row).not.toContainText('waiting to be sent');
    expect(dropped).toBe(1);

    const session = await freshSession(request, technician.user);
    const logs = await timeLogsViaApi(request, session, today, today);
    expect(logs.map(({ description, startTime, endTime, appointmentId }) => ({ description, startTime, endTime, appointmentId }))).toEqual([
      { description: 'Logged in the bay without signal', startTime: '07:00', endTime: '08:15', appointmentId: job.id },
    ]);
    const stored = await appointmentViaApi(request, session, job.id);
    expect(stored.status).toBe('IN_PROGRESS');
    // One change of the job: sent once.
    expect(stored.version).toBe(job.version + 1);
  });

  test('an overlapping log queued offline comes back with the server’s message and what to do', async ({ page, context, request }) => {
    const technician = await registerTechnician(request, 'Overlap Technician');
    const job = await assignedJob(request, technician.auth, 'Sachini Offline');
    const today = dayFromToday(0);
    await logTimeViaApi(request, await freshSession(request, technician.user), { appointmentId: job.id, date: today, startTime: '06:00', endTime: '07:00', description: 'Already on the server' });
    // A phone in the bay.
    await page.setViewportSize({ width: 390, height: 844 });
    await seedSession(page, technician.auth);
    await page.goto('/dashboard');
    await expect(page.getByText('Already on the server')).toBeVisible();

    await context.setOffline(true);
    await expect(page.getByRole('status').filter({ hasText: QUEUE_BANNER })).toBeInViewport();
    await logTime(page, 'Sachini Offline', '06:30', '07:30', 'Overlaps the first one');
    await context.setOffline(false);

    const refused = queued(page).getByRole('article');
    await expect(refused).toContainText(`Not sent: ${TIME_LOG_MESSAGES.overlap}`);
    await expect(refused).toContainText('Edit it to fix it and send it again, or discard it.');
    await expect(refused.getByRole('button', { name: 'Edit' })).toBeVisible();
    await expect(refused.getByRole('button', { name: 'Discard' })).toBeVisible();
    await expect(page.getByRole('region', { name: /^Logs for / }).getByRole('article').filter({ hasText: 'Overlaps the first one' })).toContainText(
      `Not sent: ${TIME_LOG_MESSAGES.overlap}`,
    );
    const logs = await timeLogsViaApi(request, await freshSession(request, technician.user), today, today);
    expect(logs.map((log) => log.description)).toEqual(['Already on the server']);
  });
});

import { readFile } from 'node:fs/promises';
import type { Download, Page } from '@playwright/test';
import { expectNoSeriousA11yViolations } from './support/a11y';
import { registerViaApi } from './support/api';
import { expect, test } from './support/fixtures';
import { captureScreens } from './support/screenshots';
import { seedSession } from './support/session';
import { adminSession, assignViaApi, bookViaApi, dayFromToday, logTimeViaApi, setStatusViaApi, uniquePlate } from './support/shop';
import { addVehicleViaApi, freeDay, freshSession, longDate, registerTechnician, shortDate, uniqueTag } from './support/shopSetup';

/**
 * The service report end to end: a customer whose job was completed (set up through the API: booked,
 * assigned, started, completed, time logged) clicks Download Report in the job detail and on /reports, and the
 * browser receives a PDF file named after the plate and the job's date; /reports lists the customer's service
 * history newest first; axe runs on /reports, which also fits a 360 px wide phone.
 */

/** The bytes of a download, as the browser saved them. */
async function bytesOf(download: Download): Promise<Buffer> {
  const path = await download.path();
  return readFile(path);
}

/** Clicks `button` and returns the download it starts. */
async function downloadBy(page: Page, click: () => Promise<void>): Promise<Download> {
  const [download] = await Promise.all([page.waitForEvent('download'), click()]);
  return download;
}

test.describe('service report', () => {
  test('a customer downloads the PDF report of a completed job from the job detail and from Service history', async ({ page, request }) => {
    const { user, auth } = await registerViaApi(request, 'CUSTOMER');
    const technician = await registerTechnician(request, `Ruwan Fernando ${uniqueTag()}`, 'Electrical');
    const plates = { leaf: uniquePlate(), civic: uniquePlate() };
    await addVehicleViaApi(request, auth, { plate: plates.leaf, make: 'Nissan', model: 'Leaf' });
    await addVehicleViaApi(request, auth, { plate: plates.civic, make: 'Honda', model: 'Civic' });
    const day = await freeDay(request);
    const leaf = await bookViaApi(request, auth, { plate: plates.leaf, serviceType: 'BATTERY_CHECK', date: day, slot: '09:00' });
    const civic = await bookViaApi(request, auth, { plate: plates.civic, serviceType: 'BRAKE_INSPECTION', date: day, slot: '14:00' });
    await assignViaApi(request, await adminSession(request), leaf, technician.auth.id);
    const tech = await freshSession(request, technician.user);
    await setStatusViaApi(request, tech, leaf, 'in_progress');
    await setStatusViaApi(request, tech, leaf, 'completed');
    await logTimeViaApi(request, tech, { appointmentId: leaf.id, date: dayFromToday(0), startTime: '06:00', endTime: '06:45', description: 'Battery load test' });
    const fileName = `carcare-report-${plates.leaf}-${day}.pdf`;

    // --- The job detail on the dashboard.
    await seedSession(page, await freshSession(request, user));
    await page.goto('/dashboard');
    await page.getByRole('region', { name: 'Service list' }).getByRole('button').filter({ hasText: plates.leaf }).click();
    const details = page.getByRole('region', { name: 'Service Details' });
    const fromDetail = await downloadBy(page, () => details.getByRole('button', { name: 'Download Report' }).click());
    expect(fromDetail.suggestedFilename()).toBe(fileName);
    expect((await bytesOf(fromDetail)).subarray(0, 5).toString('latin1')).toBe('%PDF-');
    await expect(details.getByRole('button', { name: 'Download Report' })).toBeEnabled();
    await expect(details.getByRole('status').filter({ hasText: 'Report downloaded' })).toHaveText(`Report downloaded: ${fileName}`);

    // --- /reports: the customer's service history, newest first, each with its report.
    await page.getByRole('navigation', { name: 'Dashboard' }).getByRole('link', { name: 'Reports' }).click();
    await expect(page).toHaveURL('/reports');
    await expect(page.getByRole('heading', { level: 1, name: 'Service history' })).toBeVisible();
    const history = page.getByRole('list', { name: 'Your services, newest first' });
    await expect(history.getByRole('heading', { level: 2 })).toHaveText([`Honda Civic (${plates.civic})`, `Nissan Leaf (${plates.leaf})`]);
    const leafEntry = history.getByRole('article', { name: `Nissan Leaf (${plates.leaf})` });
    await expect(leafEntry).toContainText('Battery Check');
    await expect(leafEntry).toContainText('Completed');
    await expect(history.getByRole('article', { name: `Honda Civic (${plates.civic})` })).toContainText('Not Completed');

    const report = leafEntry.getByRole('button', { name: `Download Report, ${plates.leaf} Battery Check ${shortDate(day)}` });
    await expect(report).toHaveText('Download Report');
    const fromHistory = await downloadBy(page, () => report.click());
    expect(fromHistory.suggestedFilename()).toBe(fileName);
    const pdf = await bytesOf(fromHistory);
    expect(pdf.subarray(0, 5).toString('latin1')).toBe('%PDF-');
    expect(pdf.length).toBeGreaterThan(5_000);
    // The other job's report is its own.
    const civicReport = await downloadBy(page, () => history.getByRole('button', { name: `Download Report, ${plates.civic} Brake Inspection ${shortDate(civic.date)}` }).click());
    expect(civicReport.suggestedFilename()).toBe(`carcare-report-${plates.civic}-${day}.pdf`);

    await expectNoSeriousA11yViolations(page, '/reports (customer service history)');
    await captureScreens(page, 'reports-customer');

    // A 360 px wide phone: nothing to scroll sideways.
    await page.setViewportSize({ width: 360, height: 780 });
    await expect.poll(() => page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
  });

  test('a customer with no services yet is offered booking on /reports', async ({ page, request }) => {
    const { auth } = await registerViaApi(request, 'CUSTOMER');
    await seedSession(page, auth);
    await page.goto('/reports');

    await expect(page.getByText('No services yet')).toBeVisible();
    await page.getByRole('link', { name: 'Book Appointment' }).last().click();
    await expect(page).toHaveURL('/dashboard/appointments');
  });

  test('the admin downloads any job’s report from its board card', async ({ page, request }) => {
    const { auth } = await registerViaApi(request, 'CUSTOMER');
    const plate = uniquePlate();
    const day = await freeDay(request);
    await bookViaApi(request, auth, { plate, date: day, slot: '10:00' });

    await seedSession(page, await adminSession(request));
    await page.goto('/admin/dashboard');
    // The board narrowed to the test's own day: its one job awaits assignment.
    await page.getByLabel('Day', { exact: true }).fill(day);
    await expect(page.getByText(`Services on ${longDate(day)}, soonest first.`)).toBeVisible();
    const card = page.getByRole('article').filter({ hasText: plate });
    const button = card.getByRole('button', { name: `Download Report, ${plate}` });
    await expect(button).toBeVisible();
    const download = await downloadBy(page, () => button.click());
    expect(download.suggestedFilename()).toBe(`carcare-report-${plate}-${day}.pdf`);
    expect((await bytesOf(download)).subarray(0, 5).toString('latin1')).toBe('%PDF-');
  });
});

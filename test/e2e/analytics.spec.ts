import { readFile } from 'node:fs/promises';
import type { APIRequestContext, Page, Response } from '@playwright/test';
import type { Analytics } from '@contract/analytics';
import { expectNoSeriousA11yViolations } from './support/a11y';
import { registerViaApi } from './support/api';
import { ADMIN } from './support/constants';
import { expect, test } from './support/fixtures';
import { captureScreens } from './support/screenshots';
import { signInViaUi } from './support/session';
import { adminSession, assignViaApi, bookViaApi, dayFromToday, logTimeViaApi, setStatusViaApi } from './support/shop';
import { freeDay, freshSession, registerTechnician, uniqueTag } from './support/shopSetup';

/**
 * The admin's Analytics page in Chromium against the real server. The shop's totals move with every other test
 * running on the same server, so the page is checked against the very answer it received (GET /api/analytics),
 * and exactly only for what is this test's own: a technician of its own who completed one job today and logged
 * time on it and off it.
 */

/** Minor units as the page formats money (Intl's currency format, with its no-break space). */
const lkr = (minor: number) => new Intl.NumberFormat('en-US', { style: 'currency', currency: 'LKR' }).format(minor / 100);

const isAnalytics = (period: string) => (response: Response) => response.url().includes(`/api/analytics?period=${period}`) && response.request().method() === 'GET';

/** The rows of the technicians table as text. */
async function technicianRow(page: Page, name: string): Promise<string[]> {
  const row = page.getByRole('region', { name: 'Technicians' }).getByRole('row').filter({ has: page.getByRole('rowheader', { name, exact: true }) });
  return row.locator('th, td').allTextContents();
}

/**
 * A technician of this test's own: one oil change (60 minutes expected) completed today, 90 minutes logged on it
 * and 30 off the job, today. Returns their name and today's date.
 */
async function technicianWithAJob(request: APIRequestContext): Promise<{ name: string; today: string }> {
  const tag = uniqueTag();
  const name = `Analytics Tech ${tag}`;
  const technician = await registerTechnician(request, name, `Analytics ${tag}`);
  const customer = await registerViaApi(request, 'CUSTOMER');
  const job = await bookViaApi(request, customer.auth, { date: await freeDay(request), slot: '09:00', serviceType: 'OIL_CHANGE' });
  await assignViaApi(request, await adminSession(request), job, technician.auth.id);
  const worker = await freshSession(request, technician.user);
  await setStatusViaApi(request, worker, job, 'in_progress');
  await setStatusViaApi(request, worker, job, 'completed');
  const today = dayFromToday(0);
  await logTimeViaApi(request, worker, { appointmentId: job.id, date: today, startTime: '00:10', endTime: '01:40', description: 'Oil and filter' });
  await logTimeViaApi(request, worker, { date: today, startTime: '02:00', endTime: '02:30', description: 'Tidying the bay' });
  return { name, today };
}

test.describe('Analytics (admin)', () => {
  test('figures, charts, period, Export CSV; the chart code loads on this page only', async ({ page, request }) => {
    const { name, today } = await technicianWithAJob(request);

    // The board does not load the chart code. (Chunks are named by content hash: Chart.js is recognised by one of
    // its own messages.)
    const chartScripts: string[] = [];
    page.on('response', async (response) => {
      if (response.request().resourceType() !== 'script') return;
      const body = await response.text().catch(() => '');
      if (body.includes("can't acquire context from the given item")) chartScripts.push(new URL(response.url()).pathname);
    });
    await signInViaUi(page, ADMIN.email, ADMIN.password, /\/admin\/dashboard$/);
    await expect(page.getByRole('heading', { level: 1, name: 'Admin Dashboard' })).toBeVisible();
    expect(chartScripts).toEqual([]);

    // Other tests book in the same shop meanwhile: a live update may fetch the figures again before the export.
    const answers: Analytics[] = [];
    page.on('response', (response) => {
      if (isAnalytics('30')(response) && response.ok()) void response.json().then((body: Analytics) => answers.push(body), () => undefined);
    });
    const answered = page.waitForResponse(isAnalytics('30'));
    await page.getByRole('navigation', { name: 'Admin' }).getByRole('link', { name: 'Analytics', exact: true }).click();
    await expect(page).toHaveURL('/admin/analytics');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Analytics');
    const data = (await (await answered).json()) as Analytics;
    await expect(page.getByRole('radio', { name: 'Last 30 days' })).toBeChecked();

    // The summary and the charts' summaries are the latest answer's: other tests book in the same shop meanwhile,
    // and a live update fetches the figures again (seen: 20 in the first answer, 22 on the page a moment later).
    const summary = page.getByRole('region', { name: 'Summary' });
    await expect(summary.locator('dt')).toHaveText(['Bookings', 'Jobs completed', 'Invoiced', 'Collected', 'Hours logged', 'Hours on jobs']);
    const shown = (term: string) => summary.locator('dt', { hasText: term }).locator('xpath=following-sibling::dd[1]').textContent();
    const charts = page.getByRole('img');
    await expect(charts).toHaveCount(4);
    await expect(async () => {
      const { totals } = answers.at(-1) ?? data;
      expect([await shown('Bookings'), await shown('Jobs completed'), await shown('Invoiced')]).toEqual([
        totals.bookings.toLocaleString('en-US'),
        totals.completedJobs.toLocaleString('en-US'),
        lkr(totals.invoicedMinor),
      ]);
      expect(await charts.nth(1).getAttribute('aria-label')).toMatch(new RegExp(`^Bar chart of the ${totals.bookings.toLocaleString('en-US')} jobs booked in the period by status now: Pending `));
      expect(await charts.nth(3).getAttribute('aria-label')).toMatch(new RegExp(`^Bar chart of the amounts invoiced in the period by service type, ${lkr(totals.invoicedMinor)} in all`));
    }).toPass({ timeout: 10_000 });
    expect(data.totals.completedJobs).toBeGreaterThanOrEqual(1);

    // This test's technician, exactly: 1 job, under a minute from start to completion, 1.0 expected hour, 1.0 billed,
    // 1.5 clocked (efficiency 67%), 2.0 logged of which 1.5 on jobs (75%).
    expect(await technicianRow(page, name)).toEqual([name, '1', '0 min', '1.0', '1.0', '1.5', '67%', '2.0', '1.5', '75%']);
    const region = page.getByRole('region', { name: 'Technicians' });
    await expect(region).toHaveAttribute('tabindex', '0');

    // Four charts, each a picture with a summary, drawn on a canvas, with its data table after it.
    await expect(charts.nth(0)).toHaveAttribute('aria-label', /^Bar chart of bookings per day from /);
    for (let i = 0; i < 4; i += 1) {
      const canvas = charts.nth(i).locator('canvas');
      await expect(canvas).toBeVisible();
      // Chart.js has drawn: the canvas has pixels that are not transparent.
      await expect.poll(() => canvas.evaluate((c: HTMLCanvasElement) => c.getContext('2d')?.getImageData(0, 0, c.width, c.height).data.some((v) => v !== 0) ?? false)).toBe(true);
    }
    await expect(page.getByRole('table', { name: 'Bookings per day' }).getByRole('row')).toHaveCount(31);
    await expect.poll(() => chartScripts.length).toBe(1);

    // Export CSV: the same figures, as a file.
    const downloading = page.waitForEvent('download');
    await page.getByRole('button', { name: 'Export CSV' }).click();
    const download = await downloading;
    expect(download.suggestedFilename()).toBe(`carcare-analytics-${data.period.from}-to-${data.period.to}.csv`);
    const csv = await readFile(await download.path(), 'utf8');
    const lines = csv.split('\r\n');
    expect(lines.slice(0, 5)).toEqual(['CarCare analytics', 'Period,Last 30 days', `From,${data.period.from}`, `To,${data.period.to}`, `Time zone,${data.period.timeZone}`]);
    // The file holds the figures of one of the server's answers (the latest when the button was pressed).
    const totalsInFile = [lines.find((line) => line.startsWith('Bookings,')), lines.find((line) => line.startsWith('Invoiced (LKR),'))];
    expect(answers.map(({ totals }) => [`Bookings,${totals.bookings}`, `Invoiced (LKR),${totals.invoicedMinor / 100}`])).toContainEqual(totalsInFile);
    expect(lines).toContain(`${name},1,0,1,1,1.5,66.7,2,1.5,75`);
    await expect(page.getByRole('status').filter({ hasText: 'Exported' })).toHaveText(`Exported carcare-analytics-${data.period.from}-to-${data.period.to}.csv.`);

    // Another period: asked for and shown.
    const week = page.waitForResponse(isAnalytics('7'));
    await page.getByRole('radio', { name: 'Last 7 days' }).check();
    const weekData = (await (await week).json()) as Analytics;
    expect(weekData.period.to).toBe(today);
    await expect(page.getByRole('table', { name: 'Bookings per day' }).getByRole('row')).toHaveCount(8);
    expect(await technicianRow(page, name)).toEqual([name, '1', '0 min', '1.0', '1.0', '1.5', '67%', '2.0', '1.5', '75%']);

    await expectNoSeriousA11yViolations(page, 'Analytics');
    await captureScreens(page, 'admin-analytics');
  });

  test('on a phone: the charts shrink, the technicians table scrolls inside its box, nothing overflows the page', async ({ page, request }) => {
    await technicianWithAJob(request);
    await page.setViewportSize({ width: 360, height: 740 });
    await signInViaUi(page, ADMIN.email, ADMIN.password, /\/admin\/dashboard$/);
    await page.goto('/admin/analytics');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Analytics');
    await expect(page.getByRole('img')).toHaveCount(4);
    const pageWidth = await page.evaluate(() => document.documentElement.scrollWidth);
    expect(pageWidth).toBeLessThanOrEqual(360);
    for (const chart of await page.getByRole('img').all()) {
      const box = await chart.boundingBox();
      expect(box?.width ?? 0).toBeLessThanOrEqual(360);
      expect(box?.width ?? 0).toBeGreaterThan(200);
    }
    const region = page.getByRole('region', { name: 'Technicians' });
    const { scrollWidth, clientWidth } = await region.evaluate((el) => ({ scrollWidth: el.scrollWidth, clientWidth: el.clientWidth }));
    expect(clientWidth).toBeLessThanOrEqual(360);
    expect(scrollWidth).toBeGreaterThan(clientWidth);
    // The keyboard scrolls it.
    await region.focus();
    await page.keyboard.press('ArrowRight');
    await expect.poll(() => region.evaluate((el) => el.scrollLeft)).toBeGreaterThan(0);
    await expect(page.getByRole('radio', { name: 'Last 90 days' })).toBeVisible();
    await captureScreens(page, 'admin-analytics-phone');
  });

  test("the admin's /reports is the same analytics", async ({ page, request }) => {
    await technicianWithAJob(request);
    await signInViaUi(page, ADMIN.email, ADMIN.password, /\/admin\/dashboard$/);
    await page.goto('/reports');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Analytics');
    await expect(page.getByRole('navigation', { name: 'Admin' })).toBeVisible();
    await expect(page.getByRole('img')).toHaveCount(4);
    await expect(page.getByRole('button', { name: 'Export CSV' })).toBeEnabled();
  });
});

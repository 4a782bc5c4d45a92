import type { Page } from '@playwright/test';
import { expectNoSeriousA11yViolations } from './support/a11y';
import { captureScreens } from './support/screenshots';
import { expect, test } from './support/fixtures';
import { seedSession } from './support/session';
import { adminSession, dayFromToday, logTimeViaApi } from './support/shop';
import { dayLabel, freshSession, registerTechnician, timeLogsViaApi, uniqueTag } from './support/shopSetup';

/**
 * Time-log approval end to end: a technician logs time through the API; the admin approves one entry
 * and rejects another with a reason on /admin/timesheets; the technician then sees Approved and Rejected (with the
 * reason) in the dashboard's day panel, no Edit or Delete on the approved entry, and their hours by state on
 * /reports. axe runs on /admin/timesheets with the Reject dialog open and on the technician's /reports.
 */

const REASON = 'Please split this into the two jobs you worked on.';

/** The review table's row of a log, found by its description, inside the technician's section. */
function reviewRow(page: Page, technician: string, description: string) {
  return page.getByRole('region', { name: technician }).getByRole('row').filter({ hasText: description });
}

/** On a 360 px wide phone the page fits its width (nothing to scroll sideways); the viewport is put back after. */
async function expectFitsPhone(page: Page): Promise<void> {
  const original = page.viewportSize();
  await page.setViewportSize({ width: 360, height: 780 });
  await expect.poll(() => page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
  if (original) await page.setViewportSize(original);
}

test.describe('time-log approval', () => {
  test('the admin approves one entry and rejects one with a reason; the technician sees both states, the reason, and no Edit on the approved one', async ({ page, request }) => {
    const name = `Tess Approval ${uniqueTag()}`;
    const technician = await registerTechnician(request, name, 'Brakes');
    const today = dayFromToday(0);
    const session = await freshSession(request, technician.user);
    await logTimeViaApi(request, session, { date: today, startTime: '06:00', endTime: '07:00', description: 'Brake bleed on the lift' });
    await logTimeViaApi(request, session, { date: today, startTime: '07:00', endTime: '08:30', description: 'Two jobs in one entry' });

    // --- The admin's Timesheets: this week, the technician's section with both entries submitted.
    await seedSession(page, await adminSession(request));
    await page.goto('/admin/timesheets');
    await expect(page.getByRole('heading', { level: 1, name: 'Timesheets' })).toBeVisible();
    const section = page.getByRole('region', { name });
    await expect(section.getByText('Brakes · 2 logs, 2 awaiting review')).toBeVisible();
    const approveRow = reviewRow(page, name, 'Brake bleed on the lift');
    const rejectRow = reviewRow(page, name, 'Two jobs in one entry');
    await expect(approveRow).toContainText('06:00–07:00');
    await expect(approveRow).toContainText('1h 0m');
    await expect(approveRow).toContainText('Not linked to a job');
    await expect(approveRow).toContainText('Submitted');
    await expect(rejectRow).toContainText('1h 30m');

    await approveRow.getByRole('button', { name: /^Approve / }).click();
    await expect(page.getByRole('status').filter({ hasText: /^Approved / })).toContainText(`Approved ${name}`);
    await expect(approveRow).toContainText('Approved');
    await expect(approveRow.getByRole('button')).toHaveCount(0);

    // --- Reject asks for a reason first.
    await rejectRow.getByRole('button', { name: /^Reject / }).click();
    const dialog = page.getByRole('dialog', { name: 'Reject time log' });
    await expect(dialog).toBeVisible();
    await expect(dialog.getByRole('textbox', { name: 'Reason' })).toBeFocused();
    await dialog.getByRole('button', { name: 'Reject log' }).click();
    await expect(dialog.getByText('Please enter a reason')).toBeVisible();
    await expectNoSeriousA11yViolations(page, '/admin/timesheets with the Reject dialog open');
    await dialog.getByRole('textbox', { name: 'Reason' }).fill(REASON);
    await dialog.getByRole('button', { name: 'Reject log' }).click();
    await expect(dialog).toHaveCount(0);
    await expect(rejectRow).toContainText('Rejected');
    await expect(rejectRow).toContainText(`Reason: ${REASON}`);
    await expect(section.getByRole('button', { name: /^Approve all/ })).toHaveCount(0);
    await expectFitsPhone(page);
    await captureScreens(page, 'admin-timesheets');

    // What the server holds.
    const stored = await timeLogsViaApi(request, await freshSession(request, technician.user), today, today);
    expect(stored.map(({ description, reviewState, reviewReason }) => ({ description, reviewState, reviewReason }))).toEqual([
      { description: 'Brake bleed on the lift', reviewState: 'APPROVED', reviewReason: undefined },
      { description: 'Two jobs in one entry', reviewState: 'REJECTED', reviewReason: REASON },
    ]);

    // --- The technician's day panel: the states, the reason, no Edit or Delete on the approved entry.
    await seedSession(page, await freshSession(request, technician.user));
    await page.goto('/dashboard');
    const dayPanel = page.getByRole('region', { name: `Logs for ${dayLabel(today)}` });
    const approved = dayPanel.getByRole('article').filter({ hasText: 'Brake bleed on the lift' });
    const rejected = dayPanel.getByRole('article').filter({ hasText: 'Two jobs in one entry' });
    await expect(approved).toContainText('Approved');
    await expect(approved).toContainText('Approved entries can no longer be changed.');
    await expect(approved.getByRole('button', { name: 'Edit' })).toHaveCount(0);
    await expect(approved.getByRole('button', { name: 'Delete' })).toHaveCount(0);
    await expect(rejected).toContainText('Rejected');
    await expect(rejected).toContainText(`Reason: ${REASON}`);
    await expect(rejected.getByRole('button', { name: 'Edit' })).toBeVisible();

    // --- /reports: My hours, this week's row split by state.
    await page.goto('/reports');
    await expect(page.getByRole('heading', { level: 1, name: 'My hours' })).toBeVisible();
    const table = page.getByRole('table', { name: 'Hours per week, last 8 weeks' });
    await expect(table.getByRole('row')).toHaveCount(10); // header, 8 weeks, totals
    const thisWeek = table.getByRole('row').nth(1);
    await expect(thisWeek.getByRole('cell')).toHaveText(['2h 30m', '1h 0m', '0h 0m', '1h 30m']);
    await expectNoSeriousA11yViolations(page, "the technician's /reports");
    await expectFitsPhone(page);
    await captureScreens(page, 'technician-reports');
  });
});

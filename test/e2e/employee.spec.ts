import type { Page } from '@playwright/test';
import { newTestUser, registerViaApi } from './support/api';
import { answerDialog, expect, test } from './support/fixtures';
import { readAuthStorage, seedSession, submitSignIn } from './support/session';

const MONTHS = ['January', 'February', 'March', 'April', 'May', 'June', 'July', 'August', 'September', 'October', 'November', 'December'];

/** The browser's today as the calendar sees it (local time). */
async function browserToday(page: Page): Promise<{ year: number; month: number; day: number }> {
  return page.evaluate(() => {
    const now = new Date();
    return { year: now.getFullYear(), month: now.getMonth() + 1, day: now.getDate() };
  });
}

/** The Overview counts (Active Projects, Not Started, Completed This Week). */
async function expectCounts(page: Page, active: number, notStarted: number, completedThisWeek: number): Promise<void> {
  const overview = page.getByRole('region', { name: 'Overview' });
  const value = (label: string) => overview.locator('dt', { hasText: label }).locator('xpath=following-sibling::dd[1]');
  await expect(value('Active Projects')).toHaveText(String(active));
  await expect(value('Not Started')).toHaveText(String(notStarted));
  await expect(value('Completed This Week')).toHaveText(String(completedThisWeek));
}

function jobRow(page: Page, customer: string) {
  return page.getByRole('region', { name: 'Assigned services list' }).getByRole('article', { name: customer });
}

test.describe('technician', () => {
  test('registers on /register/employee with a full page load to the employee dashboard', async ({ page }) => {
    const user = newTestUser('EMPLOYEE', { fullName: 'Tara Wijesinghe' });
    await page.goto('/register/employee');
    const form = page.getByRole('form', { name: 'Create account' });
    await expect(form.getByLabel('Account Type')).toHaveCount(0);
    await expect(page.getByRole('link', { name: 'Sign in' })).toHaveAttribute('href', '/login');
    await expect(page.getByRole('link', { name: 'Register as a customer' })).toHaveAttribute('href', '/register');
    await form.getByRole('button', { name: 'Create Account', exact: true }).click();
    await expect(form.getByRole('alert')).toHaveText([
      'Full name is required',
      'Email is required',
      'Phone number is required',
      'Password is required',
      'Please confirm your password',
    ]);

    await form.getByLabel('Full Name', { exact: true }).fill(user.fullName);
    await form.getByLabel('Email', { exact: true }).fill(user.email);
    await form.getByLabel('Phone Number', { exact: true }).fill(user.phoneNumber);
    await form.getByLabel('Password', { exact: true }).fill(user.password);
    await form.getByLabel('Confirm Password', { exact: true }).fill(user.password);
    // A marker on the window: a full page load (spec §2) drops it, a client-side navigation would keep it.
    await page.evaluate(() => Object.assign(window, { __beforeSubmit: true }));
    const documentLoad = page.waitForRequest((r) => r.resourceType() === 'document' && new URL(r.url()).pathname === '/dashboard');
    await form.getByRole('button', { name: 'Create Account', exact: true }).click();
    await documentLoad;
    await expect(page).toHaveURL('/dashboard');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Welcome back, Tara');
    expect(await page.evaluate(() => '__beforeSubmit' in window)).toBe(false);
    expect(JSON.parse((await readAuthStorage(page)).user ?? '{}')).toMatchObject({ email: user.email, roles: ['EMPLOYEE'] });
    // Technicians have no Appointments link.
    const nav = page.getByRole('navigation', { name: 'Dashboard' });
    await expect(nav.getByRole('link', { name: 'Dashboard', exact: true })).toBeVisible();
    await expect(nav.getByRole('link', { name: 'Appointments' })).toHaveCount(0);
  });

  test('a taken e-mail on /register/employee shows the server message', async ({ page, request }) => {
    const { user } = await registerViaApi(request, 'CUSTOMER');
    await page.goto('/register/employee');
    const form = page.getByRole('form', { name: 'Create account' });
    await form.getByLabel('Full Name', { exact: true }).fill('Another Technician');
    await form.getByLabel('Email', { exact: true }).fill(user.email);
    await form.getByLabel('Phone Number', { exact: true }).fill('+94 77 000 2222');
    await form.getByLabel('Password', { exact: true }).fill(user.password);
    await form.getByLabel('Confirm Password', { exact: true }).fill(user.password);
    await form.getByRole('button', { name: 'Create Account', exact: true }).click();
    await expect(form.getByRole('alert')).toHaveText('Email already exists');
    await expect(page).toHaveURL('/register/employee');
  });

  test('changes statuses, logs time, uses the calendar and the day panel; everything survives a reload', async ({ page, request }) => {
    const { auth } = await registerViaApi(request, 'EMPLOYEE', { fullName: 'Sunil Rajapaksha' });
    await seedSession(page, auth);
    await page.goto('/dashboard');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Welcome back, Sunil');
    await expectCounts(page, 1, 2, 0);
    for (const action of ['Manage Inventory', 'Unassigned Services', 'Service Scheduling']) await expect(page.getByText(action, { exact: true }).first()).toBeVisible();

    // --- Filters
    const filters = page.getByRole('group', { name: 'Filter assigned services' });
    await expect(filters.getByRole('button')).toHaveText(['ALL', 'IN PROGRESS', 'NOT STARTED', 'COMPLETED']);
    const list = page.getByRole('region', { name: 'Assigned services list' });
    await expect(list.getByRole('article')).toHaveCount(4);
    await filters.getByRole('button', { name: 'NOT STARTED' }).click();
    await expect(list.getByRole('article')).toHaveText([/Dilan Wickramasinghe/, /Sachini Rathnayake/]);
    await filters.getByRole('button', { name: 'ALL' }).click();
    await expect(list.getByRole('article')).toHaveCount(4);

    // --- Update Status: Save disabled while unchanged; not started → in progress announces Service Started.
    const dilan = jobRow(page, 'Dilan Wickramasinghe');
    await expect(dilan).toContainText('Not Started');
    await dilan.getByRole('button', { name: 'Update Status' }).click();
    let dialog = page.getByRole('dialog', { name: 'Update Status' });
    const status = dialog.getByLabel('Status', { exact: true });
    const save = dialog.getByRole('button', { name: 'Save', exact: true });
    await expect(status).toHaveValue('not_started');
    await expect(save).toBeDisabled();
    await status.selectOption({ label: 'Completed' });
    await expect(save).toBeEnabled();
    await status.selectOption({ label: 'Not Started' });
    await expect(save).toBeDisabled();
    await status.selectOption({ label: 'In Progress' });
    const started = await answerDialog(page, () => save.click());
    expect(started.type).toBe('alert');
    expect(started.message).toMatch(/^Service Started/);
    const estimate = /Estimated completion: (\w{3} \d{1,2}, \d{4}, \d{1,2}:\d{2} [AP]M)/.exec(started.message)?.[1];
    expect(estimate, started.message).toBeTruthy();
    await expect(dialog).toHaveCount(0);
    await expect(dilan).toContainText('In Progress');
    // The job now shows the new estimate (one hour from now) and the counts follow.
    await expect(dilan.locator('dt', { hasText: 'Est. completion' }).locator('xpath=following-sibling::dd[1]')).toHaveText(estimate as string);
    await expectCounts(page, 2, 1, 0);

    // Any other change alerts "Status updated to …".
    await dilan.getByRole('button', { name: 'Update Status' }).click();
    dialog = page.getByRole('dialog', { name: 'Update Status' });
    await expect(dialog.getByLabel('Status', { exact: true })).toHaveValue('in_progress');
    await dialog.getByLabel('Status', { exact: true }).selectOption({ label: 'Completed' });
    const updated = await answerDialog(page, () => dialog.getByRole('button', { name: 'Save', exact: true }).click());
    expect(updated).toEqual({ type: 'alert', message: 'Status updated to Completed' });
    await expect(dialog).toHaveCount(0);
    await expect(dilan).toContainText('Completed');
    await expectCounts(page, 1, 1, 1);

    // --- Log Time: the refusal first, then a valid log on the 12th of this month.
    const today = await browserToday(page);
    const mm = String(today.month).padStart(2, '0');
    const logDate = `${today.year}-${mm}-12`;
    const dayLabel = `${MONTHS[today.month - 1]} 12, ${today.year}`;
    const sachini = jobRow(page, 'Sachini Rathnayake');
    await sachini.getByRole('button', { name: 'Log Time' }).click();
    const logDialog = page.getByRole('dialog', { name: 'Log Time' });
    const saveLog = logDialog.getByRole('button', { name: 'Save Log' });
    const refused = await answerDialog(page, () => saveLog.click());
    expect(refused).toEqual({ type: 'alert', message: 'Please enter a valid description and time range' });
    await expect(logDialog).toBeVisible();
    // End before start is refused too (spec §5: start time before end time).
    await logDialog.getByLabel('Start Time').fill('11:30');
    await logDialog.getByLabel('End Time').fill('09:00');
    await logDialog.getByLabel('Description').fill('Fitted the body kit');
    expect(await answerDialog(page, () => saveLog.click())).toEqual({ type: 'alert', message: 'Please enter a valid description and time range' });

    await logDialog.getByLabel('Date').fill(logDate);
    await logDialog.getByLabel('Start Time').fill('09:00');
    await logDialog.getByLabel('End Time').fill('11:30');
    await expect(logDialog.getByRole('status', { name: 'Duration' })).toHaveText('2h 30m');
    await saveLog.click();
    await expect(logDialog).toHaveCount(0);

    // --- Monthly Work Summary: a 42-cell grid with the hours on that day; the day panel lists the log.
    const grid = page.getByRole('grid', { name: 'Monthly Work Summary' });
    await expect(grid.getByRole('gridcell')).toHaveCount(42);
    await expect(page.getByText(`${MONTHS[today.month - 1]} ${today.year}`, { exact: true })).toBeVisible();
    const dayButton = grid.getByRole('button', { name: `${dayLabel}, 2h 30m logged` });
    await expect(dayButton).toContainText('2.5h');
    const dayPanel = page.getByRole('region', { name: `Logs for ${dayLabel}` });
    const logEntry = dayPanel.getByRole('article');
    await expect(logEntry).toHaveCount(1);
    await expect(logEntry).toContainText('Mazda 3 (CBA-9087)');
    await expect(logEntry).toContainText('09:00–11:30');
    await expect(logEntry).toContainText('2h 30m');
    await expect(logEntry).toContainText('Fitted the body kit');

    // Previous / next month move the grid and come back.
    await page.getByRole('button', { name: 'Next month' }).click();
    await expect(grid.getByRole('button', { name: `${dayLabel}, 2h 30m logged` })).toHaveCount(0);
    await expect(grid.getByRole('gridcell')).toHaveCount(42);
    await page.getByRole('button', { name: 'Previous month' }).click();
    await expect(dayButton).toBeVisible();

    // --- Reload: the status changes and the log are still there.
    await page.reload();
    await expect(jobRow(page, 'Dilan Wickramasinghe')).toContainText('Completed');
    await expectCounts(page, 1, 1, 1);
    await expect(grid.getByRole('button', { name: `${dayLabel}, 2h 30m logged` })).toBeVisible();
    await grid.getByRole('button', { name: `${dayLabel}, 2h 30m logged` }).click();
    await expect(logEntry).toContainText('Fitted the body kit');

    // --- Edit is not implemented; Delete asks first (Cancel keeps, OK removes).
    expect(await answerDialog(page, () => logEntry.getByRole('button', { name: 'Edit' }).click())).toEqual({
      type: 'alert',
      message: 'Edit functionality not implemented.',
    });
    const cancelled = await answerDialog(page, () => logEntry.getByRole('button', { name: 'Delete' }).click(), 'dismiss');
    expect(cancelled).toEqual({ type: 'confirm', message: 'Are you sure you want to delete this log entry?' });
    await expect(logEntry).toHaveCount(1);
    const confirmed = await answerDialog(page, () => logEntry.getByRole('button', { name: 'Delete' }).click(), 'accept');
    expect(confirmed).toEqual({ type: 'confirm', message: 'Are you sure you want to delete this log entry?' });
    await expect(logEntry).toHaveCount(0);
    await expect(dayPanel).toContainText('No time logged on this day.');
    await expect(grid.getByRole('button', { name: dayLabel, exact: true })).toBeVisible();

    await page.reload();
    await grid.getByRole('button', { name: dayLabel, exact: true }).click();
    await expect(dayPanel).toContainText('No time logged on this day.');
    await expect(jobRow(page, 'Dilan Wickramasinghe')).toContainText('Completed');
  });

  test('after a logout the next technician in the same browser sees none of the last one\'s changes', async ({ page, request }) => {
    const first = await registerViaApi(request, 'EMPLOYEE', { fullName: 'First Tech' });
    const second = await registerViaApi(request, 'EMPLOYEE', { fullName: 'Second Tech' });
    await seedSession(page, first.auth);
    await page.goto('/dashboard');
    const dilan = jobRow(page, 'Dilan Wickramasinghe');
    await dilan.getByRole('button', { name: 'Update Status' }).click();
    await page.getByRole('dialog').getByLabel('Status', { exact: true }).selectOption({ label: 'In Progress' });
    await answerDialog(page, () => page.getByRole('dialog').getByRole('button', { name: 'Save', exact: true }).click());
    await expect(dilan).toContainText('In Progress');

    await page.getByRole('navigation', { name: 'Dashboard' }).getByRole('button', { name: 'Logout' }).click();
    await expect(page).toHaveURL('/login');
    await page.goto('/dashboard');
    await expect(page).toHaveURL('/login');

    await submitSignIn(page, second.user.email, second.user.password);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Welcome back, Second');
    await expect(dilan).toContainText('Not Started');
    await expectCounts(page, 1, 2, 0);
    await page.reload();
    await expect(dilan).toContainText('Not Started');
  });
});

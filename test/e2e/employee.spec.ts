import type { APIRequestContext, Locator, Page } from '@playwright/test';
import type { Appointment } from '@contract/appointments';
import { type AuthAnswer, newTestUser, registerViaApi } from './support/api';
import { ADMIN } from './support/constants';
import { answerDialog, expect, test, watchBrowserErrors } from './support/fixtures';
import { readAuthStorage, seedSession, signInViaUi, submitSignIn } from './support/session';
import { adminSession, assignViaApi, bookViaApi, dayFromToday, logTimeViaApi, setStatusViaApi, uniquePlate } from './support/shop';
import {
  addVehicleViaApi,
  appointmentViaApi,
  dayLabel,
  freeDay,
  freshSession,
  instant,
  jobSlot,
  monthLabel,
  registerTechnician,
  shiftDay,
  shortDate,
  timeLogsViaApi,
  uniqueTag,
} from './support/shopSetup';

const INVALID_LOG = 'Please enter a valid description and time range';

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

/** The value beside a label in a row's description list. */
function pair(scope: Locator, label: string): Locator {
  return scope.locator('dt', { hasText: new RegExp(`^${label}$`) }).locator('xpath=following-sibling::dd[1]');
}

/** `YYYY-MM-01` of next month. */
function firstOfNextMonth(): string {
  const now = new Date();
  const next = new Date(now.getFullYear(), now.getMonth() + 1, 1);
  return `${next.getFullYear()}-${String(next.getMonth() + 1).padStart(2, '0')}-01`;
}

interface Job extends Appointment {
  plate: string;
}

/**
 * A job of a new customer (`customerName`, vehicle `make model`), booked through the API and assigned to
 * `technician` by the admin: CONFIRMED, i.e. "Not Started" for the technician.
 */
async function assignedJob(
  request: APIRequestContext,
  technician: AuthAnswer,
  customerName: string,
  vehicle: { make: string; model: string },
  when: { date: string; slot: string; serviceType?: string },
): Promise<Job> {
  const customer = await registerViaApi(request, 'CUSTOMER', { fullName: customerName });
  const plate = uniquePlate();
  await addVehicleViaApi(request, customer.auth, { plate, ...vehicle });
  const booked = await bookViaApi(request, customer.auth, { plate, serviceType: when.serviceType ?? 'OIL_CHANGE', date: when.date, slot: when.slot });
  const assigned = await assignViaApi(request, await adminSession(request), booked, technician.id);
  return { ...assigned, plate };
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
    // A new technician account waits for an admin's approval before any job shows.
    await expect(page.getByRole('status', { name: 'Your account is awaiting approval' })).toContainText(
      'An administrator will approve your technician account. You will see your jobs here once approved.',
    );
    expect(await page.evaluate(() => '__beforeSubmit' in window)).toBe(false);
    expect(JSON.parse((await readAuthStorage(page)).user ?? '{}')).toMatchObject({ email: user.email, roles: ['EMPLOYEE'] });
    // Technicians have no Appointments link.
    const nav = page.getByRole('navigation', { name: 'Dashboard' });
    await expect(nav.getByRole('link', { name: 'Dashboard', exact: true })).toBeVisible();
    await expect(nav.getByRole('link', { name: 'Appointments' })).toHaveCount(0);
  });

  test('a new technician waits for approval: the admin approves them on the Staff page, and a reload shows their dashboard', async ({ page, browser, request }) => {
    const tag = uniqueTag();
    const name = `Pending Technician ${tag}`;
    const technician = await registerTechnician(request, name, `Diagnostics ${tag}`, { approved: false });
    await signInViaUi(page, technician.user.email, technician.user.password, /\/dashboard$/);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Welcome back, Pending');
    const waiting = page.getByRole('status', { name: 'Your account is awaiting approval' });
    await expect(waiting).toContainText('An administrator will approve your technician account. You will see your jobs here once approved.');
    await expect(page.getByRole('grid', { name: 'Monthly Work Summary' })).toHaveCount(0);
    await expect(page.getByRole('region', { name: 'Overview' })).toHaveCount(0);

    // The admin, in a browser of their own, approves the technician on the Staff page.
    const adminContext = await browser.newContext();
    const adminErrors = watchBrowserErrors(adminContext);
    const admin = await adminContext.newPage();
    await signInViaUi(admin, ADMIN.email, ADMIN.password, /\/admin\/dashboard$/);
    await admin.getByRole('navigation', { name: 'Admin' }).getByRole('link', { name: 'Staff' }).click();
    await expect(admin).toHaveURL('/admin/staff');
    await expect(admin.getByRole('heading', { level: 1, name: 'Staff' })).toBeVisible();
    const row = admin.getByRole('row').filter({ has: admin.getByRole('rowheader', { name: new RegExp(`^${name}`) }) });
    await expect(row).toContainText('Pending approval');
    await expect(row).toContainText(`Diagnostics ${tag}`);
    await expect(row.getByRole('link', { name: technician.user.email })).toBeVisible();
    await row.getByRole('button', { name: `Approve ${name}` }).click();
    await expect(admin.getByText(`Approved ${name}.`)).toBeVisible();
    await expect(row).toContainText('Active');
    await expect(row.getByRole('button', { name: `Approve ${name}` })).toHaveCount(0);
    adminErrors.expectNone();
    await adminContext.close();

    await page.reload();
    await expect(page.getByRole('grid', { name: 'Monthly Work Summary' })).toBeVisible();
    await expect(page.getByRole('region', { name: 'Overview' })).toBeVisible();
    await expect(waiting).toHaveCount(0);
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

  test('Assigned Services, counts and filters come from the server; Update Status saves there', async ({ page, request }) => {
    const day = await freeDay(request);
    const technician = await registerTechnician(request, 'Sunil Rajapaksha', 'Engine');
    const tech = technician.auth;
    const dilan = await assignedJob(request, tech, 'Dilan Wickramasinghe', { make: 'Toyota', model: 'Prius' }, { date: day, slot: '09:00' });
    const sachini = await assignedJob(request, tech, 'Sachini Rathnayake', { make: 'Mazda', model: '3' }, { date: day, slot: '10:00' });
    const amal = await assignedJob(request, tech, 'Amal Perera', { make: 'Honda', model: 'Fit' }, { date: shiftDay(day, 1), slot: '09:00' });
    const nuwan = await assignedJob(request, tech, 'Nuwan Silva', { make: 'Nissan', model: 'Leaf' }, { date: shiftDay(day, -1), slot: '14:00' });
    // (A new session: the first token may have expired during the set-up.)
    const again = await freshSession(request, technician.user);
    await setStatusViaApi(request, again, amal, 'in_progress');
    await setStatusViaApi(request, again, nuwan, 'completed');
    // Another technician's job is not listed.
    const other = await registerTechnician(request, 'Other Technician');
    await assignedJob(request, other.auth, 'Someone Else', { make: 'Kia', model: 'Rio' }, { date: day, slot: '09:00' });

    await seedSession(page, tech);
    await page.goto('/dashboard');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Welcome back, Sunil');
    await expectCounts(page, 1, 2, 1);

    // Open jobs by date, then the completed ones; each with its vehicle, service, booking and centre.
    const filters = page.getByRole('group', { name: 'Filter assigned services' });
    await expect(filters.getByRole('button')).toHaveText(['ALL', 'IN PROGRESS', 'NOT STARTED', 'COMPLETED']);
    const list = page.getByRole('region', { name: 'Assigned services list' });
    await expect(list.getByRole('article')).toHaveText([/^Dilan Wickramasinghe/, /^Sachini Rathnayake/, /^Amal Perera/, /^Nuwan Silva/]);
    const dilanRow = jobRow(page, 'Dilan Wickramasinghe');
    await expect(dilanRow).toContainText(`Toyota Prius (${dilan.plate})`);
    await expect(dilanRow).toContainText('Oil Change');
    await expect(dilanRow).toContainText('Not Started');
    await expect(pair(dilanRow, 'Booked')).toHaveText(jobSlot(dilan.date, '09:00-10:00 AM'));
    await expect(pair(dilanRow, 'Centre')).toHaveText(`Downtown Workshop · Bay ${dilan.bay}`);
    await expect(pair(dilanRow, 'Start')).toHaveText('—');
    await expect(pair(dilanRow, 'Est. completion')).toHaveText('—');
    await expect(jobRow(page, 'Amal Perera')).toContainText('In Progress');
    await expect(jobRow(page, 'Nuwan Silva')).toContainText('Completed');
    await expect(list).not.toContainText('Someone Else');

    await filters.getByRole('button', { name: 'IN PROGRESS' }).click();
    await expect(filters.getByRole('button', { name: 'IN PROGRESS' })).toHaveAttribute('aria-pressed', 'true');
    await expect(list.getByRole('article')).toHaveText([/^Amal Perera/]);
    await filters.getByRole('button', { name: 'NOT STARTED' }).click();
    await expect(list.getByRole('article')).toHaveText([/^Dilan Wickramasinghe/, /^Sachini Rathnayake/]);
    await filters.getByRole('button', { name: 'COMPLETED' }).click();
    await expect(list.getByRole('article')).toHaveText([/^Nuwan Silva/]);
    await filters.getByRole('button', { name: 'ALL' }).click();
    await expect(list.getByRole('article')).toHaveCount(4);

    // --- Update Status: Save disabled while unchanged; not started → in progress announces Service Started with
    // the server's estimate (one hour after the start).
    await dilanRow.getByRole('button', { name: 'Update Status' }).click();
    let dialog = page.getByRole('dialog', { name: 'Update Status' });
    await expect(dialog).toHaveAccessibleDescription(`Toyota Prius (${dilan.plate}) · Dilan Wickramasinghe`);
    const status = dialog.getByLabel('Status', { exact: true });
    const stage = dialog.getByLabel('Stage', { exact: true });
    const save = dialog.getByRole('button', { name: 'Save', exact: true });
    await expect(status.locator('option')).toHaveText(['Not Started', 'In Progress', 'Completed']);
    await expect(status).toHaveValue('not_started');
    await expect(save).toBeDisabled();
    await expect(stage).toHaveCount(0);
    await status.selectOption({ label: 'Completed' });
    await expect(save).toBeEnabled();
    await status.selectOption({ label: 'Not Started' });
    await expect(save).toBeDisabled();
    await status.selectOption({ label: 'In Progress' });
    await expect(stage.locator('option')).toHaveText(['In Progress', 'Awaiting Parts', 'Quality Check']);
    const started = await answerDialog(page, () => save.click());
    await expect(dialog).toHaveCount(0);
    const afterStart = await appointmentViaApi(request, await freshSession(request, technician.user), dilan.id);
    expect(afterStart).toMatchObject({ status: 'IN_PROGRESS', stage: 'IN_PROGRESS' });
    const startedAt = Date.parse(afterStart.startedAt as string);
    expect(Date.parse(afterStart.estimatedCompletion as string) - startedAt).toBe(60 * 60 * 1000);
    expect(Math.abs(Date.now() - startedAt)).toBeLessThan(60_000);
    expect(started).toEqual({ type: 'alert', message: `Service Started\nEstimated completion: ${instant(afterStart.estimatedCompletion as string)}` });
    await expect(dilanRow).toContainText('In Progress');
    await expect(pair(dilanRow, 'Start')).toHaveText(instant(afterStart.startedAt as string));
    await expect(pair(dilanRow, 'Est. completion')).toHaveText(instant(afterStart.estimatedCompletion as string));
    await expectCounts(page, 2, 1, 1);

    // In progress, the stages can be chosen; Save stays disabled until one differs.
    await dilanRow.getByRole('button', { name: 'Update Status' }).click();
    dialog = page.getByRole('dialog', { name: 'Update Status' });
    await expect(dialog.getByLabel('Status', { exact: true })).toHaveValue('in_progress');
    await expect(dialog.getByLabel('Stage', { exact: true })).toHaveValue('IN_PROGRESS');
    await expect(dialog.getByRole('button', { name: 'Save', exact: true })).toBeDisabled();
    await dialog.getByLabel('Stage', { exact: true }).selectOption({ label: 'Awaiting Parts' });
    const staged = await answerDialog(page, () => dialog.getByRole('button', { name: 'Save', exact: true }).click());
    expect(staged).toEqual({ type: 'alert', message: 'Status updated to Awaiting Parts' });
    await expect(dialog).toHaveCount(0);
    await expect(dilanRow).toContainText('Stage: Awaiting Parts');
    expect(await appointmentViaApi(request, await freshSession(request, technician.user), dilan.id)).toMatchObject({ status: 'IN_PROGRESS', stage: 'AWAITING_PARTS' });

    // Any other change alerts "Status updated to …".
    await dilanRow.getByRole('button', { name: 'Update Status' }).click();
    dialog = page.getByRole('dialog', { name: 'Update Status' });
    await dialog.getByLabel('Status', { exact: true }).selectOption({ label: 'Completed' });
    await expect(dialog.getByLabel('Stage', { exact: true })).toHaveCount(0);
    const updated = await answerDialog(page, () => dialog.getByRole('button', { name: 'Save', exact: true }).click());
    expect(updated).toEqual({ type: 'alert', message: 'Status updated to Completed' });
    await expect(dialog).toHaveCount(0);
    await expect(dilanRow).toContainText('Completed');
    await expect(dilanRow).not.toContainText('Stage:');
    await expectCounts(page, 1, 1, 2);
    const completed = await appointmentViaApi(request, await freshSession(request, technician.user), dilan.id);
    expect(completed).toMatchObject({ status: 'COMPLETED', progress: 100 });
    await expect(pair(dilanRow, 'Completed')).toHaveText(instant(completed.completedAt as string));

    // A reload reads it all back from the server.
    await page.reload();
    await expect(jobRow(page, 'Dilan Wickramasinghe')).toContainText('Completed');
    await expect(jobRow(page, 'Sachini Rathnayake')).toContainText('Not Started');
    await expect(jobRow(page, 'Amal Perera')).toContainText('In Progress');
    await expect(pair(jobRow(page, 'Sachini Rathnayake'), 'Booked')).toHaveText(jobSlot(sachini.date, '10:00-11:00 AM'));
    await expectCounts(page, 1, 1, 2);
  });

  test('Log Time saves against a job, shows on the calendar and the day panel; Edit and Delete change the server', async ({ page, request }) => {
    const technician = await registerTechnician(request, 'Sunil Rajapaksha');
    const today = dayFromToday(0);
    const todayLabel = dayLabel(today);
    const job = await assignedJob(request, technician.auth, 'Sachini Rathnayake', { make: 'Mazda', model: '3' }, { date: await freeDay(request), slot: '10:00' });
    const jobName = `Mazda 3 (${job.plate}) · Oil Change`;
    // An entry from earlier today, 13:00–14:00.
    await logTimeViaApi(request, await freshSession(request, technician.user), { appointmentId: job.id, date: today, startTime: '13:00', endTime: '14:00', description: 'Road test' });

    await seedSession(page, technician.auth);
    await page.goto('/dashboard');
    const grid = page.getByRole('grid', { name: 'Monthly Work Summary' });
    const todayCell = grid.locator(`button[data-date="${today}"]`);
    const dayPanel = page.getByRole('region', { name: `Logs for ${todayLabel}` });
    const entries = dayPanel.getByRole('article');
    const entry = (description: string) => entries.filter({ hasText: description });

    // --- Monthly Work Summary: a 42-cell Sun–Sat grid of this month; today is selected and shows its hours.
    await expect(grid.getByRole('gridcell')).toHaveCount(42);
    await expect(grid.getByRole('columnheader')).toHaveCount(7);
    await expect(page.getByText(monthLabel(today), { exact: true })).toBeVisible();
    await expect(todayCell).toHaveAttribute('aria-current', 'date');
    await expect(todayCell).toHaveAccessibleName(`${todayLabel}, 1h 0m logged`);
    await expect(todayCell.locator('xpath=..')).toContainText('1h'); // the hours badge beside the day's button
    await expect(entries).toHaveCount(1);
    await expect(entry('Road test')).toContainText(jobName);
    await expect(entry('Road test')).toContainText('13:00–14:00');
    await expect(entry('Road test')).toContainText('1h 0m');
    await expect(entry('Road test')).toContainText('Submitted'); // its review state: awaiting the admin

    // --- Log Time from the job's row: refusals first (spec §5), then a valid entry.
    await jobRow(page, 'Sachini Rathnayake').getByRole('button', { name: 'Log Time' }).click();
    const logDialog = page.getByRole('dialog', { name: 'Log Time' });
    await expect(logDialog).toHaveAccessibleDescription(jobName);
    await expect(logDialog.getByLabel('Job')).toHaveValue(job.id);
    await expect(logDialog.getByLabel('Job').locator('option:checked')).toHaveText(`${jobName} · ${shortDate(job.date)}`);
    await expect(logDialog.getByLabel('Date')).toHaveValue(today);
    const duration = logDialog.getByRole('status', { name: 'Duration' });
    await expect(duration).toHaveText('0h 0m');
    const saveLog = logDialog.getByRole('button', { name: 'Save Log' });
    expect(await answerDialog(page, () => saveLog.click())).toEqual({ type: 'alert', message: INVALID_LOG });
    await expect(logDialog).toBeVisible();
    // End before start: the duration wraps past midnight, and saving is refused.
    await logDialog.getByLabel('Start Time').fill('11:30');
    await logDialog.getByLabel('End Time').fill('09:00');
    await logDialog.getByLabel('Description').fill('Fitted new brake pads');
    await expect(duration).toHaveText('21h 30m');
    expect(await answerDialog(page, () => saveLog.click())).toEqual({ type: 'alert', message: INVALID_LOG });
    await expect(logDialog).toBeVisible();

    await logDialog.getByLabel('Start Time').fill('09:00');
    await logDialog.getByLabel('End Time').fill('11:30');
    await expect(duration).toHaveText('2h 30m');
    await saveLog.click();
    await expect(logDialog).toHaveCount(0);
    await expect(page.getByRole('status').filter({ hasText: /^Logged / })).toHaveText(`Logged 2h 30m on ${todayLabel}.`);
    await expect(todayCell).toHaveAccessibleName(`${todayLabel}, 3h 30m logged`);
    await expect(todayCell.locator('xpath=..')).toContainText('3.5h'); // the hours badge beside the day's button
    await expect(entries).toHaveCount(2);
    await expect(entry('Fitted new brake pads')).toContainText(jobName);
    await expect(entry('Fitted new brake pads')).toContainText('09:00–11:30');
    await expect(entry('Fitted new brake pads')).toContainText('2h 30m');
    await expect(dayPanel).toContainText('Total: 3h 30m');
    let stored = await timeLogsViaApi(request, await freshSession(request, technician.user), today, today);
    expect(stored.find((log) => log.description === 'Fitted new brake pads')).toMatchObject({
      appointmentId: job.id,
      date: today,
      startTime: '09:00',
      endTime: '11:30',
      durationMinutes: 150,
    });

    // Previous / next month move the grid and come back.
    await page.getByRole('button', { name: 'Next month' }).click();
    await expect(page.getByText(monthLabel(firstOfNextMonth()), { exact: true })).toBeVisible();
    await expect(grid.getByRole('button', { name: `${todayLabel}, 3h 30m logged` })).toHaveCount(0);
    await expect(grid.getByRole('gridcell')).toHaveCount(42);
    await page.getByRole('button', { name: 'Previous month' }).click();
    await expect(grid.getByRole('button', { name: `${todayLabel}, 3h 30m logged` })).toBeVisible();

    // --- A reload reads the logs back from the server.
    await page.reload();
    await expect(todayCell).toHaveAccessibleName(`${todayLabel}, 3h 30m logged`);
    await expect(entries).toHaveCount(2);

    // --- Edit opens the form prefilled; an overlap with another entry is refused with the server's message.
    await entry('Fitted new brake pads').getByRole('button', { name: 'Edit' }).click();
    await expect(logDialog).toHaveAccessibleDescription(`Editing a saved entry · ${jobName}`);
    await expect(logDialog.getByLabel('Date')).toHaveValue(today);
    await expect(logDialog.getByLabel('Start Time')).toHaveValue('09:00');
    await expect(logDialog.getByLabel('End Time')).toHaveValue('11:30');
    await expect(logDialog.getByLabel('Description')).toHaveValue('Fitted new brake pads');
    await logDialog.getByLabel('End Time').fill('13:30');
    await saveLog.click();
    await expect(logDialog.getByRole('alert')).toHaveText('This time overlaps another of your log entries.');
    await expect(logDialog.getByLabel('End Time')).toHaveValue('13:30');
    await logDialog.getByLabel('End Time').fill('12:00');
    await expect(logDialog.getByRole('alert')).toHaveCount(0);
    await expect(duration).toHaveText('3h 0m');
    await saveLog.click();
    await expect(logDialog).toHaveCount(0);
    await expect(page.getByRole('status').filter({ hasText: /^Updated / })).toHaveText(`Updated 3h 0m on ${todayLabel}.`);
    await expect(entry('Fitted new brake pads')).toContainText('09:00–12:00');
    await expect(entry('Fitted new brake pads')).toContainText('3h 0m');
    await expect(todayCell).toHaveAccessibleName(`${todayLabel}, 4h 0m logged`);
    stored = await timeLogsViaApi(request, await freshSession(request, technician.user), today, today);
    expect(stored).toHaveLength(2);
    expect(stored.find((log) => log.description === 'Fitted new brake pads')).toMatchObject({ startTime: '09:00', endTime: '12:00', durationMinutes: 180 });

    // --- Delete asks first (Cancel keeps, OK removes it on the server).
    const cancelled = await answerDialog(page, () => entry('Fitted new brake pads').getByRole('button', { name: 'Delete' }).click(), 'dismiss');
    expect(cancelled).toEqual({ type: 'confirm', message: 'Are you sure you want to delete this log entry?' });
    await expect(entries).toHaveCount(2);
    const confirmed = await answerDialog(page, () => entry('Fitted new brake pads').getByRole('button', { name: 'Delete' }).click(), 'accept');
    expect(confirmed).toEqual({ type: 'confirm', message: 'Are you sure you want to delete this log entry?' });
    await expect(entry('Fitted new brake pads')).toHaveCount(0);
    await expect(entries).toHaveCount(1);
    await expect(page.getByRole('status').filter({ hasText: 'Log entry deleted.' })).toBeVisible();
    await expect(todayCell).toHaveAccessibleName(`${todayLabel}, 1h 0m logged`);

    await page.reload();
    await expect(entries).toHaveCount(1);
    await expect(entry('Road test')).toBeVisible();
    stored = await timeLogsViaApi(request, await freshSession(request, technician.user), today, today);
    expect(stored.map((log) => log.description)).toEqual(['Road test']);
  });

  test("after a logout the next technician in the same browser sees none of the last one's data", async ({ page, request }) => {
    const today = dayFromToday(0);
    const day = await freeDay(request);
    const first = await registerTechnician(request, 'First Tech');
    const second = await registerTechnician(request, 'Second Tech');
    await assignedJob(request, first.auth, 'Dilan Wickramasinghe', { make: 'Toyota', model: 'Prius' }, { date: day, slot: '09:00' });
    await assignedJob(request, second.auth, 'Ruwan Jayasuriya', { make: 'Kia', model: 'Rio' }, { date: day, slot: '09:00' });
    await logTimeViaApi(request, await freshSession(request, first.user), { date: today, startTime: '08:00', endTime: '09:00', description: 'Workshop clean-up' });

    await signInViaUi(page, first.user.email, first.user.password);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Welcome back, First');
    await expect(jobRow(page, 'Dilan Wickramasinghe')).toBeVisible();
    await expectCounts(page, 0, 1, 0);
    const grid = page.getByRole('grid', { name: 'Monthly Work Summary' });
    await expect(grid.locator(`button[data-date="${today}"]`)).toHaveAccessibleName(`${dayLabel(today)}, 1h 0m logged`);
    await expect(page.getByRole('region', { name: `Logs for ${dayLabel(today)}` })).toContainText('Workshop clean-up');
    // Client state the next person must not inherit: a filter, another month.
    await page.getByRole('group', { name: 'Filter assigned services' }).getByRole('button', { name: 'COMPLETED' }).click();
    await page.getByRole('button', { name: 'Next month' }).click();

    await page.getByRole('navigation', { name: 'Dashboard' }).getByRole('button', { name: 'Logout' }).click();
    await expect(page).toHaveURL('/login');
    await page.goto('/dashboard');
    await expect(page).toHaveURL('/login');

    await submitSignIn(page, second.user.email, second.user.password);
    await expect(page).toHaveURL('/dashboard');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Welcome back, Second');
    const expectSecondOnly = async () => {
      await expect(page.getByRole('group', { name: 'Filter assigned services' }).getByRole('button', { name: 'ALL' })).toHaveAttribute('aria-pressed', 'true');
      await expect(page.getByRole('region', { name: 'Assigned services list' }).getByRole('article')).toHaveText([/^Ruwan Jayasuriya/]);
      await expect(page.getByText('Dilan Wickramasinghe')).toHaveCount(0);
      await expectCounts(page, 0, 1, 0);
      await expect(page.getByText(monthLabel(today), { exact: true })).toBeVisible();
      await expect(grid.locator(`button[data-date="${today}"]`)).toHaveAccessibleName(dayLabel(today));
      await expect(page.getByRole('region', { name: `Logs for ${dayLabel(today)}` })).toContainText('No time logged on this day.');
      await expect(page.getByText('Workshop clean-up')).toHaveCount(0);
    };
    await expectSecondOnly();
    await page.reload();
    await expectSecondOnly();
  });
});

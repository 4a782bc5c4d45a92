import type { Browser, BrowserContext, Page } from '@playwright/test';
import { registerViaApi } from './support/api';
import { ADMIN } from './support/constants';
import { answerDialog, expect, test, watchBrowserErrors } from './support/fixtures';
import { signInViaUi } from './support/session';
import { adminSession, bookViaApi, dayFromToday, ownDay, uniquePlate } from './support/shop';
import { approveTechnicianViaApi, catalogViaApi, centreNamed, fillSlotViaApi, uniqueTag } from './support/shopSetup';

/**
 * The shop as several people use it at once, on one server: what one person does is what the next one sees.
 * Each person has their own browser context (their own storage and session), as on their own device.
 */

interface Person {
  context: BrowserContext;
  page: Page;
  expectNoBrowserErrors: () => void;
}

async function openAs(browser: Browser, email: string, password: string, landing: RegExp): Promise<Person> {
  const context = await browser.newContext();
  const watcher = watchBrowserErrors(context);
  const page = await context.newPage();
  await signInViaUi(page, email, password, landing);
  return { context, page, expectNoBrowserErrors: watcher.expectNone };
}

function boardColumn(page: Page, title: 'Upcoming Services' | 'Ongoing Services' | 'Awaiting Assignment') {
  return page.getByRole('region', { name: title, exact: true });
}

async function showBoardDay(page: Page, day: string): Promise<void> {
  await page.getByLabel('Day', { exact: true }).fill(day);
  await expect(page.getByRole('button', { name: 'Show all days' })).toBeVisible();
}

function technicianRow(page: Page, name: string) {
  return page.getByRole('dialog').getByRole('list', { name: 'Employees' }).getByRole('listitem').filter({ hasText: name });
}

async function registerPeople(request: Parameters<typeof registerViaApi>[0]) {
  const customer = await registerViaApi(request, 'CUSTOMER', { fullName: 'Priya Journey' });
  const otherCustomer = await registerViaApi(request, 'CUSTOMER', { fullName: 'Omar Elsewhere' });
  // The technician gives a department at sign-up: the admin sees it as the specialization.
  // Names carry a tag: the technician dialog lists every technician the server has, from earlier runs too.
  const technician = await registerViaApi(request, 'EMPLOYEE', { fullName: `Tariq Wrench ${uniqueTag()}`, department: 'Engine & Drivetrain' });
  // New technician accounts start pending: the admin approves Tariq before he can be assigned.
  await approveTechnicianViaApi(request, technician.auth.id);
  return { customer, otherCustomer, technician };
}

test.describe('the shop, shared between customer, admin and technician', () => {
  test('a booking travels: customer books → admin assigns → technician starts it and logs time → customer sees it in progress; another customer never sees it', async ({
    browser,
    request,
  }) => {
    test.setTimeout(150_000);
    const { customer, otherCustomer, technician } = await registerPeople(request);
    const day = ownDay();
    const plate = uniquePlate();

    // 1. The customer books through the booking page.
    const priya = await openAs(browser, customer.user.email, customer.user.password, /\/dashboard$/);
    await priya.page.getByRole('link', { name: 'Book Appointment' }).click();
    await expect(priya.page).toHaveURL('/dashboard/appointments');
    const form = priya.page.getByRole('main');
    await form.getByLabel('Vehicle ID').fill(plate);
    await form.getByLabel('Service Type').selectOption({ label: 'Brake Inspection' });
    await form.getByLabel('Service Date').fill(day);
    await form.getByLabel('Time Slot').selectOption({ label: '10:00-11:00 AM' });
    await form.getByRole('button', { name: 'Book Appointment' }).click();
    const confirmation = priya.page.getByRole('region', { name: 'Appointment Booked' });
    await expect(confirmation).toContainText(plate);
    await expect(confirmation).toContainText('Brake Inspection');
    await expect(confirmation.locator(`time[datetime="${day}"]`)).toBeVisible();
    await expect(confirmation).toContainText('10:00-11:00 AM');
    await expect(confirmation).toContainText('Downtown Workshop');

    // 2. The admin sees it in Awaiting Assignment and assigns the technician registered above.
    const admin = await openAs(browser, ADMIN.email, ADMIN.password, /\/admin\/dashboard$/);
    await showBoardDay(admin.page, day);
    const awaitingCard = boardColumn(admin.page, 'Awaiting Assignment').getByRole('article').filter({ hasText: plate });
    await expect(awaitingCard).toHaveCount(1);
    await expect(awaitingCard).toContainText('Priya Journey');
    await awaitingCard.getByRole('button', { name: 'Assign Employee' }).click();
    // A vehicle booked by its plate alone is named by it once.
    const dialog = admin.page.getByRole('dialog', { name: `Assign Employee to ${plate}` });
    await expect(dialog).toBeVisible();
    const tariq = technicianRow(admin.page, technician.user.fullName);
    await expect(tariq).toContainText('Engine & Drivetrain');
    await expect(tariq).toContainText('Available');
    await tariq.getByRole('button', { name: 'Assign' }).click();
    await expect(dialog).toBeHidden();
    const upcomingCard = boardColumn(admin.page, 'Upcoming Services').getByRole('article').filter({ hasText: plate });
    await expect(upcomingCard).toContainText(technician.user.fullName);
    await expect(boardColumn(admin.page, 'Awaiting Assignment').getByRole('article').filter({ hasText: plate })).toHaveCount(0);

    // 3. The technician finds it under NOT STARTED, starts it, and logs time against it.
    const tech = await openAs(browser, technician.user.email, technician.user.password, /\/dashboard$/);
    const assigned = tech.page.getByRole('region', { name: 'Assigned services list' });
    await tech.page.getByRole('group', { name: 'Filter assigned services' }).getByRole('button', { name: 'NOT STARTED', exact: true }).click();
    const row = assigned.getByRole('article', { name: 'Priya Journey' });
    await expect(row).toContainText(plate);
    await expect(row).toContainText('Not Started');
    await row.getByRole('button', { name: 'Update Status' }).click();
    const statusDialog = tech.page.getByRole('dialog', { name: 'Update Status' });
    await statusDialog.getByLabel('Status', { exact: true }).selectOption('in_progress');
    const started = await answerDialog(tech.page, () => statusDialog.getByRole('button', { name: 'Save' }).click());
    expect(started.message).toMatch(/^Service Started\nEstimated completion: .+/);
    await expect(statusDialog).toBeHidden();
    await tech.page.getByRole('group', { name: 'Filter assigned services' }).getByRole('button', { name: 'IN PROGRESS', exact: true }).click();
    await expect(assigned.getByRole('article', { name: 'Priya Journey' })).toContainText('In Progress');

    const today = dayFromToday(0);
    await assigned.getByRole('article', { name: 'Priya Journey' }).getByRole('button', { name: 'Log Time' }).click();
    const logDialog = tech.page.getByRole('dialog', { name: 'Log Time' });
    await expect(logDialog.getByLabel('Job')).toHaveValue(/.+/);
    await logDialog.getByLabel('Date').fill(today);
    await logDialog.getByLabel('Start Time').fill('09:00');
    await logDialog.getByLabel('End Time').fill('10:30');
    await logDialog.getByLabel('Description').fill('Replaced front brake pads.');
    await logDialog.getByRole('button', { name: 'Save Log' }).click();
    await expect(logDialog).toBeHidden();
    // Stored on the server: after a reload the calendar still shows today's 1.5 hours.
    await tech.page.reload();
    await expect(tech.page.locator(`[data-date="${today}"]`)).toHaveAttribute('aria-label', /1h 30m logged$/);

    // 4. The customer, after a reload, sees the job in progress with the technician's name.
    await priya.page.goto('/dashboard');
    await priya.page.reload();
    const services = priya.page.getByRole('region', { name: 'Service list' });
    await services.getByRole('button').filter({ hasText: plate }).click();
    const details = priya.page.getByRole('region', { name: 'Service Details' });
    await expect(details.getByRole('definition').filter({ hasText: technician.user.fullName })).toBeVisible();
    await expect(details).toContainText('In Progress');

    // 5. Another customer never sees it: their My Services is empty and leads to booking.
    const omar = await openAs(browser, otherCustomer.user.email, otherCustomer.user.password, /\/dashboard$/);
    await expect(omar.page.getByRole('heading', { level: 1 })).toHaveText('Welcome, Omar Elsewhere');
    await expect(omar.page.getByText('You have no services yet. Book an appointment to get started.')).toBeVisible();
    await expect(omar.page.getByRole('link', { name: 'Book your first appointment' })).toHaveAttribute('href', '/dashboard/appointments');
    await expect(omar.page.getByText(plate)).toHaveCount(0);
    await expect(omar.page.getByText(technician.user.fullName)).toHaveCount(0);

    for (const person of [priya, admin, tech, omar]) {
      person.expectNoBrowserErrors();
      await person.context.close();
    }
  });

  test('a full slot is offered as "(full)" and cannot be picked', async ({ page, request }) => {
    const day = ownDay();
    // Westgate Express Bay has 2 bays: other customers take both at 15:00.
    const westgate = centreNamed(await catalogViaApi(request), 'Westgate Express Bay');
    expect(westgate.bays).toBe(2);
    await fillSlotViaApi(request, day, '15:00', westgate);

    const { user } = await registerViaApi(request, 'CUSTOMER');
    await signInViaUi(page, user.email, user.password);
    await page.goto('/dashboard/appointments');
    const form = page.getByRole('main');
    await form.getByLabel('Service Centre').selectOption({ label: 'Westgate Express Bay' });
    await form.getByLabel('Service Date').fill(day);
    const slots = form.getByLabel('Time Slot');
    await expect(slots.getByRole('option', { name: '03:00-04:00 PM (full)' })).toBeDisabled();
    await expect(slots.getByRole('option', { name: '04:00-05:00 PM', exact: true })).toBeEnabled();

    // The other centres still have that slot.
    await form.getByLabel('Service Centre').selectOption({ label: 'Downtown Workshop' });
    await expect(slots.getByRole('option', { name: '03:00-04:00 PM', exact: true })).toBeEnabled();
  });

  test('two admin tabs assign the same card: the second is told who got it first and its board refreshes', async ({ browser, request }) => {
    const day = ownDay();
    const { auth: customer } = await registerViaApi(request, 'CUSTOMER', { fullName: 'Dana Double' });
    const first = await registerViaApi(request, 'EMPLOYEE', { fullName: `Farah First ${uniqueTag()}` });
    const second = await registerViaApi(request, 'EMPLOYEE', { fullName: `Sami Second ${uniqueTag()}` });
    for (const technician of [first, second]) await approveTechnicianViaApi(request, technician.auth.id);
    const plate = uniquePlate();
    await bookViaApi(request, customer, { date: day, slot: '11:00', plate });

    const admin = await openAs(browser, ADMIN.email, ADMIN.password, /\/admin\/dashboard$/);
    const tabA = admin.page;
    const tabB = await admin.context.newPage();
    await tabB.goto('/admin/dashboard');
    for (const tab of [tabA, tabB]) {
      await showBoardDay(tab, day);
      await boardColumn(tab, 'Awaiting Assignment').getByRole('article').filter({ hasText: plate }).getByRole('button', { name: 'Assign Employee' }).click();
      await expect(tab.getByRole('dialog')).toBeVisible();
    }

    await technicianRow(tabA, first.user.fullName).getByRole('button', { name: 'Assign' }).click();
    await expect(tabA.getByRole('dialog')).toBeHidden();
    await expect(boardColumn(tabA, 'Upcoming Services').getByRole('article').filter({ hasText: plate })).toContainText(first.user.fullName);

    // Tab B still shows the card as unassigned; its attempt is refused with the server's message.
    await technicianRow(tabB, second.user.fullName).getByRole('button', { name: 'Assign' }).click();
    await expect(tabB.getByRole('dialog').getByRole('alert')).toHaveText(`Already assigned to ${first.user.fullName}.`);
    await tabB.getByRole('dialog').press('Escape');
    await expect(boardColumn(tabB, 'Awaiting Assignment').getByRole('article').filter({ hasText: plate })).toHaveCount(0);
    await expect(boardColumn(tabB, 'Upcoming Services').getByRole('article').filter({ hasText: plate })).toContainText(first.user.fullName);

    // The server holds the first assignment only.
    const adminAuth = await adminSession(request);
    const list = await request.get(`/api/appointments?from=${day}&to=${day}`, { headers: { authorization: `Bearer ${adminAuth.token}` } });
    const items = ((await list.json()) as { items: { vehicle: { plate: string }; assignedEmployee?: { fullName: string } }[] }).items.filter((job) => job.vehicle.plate === plate);
    expect(items.map((job) => job.assignedEmployee?.fullName)).toEqual([first.user.fullName]);

    admin.expectNoBrowserErrors();
    await admin.context.close();
  });
});

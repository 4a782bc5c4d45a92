import type { APIRequestContext, Locator, Page } from '@playwright/test';
import type { Appointment } from '@contract/appointments';
import { type AuthAnswer, registerViaApi } from './support/api';
import { ADMIN } from './support/constants';
import { expect, test } from './support/fixtures';
import { signInViaUi } from './support/session';
import { adminSession, assignViaApi, bookViaApi, dayFromToday, uniquePlate } from './support/shop';
import {
  addVehicleViaApi,
  appointmentViaApi,
  catalogViaApi,
  centreNamed,
  freeDay,
  instant,
  jobSlot,
  longDate,
  registerTechnician,
  setStageViaApi,
  uniqueTag,
} from './support/shopSetup';

function column(page: Page, title: 'Upcoming Services' | 'Ongoing Services' | 'Awaiting Assignment') {
  return page.getByRole('region', { name: title, exact: true });
}

/** The value beside a label in a card's description list. */
function pair(scope: Locator, label: string): Locator {
  return scope.locator('dt', { hasText: new RegExp(`^${label}$`) }).locator('xpath=following-sibling::dd[1]');
}

/** The technicians listed in an Assign Employee dialog (rows with an Assign button). */
function employeeRows(dialog: Locator): Locator {
  return dialog.getByRole('list', { name: 'Employees' }).getByRole('listitem').filter({ has: dialog.page().getByRole('button', { name: 'Assign', exact: true }) });
}

/** The column's total next to its title. */
function total(page: Page, title: 'Upcoming Services' | 'Ongoing Services' | 'Awaiting Assignment') {
  return column(page, title).getByRole('heading', { level: 2 }).locator('xpath=following-sibling::span[1]');
}

interface Booked extends Appointment {
  name: string;
}

/** A new customer's booking (vehicle `make model`, its own plate), through the API: PENDING. */
async function booking(
  request: APIRequestContext,
  customerName: string,
  vehicle: { make: string; model: string; year?: number },
  when: { date: string; slot: string; serviceType?: string; centerId?: string },
): Promise<Booked> {
  const customer = await registerViaApi(request, 'CUSTOMER', { fullName: customerName });
  const plate = uniquePlate();
  await addVehicleViaApi(request, customer.auth, { plate, ...vehicle });
  const job = await bookViaApi(request, customer.auth, { plate, serviceType: 'OIL_CHANGE', ...when });
  return { ...job, name: `${vehicle.make} ${vehicle.model}` };
}

async function assign(request: APIRequestContext, job: Appointment, technician: AuthAnswer): Promise<Appointment> {
  return assignViaApi(request, await adminSession(request), job, technician.id);
}

/** Signs the bootstrapped admin in through the UI and narrows the board to `day`. */
async function openBoardOn(page: Page, day: string): Promise<void> {
  await signInViaUi(page, ADMIN.email, ADMIN.password, /\/admin\/dashboard$/);
  await page.getByLabel('Day', { exact: true }).fill(day);
  await expect(page.getByText(`Services on ${longDate(day)}, soonest first.`)).toBeVisible();
}

test.describe('admin', () => {
  test('board: the three columns from the server, today in the header, the Day filter narrows to one day', async ({ page, request }) => {
    const catalog = await catalogViaApi(request);
    const northside = centreNamed(catalog, 'Northside Service Centre');
    const day = await freeDay(request);
    const tag = uniqueTag();
    const technician = await registerTechnician(request, `Kasun Silva ${tag}`, 'Engine');
    const awaiting = await booking(request, 'Ayesha Fernando', { make: 'Toyota', model: 'Camry', year: 2020 }, { date: day, slot: '09:00' });
    const upcoming = await booking(request, 'Bimal Perera', { make: 'Honda', model: 'Civic' }, { date: day, slot: '10:00', serviceType: 'BRAKE_INSPECTION' });
    const ongoing = await booking(request, 'Chathura Silva', { make: 'Nissan', model: 'Leaf' }, { date: day, slot: '11:00', serviceType: 'FULL_SERVICE', centerId: northside.id });
    await assign(request, upcoming, technician.auth);
    await assign(request, ongoing, technician.auth);
    const started = await setStageViaApi(request, technician.auth, ongoing, 'AWAITING_PARTS');
    // A booking for tomorrow: on the board from today on, not on `day`'s.
    const tomorrow = await booking(request, 'Dinesh Kumara', { make: 'Suzuki', model: 'Swift' }, { date: dayFromToday(1), slot: '16:00', centerId: northside.id });

    // The bootstrapped admin signs in through the UI; /dashboard sends ADMIN on to /admin/dashboard.
    await signInViaUi(page, ADMIN.email, ADMIN.password, /\/admin\/dashboard$/);
    await page.goto('/dashboard');
    await expect(page).toHaveURL('/admin/dashboard');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Admin Dashboard');
    // Today's date, not a fixed one.
    await expect(page.locator('header time')).toHaveText(longDate(dayFromToday(0)));
    await expect(page.locator('header time')).toHaveAttribute('datetime', dayFromToday(0));
    await expect(page.getByText('Services from today on, soonest first. Assign technicians to new appointments.')).toBeVisible();
    await expect(page.getByRole('region')).toHaveText([/^Upcoming Services/, /^Ongoing Services/, /^Awaiting Assignment/]);
    // From today on: tomorrow's booking awaits assignment (bookings from 10 days ahead come later in the column).
    await expect(column(page, 'Awaiting Assignment').getByRole('article', { name: 'Suzuki Swift' }).filter({ hasText: tomorrow.vehicle.plate })).toBeVisible();

    // --- The Day filter: only that day's jobs, each in its column.
    await page.getByLabel('Day', { exact: true }).fill(day);
    await expect(page.getByText(`Services on ${longDate(day)}, soonest first.`)).toBeVisible();
    await expect(column(page, 'Awaiting Assignment').getByRole('article')).toHaveText([new RegExp(`^Toyota Camry`)]);
    await expect(column(page, 'Upcoming Services').getByRole('article')).toHaveText([new RegExp(`^Honda Civic`)]);
    await expect(column(page, 'Ongoing Services').getByRole('article')).toHaveText([new RegExp(`^Nissan Leaf`)]);
    await expect(page.getByText(tomorrow.vehicle.plate)).toHaveCount(0);
    for (const title of ['Upcoming Services', 'Ongoing Services', 'Awaiting Assignment'] as const) await expect(total(page, title)).toHaveText('1 appointment');

    // Awaiting Assignment: Pending, the service with its description, cost, time, customer, centre; Assign Employee.
    const camry = column(page, 'Awaiting Assignment').getByRole('article', { name: 'Toyota Camry' });
    await expect(camry).toContainText('Status: Pending');
    await expect(camry).toContainText(`2020 · ${awaiting.vehicle.plate}`);
    await expect(pair(camry, 'Service')).toHaveText('Oil Change');
    await expect(pair(camry, 'Description')).toHaveText('Drain and replace engine oil and oil filter.');
    await expect(pair(camry, 'Estimated cost')).toHaveText('LKR 14,500');
    await expect(pair(camry, 'Estimated time')).toHaveText('60 minutes');
    await expect(pair(camry, 'Date')).toHaveText(jobSlot(day, '09:00-10:00 AM'));
    // The customer has not opened the verification link yet: the admin sees so beside the address.
    await expect(pair(camry, 'Customer')).toHaveText(`Ayesha Fernando${awaiting.customer.email}Not verified`);
    await expect(pair(camry, 'Customer').getByRole('img', { name: 'E-mail not verified' })).toBeVisible();
    await expect(pair(camry, 'Service centre')).toHaveText(`Downtown Workshop, Bay ${awaiting.bay}`);
    await expect(camry.getByRole('button', { name: 'Assign Employee' })).toBeEnabled();

    // Upcoming Services: Confirmed, with its technician; no Assign Employee.
    const civic = column(page, 'Upcoming Services').getByRole('article', { name: 'Honda Civic' });
    await expect(civic).toContainText('Status: Confirmed');
    await expect(pair(civic, 'Technician')).toHaveText(technician.user.fullName);
    await expect(civic.getByRole('button', { name: 'Assign Employee' })).toHaveCount(0);

    // Ongoing Services: stage, progress bar, estimated minutes and completion.
    const leaf = column(page, 'Ongoing Services').getByRole('article', { name: 'Nissan Leaf' });
    await expect(leaf).toContainText('Status: In Progress');
    await expect(pair(leaf, 'Stage')).toHaveText('Awaiting Parts');
    await expect(pair(leaf, 'Estimated time')).toHaveText('180 minutes');
    await expect(pair(leaf, 'Estimated completion')).toHaveText(instant(started.estimatedCompletion as string));
    await expect(pair(leaf, 'Service centre')).toHaveText(`Northside Service Centre, Bay ${started.bay}`);
    const progress = leaf.getByRole('progressbar', { name: 'Nissan Leaf progress' });
    await expect(progress).toHaveAttribute('aria-valuenow', String(started.progress));
    await expect(progress).toHaveAttribute('aria-valuetext', `${started.progress}%`);

    // The day survives a reload; Show all days goes back to everything from today on.
    await page.reload();
    await expect(page.getByLabel('Day', { exact: true })).toHaveValue(day);
    await expect(column(page, 'Awaiting Assignment').getByRole('article')).toHaveText([/^Toyota Camry/]);
    await page.getByRole('button', { name: 'Show all days' }).click();
    await expect(page.getByLabel('Day', { exact: true })).toHaveValue('');
    await expect(page.getByLabel('Day', { exact: true })).toBeFocused();
    await expect(column(page, 'Awaiting Assignment').getByRole('article', { name: 'Suzuki Swift' }).filter({ hasText: tomorrow.vehicle.plate })).toBeVisible();
  });

  test('Assign Employee: registered technicians, busy ones disabled, search; the assignment moves the card and persists', async ({ page, request }) => {
    const day = await freeDay(request);
    const tag = uniqueTag();
    const nimal = await registerTechnician(request, `Nimal Perera ${tag}`, `Engine ${tag}`);
    const ruwan = await registerTechnician(request, `Ruwan Fernando ${tag}`, `Diagnostics ${tag}`);
    await registerTechnician(request, `Chamari Rathnayake ${tag}`, `Diagnostics ${tag}`);
    await registerTechnician(request, `Dilani Jayasinghe ${tag}`, `Transmission ${tag}`);
    const camry = await booking(request, 'Ayesha Fernando', { make: 'Toyota', model: 'Camry' }, { date: day, slot: '09:00' });
    const later = await booking(request, 'Bimal Perera', { make: 'Kia', model: 'Rio' }, { date: day, slot: '11:00' });
    // Ruwan is busy at 09:00 that day (another job); Nimal has a job at 10:00.
    await assign(request, await booking(request, 'Chathura Silva', { make: 'Honda', model: 'Fit' }, { date: day, slot: '09:00' }), ruwan.auth);
    await assign(request, await booking(request, 'Dinesh Kumara', { make: 'Mazda', model: '3' }, { date: day, slot: '10:00' }), nimal.auth);

    await openBoardOn(page, day);
    const awaiting = column(page, 'Awaiting Assignment');
    const upcoming = column(page, 'Upcoming Services');
    await expect(awaiting.getByRole('article')).toHaveText([/^Toyota Camry/, /^Kia Rio/]);
    await expect(upcoming.getByRole('article')).toHaveText([/^Honda Fit/, /^Mazda 3/]);

    await awaiting.getByRole('article', { name: 'Toyota Camry' }).getByRole('button', { name: 'Assign Employee' }).click();
    const dialog = page.getByRole('dialog', { name: `Assign Employee to Toyota Camry (${camry.vehicle.plate})` });
    await expect(dialog).toHaveAccessibleDescription(`Oil Change · ${jobSlot(day, '09:00-10:00 AM')} · Downtown Workshop, Bay ${camry.bay}`);
    const search = dialog.getByRole('searchbox', { name: 'Search employees' });
    await expect(search).toBeFocused();
    const rows = employeeRows(dialog);
    const row = (name: string) => rows.filter({ hasText: name });

    // Only registered technicians (this test's four, found by their tag), by name, with department, availability
    // at 09:00 that day and open jobs.
    await search.fill(tag);
    await expect(rows).toHaveCount(4);
    await expect(rows.locator('p:first-child')).toHaveText([
      `Chamari Rathnayake ${tag}`,
      `Dilani Jayasinghe ${tag}`,
      `Nimal Perera ${tag}`,
      `Ruwan Fernando ${tag}`,
    ]);
    await expect(row('Ruwan')).toContainText(`Specialization: Diagnostics ${tag}`);
    await expect(row('Ruwan')).toContainText('Busy');
    await expect(row('Ruwan')).toContainText('Workload: 1 open job');
    await expect(row('Ruwan').getByRole('button', { name: 'Assign' })).toBeDisabled();
    await expect(row('Nimal')).toContainText('Available');
    await expect(row('Nimal')).toContainText('Workload: 1 open job');
    await expect(row('Nimal').getByRole('button', { name: 'Assign' })).toBeEnabled();
    await expect(row('Dilani')).toContainText('Available');
    await expect(row('Dilani')).toContainText('Workload: 0 open jobs');
    await expect(row('Dilani').getByRole('button', { name: 'Assign' })).toHaveAccessibleDescription(`Dilani Jayasinghe ${tag}`);

    // Search by name (any case), by specialization, and with no match.
    await search.fill(`ruwan fernando ${tag.toLowerCase()}`);
    await expect(rows).toHaveCount(1);
    await expect(rows).toContainText(`Ruwan Fernando ${tag}`);
    await search.fill(`Diagnostics ${tag}`);
    await expect(rows.locator('p:first-child')).toHaveText([`Chamari Rathnayake ${tag}`, `Ruwan Fernando ${tag}`]);
    await expect(row('Ruwan').getByRole('button', { name: 'Assign' })).toBeDisabled();
    await search.fill(`zzz-nobody-${tag}`);
    await expect(dialog.getByText('No employees found', { exact: true })).toBeVisible();
    await expect(rows).toHaveCount(0);
    await search.fill(`Transmission ${tag}`);
    await expect(rows).toHaveCount(1);
    await row('Dilani').getByRole('button', { name: 'Assign' }).click();
    await expect(dialog).toHaveCount(0);

    // The card moved to Upcoming Services, confirmed, with its technician.
    await expect(page.getByRole('status').filter({ hasText: /^Assigned / })).toHaveText(
      `Assigned Dilani Jayasinghe ${tag} to Toyota Camry (${camry.vehicle.plate}).`,
    );
    await expect(awaiting.getByRole('article')).toHaveText([/^Kia Rio/]);
    const moved = upcoming.getByRole('article', { name: 'Toyota Camry' });
    await expect(moved).toContainText('Status: Confirmed');
    await expect(pair(moved, 'Technician')).toHaveText(`Dilani Jayasinghe ${tag}`);
    await expect(upcoming.getByRole('article')).toHaveCount(3);
    await expect(total(page, 'Upcoming Services')).toHaveText('3 appointments');

    // Availability is per date and slot: at 11:00 Ruwan is free, and Dilani now has one open job.
    await awaiting.getByRole('article', { name: 'Kia Rio' }).getByRole('button', { name: 'Assign Employee' }).click();
    const second = page.getByRole('dialog', { name: `Assign Employee to Kia Rio (${later.vehicle.plate})` });
    await expect(second.getByRole('searchbox', { name: 'Search employees' })).toHaveValue('');
    await second.getByRole('searchbox', { name: 'Search employees' }).fill(tag);
    const ruwanAt11 = employeeRows(second).filter({ hasText: 'Ruwan' });
    await expect(ruwanAt11).toContainText('Available');
    await expect(ruwanAt11.getByRole('button', { name: 'Assign' })).toBeEnabled();
    await expect(employeeRows(second).filter({ hasText: 'Dilani' })).toContainText('Workload: 1 open job');
    await second.getByRole('button', { name: 'Close' }).click();
    await expect(second).toHaveCount(0);

    // The server holds the assignment; a reload shows it.
    const stored = await appointmentViaApi(request, await adminSession(request), camry.id);
    expect(stored).toMatchObject({ status: 'CONFIRMED', assignedEmployee: { fullName: `Dilani Jayasinghe ${tag}`, department: `Transmission ${tag}` } });
    await page.reload();
    await expect(upcoming.getByRole('article', { name: 'Toyota Camry' })).toContainText(`Dilani Jayasinghe ${tag}`);
    await expect(awaiting.getByRole('article')).toHaveText([/^Kia Rio/]);
  });

  test('admin sub-routes: unknown → dashboard, Analytics, Notifications, Inventory', async ({ page }) => {
    await signInViaUi(page, ADMIN.email, ADMIN.password, /\/admin\/dashboard$/);
    await page.goto('/admin/unknown');
    await expect(page).toHaveURL('/admin/dashboard');
    await page.goto('/admin');
    await expect(page).toHaveURL('/admin/dashboard');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Admin Dashboard');

    const nav = page.getByRole('navigation', { name: 'Admin' });
    // Analytics is a real page now (test/e2e/analytics.spec.ts has it in full).
    await nav.getByRole('link', { name: 'Analytics', exact: true }).click();
    await expect(page).toHaveURL('/admin/analytics');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Analytics');
    await expect(page.getByRole('radio', { name: 'Last 30 days' })).toBeChecked();
    await expect(page.getByText('This page is under construction.')).toHaveCount(0);
    // Notifications is a real page now (test/e2e/notifications.spec.ts has it in full).
    await nav.getByRole('link', { name: 'Notifications', exact: true }).click();
    await expect(page).toHaveURL('/admin/notifications');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Notifications');
    await expect(page.getByText('This page is under construction.')).toHaveCount(0);
    // Inventory is a real page now: the parts at a centre.
    await nav.getByRole('link', { name: 'Inventory', exact: true }).click();
    await expect(page).toHaveURL('/admin/inventory');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Inventory');
    await expect(page.getByRole('combobox', { name: 'Centre' })).toBeVisible();
    await expect(page.getByRole('button', { name: 'Add part' })).toBeVisible();
    await expect(page.getByText('This page is under construction.')).toHaveCount(0);
    await nav.getByRole('link', { name: 'Dashboard', exact: true }).click();
    await expect(page).toHaveURL('/admin/dashboard');

    await nav.getByRole('button', { name: 'Logout' }).click();
    await expect(page).toHaveURL('/login');
  });
});

import type { Locator, Page } from '@playwright/test';
import { expectNoSeriousA11yViolations } from './support/a11y';
import { registerViaApi } from './support/api';
import { ADMIN } from './support/constants';
import { expect, test } from './support/fixtures';
import { captureScreens, VIEWPORTS } from './support/screenshots';
import { seedSession, signInViaUi } from './support/session';
import { adminSession, assignViaApi, bookViaApi, dayFromToday, logTimeViaApi, ownDay, setStatusViaApi, uniquePlate } from './support/shop';
import { addVehicleViaApi, freeDay, registerTechnician, shiftDay, uniqueTag } from './support/shopSetup';

/** Presses Tab until `target` has focus (keyboard only); fails after `max` presses. */
async function tabTo(page: Page, target: Locator, max = 40): Promise<number> {
  for (let presses = 1; presses <= max; presses += 1) {
    await page.keyboard.press('Tab');
    if (await target.evaluate((el) => el === document.activeElement)) return presses;
  }
  throw new Error(`${target} not reached with ${max} presses of Tab`);
}

/**
 * A signed-in screen: axe's WCAG and best-practice rules (no serious or critical violation), plus WCAG 2.5.3
 * "Label in Name" (axe's label-content-name-mismatch, which axe tags experimental and does not run by default):
 * every control whose accessible name differs from its visible text must contain that text.
 */
async function expectAccessible(page: Page, what: string): Promise<void> {
  await expectNoSeriousA11yViolations(page, what, { labelInName: true });
}

test.describe('accessibility (axe: no serious or critical violations) and screenshots', () => {
  // axe takes 1–5 s a page on a busy 2-core machine; these tests scan many pages each.
  test.describe.configure({ timeout: 90_000 });

  test('landing page, desktop and phone', async ({ page }) => {
    await page.goto('/');
    await expect(page.getByRole('tablist', { name: 'Service categories' })).toBeVisible();
    await page.getByRole('region', { name: 'Frequently Asked Questions' }).getByRole('button').first().click();
    await expectNoSeriousA11yViolations(page, 'landing (an FAQ answer open)');
    await captureScreens(page, 'landing');

    // Phone width: the navigation collapses into a menu button.
    await page.setViewportSize(VIEWPORTS.phone);
    const menu = page.getByRole('button', { name: 'Menu' });
    await expect(menu).toBeVisible();
    await menu.click();
    await expect(menu).toHaveAttribute('aria-expanded', 'true');
    await expect(page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'PRICING' })).toBeVisible();
    await expectNoSeriousA11yViolations(page, 'landing (phone, menu open)');
  });

  test('information and not-found pages', async ({ page }) => {
    for (const [path, name] of [
      ['/about', 'about'],
      ['/services', 'services'],
      ['/pricing', 'pricing'],
      ['/no/such/page', 'not-found'],
    ] as const) {
      await page.goto(path);
      await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
      await expectNoSeriousA11yViolations(page, name);
    }
  });

  test('sign-in, sign-up and OAuth pages, also with their error messages', async ({ page }) => {
    await page.goto('/login');
    await expect(page.getByRole('form', { name: 'Sign in' })).toBeVisible();
    await expectNoSeriousA11yViolations(page, 'login');
    await captureScreens(page, 'login');
    await page.getByRole('button', { name: 'Sign In', exact: true }).click();
    await expect(page.getByRole('alert')).toHaveCount(2);
    await expectNoSeriousA11yViolations(page, 'login with errors');

    await page.goto('/register');
    await expect(page.getByRole('form', { name: 'Create account' })).toBeVisible();
    await expectNoSeriousA11yViolations(page, 'register');
    await captureScreens(page, 'register');
    await page.getByRole('button', { name: 'Create Account', exact: true }).click();
    await expect(page.getByRole('alert')).toHaveCount(5);
    await expectNoSeriousA11yViolations(page, 'register with errors');

    await page.goto('/register/employee');
    await expect(page.getByRole('form', { name: 'Create account' })).toBeVisible();
    await expectNoSeriousA11yViolations(page, 'register/employee');

    await page.goto('/oauth/callback?error=Access%20denied');
    await expect(page.getByRole('alert')).toHaveText('Access denied');
    await expectNoSeriousA11yViolations(page, 'oauth callback error');
  });

  test('customer pages', async ({ page, request }) => {
    const { auth } = await registerViaApi(request, 'CUSTOMER');
    const technician = await registerTechnician(request, 'Kasun Silva', 'Engine');
    const corolla = uniquePlate();
    await addVehicleViaApi(request, auth, { plate: corolla, make: 'Toyota', model: 'Corolla', year: 2019 });
    const day = await freeDay(request);
    const assigned = await bookViaApi(request, auth, { plate: corolla, serviceType: 'FULL_SERVICE', date: day, slot: '10:00' });
    await assignViaApi(request, await adminSession(request), assigned, technician.auth.id);
    await setStatusViaApi(request, technician.auth, assigned, 'in_progress');
    await bookViaApi(request, auth, { serviceType: 'OIL_CHANGE', date: shiftDay(day, 1), slot: '09:00' });

    await seedSession(page, auth);
    await page.goto('/dashboard');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(/^Welcome, /);
    const rows = page.getByRole('region', { name: 'Service list' }).getByRole('button');
    await expect(rows).toHaveCount(2);
    await rows.filter({ hasText: corolla }).click();
    await page.getByRole('button', { name: 'Show Location' }).click();
    await expect(page.getByRole('region', { name: 'Service Details' }).locator('address')).toBeVisible();
    await expectAccessible(page, 'customer dashboard (details and location open)');
    await captureScreens(page, 'customer-dashboard');

    // The confirmation dialogs of a booking that has not started.
    await rows.filter({ hasNotText: corolla }).click();
    await page.getByRole('button', { name: 'Reschedule' }).click();
    await expect(page.getByRole('dialog', { name: 'Reschedule appointment' })).toBeVisible();
    await expectAccessible(page, 'customer dashboard, Reschedule open');
    await page.keyboard.press('Escape');
    await page.getByRole('button', { name: 'Cancel Appointment' }).click();
    await expect(page.getByRole('dialog', { name: 'Cancel this appointment?' })).toBeVisible();
    await expectAccessible(page, 'customer dashboard, Cancel Appointment open');
    await page.keyboard.press('Escape');
    await expect(page.getByRole('dialog')).toHaveCount(0);

    await page.goto('/dashboard/appointments');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Book an Appointment');
    await expect(page.getByLabel('Vehicle ID')).toHaveAccessibleDescription('Pick one of your vehicles or type a new number plate.');
    await expectAccessible(page, 'booking form');
    await captureScreens(page, 'booking');
    await page.getByLabel('Vehicle ID').fill(uniquePlate());
    await page.getByLabel('Service Type').selectOption({ label: 'Full Service' });
    await page.getByLabel('Service Date').fill(ownDay());
    await page.getByLabel('Time Slot').selectOption({ label: '09:00-10:00 AM' });
    await page.getByRole('button', { name: 'Book Appointment', exact: true }).click();
    await expect(page.getByRole('heading', { name: 'Appointment Booked' })).toBeVisible();
    await expect(page.getByText('Full Service', { exact: true })).toBeVisible();
    await expectAccessible(page, 'booking confirmation');
    await captureScreens(page, 'booking-confirmation');

    await page.goto('/complete-profile');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Complete your profile');
    await page.getByLabel('Phone Number').fill('');
    await page.getByRole('button', { name: 'Complete Profile' }).click();
    await expect(page.getByRole('alert')).toHaveText('Phone number is required');
    await expectAccessible(page, 'complete profile (with error)');

    await page.goto('/admin/dashboard');
    await expect(page.getByRole('heading', { name: 'Access Denied' })).toBeVisible();
    await expectAccessible(page, 'access denied');

    // The customer's /reports is their service history; reports.spec.ts runs axe on it with jobs listed.
    await page.goto('/reports');
    await expect(page.getByRole('heading', { level: 1, name: 'Service history' })).toBeVisible();
    await expectAccessible(page, 'reports');
  });

  test('technician pages, with each panel open', async ({ page, request }) => {
    const technician = await registerTechnician(request, 'Tara Wijesinghe', 'Engine');
    const customer = await registerViaApi(request, 'CUSTOMER', { fullName: 'Dilan Wickramasinghe' });
    const admin = await adminSession(request);
    const [prius, mazda] = [uniquePlate(), uniquePlate()];
    await addVehicleViaApi(request, customer.auth, { plate: prius, make: 'Toyota', model: 'Prius' });
    await addVehicleViaApi(request, customer.auth, { plate: mazda, make: 'Mazda', model: '3' });
    const day = await freeDay(request);
    const first = await bookViaApi(request, customer.auth, { plate: prius, date: day, slot: '09:00' });
    const second = await bookViaApi(request, customer.auth, { plate: mazda, serviceType: 'BRAKE_INSPECTION', date: day, slot: '10:00' });
    await assignViaApi(request, admin, first, technician.auth.id);
    await assignViaApi(request, admin, second, technician.auth.id);
    await setStatusViaApi(request, technician.auth, second, 'in_progress');
    await logTimeViaApi(request, technician.auth, { appointmentId: second.id, date: dayFromToday(0), startTime: '08:00', endTime: '09:30', description: 'Inspected the brakes' });

    await seedSession(page, technician.auth);
    await page.goto('/dashboard');
    await expect(page.getByRole('grid', { name: 'Monthly Work Summary' })).toBeVisible();
    const jobs = page.getByRole('region', { name: 'Assigned services list' }).getByRole('article');
    await expect(jobs).toHaveCount(2);
    await expect(page.getByRole('region', { name: /^Logs for / }).getByRole('article')).toContainText('Inspected the brakes');
    await expectAccessible(page, 'employee dashboard');
    await captureScreens(page, 'employee-dashboard');

    const inProgress = jobs.filter({ hasText: 'In Progress' });
    await inProgress.getByRole('button', { name: 'Update Status' }).click();
    await expect(page.getByRole('dialog', { name: 'Update Status' }).getByLabel('Stage')).toBeVisible();
    await expectAccessible(page, 'employee dashboard, Update Status open');
    await page.keyboard.press('Escape');
    await expect(page.getByRole('dialog')).toHaveCount(0);
    await expect(inProgress.getByRole('button', { name: 'Update Status' })).toBeFocused();

    await inProgress.getByRole('button', { name: 'Log Time' }).click();
    await expect(page.getByRole('dialog', { name: 'Log Time' })).toBeVisible();
    await expectAccessible(page, 'employee dashboard, Log Time open');
    await captureScreens(page, 'employee-log-time');
    await page.keyboard.press('Escape');
    await expect(page.getByRole('dialog')).toHaveCount(0);

    await page.getByRole('button', { name: 'Edit' }).click();
    await expect(page.getByRole('dialog', { name: 'Log Time' })).toHaveAccessibleDescription(/^Editing a saved entry/);
    await expectAccessible(page, 'employee dashboard, editing a log');
    await page.keyboard.press('Escape');

    await page.goto('/dashboard/appointments');
    await expect(page.getByRole('heading', { name: 'Access Denied' })).toBeVisible();
    await expectAccessible(page, 'access denied (within the dashboard)');
  });

  test('admin dashboard, with the assign modal open', async ({ page, request }) => {
    const day = await freeDay(request);
    const tag = uniqueTag();
    const technician = await registerTechnician(request, `Kasun Silva ${tag}`, 'Engine');
    await registerTechnician(request, `Nimal Perera ${tag}`, 'Diagnostics');
    const customer = await registerViaApi(request, 'CUSTOMER', { fullName: 'Ayesha Fernando' });
    const camry = uniquePlate();
    await addVehicleViaApi(request, customer.auth, { plate: camry, make: 'Toyota', model: 'Camry', year: 2020 });
    await bookViaApi(request, customer.auth, { plate: camry, date: day, slot: '09:00' });
    const [civic, leaf] = [uniquePlate(), uniquePlate()];
    await addVehicleViaApi(request, customer.auth, { plate: civic, make: 'Honda', model: 'Civic', year: 2018 });
    await addVehicleViaApi(request, customer.auth, { plate: leaf, make: 'Nissan', model: 'Leaf', year: 2022 });
    const admin = await adminSession(request);
    // Kasun's upcoming job is at the Camry's time: in the Camry's dialog he is busy (a disabled Assign).
    const upcoming = await bookViaApi(request, customer.auth, { plate: civic, date: day, slot: '09:00' });
    const ongoing = await bookViaApi(request, customer.auth, { plate: leaf, serviceType: 'FULL_SERVICE', date: day, slot: '11:00' });
    await assignViaApi(request, admin, upcoming, technician.auth.id);
    await assignViaApi(request, admin, ongoing, technician.auth.id);
    await setStatusViaApi(request, technician.auth, ongoing, 'in_progress');

    await signInViaUi(page, ADMIN.email, ADMIN.password, /\/admin\/dashboard$/);
    await expect(page.getByRole('region', { name: 'Awaiting Assignment' })).toBeVisible();
    await page.getByLabel('Day', { exact: true }).fill(day);
    for (const title of ['Upcoming Services', 'Ongoing Services', 'Awaiting Assignment']) {
      await expect(page.getByRole('region', { name: title }).getByRole('article')).toHaveCount(1);
    }
    await expect(page.getByRole('progressbar')).toBeVisible();
    await expectAccessible(page, 'admin dashboard');
    await captureScreens(page, 'admin-dashboard');

    await page.getByRole('region', { name: 'Awaiting Assignment' }).getByRole('button', { name: 'Assign Employee' }).click();
    const dialog = page.getByRole('dialog', { name: `Assign Employee to Toyota Camry (${camry})` });
    await dialog.getByRole('searchbox', { name: 'Search employees' }).fill(tag);
    const assignButtons = dialog.getByRole('list', { name: 'Employees' }).getByRole('button', { name: 'Assign' });
    await expect(assignButtons).toHaveCount(2);
    await expect(assignButtons.and(page.locator(':disabled'))).toHaveCount(1);
    await expectAccessible(page, 'admin dashboard, assign modal open');
    await captureScreens(page, 'admin-assign-modal');
    await dialog.getByRole('searchbox', { name: 'Search employees' }).fill(`nobody ${tag}`);
    await expect(dialog.getByText('No employees found', { exact: true })).toBeVisible();
    await expectAccessible(page, 'admin dashboard, assign modal with no match');
  });

  test('admin Inventory, Notifications, Analytics and Reports', async ({ page }) => {
    await signInViaUi(page, ADMIN.email, ADMIN.password, /\/admin\/dashboard$/);
    await page.goto('/admin/inventory');
    await expect(page.getByRole('heading', { level: 1, name: 'Inventory' })).toBeVisible();
    await expect(page.getByRole('combobox', { name: 'Centre' })).toBeVisible();
    await expectAccessible(page, 'admin inventory');
    await page.getByRole('button', { name: 'Add part' }).click();
    await expect(page.getByRole('dialog', { name: 'New part' })).toBeVisible();
    await expectAccessible(page, 'admin inventory, new part dialog');
    await page.keyboard.press('Escape');
    // A real page (test/e2e/notifications.spec.ts checks it with notifications in it and the bell open).
    await page.goto('/admin/notifications');
    await expect(page.getByRole('heading', { level: 1, name: 'Notifications' })).toBeVisible();
    await expect(page.getByRole('checkbox', { name: 'Email me these notifications' })).toBeEnabled();
    await expectAccessible(page, 'admin notifications');
    await page.goto('/admin/analytics');
    await expect(page.getByRole('heading', { level: 1, name: 'Analytics' })).toBeVisible();
    await expect(page.getByRole('button', { name: 'Export CSV' })).toBeVisible();
    await expectAccessible(page, 'admin analytics');
    await page.goto('/reports');
    await expect(page.getByRole('heading', { level: 1, name: 'Analytics' })).toBeVisible();
    await expect(page.getByRole('navigation', { name: 'Admin' })).toBeVisible();
    await expectAccessible(page, 'reports (admin)');
  });

  test('technician awaiting approval', async ({ page, request }) => {
    const technician = await registerTechnician(request, `Waiting Technician ${uniqueTag()}`, 'Engine', { approved: false });
    await seedSession(page, technician.auth);
    await page.goto('/dashboard');
    await expect(page.getByRole('status', { name: 'Your account is awaiting approval' })).toBeVisible();
    await expectAccessible(page, 'employee dashboard, awaiting approval');
    await captureScreens(page, 'employee-awaiting-approval');
  });

  test('admin Staff page: the list, the Deactivate confirmation and a refusal beside the row, desktop and phone', async ({ page, request }) => {
    const tag = uniqueTag();
    const pendingName = `Pending Staff ${tag}`;
    const busyName = `Busy Staff ${tag}`;
    await registerTechnician(request, pendingName, 'Diagnostics', { approved: false });
    const busy = await registerTechnician(request, busyName, 'Engine');
    const customer = await registerViaApi(request, 'CUSTOMER', { fullName: 'Ayesha Fernando' });
    const job = await bookViaApi(request, customer.auth, { date: await freeDay(request), slot: '09:00' });
    await assignViaApi(request, await adminSession(request), job, busy.auth.id);
    await setStatusViaApi(request, busy.auth, job, 'in_progress');

    await signInViaUi(page, ADMIN.email, ADMIN.password, /\/admin\/dashboard$/);
    await page.goto('/admin/staff');
    await expect(page.getByRole('heading', { level: 1, name: 'Staff' })).toBeVisible();
    await expect(page.getByRole('button', { name: `Approve ${pendingName}` })).toBeVisible();
    await expectAccessible(page, 'admin staff');
    await captureScreens(page, 'admin-staff');

    await page.getByRole('button', { name: `Deactivate ${busyName}` }).click();
    const dialog = page.getByRole('dialog', { name: `Deactivate ${busyName}?` });
    await expect(dialog).toBeVisible();
    await expectAccessible(page, 'admin staff, Deactivate confirmation open');
    await dialog.getByRole('button', { name: 'Confirm Deactivation' }).click();
    const row = page.getByRole('row').filter({ has: page.getByRole('rowheader', { name: new RegExp(`^${busyName}`) }) });
    await expect(row.getByRole('alert')).toHaveText(`${busyName} has 1 job in progress. Complete it before deactivating.`);
    await expectAccessible(page, 'admin staff, a refusal beside a row');

    await page.setViewportSize(VIEWPORTS.phone);
    await expect(page.getByRole('button', { name: `Approve ${pendingName}` })).toBeVisible();
    await expectAccessible(page, 'admin staff (phone)');
  });
});

test.describe('keyboard only', () => {
  test('sign in: Tab to Email, type, Tab to Password, Enter submits', async ({ page, request }) => {
    const { user } = await registerViaApi(request, 'CUSTOMER');
    await page.goto('/login');
    const form = page.getByRole('form', { name: 'Sign in' });
    await tabTo(page, form.getByLabel('Email', { exact: true }), 10);
    await page.keyboard.type(user.email);
    await page.keyboard.press('Tab');
    await expect(form.getByLabel('Password', { exact: true })).toBeFocused();
    await page.keyboard.type(user.password);
    await page.keyboard.press('Enter');
    await expect(page).toHaveURL('/dashboard');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(`Welcome, ${user.fullName}`);
  });

  test('assign modal: open with Enter, search, Tab to Assign, Enter; focus comes back; Escape closes', async ({ page, request }) => {
    const day = await freeDay(request);
    const tag = uniqueTag();
    const ruwan = `Ruwan Fernando ${tag}`;
    await registerTechnician(request, ruwan, 'Diagnostics');
    const customer = await registerViaApi(request, 'CUSTOMER', { fullName: 'Ayesha Fernando' });
    const camry = uniquePlate();
    await addVehicleViaApi(request, customer.auth, { plate: camry, make: 'Toyota', model: 'Camry' });
    await bookViaApi(request, customer.auth, { plate: camry, date: day, slot: '09:00' });
    await bookViaApi(request, customer.auth, { date: day, slot: '10:00' });

    await signInViaUi(page, ADMIN.email, ADMIN.password, /\/admin\/dashboard$/);
    await page.getByLabel('Day', { exact: true }).fill(day);
    const awaiting = page.getByRole('region', { name: 'Awaiting Assignment' });
    const upcoming = page.getByRole('region', { name: 'Upcoming Services' });
    await expect(awaiting.getByRole('article')).toHaveCount(2);
    const firstAssign = awaiting.getByRole('article', { name: 'Toyota Camry' }).getByRole('button', { name: 'Assign Employee' });
    await page.getByRole('heading', { level: 1 }).focus();
    await tabTo(page, firstAssign);
    await page.keyboard.press('Enter');

    const dialog = page.getByRole('dialog', { name: `Assign Employee to Toyota Camry (${camry})` });
    await expect(dialog).toBeVisible();
    const search = dialog.getByRole('searchbox', { name: 'Search employees' });
    await expect(search).toBeFocused();
    // Focus stays inside the dialog (Shift+Tab wraps round).
    for (let i = 0; i < 3; i += 1) {
      await page.keyboard.press('Shift+Tab');
      expect(await dialog.evaluate((el) => el.contains(document.activeElement))).toBe(true);
    }
    await search.focus();
    await page.keyboard.type(ruwan);
    await expect(dialog.getByRole('list', { name: 'Employees' }).getByRole('listitem').filter({ has: page.getByRole('button') })).toHaveCount(1);
    await page.keyboard.press('Tab');
    await expect(dialog.getByRole('button', { name: 'Assign', exact: true })).toBeFocused();
    await page.keyboard.press('Enter');

    await expect(dialog).toHaveCount(0);
    await expect(upcoming.getByRole('article', { name: 'Toyota Camry' })).toContainText(ruwan);
    // The Camry's button is gone: focus lands on the next Assign Employee button, not on <body>.
    const nextAssign = awaiting.getByRole('button', { name: 'Assign Employee' });
    await expect(nextAssign).toHaveCount(1);
    await expect(nextAssign).toBeFocused();

    await page.keyboard.press('Enter');
    await expect(page.getByRole('dialog')).toBeVisible();
    // Ruwan now works at 09:00 that day, not at 10:00: still free for this one.
    await page.keyboard.type(ruwan);
    await expect(page.getByRole('dialog').getByRole('button', { name: 'Assign', exact: true })).toBeEnabled();
    await page.keyboard.press('Escape');
    await expect(page.getByRole('dialog')).toHaveCount(0);
    await expect(nextAssign).toBeFocused();
  });
});

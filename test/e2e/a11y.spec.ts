import type { Locator, Page } from '@playwright/test';
import { expectNoSeriousA11yViolations } from './support/a11y';
import { registerViaApi } from './support/api';
import { ADMIN } from './support/constants';
import { expect, test } from './support/fixtures';
import { captureScreens, VIEWPORTS } from './support/screenshots';
import { seedSession, signInViaUi } from './support/session';

/** Presses Tab until `target` has focus (keyboard only); fails after `max` presses. */
async function tabTo(page: Page, target: Locator, max = 40): Promise<number> {
  for (let presses = 1; presses <= max; presses += 1) {
    await page.keyboard.press('Tab');
    if (await target.evaluate((el) => el === document.activeElement)) return presses;
  }
  throw new Error(`${target} not reached with ${max} presses of Tab`);
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
    await seedSession(page, auth);
    await page.goto('/dashboard');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(/^Welcome, /);
    await page.getByRole('region', { name: 'Service list' }).getByRole('button').first().click();
    await page.getByRole('button', { name: 'Show Location' }).click();
    await expect(page.getByRole('img', { name: /Map placeholder/ })).toBeVisible();
    await expectNoSeriousA11yViolations(page, 'customer dashboard (details and location open)');
    await captureScreens(page, 'customer-dashboard');

    await page.goto('/dashboard/appointments');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Book an Appointment');
    await expectNoSeriousA11yViolations(page, 'booking form');
    await captureScreens(page, 'booking');
    await page.getByLabel('Vehicle ID').fill('CAB-0001');
    await page.getByLabel('Service Type').selectOption('Full Service');
    await page.getByLabel('Service Date').fill('2099-06-01');
    await page.getByLabel('Time Slot').selectOption('09:00-10:00 AM');
    await page.getByRole('button', { name: 'Book Appointment', exact: true }).click();
    await expect(page.getByRole('heading', { name: 'Appointment Booked' })).toBeVisible();
    await expectNoSeriousA11yViolations(page, 'booking confirmation');
    await captureScreens(page, 'booking-confirmation');

    await page.goto('/complete-profile');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Complete your profile');
    await page.getByLabel('Phone Number').fill('');
    await page.getByRole('button', { name: 'Complete Profile' }).click();
    await expect(page.getByRole('alert')).toHaveText('Phone number is required');
    await expectNoSeriousA11yViolations(page, 'complete profile (with error)');

    await page.goto('/admin/dashboard');
    await expect(page.getByRole('heading', { name: 'Access Denied' })).toBeVisible();
    await expectNoSeriousA11yViolations(page, 'access denied');

    await page.goto('/reports');
    await expect(page.getByRole('heading', { name: 'Reports' })).toBeVisible();
    await expectNoSeriousA11yViolations(page, 'reports');
  });

  test('technician pages, with each panel open', async ({ page, request }) => {
    const { auth } = await registerViaApi(request, 'EMPLOYEE');
    await seedSession(page, auth);
    await page.goto('/dashboard');
    await expect(page.getByRole('grid', { name: 'Monthly Work Summary' })).toBeVisible();
    await expectNoSeriousA11yViolations(page, 'employee dashboard');
    await captureScreens(page, 'employee-dashboard');

    const firstJob = page.getByRole('region', { name: 'Assigned services list' }).getByRole('article').first();
    await firstJob.getByRole('button', { name: 'Update Status' }).click();
    await expect(page.getByRole('dialog', { name: 'Update Status' })).toBeVisible();
    await expectNoSeriousA11yViolations(page, 'employee dashboard, Update Status open');
    await page.keyboard.press('Escape');
    await expect(page.getByRole('dialog')).toHaveCount(0);
    await expect(firstJob.getByRole('button', { name: 'Update Status' })).toBeFocused();

    await firstJob.getByRole('button', { name: 'Log Time' }).click();
    await expect(page.getByRole('dialog', { name: 'Log Time' })).toBeVisible();
    await expectNoSeriousA11yViolations(page, 'employee dashboard, Log Time open');
    await captureScreens(page, 'employee-log-time');
    await page.keyboard.press('Escape');

    await page.goto('/dashboard/appointments');
    await expect(page.getByRole('heading', { name: 'Access Denied' })).toBeVisible();
    await expectNoSeriousA11yViolations(page, 'access denied (within the dashboard)');
  });

  test('admin dashboard, with the assign modal open', async ({ page }) => {
    await signInViaUi(page, ADMIN.email, ADMIN.password, /\/admin\/dashboard$/);
    await expect(page.getByRole('region', { name: 'Awaiting Assignment' })).toBeVisible();
    await expectNoSeriousA11yViolations(page, 'admin dashboard');
    await captureScreens(page, 'admin-dashboard');

    await page.getByRole('button', { name: 'Assign Employee' }).first().click();
    await expect(page.getByRole('dialog')).toBeVisible();
    await expectNoSeriousA11yViolations(page, 'admin dashboard, assign modal open');
    await captureScreens(page, 'admin-assign-modal');
  });

  test('admin placeholder pages', async ({ page }) => {
    await signInViaUi(page, ADMIN.email, ADMIN.password, /\/admin\/dashboard$/);
    for (const name of ['analytics', 'inventory', 'notifications']) {
      await page.goto(`/admin/${name}`);
      await expect(page.getByText('This page is under construction.')).toBeVisible();
      await expectNoSeriousA11yViolations(page, `admin ${name}`);
    }
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

  test('assign modal: open with Enter, search, Tab to Assign, Enter; focus comes back; Escape closes', async ({ page }) => {
    await signInViaUi(page, ADMIN.email, ADMIN.password, /\/admin\/dashboard$/);
    const awaiting = page.getByRole('region', { name: 'Awaiting Assignment' });
    const upcoming = page.getByRole('region', { name: 'Upcoming Services' });
    const firstAssign = awaiting.getByRole('article', { name: 'Toyota Camry' }).getByRole('button', { name: 'Assign Employee' });
    await tabTo(page, firstAssign);
    await page.keyboard.press('Enter');

    const dialog = page.getByRole('dialog', { name: /^Assign Employee to Toyota Camry/ });
    await expect(dialog).toBeVisible();
    const search = dialog.getByRole('searchbox', { name: 'Search employees' });
    await expect(search).toBeFocused();
    // Focus stays inside the dialog (Shift+Tab wraps round).
    for (let i = 0; i < 3; i += 1) {
      await page.keyboard.press('Shift+Tab');
      expect(await dialog.evaluate((el) => el.contains(document.activeElement))).toBe(true);
    }
    await search.focus();
    await page.keyboard.type('Ruwan');
    await expect(dialog.getByRole('list', { name: 'Employees' }).getByRole('listitem').filter({ has: page.getByRole('button') })).toHaveCount(1);
    await page.keyboard.press('Tab');
    await expect(dialog.getByRole('button', { name: 'Assign', exact: true })).toBeFocused();
    await page.keyboard.press('Enter');

    await expect(dialog).toHaveCount(0);
    await expect(upcoming.getByRole('article', { name: 'Toyota Camry' })).toContainText('Ruwan Fernando');
    // The Camry's button is gone: focus lands on the next Assign Employee button, not on <body>.
    const nextAssign = awaiting.getByRole('button', { name: 'Assign Employee' }).first();
    await expect(nextAssign).toBeFocused();

    await page.keyboard.press('Enter');
    await expect(page.getByRole('dialog')).toBeVisible();
    await page.keyboard.press('Escape');
    await expect(page.getByRole('dialog')).toHaveCount(0);
    await expect(nextAssign).toBeFocused();
  });
});

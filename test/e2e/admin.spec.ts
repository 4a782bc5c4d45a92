import type { Page } from '@playwright/test';
import { ADMIN } from './support/constants';
import { expect, test } from './support/fixtures';
import { signInViaUi } from './support/session';

function column(page: Page, title: 'Upcoming Services' | 'Ongoing Services' | 'Awaiting Assignment') {
  return page.getByRole('region', { name: title, exact: true });
}

function employeeRow(page: Page, name: string) {
  return page.getByRole('dialog').getByRole('list', { name: 'Employees' }).getByRole('listitem').filter({ hasText: name });
}

test.describe('admin', () => {
  test('dashboard: columns, assign-employee modal with search, assignment persists', async ({ page }) => {
    // The bootstrapped admin signs in through the UI; /dashboard sends ADMIN on to /admin/dashboard.
    await signInViaUi(page, ADMIN.email, ADMIN.password, /\/admin\/dashboard$/);
    await page.goto('/dashboard');
    await expect(page).toHaveURL('/admin/dashboard');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Admin Dashboard');
    await expect(page.locator('header time')).toHaveText('October 25, 2025');

    const upcoming = column(page, 'Upcoming Services');
    const ongoing = column(page, 'Ongoing Services');
    const awaiting = column(page, 'Awaiting Assignment');
    await expect(upcoming.getByRole('article')).toHaveCount(3);
    await expect(ongoing.getByRole('article')).toHaveCount(3);
    await expect(awaiting.getByRole('article')).toHaveCount(3);
    // Ongoing cards carry a progress bar and the estimated minutes.
    for (const card of await ongoing.getByRole('article').all()) {
      await expect(card.getByRole('progressbar')).toBeVisible();
      await expect(card).toContainText(/\d+ minutes/);
    }
    await expect(awaiting.getByRole('button', { name: 'Assign Employee' })).toHaveCount(3);

    // Open the modal for the Toyota Camry.
    const camry = awaiting.getByRole('article', { name: 'Toyota Camry' });
    await expect(camry).toContainText('PENDING');
    await camry.getByRole('button', { name: 'Assign Employee' }).click();
    const dialog = page.getByRole('dialog', { name: /^Assign Employee to Toyota Camry \(CAB-1234\)/ });
    await expect(dialog).toBeVisible();
    const search = dialog.getByRole('searchbox', { name: 'Search employees' });
    await expect(search).toBeFocused();
    const rows = dialog.getByRole('list', { name: 'Employees' }).getByRole('listitem').filter({ has: page.getByRole('button') });
    await expect(rows).toHaveCount(7);

    // Busy employees cannot be assigned.
    await expect(employeeRow(page, 'Kasun Silva').getByRole('button', { name: 'Assign' })).toBeDisabled();
    await expect(employeeRow(page, 'Tharindu Wickramasinghe').getByRole('button', { name: 'Assign' })).toBeDisabled();
    await expect(employeeRow(page, 'Nimal Perera').getByRole('button', { name: 'Assign' })).toBeEnabled();

    // Search by name, by specialization, and with no match.
    await search.fill('ruwan');
    await expect(rows).toHaveCount(1);
    await expect(rows).toContainText('Ruwan Fernando');
    await search.fill('Diagnostics');
    await expect(rows).toHaveCount(2);
    await expect(rows.nth(0)).toContainText('Tharindu Wickramasinghe');
    await expect(rows.nth(1)).toContainText('Chamari Rathnayake');
    await expect(employeeRow(page, 'Tharindu Wickramasinghe').getByRole('button', { name: 'Assign' })).toBeDisabled();
    await search.fill('zzz-nobody');
    await expect(dialog.getByText('No employees found', { exact: true })).toBeVisible();
    await expect(rows).toHaveCount(0);
    await search.fill('Transmission');
    await expect(rows).toHaveCount(1);
    await employeeRow(page, 'Dilani Jayasinghe').getByRole('button', { name: 'Assign' }).click();
    await expect(dialog).toHaveCount(0);

    // The card moved to Upcoming Services, confirmed, with its technician.
    await expect(awaiting.getByRole('article')).toHaveCount(2);
    await expect(awaiting.getByRole('article', { name: 'Toyota Camry' })).toHaveCount(0);
    const moved = upcoming.getByRole('article', { name: 'Toyota Camry' });
    await expect(moved).toContainText('CONFIRMED');
    await expect(moved).toContainText('Dilani Jayasinghe');
    await expect(upcoming.getByRole('article')).toHaveCount(4);
    await expect(page.getByRole('status').filter({ hasText: 'Assigned Dilani Jayasinghe' })).toBeVisible();

    // Survives a reload.
    await page.reload();
    await expect(upcoming.getByRole('article', { name: 'Toyota Camry' })).toContainText('Dilani Jayasinghe');
    await expect(awaiting.getByRole('article')).toHaveCount(2);
  });

  test('admin sub-routes: unknown → dashboard, placeholder pages', async ({ page }) => {
    await signInViaUi(page, ADMIN.email, ADMIN.password, /\/admin\/dashboard$/);
    await page.goto('/admin/unknown');
    await expect(page).toHaveURL('/admin/dashboard');
    await page.goto('/admin');
    await expect(page).toHaveURL('/admin/dashboard');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Admin Dashboard');

    const nav = page.getByRole('navigation', { name: 'Admin' });
    for (const name of ['Analytics', 'Inventory', 'Notifications']) {
      await nav.getByRole('link', { name, exact: true }).click();
      await expect(page).toHaveURL(`/admin/${name.toLowerCase()}`);
      await expect(page.getByRole('heading', { level: 1 })).toHaveText(name);
      await expect(page.getByText('This page is under construction.')).toBeVisible();
      const coming = page.getByRole('list', { name: 'Coming soon' });
      expect(await coming.getByRole('listitem').count()).toBeGreaterThan(0);
    }
    await page.getByRole('link', { name: 'Back to Dashboard' }).click();
    await expect(page).toHaveURL('/admin/dashboard');

    await nav.getByRole('button', { name: 'Logout' }).click();
    await expect(page).toHaveURL('/login');
  });
});

import type { Locator, Page } from '@playwright/test';
import { registerViaApi } from './support/api';
import { expectNoSeriousA11yViolations } from './support/a11y';
import { ADMIN } from './support/constants';
import { expect, test } from './support/fixtures';
import { seedSession, signInViaUi } from './support/session';
import { adminSession, assignViaApi, bookViaApi } from './support/shop';
import { freeDay, freshSession, registerTechnician, uniqueTag } from './support/shopSetup';

/**
 * The notifications bell for all three roles, against the real server: a change made by another
 * person raises the count on the open page (live), the panel lists it, marking it read lowers the count.
 */

const BELL = /^Notifications, \d+ unread$/;

function bell(page: Page): Locator {
  return page.getByRole('banner').getByRole('button', { name: BELL });
}

async function unreadOf(page: Page): Promise<number> {
  const name = (await bell(page).getAttribute('aria-label')) ?? '';
  return Number(/(\d+) unread/.exec(name)?.[1] ?? NaN);
}

function panel(page: Page): Locator {
  return page.getByRole('region', { name: 'Notifications', exact: true });
}

/** Resolves once the page's live stream has been answered. */
function streamOpened(page: Page) {
  return page.waitForResponse((response) => new URL(response.url()).pathname === '/api/events' && response.status() === 200);
}

/** Nothing on the page is wider than the screen (the panel included). */
async function expectNoOverflow(page: Page, what: string) {
  const widest = await page.evaluate(() => document.documentElement.scrollWidth);
  expect(widest, `${what}: page width`).toBeLessThanOrEqual(360);
  const box = await panel(page).boundingBox();
  expect(box, `${what}: panel shown`).not.toBeNull();
  expect(box!.x).toBeGreaterThanOrEqual(0);
  expect(box!.x + box!.width).toBeLessThanOrEqual(360);
}

test.describe('notifications bell', () => {
  test('customer: the technician being assigned raises the count live; the panel lists it; Mark as read lowers it; e-mail choice saved', async ({ page, request }) => {
    const { user, auth } = await registerViaApi(request, 'CUSTOMER');
    const technician = await registerTechnician(request, `Bell Tech ${uniqueTag()}`, 'Engine');
    const day = await freeDay(request);
    const job = await bookViaApi(request, auth, { date: day, slot: '10:00' });

    await seedSession(page, await freshSession(request, user));
    const opened = streamOpened(page);
    await page.goto('/dashboard');
    await expect(bell(page)).toHaveAccessibleName('Notifications, 0 unread'); // booking it themselves told them nothing
    await opened;

    await assignViaApi(request, await adminSession(request), job, technician.auth.id);
    await expect(bell(page)).toHaveAccessibleName('Notifications, 1 unread');
    // Announced politely beside the bell.
    await expect(page.getByRole('banner').getByRole('status').filter({ hasText: 'New notification: Technician assigned' })).toBeAttached();

    await bell(page).click();
    await expect(bell(page)).toHaveAttribute('aria-expanded', 'true');
    const item = panel(page).getByRole('listitem').filter({ hasText: job.vehicle.plate });
    await expect(item).toContainText('Technician assigned');
    await expect(item).toContainText(`${technician.user.fullName} will work on your`);
    await expect(item).toContainText('Unread');
    await expect(item.locator('time')).toHaveText('just now');
    await expect(item.locator('time')).toHaveAttribute('datetime', /^\d{4}-\d{2}-\d{2}T/);
    await expectNoSeriousA11yViolations(page, 'customer dashboard, notifications panel open');

    await item.getByRole('button', { name: 'Mark as read' }).click();
    await expect(bell(page)).toHaveAccessibleName('Notifications, 0 unread');
    await expect(item).not.toContainText('Unread');

    // The e-mail opt-out is stored on the profile.
    const email = panel(page).getByRole('checkbox', { name: 'Email me these notifications' });
    await expect(email).toBeChecked();
    await email.uncheck();
    await expect(panel(page).getByRole('status').filter({ hasText: 'E-mails turned off' })).toBeAttached();
    await page.keyboard.press('Escape');
    await expect(panel(page)).toHaveCount(0);
    await expect(bell(page)).toBeFocused();
    await page.reload();
    await bell(page).click();
    await expect(panel(page).getByRole('checkbox', { name: 'Email me these notifications' })).not.toBeChecked();
  });

  test('technician: a job assigned by the admin raises the count live; Mark all as read clears it', async ({ page, request }) => {
    const technician = await registerTechnician(request, `Bell Tech ${uniqueTag()}`, 'Brakes');
    const customer = await registerViaApi(request, 'CUSTOMER');
    const day = await freeDay(request);
    const job = await bookViaApi(request, customer.auth, { date: day, slot: '14:00' });

    await seedSession(page, await freshSession(request, technician.user));
    const opened = streamOpened(page);
    await page.goto('/dashboard');
    await expect(bell(page)).toHaveAccessibleName('Notifications, 0 unread');
    await opened;

    await assignViaApi(request, await adminSession(request), job, technician.auth.id);
    await expect(bell(page)).toHaveAccessibleName('Notifications, 1 unread');
    await bell(page).press('Enter');
    await expect(panel(page).getByRole('heading', { level: 2, name: 'Notifications' })).toBeFocused();
    await expect(panel(page).getByRole('listitem').filter({ hasText: job.vehicle.plate })).toContainText('New job assigned');
    await panel(page).getByRole('button', { name: 'Mark all as read' }).click();
    await expect(bell(page)).toHaveAccessibleName('Notifications, 0 unread');
    await expect(panel(page).getByText('Unread', { exact: true })).toHaveCount(0);
  });

  test('admin: a new booking raises the count live and is listed; Mark as read; the Notifications page; 360 px', async ({ page, request }) => {
    const day = await freeDay(request);
    const opened = streamOpened(page);
    await signInViaUi(page, ADMIN.email, ADMIN.password, /\/admin\/dashboard$/);
    await expect(bell(page)).toBeVisible();
    await opened;
    const before = await unreadOf(page);

    const customer = await registerViaApi(request, 'CUSTOMER');
    const booking = await bookViaApi(request, customer.auth, { date: day, slot: '15:00' });
    await expect.poll(() => unreadOf(page)).toBeGreaterThan(before);

    await bell(page).click();
    const item = panel(page).getByRole('listitem').filter({ hasText: booking.vehicle.plate });
    await expect(item).toContainText('New booking');
    await expect(item).toContainText(`${customer.user.fullName} booked`);
    await expect(item).toContainText('Unread');
    await expectNoSeriousA11yViolations(page, 'admin dashboard, notifications panel open');
    await item.getByRole('button', { name: 'Mark as read' }).click();
    await expect(item).not.toContainText('Unread');

    // The full page lists the same.
    await page.keyboard.press('Escape');
    await page.getByRole('navigation', { name: 'Admin' }).getByRole('link', { name: 'Notifications', exact: true }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Notifications' })).toBeVisible();
    const main = page.getByRole('main');
    await expect(main.getByRole('listitem').filter({ hasText: booking.vehicle.plate })).toContainText('New booking');
    await expect(main.getByRole('checkbox', { name: 'Email me these notifications' })).toBeEnabled();
    await expectNoSeriousA11yViolations(page, 'admin notifications page');

    // A phone: the panel fits 360 px.
    await page.setViewportSize({ width: 360, height: 740 });
    await bell(page).click();
    await expect(panel(page).getByRole('listitem').first()).toBeVisible();
    await expectNoOverflow(page, 'admin, 360 px, panel open');
    await expectNoSeriousA11yViolations(page, 'admin notifications page, 360 px, panel open');
  });

  test('customer at 360 px: the bell and its panel fit the screen', async ({ page, request }) => {
    const { user } = await registerViaApi(request, 'CUSTOMER');
    await page.setViewportSize({ width: 360, height: 740 });
    await seedSession(page, await freshSession(request, user));
    await page.goto('/dashboard');
    await bell(page).click();
    await expect(panel(page).getByText('No notifications yet')).toBeVisible();
    await expectNoOverflow(page, 'customer, 360 px, panel open');
  });
});

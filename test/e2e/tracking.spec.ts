import type { TrackingLink } from '@contract/tracking';
import { registerViaApi } from './support/api';
import { expectNoSeriousA11yViolations } from './support/a11y';
import { expect, test, watchBrowserErrors } from './support/fixtures';
import { seedSession } from './support/session';
import { adminSession, assignViaApi, bookViaApi, setStatusViaApi, uniquePlate } from './support/shop';
import { freeDay, freshSession, registerTechnician, setStageViaApi } from './support/shopSetup';

/**
 * The tracking link: the customer's job has a link; opened in a new, signed-out browser on a 360 px
 * phone, the page shows the job without any contact detail, and follows it live — a technician's change through
 * the API shows without a reload within 2 s.
 */
test('a signed-out phone follows the job through its tracking link, live', async ({ browser, request, page }) => {
  const { user: customerUser, auth: customer } = await registerViaApi(request, 'CUSTOMER', { fullName: 'Tracy Linkholder' });
  const { user: techUser, auth: technicianAuth } = await registerTechnician(request, 'Nimal Kumara Perera', 'Engine');
  const date = await freeDay(request);
  const plate = uniquePlate();
  const booked = await bookViaApi(request, customer, { plate, serviceType: 'OIL_CHANGE', date, slot: '10:00' });
  const job = await assignViaApi(request, await adminSession(request), booked, technicianAuth.id);

  // The customer sees the link in the job detail, with Copy link and Revoke link.
  await seedSession(page, customer);
  await page.goto('/dashboard');
  await page.getByRole('button', { name: new RegExp(plate) }).click();
  const panel = page.getByRole('region', { name: 'Tracking link' });
  const shown = panel.getByRole('link', { name: /\/track\/[A-Za-z0-9_-]{22}$/ });
  await expect(shown).toBeVisible();
  await expect(panel.getByRole('button', { name: 'Copy link' })).toBeVisible();
  await expect(panel.getByRole('button', { name: 'Revoke link' })).toBeVisible();
  const linkAnswer = await request.get(`/api/appointments/${job.id}/tracking-link`, { headers: { authorization: `Bearer ${customer.token}` } });
  const link = (await linkAnswer.json()) as TrackingLink;
  await expect(shown).toHaveAttribute('href', link.path);

  // A new browser context: no session, a 360 px phone.
  const visitor = await browser.newContext({ viewport: { width: 360, height: 740 } });
  const errors = watchBrowserErrors(visitor);
  try {
    const phone = await visitor.newPage();
    const documentAnswer = await phone.goto(link.path);
    expect(documentAnswer?.status()).toBe(200);
    await expect(phone.getByRole('heading', { level: 1, name: 'Track your service' })).toBeVisible();
    await expect(phone.getByText('Confirmed', { exact: true })).toBeVisible();
    await expect(phone.getByText(plate, { exact: true })).toBeVisible();
    await expect(phone.getByText('Nimal', { exact: true })).toBeVisible();
    const timeline = phone.getByRole('list', { name: 'Timeline' });
    await expect(timeline.getByRole('listitem')).toHaveText([/^Booked/, /^Technician assigned/]);
    const body = await phone.locator('body').innerText();
    for (const secret of [customerUser.email, customerUser.fullName, customerUser.phoneNumber, customerUser.address, 'Perera', techUser.email]) {
      expect(body).not.toContain(secret);
    }
    await expect(phone.locator('meta[name="robots"]')).toHaveAttribute('content', 'noindex, nofollow');
    expect(await phone.evaluate(() => localStorage.getItem('token'))).toBeNull();

    // The technician starts the job, then it waits for parts: the open page follows, without a reload.
    const technician = await freshSession(request, techUser);
    await expect(phone.getByText('Live updates paused — reconnecting…')).toHaveCount(0);
    await setStatusViaApi(request, technician, job, 'in_progress');
    await expect(phone.getByText('In Progress', { exact: true })).toBeVisible({ timeout: 2000 });
    await setStageViaApi(request, technician, job, 'AWAITING_PARTS');
    await expect(phone.getByText('In Progress · Awaiting Parts', { exact: true })).toBeVisible({ timeout: 2000 });
    await expect(timeline.getByRole('listitem').last()).toContainText('Awaiting Parts');
    await expect(phone.getByRole('status').filter({ hasText: 'Status changed: In Progress · Awaiting Parts' })).toHaveCount(1);

    // Phone layout: nothing wider than the screen.
    expect(await phone.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
    await expectNoSeriousA11yViolations(phone, 'the tracking page');

    // Revoked: the open page says the link is no longer found.
    const revoked = await request.post(`/api/appointments/${job.id}/tracking-link/revoke`, { headers: { authorization: `Bearer ${(await freshSession(request, customerUser)).token}` } });
    expect(revoked.status()).toBe(200);
    await expect(phone.getByRole('heading', { name: 'Tracking link not found' })).toBeVisible({ timeout: 5000 });
    errors.expectNone();
  } finally {
    await visitor.close();
  }
});

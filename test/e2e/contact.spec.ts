import type { Page } from '@playwright/test';
import { expectNoSeriousA11yViolations } from './support/a11y';
import { registerViaApi } from './support/api';
import { ADMIN, uniqueEmail } from './support/constants';
import { expect, test } from './support/fixtures';
import { captureScreens } from './support/screenshots';
import { seedSession, signInViaUi } from './support/session';

/**
 * Issue 17, the home page: a visitor's contact message reaches the admin's Messages page, where it is read and
 * marked read; a newsletter sign-up lands on the admin's list and can be removed; GET STARTED leads to
 * registration or, signed in, to the dashboard. The server is shared with the other tests: each test finds its
 * own message and address by a unique subject and e-mail. (Each contact or newsletter POST counts towards
 * CONTACT_MESSAGES_PER_IP_PER_HOUR, default 5, for 127.0.0.1: this file sends one of each.)
 */

const tag = () => `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`;

/**
 * `unread`: the test has an unread message of its own, so the link must name a count; otherwise another test may
 * have read every message meanwhile, and the link reads just "Messages".
 */
async function openMessagesAsAdmin(page: Page, { unread }: { unread: boolean }) {
  await signInViaUi(page, ADMIN.email, ADMIN.password, /\/admin\/dashboard$/);
  const nav = page.getByRole('navigation', { name: 'Admin' });
  // The link's text — and so its accessible name — carries the unread count.
  const link = nav.getByRole('link', { name: unread ? /^Messages \(\d+ unread\)$/ : /^Messages( \(\d+ unread\))?$/ });
  await expect(link).toBeVisible();
  await link.click();
  await expect(page).toHaveURL('/admin/messages');
  await expect(page.getByRole('heading', { level: 1, name: 'Messages' })).toBeVisible();
  return nav;
}

test.describe('contact', () => {
  test('a visitor sends a message; the admin reads it in /admin/messages and marks it read', async ({ page }) => {
    const subject = `Brakes squeal ${tag()}`;
    const email = uniqueEmail('visitor');
    await page.goto('/');
    const form = page.getByRole('form', { name: 'Contact form' });
    await form.getByLabel('Name', { exact: true }).fill('Vera Visitor');
    await form.getByLabel('Email', { exact: true }).fill(email);
    await form.getByLabel('Subject', { exact: true }).fill(subject);
    await form.getByLabel('Message', { exact: true }).fill('Can you look at my brakes on Friday?\nThey squeal when cold.');
    const stored = page.waitForResponse((r) => r.url().endsWith('/api/contact') && r.request().method() === 'POST');
    await form.getByRole('button', { name: "Let's Get Started" }).click();
    expect((await stored).status()).toBe(201);
    await expect(form.getByRole('status')).toHaveText("Message sent. We'll get back to you shortly.");
    for (const label of ['Name', 'Email', 'Subject', 'Message']) await expect(form.getByLabel(label, { exact: true })).toHaveValue('');

    const nav = await openMessagesAsAdmin(page, { unread: true });
    const unreadBefore = Number(/\((\d+) unread\)/.exec((await nav.getByRole('link', { name: /^Messages/ }).textContent()) ?? '')?.[1]);
    expect(unreadBefore).toBeGreaterThanOrEqual(1);

    const message = page.getByRole('article', { name: subject, exact: true });
    await expect(message).toBeVisible();
    await expect(message.getByText('Unread', { exact: true })).toBeVisible();
    await expect(message.getByText('Vera Visitor', { exact: true })).toBeVisible();
    await expect(message.getByRole('link', { name: email })).toHaveAttribute('href', `mailto:${email}`);
    await expect(message.getByText(/^Can you look at my brakes on Friday\?/)).toHaveText('Can you look at my brakes on Friday?\nThey squeal when cold.');
    await expect(message.getByText(/^Received /)).toBeVisible();

    await expectNoSeriousA11yViolations(page, '/admin/messages');
    await captureScreens(page, 'admin-messages');

    await message.getByRole('button', { name: `Mark as read: ${subject} from Vera Visitor` }).click();
    await expect(message.getByText('Unread', { exact: true })).toHaveCount(0);
    await expect(message.getByText(/^Read .* by Administrator$/)).toBeVisible();
    await expect(page.getByRole('status').filter({ hasText: `Marked as read: ${subject} from Vera Visitor.` })).toBeVisible();
    await expect(message.getByRole('heading', { level: 2, name: subject })).toBeFocused();

    // Stored: still read after a reload; the navigation's count went down by one (other tests may add messages
    // meanwhile, never read them).
    await page.reload();
    await expect(page.getByRole('article', { name: subject, exact: true }).getByText(/^Read .* by Administrator$/)).toBeVisible();
    const after = (await nav.getByRole('link', { name: /^Messages/ }).textContent()) ?? '';
    expect(after === 'Messages' ? 0 : Number(/\((\d+) unread\)/.exec(after)?.[1])).toBeLessThan(unreadBefore + 1);

    // Phone: the page fits a 360 px wide screen.
    await page.setViewportSize({ width: 360, height: 740 });
    await expect(page.getByRole('article', { name: subject, exact: true })).toBeVisible();
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
  });

  test('a visitor subscribes to the newsletter; the admin sees the address and removes it', async ({ page }) => {
    const email = uniqueEmail('reader');
    await page.goto('/');
    const newsletter = page.getByRole('form', { name: 'Newsletter' });
    await newsletter.getByLabel('Newsletter email address').fill(email);
    await newsletter.getByRole('button', { name: 'Subscribe' }).click();
    await expect(page.getByRole('contentinfo').getByRole('status')).toHaveText("Thanks — you're subscribed.");
    await expect(newsletter.getByLabel('Newsletter email address')).toHaveValue('');

    await openMessagesAsAdmin(page, { unread: false });
    await page.getByRole('tab', { name: 'Newsletter', exact: true }).click();
    const panel = page.getByRole('tabpanel', { name: 'Newsletter', exact: true });
    await expect(panel.getByText(/^\d+ subscribers?\./)).toBeVisible();
    // Addresses are stored lower-cased.
    await expect(panel.getByText(email.toLowerCase(), { exact: true })).toBeVisible();
    await expectNoSeriousA11yViolations(page, '/admin/messages, newsletter tab');

    await panel.getByRole('button', { name: `Remove ${email.toLowerCase()}` }).click();
    const dialog = page.getByRole('dialog', { name: `Remove ${email.toLowerCase()}?` });
    await dialog.getByRole('button', { name: 'Remove address' }).click();
    await expect(panel.getByText(`Removed ${email.toLowerCase()} from the newsletter.`)).toBeVisible();
    await expect(panel.getByText(email.toLowerCase(), { exact: true })).toHaveCount(0);
  });

  test('GET STARTED leads a visitor to registration and a signed-in customer to the dashboard; LEARN MORE to the services', async ({ page, request }) => {
    await page.goto('/');
    await page.getByRole('button', { name: 'LEARN MORE', exact: true }).click();
    await expect(page.getByRole('heading', { level: 2, name: 'Our Services' })).toBeFocused();
    await page.getByRole('link', { name: 'GET STARTED', exact: true }).click();
    await expect(page).toHaveURL('/register');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Create your account');

    const { auth } = await registerViaApi(request, 'CUSTOMER');
    await seedSession(page, auth);
    await page.goto('/');
    await page.getByRole('link', { name: 'GET STARTED', exact: true }).click();
    await expect(page).toHaveURL('/dashboard');
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  });
});

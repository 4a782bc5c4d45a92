import { ACCOUNT_MESSAGES } from '../../server/src/contract/accountMessages';
import { loginViaApi, registerViaApi } from './support/api';
import { TEST_PASSWORD } from './support/constants';
import { expect, test } from './support/fixtures';
import { waitForLink, waitForMail } from './support/mailbox';
import { seedSession, signInViaUi } from './support/session';

const NEW_PASSWORD = 'N3w-Passw0rd-after-reset';

test.describe('accounts: links e-mailed by the server, followed in the browser', () => {
  test('Forgot password? → the e-mailed link sets a new password: it signs in, the old one fails, the link works once', async ({ page, request }) => {
    const { user } = await registerViaApi(request, 'CUSTOMER');

    await page.goto('/login');
    await page.getByRole('link', { name: 'Forgot password?' }).click();
    await expect(page).toHaveURL('/forgot-password');
    await page.getByLabel('Email', { exact: true }).fill(user.email);
    await page.getByRole('button', { name: 'Send reset link' }).click();
    await expect(page.getByText(ACCOUNT_MESSAGES.resetSent)).toBeVisible();

    const { link } = await waitForLink(user.email, '/reset-password');
    await page.goto(link);
    // The token leaves the address bar at once.
    await expect(page).toHaveURL('/reset-password');
    await page.getByLabel('New password', { exact: true }).fill(NEW_PASSWORD);
    await page.getByLabel('Confirm Password', { exact: true }).fill(NEW_PASSWORD);
    await page.getByRole('button', { name: 'Set new password' }).click();
    await expect(page.getByText(ACCOUNT_MESSAGES.passwordReset)).toBeVisible();
    // The account is told.
    await waitForMail(user.email, /password/i);

    expect((await request.post('/api/auth/login', { data: { email: user.email, password: TEST_PASSWORD } })).status()).toBe(401);
    await page.goto('/login');
    await signInViaUi(page, user.email, NEW_PASSWORD);

    // The same link a second time.
    const again = await request.post('/api/account/password/reset', { data: { token: new URL(link).hash.slice('#token='.length), password: 'An0ther-passw0rd' } });
    expect(again.status()).toBe(400);
    expect(((await again.json()) as { message: string }).message).toBe(ACCOUNT_MESSAGES.linkInvalid);
  });

  test('a new account is asked to verify its address; the e-mailed link verifies it and the banner goes', async ({ page, request }) => {
    const { user, auth } = await registerViaApi(request, 'CUSTOMER');
    await seedSession(page, auth);
    await page.goto('/dashboard');
    const banner = page.getByRole('region', { name: 'Verify your e-mail address' });
    await expect(banner).toBeVisible();
    await expect(banner).toContainText(user.email);

    const { link } = await waitForLink(user.email, '/verify-email');
    await page.goto(link);
    await expect(page).toHaveURL('/verify-email');
    await expect(page.getByText(ACCOUNT_MESSAGES.emailVerified)).toBeVisible();
    await page.getByRole('link', { name: 'Go to your dashboard' }).click();
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(`Welcome, ${user.fullName}`);
    await expect(banner).toHaveCount(0);
  });

  test('changing the password on Account settings signs the other browser out', async ({ page, browser, request }) => {
    const { user } = await registerViaApi(request, 'CUSTOMER');
    const other = await browser.newContext();
    const otherPage = await other.newPage();
    await seedSession(otherPage, await loginViaApi(request, user.email, user.password));
    await otherPage.goto('/dashboard');
    await expect(otherPage.getByRole('heading', { level: 1 })).toHaveText(`Welcome, ${user.fullName}`);

    await page.goto('/login');
    await signInViaUi(page, user.email, user.password);
    await page.getByRole('link', { name: 'Account', exact: true }).click();
    await expect(page).toHaveURL('/account');
    const form = page.getByRole('region', { name: 'Change password' });
    await form.getByLabel('Current password', { exact: true }).fill(user.password);
    await form.getByLabel('New password', { exact: true }).fill(NEW_PASSWORD);
    await form.getByLabel('Confirm Password', { exact: true }).fill(NEW_PASSWORD);
    await form.getByRole('button', { name: 'Change password' }).click();
    await expect(page.getByText(ACCOUNT_MESSAGES.passwordChanged)).toBeVisible();

    // This browser stays signed in; the other one is sent to the sign-in page.
    await page.reload();
    await expect(page).toHaveURL('/account');
    await otherPage.reload();
    await expect(otherPage).toHaveURL('/login');
    await other.close();
  });
});

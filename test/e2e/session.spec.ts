import type { Page, Request, Response } from '@playwright/test';
import { logoutAllViaApi, registerViaApi } from './support/api';
import { expect, test } from './support/fixtures';
import { expiredTokenLike } from './support/jwt';
import { expectSignedOutStorage, openBlankSameOrigin, readAuthStorage, seedSession, submitSignIn } from './support/session';

const isApi = (method: string, path: string) => (r: Request) => r.method() === method && new URL(r.url()).pathname === path;

/** Records the refresh calls and the answers to one endpoint made by `page` from now on. */
function watch(page: Page, method: string, path: string) {
  const refreshes: Request[] = [];
  const answers: Response[] = [];
  page.on('request', (r) => {
    if (isApi('POST', '/api/auth/refresh-token')(r)) refreshes.push(r);
  });
  page.on('response', (r) => {
    if (isApi(method, path)(r.request())) answers.push(r);
  });
  return { refreshes, answers };
}

test.describe('session', () => {
  test('an expired access token at start is refreshed exactly once and the page loads', async ({ page, request }) => {
    const { user, auth } = await registerViaApi(request, 'CUSTOMER');
    const expired = await expiredTokenLike(auth.token);
    await seedSession(page, auth, expired);
    const seen = watch(page, 'GET', '/api/auth/profile');
    const refreshAnswer = page.waitForResponse((r) => isApi('POST', '/api/auth/refresh-token')(r.request()));
    await page.goto('/dashboard');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(`Welcome, ${user.fullName}`);

    const refreshed = (await (await refreshAnswer).json()) as { token: string; refreshToken: string };
    await expect.poll(() => seen.answers.map((r) => r.status())).toEqual([401, 200]);
    expect(seen.refreshes).toHaveLength(1);
    expect(seen.refreshes[0].postDataJSON()).toEqual({ refreshToken: auth.refreshToken });
    // The retried call carried the new token, which is now stored.
    expect(seen.answers[1].request().headers().authorization).toBe(`Bearer ${refreshed.token}`);
    const stored = await readAuthStorage(page);
    expect(stored.token).toBe(refreshed.token);
    expect(stored.refresh_token).toBe(refreshed.refreshToken);
    expect(stored.token).not.toBe(expired);
    await expect(page).toHaveURL('/dashboard');
  });

  test('a token that expires mid-session is refreshed once and the profile update succeeds', async ({ page, context, request }) => {
    const { auth } = await registerViaApi(request, 'CUSTOMER');
    await seedSession(page, auth);
    const startupCheck = page.waitForResponse((r) => isApi('GET', '/api/auth/profile')(r.request()));
    await page.goto('/complete-profile');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Complete your profile');
    expect((await startupCheck).status()).toBe(200);

    // Validation first: the phone number is required (spec §5) and its error clears as the user types.
    const phone = page.getByLabel('Phone Number', { exact: true });
    await phone.fill('');
    await page.getByRole('button', { name: 'Complete Profile' }).click();
    await expect(phone).toHaveAccessibleDescription('Phone number is required');
    await phone.fill('+94 71 000 1111');
    await expect(phone).not.toHaveAttribute('aria-invalid', 'true');

    // The access token expires while the page is open: another tab of this browser stores an expired token
    // for the same session, and this tab adopts it (cross-tab sync, architecture.md §3).
    const expired = await expiredTokenLike(auth.token);
    await page.evaluate(() => {
      const w = window as unknown as { __tokenWritten: Promise<void> };
      w.__tokenWritten = new Promise<void>((resolve) => window.addEventListener('storage', (e) => e.key === 'token' && resolve()));
    });
    const otherTab = await context.newPage();
    await openBlankSameOrigin(otherTab);
    await otherTab.evaluate((t) => localStorage.setItem('token', t), expired);
    await otherTab.close();
    await page.evaluate(() => (window as unknown as { __tokenWritten: Promise<void> }).__tokenWritten);

    const seen = watch(page, 'PUT', '/api/auth/update-profile');
    await page.getByLabel('Address', { exact: true }).fill('7 Lake Drive, Kandy');
    await page.getByRole('button', { name: 'Complete Profile' }).click();
    await expect(page).toHaveURL('/dashboard');
    expect(seen.answers.map((r) => r.status())).toEqual([401, 200]);
    expect(seen.answers[0].request().headers().authorization).toBe(`Bearer ${expired}`);
    expect(seen.answers[1].request().postDataJSON()).toEqual({ phoneNumber: '+94 71 000 1111', address: '7 Lake Drive, Kandy', role: 'CUSTOMER' });
    expect(seen.refreshes).toHaveLength(1);

    const stored = await readAuthStorage(page);
    expect(stored.token).not.toBe(expired);
    expect(stored.token).not.toBe(auth.token);
    expect(JSON.parse(stored.user ?? '{}')).toMatchObject({ phoneNumber: '+94 71 000 1111', address: '7 Lake Drive, Kandy', roles: ['CUSTOMER'] });
    // The server kept it, and the stored token is a working one.
    const profile = await request.get('/api/auth/profile', { headers: { Authorization: `Bearer ${stored.token}` } });
    expect(profile.status()).toBe(200);
    expect(await profile.json()).toMatchObject({ phoneNumber: '+94 71 000 1111', address: '7 Lake Drive, Kandy' });
  });

  test('a session revoked elsewhere (logout-all) ends on /login with storage cleared', async ({ page, request }) => {
    const { user, auth } = await registerViaApi(request, 'CUSTOMER');
    await seedSession(page, auth);
    await page.goto('/dashboard');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(`Welcome, ${user.fullName}`);

    await logoutAllViaApi(request, auth.token);
    await page.reload();
    await expect(page).toHaveURL('/login');
    await expectSignedOutStorage(page);
    await expect(page.getByRole('form', { name: 'Sign in' })).toBeVisible();
    // The revoked refresh token is refused by the server as well.
    const refresh = await request.post('/api/auth/refresh-token', { data: { refreshToken: auth.refreshToken } });
    expect(refresh.status()).toBe(401);
  });

  test('corrupt stored user data gives a clean signed-out state', async ({ page }) => {
    await openBlankSameOrigin(page);
    await page.evaluate(() => {
      localStorage.setItem('token', 'some-token');
      localStorage.setItem('refresh_token', 'some-refresh-token');
      localStorage.setItem('user', '{not json');
    });
    await page.goto('/dashboard');
    await expect(page).toHaveURL('/login');
    await expect(page.getByRole('form', { name: 'Sign in' })).toBeVisible();
    await expectSignedOutStorage(page);
    // Still signed out after a reload (nothing half-restored).
    await page.goto('/dashboard');
    await expect(page).toHaveURL('/login');
  });

  test('logging out in one tab logs out the other', async ({ page, context, request }) => {
    const { user, auth } = await registerViaApi(request, 'CUSTOMER');
    await seedSession(page, auth);
    const other = await context.newPage();
    for (const p of [page, other]) {
      await p.goto('/dashboard');
      await expect(p.getByRole('heading', { level: 1 })).toHaveText(`Welcome, ${user.fullName}`);
    }
    await page.getByRole('navigation', { name: 'Dashboard' }).getByRole('button', { name: 'Logout' }).click();
    await expect(page).toHaveURL('/login');
    await expect(other).toHaveURL('/login');
    await expect(other.getByRole('form', { name: 'Sign in' })).toBeVisible();
    await expectSignedOutStorage(other);
  });

  test('on a shared computer, the next person to sign in starts on their own dashboard, not the last page of the one before', async ({ page, context, request }) => {
    const { auth } = await registerViaApi(request, 'CUSTOMER');
    const technician = await registerViaApi(request, 'EMPLOYEE', { fullName: 'Nadia Next' });
    await seedSession(page, auth);
    const other = await context.newPage();
    await other.goto('/dashboard/appointments');
    await expect(other.getByRole('heading', { level: 1 })).toHaveText('Book an Appointment');
    await page.goto('/dashboard');
    await page.getByRole('navigation', { name: 'Dashboard' }).getByRole('button', { name: 'Logout' }).click();
    // The other tab was on the customer's booking page when the session ended there.
    await expect(other).toHaveURL('/login');
    await submitSignIn(other, technician.user.email, technician.user.password);
    await expect(other).toHaveURL('/dashboard');
    await expect(other.getByRole('heading', { level: 1 })).toHaveText('Welcome back, Nadia');
    await expect(other.getByText('Access Denied')).toHaveCount(0);
  });

  test('the API being down shows the network message on sign-in', async ({ page, browserErrors }) => {
    browserErrors.allow(/^Failed to load resource: net::ERR_FAILED/);
    await page.route('**/api/**', (route) => route.abort());
    await page.goto('/login');
    await submitSignIn(page, 'someone@e2e.test', 'Whatever-Passw0rd');
    await expect(page.getByRole('form', { name: 'Sign in' }).getByRole('alert')).toHaveText('Network error. Please check your connection.');
    await expect(page).toHaveURL('/login');
  });
});

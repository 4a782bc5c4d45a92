import { registerViaApi } from './support/api';
import { expect, test } from './support/fixtures';
import { seedSession } from './support/session';

test.describe('role guards', () => {
  test('a customer on the admin area sees Access Denied; Go Back returns', async ({ page, request }) => {
    const { auth } = await registerViaApi(request, 'CUSTOMER');
    await seedSession(page, auth);
    await page.goto('/dashboard');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(/^Welcome, /);
    await page.goto('/admin/dashboard');
    await expect(page).toHaveURL('/admin/dashboard');
    await expect(page.getByRole('heading', { name: 'Access Denied' })).toBeVisible();
    await expect(page.getByText('This page requires ADMIN access.', { exact: true })).toBeVisible();
    await expect(page.getByRole('heading', { name: 'Admin Dashboard' })).toHaveCount(0);
    await page.getByRole('button', { name: 'Go Back' }).click();
    await expect(page).toHaveURL('/dashboard');
  });

  test('a technician on the booking page sees Access Denied for CUSTOMER', async ({ page, request }) => {
    const { auth } = await registerViaApi(request, 'EMPLOYEE');
    await seedSession(page, auth);
    await page.goto('/dashboard/appointments');
    await expect(page.getByRole('heading', { name: 'Access Denied' })).toBeVisible();
    await expect(page.getByText('This page requires CUSTOMER access.', { exact: true })).toBeVisible();
    await expect(page.getByLabel('Vehicle ID')).toHaveCount(0);
    // The technician keeps the dashboard navigation (Dashboard, Logout).
    await expect(page.getByRole('navigation', { name: 'Dashboard' }).getByRole('button', { name: 'Logout' })).toBeVisible();
  });

  test('/reports shows each role its own view in its own frame and sends a visitor to /login', async ({ page, request }) => {
    await page.goto('/reports');
    await expect(page).toHaveURL('/login');

    const technician = await registerViaApi(request, 'EMPLOYEE');
    await seedSession(page, technician.auth);
    await page.goto('/reports');
    await expect(page.getByRole('heading', { level: 1, name: 'My hours' })).toBeVisible();
    await expect(page.getByText('Your account is awaiting approval', { exact: false })).toBeVisible();
    const nav = page.getByRole('navigation', { name: 'Dashboard' });
    await expect(nav.getByRole('link', { name: 'Reports' })).toHaveAttribute('aria-current', 'page');

    const customer = await registerViaApi(request, 'CUSTOMER');
    await seedSession(page, customer.auth);
    await page.goto('/reports');
    await expect(page.getByRole('heading', { level: 1, name: 'Service history' })).toBeVisible();
    await expect(page.getByRole('navigation', { name: 'Dashboard' }).getByRole('link', { name: 'Appointments' })).toBeVisible();
  });

  test('a signed-out visitor is sent to /login from every signed-in area', async ({ page }) => {
    for (const path of ['/dashboard', '/dashboard/appointments', '/admin/dashboard', '/complete-profile']) {
      await page.goto(path);
      await expect(page).toHaveURL('/login');
      await expect(page.getByRole('form', { name: 'Sign in' })).toBeVisible();
    }
  });

  test('a signed-in technician visiting login or register goes to /dashboard', async ({ page, request }) => {
    const { auth } = await registerViaApi(request, 'EMPLOYEE', { fullName: 'Ishan Perera' });
    await seedSession(page, auth);
    for (const path of ['/login', '/register', '/register/employee']) {
      await page.goto(path);
      await expect(page).toHaveURL('/dashboard');
      await expect(page.getByRole('heading', { level: 1 })).toHaveText('Welcome back, Ishan');
    }
  });

  test('a role the app does not know shows Access Error on /dashboard', async ({ page, request }) => {
    const { auth } = await registerViaApi(request, 'CUSTOMER');
    await seedSession(page, auth);
    // Another backend honouring the contract could send a role this SPA does not know: the real profile
    // answer with its roles replaced.
    await page.route('**/api/auth/profile', async (route) => {
      const response = await route.fetch();
      await route.fulfill({ response, json: { ...(await response.json()), roles: ['MECHANIC'], role: 'MECHANIC' } });
    });
    await page.goto('/dashboard');
    await expect(page.getByRole('heading', { name: 'Access Error' })).toBeVisible();
    await expect(page.getByText('Unable to determine your dashboard. Please contact support.', { exact: true })).toBeVisible();
  });
});

import type { Locator, Page } from '@playwright/test';
import { newTestUser, registerViaApi } from './support/api';
import { expect, test } from './support/fixtures';
import { readAuthStorage, seedSession, signInViaUi, submitSignIn } from './support/session';

/** The error message tied to a field (aria-describedby, role="alert"). */
async function expectFieldError(field: Locator, message: string): Promise<void> {
  await expect(field).toHaveAttribute('aria-invalid', 'true');
  await expect(field).toHaveAccessibleDescription(message);
}

function registerForm(page: Page) {
  const form = page.getByRole('form', { name: 'Create account' });
  return {
    form,
    fullName: form.getByLabel('Full Name', { exact: true }),
    email: form.getByLabel('Email', { exact: true }),
    phone: form.getByLabel('Phone Number', { exact: true }),
    address: form.getByLabel('Address', { exact: true }),
    accountType: form.getByLabel('Account Type', { exact: true }),
    password: form.getByLabel('Password', { exact: true }),
    confirm: form.getByLabel('Confirm Password', { exact: true }),
    submit: form.getByRole('button', { name: 'Create Account', exact: true }),
  };
}

test.describe('customer', () => {
  test('registers (every validation message first), signs out, and cannot register the same e-mail twice', async ({ page }) => {
    const user = newTestUser('CUSTOMER', { fullName: 'Riya Fernando' });
    await page.goto('/register');
    const f = registerForm(page);
    await expect(f.accountType.locator('option')).toHaveText(['Vehicle Owner (Customer)', 'Service Technician (Employee)']);
    await expect(f.accountType).toHaveValue('CUSTOMER');
    await expect(page.getByRole('link', { name: /sign in/i })).toHaveAttribute('href', '/login');
    await expect(page.getByRole('link', { name: /employee/i })).toHaveAttribute('href', '/register/employee');
    await expect(f.form.getByRole('button', { name: 'Continue with Google' })).toBeVisible();

    // Empty submit: every required-field message of spec §5.
    await f.submit.click();
    await expectFieldError(f.fullName, 'Full name is required');
    await expectFieldError(f.email, 'Email is required');
    await expectFieldError(f.phone, 'Phone number is required');
    await expectFieldError(f.password, 'Password is required');
    await expectFieldError(f.confirm, 'Please confirm your password');
    await expect(f.address).not.toHaveAttribute('aria-invalid', 'true');
    await expect(page).toHaveURL('/register');

    // Editing a field clears its error (spec §5).
    await f.fullName.fill('   ');
    await expect(f.fullName).not.toHaveAttribute('aria-invalid', 'true');

    // Bad values: the other three messages; blank-after-trim still counts as missing.
    await f.email.fill('not-an-email');
    await f.phone.fill('   ');
    await f.password.fill('short');
    await f.confirm.fill('different');
    await f.submit.click();
    await expectFieldError(f.fullName, 'Full name is required');
    await expectFieldError(f.email, 'Email is invalid');
    await expectFieldError(f.phone, 'Phone number is required');
    await expectFieldError(f.password, 'Password must be at least 8 characters long');
    await expectFieldError(f.confirm, 'Passwords do not match');
    await expect(page.getByRole('alert')).toHaveText([
      'Full name is required',
      'Email is invalid',
      'Phone number is required',
      'Password must be at least 8 characters long',
      'Passwords do not match',
    ]);

    // Show/hide toggle on the password.
    await expect(f.password).toHaveAttribute('type', 'password');
    await f.form.getByRole('button', { name: 'Show password' }).first().click();
    await expect(f.password).toHaveAttribute('type', 'text');
    await f.form.getByRole('button', { name: 'Hide password' }).click();
    await expect(f.password).toHaveAttribute('type', 'password');

    // Valid values → /dashboard with the welcome.
    await f.fullName.fill(user.fullName);
    await f.email.fill(user.email);
    await f.phone.fill(user.phoneNumber);
    await f.password.fill(user.password);
    await f.confirm.fill(user.password);
    await f.submit.click();
    await expect(page).toHaveURL('/dashboard');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(`Welcome, ${user.fullName}`);
    const stored = await readAuthStorage(page);
    expect(stored.token).toBeTruthy();
    expect(stored.refresh_token).toBeTruthy();
    expect(JSON.parse(stored.user ?? '{}')).toMatchObject({ email: user.email, fullName: user.fullName, roles: ['CUSTOMER'], role: 'CUSTOMER' });

    // Dashboard navigation: Dashboard, Appointments (customer only), Logout → /login.
    const nav = page.getByRole('navigation', { name: 'Dashboard' });
    await expect(nav.getByRole('link', { name: 'Dashboard', exact: true })).toBeVisible();
    await expect(nav.getByRole('link', { name: 'Appointments', exact: true })).toBeVisible();
    await nav.getByRole('link', { name: 'Appointments', exact: true }).click();
    await expect(page).toHaveURL('/dashboard/appointments');
    await nav.getByRole('button', { name: 'Logout' }).click();
    await expect(page).toHaveURL('/login');
    expect(await readAuthStorage(page)).toEqual({ token: null, refresh_token: null, user: null });
    // Back leads to the dashboard's history entry, which the guard turns away.
    await page.goBack();
    await expect(page).toHaveURL('/login');
    await expect(page.getByRole('heading', { name: /^Welcome, / })).toHaveCount(0);

    // The same e-mail again → 'Email already exists' (the server's 409 message, in the red banner).
    await page.goto('/register');
    await f.fullName.fill('Someone Else');
    await f.email.fill(user.email);
    await f.phone.fill('+94 11 222 3333');
    await f.password.fill(user.password);
    await f.confirm.fill(user.password);
    await f.submit.click();
    await expect(f.form.getByRole('alert')).toHaveText('Email already exists');
    await expect(page).toHaveURL('/register');
    // Editing a field clears the server error (spec §5).
    await f.phone.fill('+94 11 222 3334');
    await expect(f.form.getByRole('alert')).toHaveCount(0);
  });

  test('choosing Service Technician (Employee) on /register creates a technician account', async ({ page }) => {
    const user = newTestUser('EMPLOYEE', { fullName: 'Nadeesha Kumari' });
    await page.goto('/register');
    const f = registerForm(page);
    await f.fullName.fill(user.fullName);
    await f.email.fill(user.email);
    await f.phone.fill(user.phoneNumber);
    await f.address.fill(user.address);
    await f.accountType.selectOption({ label: 'Service Technician (Employee)' });
    await f.password.fill(user.password);
    await f.confirm.fill(user.password);
    await f.submit.click();
    await expect(page).toHaveURL('/dashboard');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Welcome back, Nadeesha');
    expect(JSON.parse((await readAuthStorage(page)).user ?? '{}')).toMatchObject({ roles: ['EMPLOYEE'] });
  });

  test('sign-in errors: empty fields, unknown e-mail, wrong password', async ({ page, request }) => {
    const { user } = await registerViaApi(request, 'CUSTOMER');
    await page.goto('/login');
    const form = page.getByRole('form', { name: 'Sign in' });
    const email = form.getByLabel('Email', { exact: true });
    const password = form.getByLabel('Password', { exact: true });
    // The form of spec §2: remember me, forgot password (no target), Google, sign-up link.
    await expect(form.getByRole('checkbox', { name: 'Remember me' })).not.toBeChecked();
    await expect(form.getByText('Forgot password?')).toBeVisible();
    await expect(form.getByRole('button', { name: 'Continue with Google' })).toBeVisible();
    await expect(page.getByRole('link', { name: 'Sign up' })).toHaveAttribute('href', '/register');
    await form.getByRole('button', { name: 'Show password' }).click();
    await expect(password).toHaveAttribute('type', 'text');
    await form.getByRole('button', { name: 'Hide password' }).click();
    await expect(password).toHaveAttribute('type', 'password');

    await form.getByRole('button', { name: 'Sign In', exact: true }).click();
    await expectFieldError(email, 'Email is required');
    await expectFieldError(password, 'Password is required');

    await submitSignIn(page, `nobody-${Date.now()}@e2e.test`, user.password);
    await expectFieldError(email, 'This email is not registered. Please check or sign up.');
    await expect(form.getByRole('status')).toHaveText('Email Issue: Please verify your email address or create a new account.');
    await expect(password).not.toHaveAttribute('aria-invalid', 'true');

    await submitSignIn(page, user.email, 'Wrong-Passw0rd!');
    await expectFieldError(password, 'Incorrect password. Please try again.');
    await expect(form.getByRole('status')).toHaveText('Password Issue: Double-check your password or use forgot password to reset it.');
    await expect(email).not.toHaveAttribute('aria-invalid', 'true');
    await expect(page).toHaveURL('/login');

    // Editing clears the field error and the banner.
    await password.fill('x');
    await expect(password).not.toHaveAttribute('aria-invalid', 'true');
    await expect(form.getByRole('status')).toHaveCount(0);

    // The right password signs in.
    await submitSignIn(page, user.email, user.password);
    await expect(page).toHaveURL('/dashboard');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(`Welcome, ${user.fullName}`);
  });

  test('a guarded page remembers where the visitor was going', async ({ page, request }) => {
    const { user } = await registerViaApi(request, 'CUSTOMER');
    await page.goto('/dashboard/appointments');
    await expect(page).toHaveURL('/login');
    await submitSignIn(page, user.email, user.password);
    await expect(page).toHaveURL('/dashboard/appointments');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Book an Appointment');
  });

  test('books an appointment; a missing field does nothing; Book Another Appointment resets', async ({ page, request }) => {
    const { auth } = await registerViaApi(request, 'CUSTOMER');
    await seedSession(page, auth);
    await page.goto('/dashboard');
    await page.getByRole('navigation', { name: 'Dashboard' }).getByRole('link', { name: 'Appointments' }).click();
    await expect(page).toHaveURL('/dashboard/appointments');

    const vehicleId = page.getByLabel('Vehicle ID', { exact: true });
    const serviceType = page.getByLabel('Service Type', { exact: true });
    const serviceDate = page.getByLabel('Service Date', { exact: true });
    const timeSlot = page.getByLabel('Time Slot', { exact: true });
    const book = page.getByRole('button', { name: 'Book Appointment', exact: true });
    const confirmation = page.getByRole('region', { name: 'Appointment Booked' });

    // Spec §9 lists, in order (after the placeholder).
    await expect(serviceType.locator('option:not([value=""])')).toHaveText([
      'Full Service',
      'Oil Change',
      'Brake Inspection',
      'Tire Rotation',
      'Battery Check',
      'Air Filter Replacement',
    ]);
    await expect(timeSlot.locator('option:not([value=""])')).toHaveText([
      '09:00-10:00 AM',
      '10:00-11:00 AM',
      '11:00 AM-12:00 PM',
      '02:00-03:00 PM',
      '03:00-04:00 PM',
      '04:00-05:00 PM',
    ]);

    // Three of four fields: nothing happens and no message (spec §5).
    await vehicleId.fill('WP-CAR-4242');
    await serviceType.selectOption('Oil Change');
    await serviceDate.fill('2099-01-15');
    await book.click();
    await expect(confirmation).toHaveCount(0);
    await expect(page.getByRole('alert')).toHaveCount(0);
    await expect(book).toBeVisible();

    // The draft survives a reload (persisted booking slice).
    await page.reload();
    await expect(vehicleId).toHaveValue('WP-CAR-4242');
    await expect(serviceType).toHaveValue('Oil Change');
    await expect(serviceDate).toHaveValue('2099-01-15');

    await timeSlot.selectOption('02:00-03:00 PM');
    // Booking submissions are only logged locally (spec §7): no request.
    const apiCalls: string[] = [];
    page.on('request', (r) => {
      if (new URL(r.url()).pathname.startsWith('/api/')) apiCalls.push(`${r.method()} ${r.url()}`);
    });
    await book.click();
    await expect(confirmation).toBeVisible();
    await expect(confirmation).toContainText('WP-CAR-4242');
    await expect(confirmation).toContainText('Oil Change');
    await expect(confirmation).toContainText('Thursday, January 15, 2099');
    await expect(confirmation).toContainText('02:00-03:00 PM');
    await expect(confirmation.getByRole('heading', { name: 'Appointment Booked' })).toBeFocused();
    expect(apiCalls).toEqual([]);

    await page.getByRole('button', { name: 'Book Another Appointment' }).click();
    await expect(confirmation).toHaveCount(0);
    await expect(vehicleId).toHaveValue('');
    await expect(serviceType).toHaveValue('');
    await expect(serviceDate).toHaveValue('');
    await expect(timeSlot).toHaveValue('');
    await expect(vehicleId).toBeFocused();
  });

  test('My Services: filters, detail panel and Show/Hide Location', async ({ page, request }) => {
    const { user, auth } = await registerViaApi(request, 'CUSTOMER');
    await seedSession(page, auth);
    await page.goto('/dashboard');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(`Welcome, ${user.fullName}`);
    await expect(page.getByRole('link', { name: 'Book Appointment' })).toBeVisible();

    const filters = page.getByRole('group', { name: 'Filter services by status' });
    await expect(filters.getByRole('button')).toHaveText(['ALL', 'NOT COMPLETED', 'COMPLETED']);
    const list = page.getByRole('region', { name: 'Service list' });
    const rows = list.getByRole('button');
    const vehicles = (names: string[]) => names.map((name) => new RegExp(name));

    await expect(filters.getByRole('button', { name: 'ALL', exact: true })).toHaveAttribute('aria-pressed', 'true');
    await expect(rows).toHaveText(vehicles(['Toyota Corolla', 'Honda Civic', 'Nissan Leaf', 'Suzuki Swift']));

    await filters.getByRole('button', { name: 'NOT COMPLETED', exact: true }).click();
    await expect(filters.getByRole('button', { name: 'NOT COMPLETED', exact: true })).toHaveAttribute('aria-pressed', 'true');
    await expect(rows).toHaveText(vehicles(['Toyota Corolla', 'Honda Civic']));
    for (const row of await rows.all()) await expect(row).toContainText('Not Completed');

    await filters.getByRole('button', { name: 'COMPLETED', exact: true }).click();
    await expect(rows).toHaveText(vehicles(['Nissan Leaf', 'Suzuki Swift']));
    for (const row of await rows.all()) await expect(row).toContainText('Completed');

    await filters.getByRole('button', { name: 'ALL', exact: true }).click();
    await expect(rows).toHaveCount(4);

    // Detail panel: centre, slot, start, estimated completion, employee.
    const details = page.getByRole('region', { name: 'Service Details' });
    await expect(details).toContainText('Select a service to see its details.');
    await rows.filter({ hasText: 'Honda Civic' }).click();
    await expect(rows.filter({ hasText: 'Honda Civic' })).toHaveAttribute('aria-pressed', 'true');
    const pairs = details.locator('dl');
    await expect(pairs).toContainText('Service Centre');
    await expect(pairs).toContainText('CarCare Kandy');
    await expect(pairs).toContainText('Centre Slot');
    await expect(pairs).toContainText('Bay 1');
    await expect(pairs).toContainText('Start Date');
    await expect(pairs).toContainText(/Oct 2[23], 2025/);
    await expect(pairs).toContainText('Estimated Completion');
    await expect(pairs).toContainText(/Nov [23], 2025/);
    await expect(pairs).toContainText('Assigned Employee');
    await expect(pairs).toContainText('Kasun Silva');

    const toggle = details.getByRole('button', { name: 'Show Location' });
    await expect(toggle).toHaveAttribute('aria-expanded', 'false');
    await toggle.click();
    const hide = details.getByRole('button', { name: 'Hide Location' });
    await expect(hide).toHaveAttribute('aria-expanded', 'true');
    await expect(details.getByRole('img', { name: 'Map placeholder showing CarCare Kandy' })).toBeVisible();
    await hide.click();
    await expect(details.getByRole('button', { name: 'Show Location' })).toHaveAttribute('aria-expanded', 'false');
    await expect(details.getByRole('img', { name: /Map placeholder/ })).toHaveCount(0);
    await expect(details.getByRole('button', { name: 'Download Report' })).toBeVisible();
  });

  test('signed-in customer visiting the sign-in pages goes to /dashboard', async ({ page, request }) => {
    const { user } = await registerViaApi(request, 'CUSTOMER');
    await signInViaUi(page, user.email, user.password);
    for (const path of ['/login', '/register', '/register/employee']) {
      await page.goto(path);
      await expect(page).toHaveURL('/dashboard');
      await expect(page.getByRole('heading', { level: 1 })).toHaveText(`Welcome, ${user.fullName}`);
    }
  });
});

import type { Locator, Page } from '@playwright/test';
import { newTestUser, registerViaApi } from './support/api';
import { expect, test } from './support/fixtures';
import { readAuthStorage, seedSession, signInViaUi, submitSignIn } from './support/session';
import { adminSession, assignViaApi, bookViaApi, dayFromToday, setStatusViaApi, uniquePlate } from './support/shop';
import {
  addVehicleViaApi,
  appointmentViaApi,
  appointmentsViaApi,
  catalogViaApi,
  centreNamed,
  fillSlotViaApi,
  freeDay,
  freshSession,
  instant,
  jobSlot,
  longDate,
  registerTechnician,
  setStageViaApi,
  shiftDay,
  shortDate,
  uniqueTag,
} from './support/shopSetup';

/** The error message tied to a field (aria-describedby, role="alert"). */
async function expectFieldError(field: Locator, message: string): Promise<void> {
  await expect(field).toHaveAttribute('aria-invalid', 'true');
  await expect(field).toHaveAccessibleDescription(message);
}

/** The value beside a label in a description list (`<dt>label</dt><dd>value</dd>`). */
function pair(scope: Locator, label: string): Locator {
  // The job's own term, not one in a section nested in the details (the invoice has a Status too).
  return scope.locator('dt', { hasText: new RegExp(`^${label}$`) }).first().locator('xpath=following-sibling::dd[1]');
}

/** The plates a text field suggests through its datalist. */
function datalistOf(field: Locator): Promise<string[]> {
  return field.evaluate((input: HTMLInputElement) => Array.from(input.list?.options ?? [], (option) => option.value));
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

  test('a new customer has no services yet, and the empty list leads to booking', async ({ page, request }) => {
    const { user, auth } = await registerViaApi(request, 'CUSTOMER');
    await seedSession(page, auth);
    await page.goto('/dashboard');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(`Welcome, ${user.fullName}`);
    const myServices = page.getByRole('region', { name: 'My Services' });
    await expect(myServices.getByRole('group', { name: 'Filter services by status' }).getByRole('button')).toHaveText(['ALL', 'NOT COMPLETED', 'COMPLETED']);
    await expect(myServices.getByRole('status')).toHaveText('You have no services yet. Book an appointment to get started. Book your first appointment');
    await expect(myServices.getByRole('region', { name: 'Service list' })).toBeHidden();
    await expect(page.getByRole('region', { name: 'Service Details' })).toContainText('Select a service to see its details.');
    // The header's Book Appointment and the empty state's link both go to the booking page.
    await expect(page.getByRole('link', { name: 'Book Appointment', exact: true })).toHaveAttribute('href', '/dashboard/appointments');
    await myServices.getByRole('link', { name: 'Book your first appointment' }).click();
    await expect(page).toHaveURL('/dashboard/appointments');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Book an Appointment');
    // A customer with no vehicle yet gets no suggestions.
    await expect(page.getByLabel('Vehicle ID', { exact: true })).not.toHaveAccessibleDescription(/Pick one of your vehicles/);
  });

  test('books an appointment: own plates offered, a new plate taken, full slots marked, a 409 keeps what was typed', async ({ page, request }) => {
    const catalog = await catalogViaApi(request);
    const westgate = centreNamed(catalog, 'Westgate Express Bay');
    const day = await freeDay(request);
    const { user, auth } = await registerViaApi(request, 'CUSTOMER');
    const ownPlate = uniquePlate();
    await addVehicleViaApi(request, auth, { plate: ownPlate, make: 'Toyota', model: 'Corolla', year: 2019 });
    // Other customers take every bay of Westgate (2) at 03:00-04:00 PM that day.
    await fillSlotViaApi(request, day, '15:00', westgate);

    await seedSession(page, auth);
    await page.goto('/dashboard');
    await page.getByRole('navigation', { name: 'Dashboard' }).getByRole('link', { name: 'Appointments' }).click();
    await expect(page).toHaveURL('/dashboard/appointments');

    const vehicleId = page.getByLabel('Vehicle ID', { exact: true });
    const serviceType = page.getByLabel('Service Type', { exact: true });
    const serviceDate = page.getByLabel('Service Date', { exact: true });
    const timeSlot = page.getByLabel('Time Slot', { exact: true });
    const centre = page.getByLabel('Service Centre', { exact: true });
    const book = page.getByRole('button', { name: 'Book Appointment', exact: true });
    const confirmation = page.getByRole('region', { name: 'Appointment Booked' });
    const slotOption = (label: string) => timeSlot.locator('option', { hasText: label });

    // Spec §9 lists, in order (after the placeholder), and the three centres (the first one chosen).
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
    await expect(timeSlot).toHaveAccessibleDescription('Choose a date to see which slots are free.');
    await expect(centre.locator('option')).toHaveText(['Downtown Workshop', 'Northside Service Centre', 'Westgate Express Bay']);
    await expect(centre.locator('option:checked')).toHaveText('Downtown Workshop');
    // Dates from today to 90 days ahead.
    await expect(serviceDate).toHaveAttribute('min', dayFromToday(0));
    await expect(serviceDate).toHaveAttribute('max', dayFromToday(90));
    // Vehicle ID suggests the customer's own plates (a datalist) and takes a new one.
    await expect(vehicleId).toHaveAccessibleDescription('Pick one of your vehicles or type a new number plate.');
    await expect.poll(() => datalistOf(vehicleId)).toEqual([ownPlate]);

    // Three of four fields: nothing happens and no message (spec §5), and nothing is sent.
    const bookings: string[] = [];
    page.on('request', (r) => {
      if (r.method() === 'POST' && new URL(r.url()).pathname === '/api/appointments') bookings.push(r.url());
    });
    await vehicleId.fill(ownPlate);
    await serviceType.selectOption({ label: 'Oil Change' });
    await serviceDate.fill(day);
    await book.click();
    await expect(confirmation).toHaveCount(0);
    await expect(page.getByRole('alert')).toHaveCount(0);

    // The draft survives a reload (persisted booking slice).
    await page.reload();
    await expect(vehicleId).toHaveValue(ownPlate);
    await expect(serviceType).toHaveValue('OIL_CHANGE');
    await expect(serviceDate).toHaveValue(day);
    expect(bookings, 'no booking request for an incomplete form').toEqual([]);

    // At Westgate the slot other customers filled reads "(full)" and cannot be chosen.
    await centre.selectOption({ label: 'Westgate Express Bay' });
    await expect(slotOption('03:00-04:00 PM')).toHaveText('03:00-04:00 PM (full)');
    await expect(slotOption('03:00-04:00 PM')).toBeDisabled();
    await expect(slotOption('02:00-03:00 PM')).toHaveText('02:00-03:00 PM');
    await expect(slotOption('02:00-03:00 PM')).toBeEnabled();
    await timeSlot.selectOption({ label: '02:00-03:00 PM' });

    // Meanwhile two other customers take the last bays of 02:00 PM: the server refuses with its message, shown
    // beside the form, and everything typed stays; the slot now reads "(full)" too.
    for (let bay = 0; bay < westgate.bays; bay += 1) {
      const other = await registerViaApi(request, 'CUSTOMER');
      await bookViaApi(request, other.auth, { date: day, slot: '14:00', centerId: westgate.id });
    }
    await book.click();
    await expect(page.getByRole('alert')).toHaveText('That time slot is fully booked. Please choose another.');
    await expect(confirmation).toHaveCount(0);
    await expect(vehicleId).toHaveValue(ownPlate);
    await expect(serviceType).toHaveValue('OIL_CHANGE');
    await expect(serviceDate).toHaveValue(day);
    await expect(centre).toHaveValue(westgate.id);
    await expect(timeSlot).toHaveValue('14:00');
    await expect(slotOption('02:00-03:00 PM')).toHaveText('02:00-03:00 PM (full)');

    // Editing a field clears the message; a new plate, typed in lower case, is taken (the server upper-cases it).
    await timeSlot.selectOption({ label: '11:00 AM-12:00 PM' });
    await expect(page.getByRole('alert')).toHaveCount(0);
    const newPlate = uniquePlate();
    await vehicleId.fill(newPlate.toLowerCase());
    await book.click();

    // The confirmation shows the appointment as the server holds it.
    await expect(confirmation).toBeVisible();
    await expect(confirmation.getByRole('heading', { name: 'Appointment Booked' })).toBeFocused();
    await expect(pair(confirmation, 'Vehicle ID')).toHaveText(newPlate);
    await expect(pair(confirmation, 'Service Type')).toHaveText('Oil Change');
    await expect(pair(confirmation, 'Service Date')).toHaveText(longDate(day));
    await expect(pair(confirmation, 'Time Slot')).toHaveText('11:00 AM-12:00 PM');
    await expect(pair(confirmation, 'Service Centre')).toHaveText(`Westgate Express Bay${westgate.address}`);
    const stored = await appointmentsViaApi(request, await freshSession(request, user));
    expect(stored).toHaveLength(1);
    expect(stored[0]).toMatchObject({
      status: 'PENDING',
      vehicle: { plate: newPlate },
      serviceType: { code: 'OIL_CHANGE' },
      date: day,
      slot: '11:00',
      center: { id: westgate.id },
    });
    expect(stored[0].assignedEmployee).toBeUndefined();

    // Book Another Appointment resets the form; the new plate is now one of the customer's vehicles.
    await page.getByRole('button', { name: 'Book Another Appointment' }).click();
    await expect(confirmation).toHaveCount(0);
    await expect(vehicleId).toHaveValue('');
    await expect(serviceType).toHaveValue('');
    await expect(serviceDate).toHaveValue('');
    await expect(timeSlot).toHaveValue('');
    await expect(vehicleId).toBeFocused();
    await expect.poll(async () => (await datalistOf(vehicleId)).sort()).toEqual([ownPlate, newPlate].sort());

    // My Services lists it.
    await page.getByRole('navigation', { name: 'Dashboard' }).getByRole('link', { name: 'Dashboard', exact: true }).click();
    await expect(page.getByRole('region', { name: 'Service list' }).getByRole('button')).toHaveText([new RegExp(`${newPlate}.*Oil Change.*${shortDate(day)}`)]);
  });

  test('My Services: own appointments newest first, filters, detail panel and Show/Hide Location', async ({ page, request }) => {
    const catalog = await catalogViaApi(request);
    const downtown = centreNamed(catalog, 'Downtown Workshop');
    const northside = centreNamed(catalog, 'Northside Service Centre');
    const admin = await adminSession(request);
    const { user, auth } = await registerViaApi(request, 'CUSTOMER');
    const technician = await registerTechnician(request, `Kasun Silva ${uniqueTag()}`, 'Engine');
    const plates = { corolla: uniquePlate(), civic: uniquePlate(), leaf: uniquePlate(), swift: uniquePlate() };
    await addVehicleViaApi(request, auth, { plate: plates.corolla, make: 'Toyota', model: 'Corolla' });
    await addVehicleViaApi(request, auth, { plate: plates.civic, make: 'Honda', model: 'Civic' });
    await addVehicleViaApi(request, auth, { plate: plates.leaf, make: 'Nissan', model: 'Leaf' });
    await addVehicleViaApi(request, auth, { plate: plates.swift, make: 'Suzuki', model: 'Swift' });
    // Civic: assigned and in progress, awaiting parts. Corolla: booked, nobody assigned. Leaf: completed. Swift: cancelled.
    const day = await freeDay(request);
    let civic = await bookViaApi(request, auth, { plate: plates.civic, serviceType: 'BRAKE_INSPECTION', date: shiftDay(day, 3), slot: '10:00', centerId: northside.id });
    const corolla = await bookViaApi(request, auth, { plate: plates.corolla, serviceType: 'OIL_CHANGE', date: shiftDay(day, 2), slot: '09:00', centerId: downtown.id });
    let leaf = await bookViaApi(request, auth, { plate: plates.leaf, serviceType: 'FULL_SERVICE', date: shiftDay(day, 1), slot: '14:00', centerId: downtown.id });
    const swift = await bookViaApi(request, auth, { plate: plates.swift, serviceType: 'BATTERY_CHECK', date: day, slot: '16:00', centerId: downtown.id });
    await assignViaApi(request, admin, civic, technician.auth.id);
    await assignViaApi(request, admin, leaf, technician.auth.id);
    const tech = await freshSession(request, technician.user);
    await setStatusViaApi(request, tech, civic, 'in_progress');
    civic = await setStageViaApi(request, tech, civic, 'AWAITING_PARTS');
    leaf = await setStatusViaApi(request, tech, leaf, 'completed');
    const owner = await freshSession(request, user);
    const cancelled = await request.post(`/api/appointments/${swift.id}/cancel`, { headers: { authorization: `Bearer ${owner.token}` }, data: {} });
    expect(cancelled.status()).toBe(200);
    // Another customer's appointment is never shown.
    const stranger = await registerViaApi(request, 'CUSTOMER');
    const strangerJob = await bookViaApi(request, stranger.auth, { date: day, slot: '09:00' });

    await seedSession(page, auth);
    await page.goto('/dashboard');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(`Welcome, ${user.fullName}`);
    const filters = page.getByRole('group', { name: 'Filter services by status' });
    const list = page.getByRole('region', { name: 'Service list' });
    const rows = list.getByRole('button');
    const row = (plate: string) => rows.filter({ hasText: plate });
    const count = page.getByRole('region', { name: 'My Services' }).getByRole('status');

    // Newest date first, each with its service, day and slot, and the customer's status.
    await expect(filters.getByRole('button', { name: 'ALL', exact: true })).toHaveAttribute('aria-pressed', 'true');
    await expect(rows).toHaveText([
      // Each with its total (the service's price) and, once completed, its invoice (issued on completion).
      `Honda Civic ${plates.civic}Brake Inspection${jobSlot(civic.date, '10:00-11:00 AM')}Total LKR 12,500.00Not Completed`,
      `Toyota Corolla ${plates.corolla}Oil Change${jobSlot(corolla.date, '09:00-10:00 AM')}Total LKR 14,500.00Not Completed`,
      `Nissan Leaf ${plates.leaf}Full Service${jobSlot(leaf.date, '02:00-03:00 PM')}Total LKR 25,000.00Invoice Issued · Balance LKR 25,000.00Completed`,
      `Suzuki Swift ${plates.swift}Battery Check${jobSlot(swift.date, '04:00-05:00 PM')}Cancelled`,
    ]);
    await expect(count).toHaveText('Showing 4 of 4 services');
    await expect(list).not.toContainText(strangerJob.vehicle.plate);

    // Filters: NOT COMPLETED (booked, assigned, in progress), COMPLETED; a cancelled one is under ALL only.
    await filters.getByRole('button', { name: 'NOT COMPLETED', exact: true }).click();
    await expect(filters.getByRole('button', { name: 'NOT COMPLETED', exact: true })).toHaveAttribute('aria-pressed', 'true');
    await expect(rows).toHaveText([new RegExp(`^Honda Civic ${plates.civic}`), new RegExp(`^Toyota Corolla ${plates.corolla}`)]);
    await expect(count).toHaveText('Showing 2 of 4 services');
    await filters.getByRole('button', { name: 'COMPLETED', exact: true }).click();
    await expect(rows).toHaveText([new RegExp(`^Nissan Leaf ${plates.leaf}.*Completed$`)]);
    await filters.getByRole('button', { name: 'ALL', exact: true }).click();
    await expect(rows).toHaveCount(4);

    // Detail panel: centre, centre slot, start, estimated completion, technician, status.
    const details = page.getByRole('region', { name: 'Service Details' });
    await expect(details).toContainText('Select a service to see its details.');
    await row(plates.civic).click();
    await expect(row(plates.civic)).toHaveAttribute('aria-pressed', 'true');
    await expect(details.getByRole('heading', { level: 3 })).toHaveText(`Honda Civic ${plates.civic}`);
    await expect(pair(details, 'Service Centre')).toHaveText('Northside Service Centre');
    await expect(pair(details, 'Centre Slot')).toHaveText(`Bay ${civic.bay} · 10:00-11:00 AM`);
    await expect(pair(details, 'Start Date')).toHaveText(instant(civic.startedAt as string));
    await expect(pair(details, 'Estimated Completion')).toHaveText(instant(civic.estimatedCompletion as string));
    await expect(pair(details, 'Assigned Employee')).toHaveText(technician.user.fullName);
    await expect(pair(details, 'Status')).toHaveText('In Progress · Awaiting Parts');
    // Work has started: it can no longer be cancelled or moved.
    await expect(details.getByRole('button', { name: 'Cancel Appointment' })).toHaveCount(0);
    await expect(details.getByRole('button', { name: 'Reschedule' })).toHaveCount(0);

    await row(plates.corolla).click();
    await expect(pair(details, 'Service Centre')).toHaveText('Downtown Workshop');
    await expect(pair(details, 'Centre Slot')).toHaveText(`Bay ${corolla.bay} · 09:00-10:00 AM`);
    await expect(pair(details, 'Start Date')).toHaveText(jobSlot(corolla.date, '09:00-10:00 AM'));
    await expect(pair(details, 'Estimated Completion')).toHaveText('Not started yet');
    await expect(pair(details, 'Assigned Employee')).toHaveText('Not assigned yet');
    await expect(pair(details, 'Status')).toHaveText('Pending');
    await expect(details.getByRole('button', { name: 'Cancel Appointment' })).toBeVisible();
    await expect(details.getByRole('button', { name: 'Reschedule' })).toBeVisible();

    // Show/Hide Location: the centre's name and address, and a link to the map.
    const toggle = details.getByRole('button', { name: 'Show Location' });
    await expect(toggle).toHaveAttribute('aria-expanded', 'false');
    await toggle.click();
    const hide = details.getByRole('button', { name: 'Hide Location' });
    await expect(hide).toHaveAttribute('aria-expanded', 'true');
    const figure = details.getByRole('figure');
    await expect(figure.locator('strong')).toHaveText('Downtown Workshop');
    await expect(figure.locator('address')).toHaveText(downtown.address);
    await expect(figure.getByRole('link', { name: 'Open in OpenStreetMap (opens in a new tab)' })).toHaveAttribute(
      'href',
      `https://www.openstreetmap.org/search?query=${encodeURIComponent(downtown.address)}`,
    );
    await hide.click();
    await expect(details.getByRole('button', { name: 'Show Location' })).toHaveAttribute('aria-expanded', 'false');
    await expect(details.locator('address')).toHaveCount(0);
    // Download Report is live (test/e2e/reports.spec.ts downloads the PDF).
    await expect(details.getByRole('button', { name: 'Download Report' })).toBeEnabled();

    await row(plates.leaf).click();
    await expect(pair(details, 'Assigned Employee')).toHaveText(technician.user.fullName);
    await expect(pair(details, 'Completed')).toHaveText(instant(leaf.completedAt as string));
    await expect(pair(details, 'Status')).toHaveText('Completed');

    await row(plates.swift).click();
    await expect(pair(details, 'Estimated Completion')).toHaveText('Cancelled');
    await expect(pair(details, 'Status')).toHaveText('Cancelled');
    await expect(details.getByRole('button', { name: 'Cancel Appointment' })).toHaveCount(0);

    // A filter that hides the selected job empties the panel; the job comes back with its filter.
    await filters.getByRole('button', { name: 'COMPLETED', exact: true }).click();
    await expect(details).toContainText('Select a service to see its details.');
    await filters.getByRole('button', { name: 'ALL', exact: true }).click();
    await expect(pair(details, 'Status')).toHaveText('Cancelled');
  });

  test('cancel and reschedule each ask first; the server keeps the change', async ({ page, request }) => {
    const catalog = await catalogViaApi(request);
    const westgate = centreNamed(catalog, 'Westgate Express Bay');
    const { user, auth } = await registerViaApi(request, 'CUSTOMER');
    const prius = uniquePlate();
    const rio = uniquePlate();
    await addVehicleViaApi(request, auth, { plate: prius, make: 'Toyota', model: 'Prius' });
    await addVehicleViaApi(request, auth, { plate: rio, make: 'Kia', model: 'Rio' });
    const day = await freeDay(request);
    const toCancel = await bookViaApi(request, auth, { plate: prius, serviceType: 'OIL_CHANGE', date: day, slot: '09:00' });
    const toMove = await bookViaApi(request, auth, { plate: rio, serviceType: 'TIRE_ROTATION', date: shiftDay(day, 1), slot: '10:00', centerId: westgate.id });
    // The day it moves to: other customers fill Westgate's 03:00 PM.
    const newDay = await freeDay(request);
    await fillSlotViaApi(request, newDay, '15:00', westgate);

    await seedSession(page, auth);
    await page.goto('/dashboard');
    const rows = page.getByRole('region', { name: 'Service list' }).getByRole('button');
    const details = page.getByRole('region', { name: 'Service Details' });
    const notice = page.getByRole('status').filter({ hasText: /^Your appointment/ });

    // --- Cancel: Keep Appointment sends nothing; Confirm Cancellation cancels on the server.
    await rows.filter({ hasText: prius }).click();
    const cancelButton = details.getByRole('button', { name: 'Cancel Appointment' });
    await cancelButton.click();
    const cancelDialog = page.getByRole('dialog', { name: 'Cancel this appointment?' });
    await expect(cancelDialog).toHaveAccessibleDescription(
      `Oil Change for Toyota Prius (${prius}) on ${jobSlot(toCancel.date, '09:00-10:00 AM')} at Downtown Workshop. The time slot is given up.`,
    );
    await expect(cancelDialog.getByRole('button', { name: 'Keep Appointment' })).toBeFocused();
    await cancelDialog.getByRole('button', { name: 'Keep Appointment' }).click();
    await expect(cancelDialog).toHaveCount(0);
    await expect(cancelButton).toBeFocused();
    expect((await appointmentViaApi(request, await freshSession(request, user), toCancel.id)).status).toBe('PENDING');

    await cancelButton.click();
    await cancelDialog.getByRole('button', { name: 'Confirm Cancellation' }).click();
    await expect(cancelDialog).toHaveCount(0);
    await expect(notice).toHaveText(`Your appointment for ${prius} on ${jobSlot(toCancel.date, '09:00-10:00 AM')} was cancelled.`);
    await expect(rows.filter({ hasText: prius })).toContainText('Cancelled');
    await expect(pair(details, 'Status')).toHaveText('Cancelled');
    await expect(details.getByRole('button', { name: 'Cancel Appointment' })).toHaveCount(0);
    await expect(details.getByRole('button', { name: 'Reschedule' })).toHaveCount(0);
    expect((await appointmentViaApi(request, await freshSession(request, user), toCancel.id)).status).toBe('CANCELLED');

    // --- Reschedule: a new date and a free slot at the same centre, then Confirm Reschedule.
    await rows.filter({ hasText: rio }).click();
    await details.getByRole('button', { name: 'Reschedule' }).click();
    const moveDialog = page.getByRole('dialog', { name: 'Reschedule appointment' });
    await expect(moveDialog).toHaveAccessibleDescription(
      `Tire Rotation for Kia Rio (${rio}) at Westgate Express Bay, now ${jobSlot(toMove.date, '10:00-11:00 AM')}. Choose a new date and time slot.`,
    );
    const newDate = moveDialog.getByLabel('Service Date', { exact: true });
    const newSlot = moveDialog.getByLabel('Time Slot', { exact: true });
    await expect(newDate).toHaveValue(toMove.date);
    await expect(newSlot).toHaveValue('');
    await moveDialog.getByRole('button', { name: 'Confirm Reschedule' }).click();
    await expect(newSlot).toHaveAccessibleDescription('Time slot is required');
    await newDate.fill(newDay);
    await expect(newSlot.locator('option', { hasText: '03:00-04:00 PM' })).toHaveText('03:00-04:00 PM (full)');
    await expect(newSlot.locator('option', { hasText: '03:00-04:00 PM' })).toBeDisabled();
    await newSlot.selectOption({ label: '02:00-03:00 PM' });
    await moveDialog.getByRole('button', { name: 'Confirm Reschedule' }).click();
    await expect(moveDialog).toHaveCount(0);
    await expect(notice).toHaveText(`Your appointment for ${rio} was moved to ${jobSlot(newDay, '02:00-03:00 PM')}.`);
    await expect(rows.filter({ hasText: rio })).toContainText(jobSlot(newDay, '02:00-03:00 PM'));
    await expect(pair(details, 'Centre Slot')).toHaveText(/^Bay \d · 02:00-03:00 PM$/);

    // The server holds the new time; a reload shows it.
    const moved = await appointmentViaApi(request, await freshSession(request, user), toMove.id);
    expect(moved).toMatchObject({ status: 'PENDING', date: newDay, slot: '14:00', center: { id: westgate.id } });
    await page.reload();
    await expect(rows.filter({ hasText: rio })).toContainText(jobSlot(newDay, '02:00-03:00 PM'));
    await expect(rows.filter({ hasText: prius })).toContainText('Cancelled');
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

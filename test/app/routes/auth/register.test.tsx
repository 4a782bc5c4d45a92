import { configure, screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import * as browser from '@/lib/browser';
import { API } from '../../../msw/handlers';
import { held } from '../../../msw/held';
import { server } from '../../../msw/server';
import { renderApp } from '../../../utils/renderWithProviders';
import { LOGIN_RESPONSE, VALID_REGISTRATION, capture, fillRegistration, storedUser } from '../../../features/auth/authTestUtils';

// These tests render the real route table: the first visit of a lazy page is transformed cold, which can
// take longer than the defaults on a busy machine.
configure({ asyncUtilTimeout: 5000 });
jest.setTimeout(15_000);

const REGISTERED = {
  token: 'access-token-1',
  refreshToken: 'refresh-token-1',
  id: 'u-7',
  email: 'sam@example.com',
  fullName: 'Sam Fernando',
  roles: ['CUSTOMER'],
  success: true,
  message: 'User registered successfully',
};

/** The payload of spec §3/§7 for VALID_REGISTRATION: trimmed name and phone, address '' when omitted. */
const EXPECTED_PAYLOAD = {
  email: 'sam@example.com',
  password: 'correct-horse',
  fullName: 'Sam Fernando',
  phoneNumber: '+94 77 555 0101',
  address: '',
};

async function openRegister() {
  const utils = renderApp('/register');
  await screen.findByRole('button', { name: 'Create Account' });
  return utils;
}

const input = (label: string) => screen.getByLabelText(label, { selector: 'input' });
const submit = () => screen.getByRole('button', { name: 'Create Account' });

describe('Customer registration: what it shows', () => {
  test('one h1, a main landmark, the fields with autocomplete, the account types and the links (terms and privacy too)', async () => {
    await openRegister();
    expect(screen.getAllByRole('heading', { level: 1 })).toHaveLength(1);
    expect(screen.getByRole('main')).toBeInTheDocument();
    expect(input('Full Name')).toHaveAttribute('autocomplete', 'name');
    expect(input('Email')).toHaveAttribute('autocomplete', 'email');
    expect(input('Phone Number')).toHaveAttribute('autocomplete', 'tel');
    expect(input('Address')).toHaveAttribute('autocomplete', 'street-address');
    expect(input('Password')).toHaveAttribute('autocomplete', 'new-password');
    expect(input('Confirm Password')).toHaveAttribute('autocomplete', 'new-password');
    const accountType = screen.getByRole('combobox', { name: 'Account Type' });
    expect(within(accountType).getAllByRole('option').map((o) => o.textContent)).toEqual([
      'Vehicle Owner (Customer)',
      'Service Technician (Employee)',
    ]);
    expect(accountType).toHaveDisplayValue('Vehicle Owner (Customer)');
    expect(screen.getByRole('button', { name: 'Continue with Google' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Sign in' })).toHaveAttribute('href', '/login');
    expect(screen.getByRole('link', { name: 'Register as an employee' })).toHaveAttribute('href', '/register/employee');
    expect(screen.getByRole('link', { name: 'Terms of service' })).toHaveAttribute('href', '/terms');
    expect(screen.getByRole('link', { name: 'Privacy policy' })).toHaveAttribute('href', '/privacy');
  });

  test('both passwords have their own show/hide toggle', async () => {
    const { user } = await openRegister();
    const toggles = screen.getAllByRole('button', { name: 'Show password' });
    expect(toggles).toHaveLength(2);
    await user.click(toggles[1]);
    expect(input('Confirm Password')).toHaveAttribute('type', 'text');
    expect(input('Password')).toHaveAttribute('type', 'password');
    expect(screen.getByRole('button', { name: 'Hide password' })).toBeInTheDocument();
  });

  test('"Continue with Google" sends the browser to the backend Google authorization path', async () => {
    const assign = jest.spyOn(browser, 'assignLocation').mockImplementation(() => undefined);
    const { user } = await openRegister();
    await user.click(screen.getByRole('button', { name: 'Continue with Google' }));
    expect(assign).toHaveBeenCalledWith('/api/oauth2/authorization/google');
    assign.mockRestore();
  });
});

describe('Customer registration: validation (spec §5)', () => {
  test('every required field says so, and nothing is sent', async () => {
    const bodies = capture('post', '/auth/register/customer', REGISTERED);
    const { user } = await openRegister();
    await user.click(submit());
    expect(await screen.findByText('Full name is required')).toBeInTheDocument();
    expect(input('Full Name')).toHaveAccessibleDescription('Full name is required');
    expect(input('Email')).toHaveAccessibleDescription('Email is required');
    expect(input('Phone Number')).toHaveAccessibleDescription('Phone number is required');
    expect(input('Password')).toHaveAccessibleDescription('Password is required');
    expect(input('Confirm Password')).toHaveAccessibleDescription('Please confirm your password');
    // The address is optional.
    expect(input('Address')).not.toHaveAttribute('aria-invalid');
    expect(bodies).toHaveLength(0);
  });

  test('full name and phone number count only after trimming', async () => {
    const { user } = await openRegister();
    await fillRegistration(user, { ...VALID_REGISTRATION, fullName: '   ', phoneNumber: '   ' });
    await user.click(submit());
    expect(await screen.findByText('Full name is required')).toBeInTheDocument();
    expect(screen.getByText('Phone number is required')).toBeInTheDocument();
  });

  test('bad e-mail, short password and mismatched confirmation', async () => {
    const { user } = await openRegister();
    await fillRegistration(user, { ...VALID_REGISTRATION, email: 'sam@example', password: 'short', confirmPassword: 'shorter' });
    await user.click(submit());
    expect(await screen.findByText('Email is invalid')).toBeInTheDocument();
    expect(screen.getByText('Password must be at least 8 characters long')).toBeInTheDocument();
    expect(screen.getByText('Passwords do not match')).toBeInTheDocument();
  });

  test.each([
    ['a query for a mailto: link', 'sam@example.com?cc=boss@example.com'],
    ['an ampersand', 'sam&body=hi@example.com'],
    ['a local part over 64 characters', `${'s'.repeat(65)}@example.com`],
    ['an address over 254 characters', `sam@${'a'.repeat(61)}.${'b'.repeat(61)}.${'c'.repeat(61)}.${'d'.repeat(61)}.com`],
  ])('the server\'s e-mail rule: %s is "Email is invalid", and nothing is sent', async (_case, email) => {
    const bodies = capture('post', '/auth/register/customer', REGISTERED);
    const { user } = await openRegister();
    await fillRegistration(user, { ...VALID_REGISTRATION, email });
    await user.click(submit());
    expect(await screen.findByText('Email is invalid')).toBeInTheDocument();
    expect(bodies).toEqual([]);
  });

  test('editing a field clears its error (and only its error)', async () => {
    const { user } = await openRegister();
    await user.click(submit());
    await screen.findByText('Full name is required');
    await user.type(input('Full Name'), 'S');
    expect(screen.queryByText('Full name is required')).not.toBeInTheDocument();
    expect(screen.getByText('Email is required')).toBeInTheDocument();
  });
});

describe('Customer registration: success (spec §4)', () => {
  test('an answer with token and id signs in: exact payload, stored session, /dashboard through the router', async () => {
    const assign = jest.spyOn(browser, 'assignLocation').mockImplementation(() => undefined);
    const bodies = capture('post', '/auth/register/customer', REGISTERED);
    const { user, router, store } = await openRegister();
    await fillRegistration(user);
    await user.click(submit());
    await waitFor(() => expect(router.state.location.pathname).toBe('/dashboard'));
    expect(bodies).toEqual([{ ...EXPECTED_PAYLOAD, role: 'CUSTOMER' }]);
    expect(localStorage.getItem('token')).toBe('access-token-1');
    expect(localStorage.getItem('refresh_token')).toBe('refresh-token-1');
    expect(storedUser()).toMatchObject({ id: 'u-7', email: 'sam@example.com', fullName: 'Sam Fernando', roles: ['CUSTOMER'] });
    expect(store.getState().auth.isAuthenticated).toBe(true);
    expect(assign).not.toHaveBeenCalled();
    assign.mockRestore();
  });

  test('the optional address is sent trimmed when given', async () => {
    const bodies = capture('post', '/auth/register/customer', REGISTERED);
    const { user, router } = await openRegister();
    await fillRegistration(user, { ...VALID_REGISTRATION, address: ' 12 Main Street ' });
    await user.click(submit());
    await waitFor(() => expect(router.state.location.pathname).toBe('/dashboard'));
    expect(bodies).toEqual([{ ...EXPECTED_PAYLOAD, address: '12 Main Street', role: 'CUSTOMER' }]);
  });

  test('an answer that only reports success signs in with a separate login using the same credentials', async () => {
    capture('post', '/auth/register/customer', { success: true, message: 'User registered successfully' });
    const logins = capture('post', '/auth/login', { ...LOGIN_RESPONSE, id: 'u-7', email: 'sam@example.com', fullName: 'Sam Fernando' });
    const { user, router } = await openRegister();
    await fillRegistration(user);
    await user.click(submit());
    await waitFor(() => expect(router.state.location.pathname).toBe('/dashboard'));
    expect(logins).toEqual([{ email: 'sam@example.com', password: 'correct-horse' }]);
    expect(localStorage.getItem('token')).toBe('access-token-1');
    expect(storedUser()).toMatchObject({ id: 'u-7', email: 'sam@example.com' });
  });

  test('a message containing "successfully" (no success flag) also leads to the separate login', async () => {
    capture('post', '/auth/register/customer', { message: 'Account created SUCCESSFULLY' });
    const logins = capture('post', '/auth/login', LOGIN_RESPONSE);
    const { user, router } = await openRegister();
    await fillRegistration(user);
    await user.click(submit());
    await waitFor(() => expect(router.state.location.pathname).toBe('/dashboard'));
    expect(logins).toHaveLength(1);
  });

  test('"Service Technician (Employee)" registers through the employee endpoint with role EMPLOYEE', async () => {
    const assign = jest.spyOn(browser, 'assignLocation').mockImplementation(() => undefined);
    const customer = capture('post', '/auth/register/customer', REGISTERED);
    const employee = capture('post', '/auth/register/employee', { ...REGISTERED, roles: ['EMPLOYEE'] });
    const { user, router, store } = await openRegister();
    await fillRegistration(user);
    await user.selectOptions(screen.getByRole('combobox', { name: 'Account Type' }), 'Service Technician (Employee)');
    await user.click(submit());
    await waitFor(() => expect(router.state.location.pathname).toBe('/dashboard'));
    expect(employee).toEqual([{ ...EXPECTED_PAYLOAD, role: 'EMPLOYEE' }]);
    expect(customer).toHaveLength(0);
    expect(store.getState().auth.user?.role).toBe('EMPLOYEE');
    expect(assign).not.toHaveBeenCalled();
    assign.mockRestore();
  });

  test('Create Account shows a loading state and a second submit sends nothing', async () => {
    const registration = held('post', '/auth/register/customer', REGISTERED);
    const { user, router } = await openRegister();
    await fillRegistration(user);
    await user.click(submit());
    await waitFor(() => expect(submit()).toBeDisabled());
    expect(submit()).toHaveAttribute('aria-busy', 'true');
    await user.type(input('Confirm Password'), '{Enter}');
    registration.release();
    await waitFor(() => expect(router.state.location.pathname).toBe('/dashboard'));
    expect(registration.calls()).toBe(1);
  });
});

describe('Customer registration: failures (spec §8)', () => {
  test('shows the error from auth state: a taken e-mail (409)', async () => {
    server.use(http.post(`${API}/auth/register/customer`, () => HttpResponse.json({ message: 'Email already exists', success: false }, { status: 409 })));
    const { user, store, router } = await openRegister();
    await fillRegistration(user);
    await user.click(submit());
    const alert = await screen.findByText('Email already exists');
    expect(alert.closest('[role="alert"]')).toBeInTheDocument();
    expect(store.getState().auth.error).toBe('Email already exists');
    expect(store.getState().auth.isAuthenticated).toBe(false);
    expect(localStorage.getItem('token')).toBeNull();
    expect(router.state.location.pathname).toBe('/register');
  });

  test('no response → "Network error. Please check your connection."', async () => {
    server.use(http.post(`${API}/auth/register/customer`, () => HttpResponse.error()));
    const { user, store } = await openRegister();
    await fillRegistration(user);
    await user.click(submit());
    expect(await screen.findByText('Network error. Please check your connection.')).toBeInTheDocument();
    expect(store.getState().auth.error).toBe('Network error. Please check your connection.');
  });

  test('the separate login without a token → "Login after registration failed - no JWT token received"', async () => {
    capture('post', '/auth/register/customer', { success: true, message: 'User registered successfully' });
    capture('post', '/auth/login', { id: 'u-7', email: 'sam@example.com' });
    const { user, store } = await openRegister();
    await fillRegistration(user);
    await user.click(submit());
    expect(await screen.findByText('Login after registration failed - no JWT token received')).toBeInTheDocument();
    expect(store.getState().auth.isAuthenticated).toBe(false);
  });

  test('an answer that is neither signed in nor a success raises its message', async () => {
    capture('post', '/auth/register/customer', { success: false, message: 'Registrations are paused' });
    const { user } = await openRegister();
    await fillRegistration(user);
    await user.click(submit());
    expect(await screen.findByText('Registrations are paused')).toBeInTheDocument();
  });

  test('an answer with neither success nor a message raises the validation-error message', async () => {
    capture('post', '/auth/register/customer', {});
    const { user } = await openRegister();
    await fillRegistration(user);
    await user.click(submit());
    expect(await screen.findByText('Please check your input and try again')).toBeInTheDocument();
  });

  test('a 400 with field errors puts them on the fields', async () => {
    server.use(
      http.post(`${API}/auth/register/customer`, () =>
        HttpResponse.json(
          { message: 'Validation failed', success: false, errors: { email: 'This e-mail domain is not accepted', phoneNumber: 'Phone number looks wrong' } },
          { status: 400 },
        ),
      ),
    );
    const { user } = await openRegister();
    await fillRegistration(user);
    await user.click(submit());
    expect(await screen.findByText('This e-mail domain is not accepted')).toBeInTheDocument();
    expect(input('Email')).toHaveAccessibleDescription('This e-mail domain is not accepted');
    expect(input('Phone Number')).toHaveAccessibleDescription('Phone number looks wrong');
    expect(screen.getByText('Validation failed')).toBeInTheDocument();
  });

  test('editing a field clears the server error', async () => {
    server.use(http.post(`${API}/auth/register/customer`, () => HttpResponse.json({ message: 'Email already exists' }, { status: 409 })));
    const { user } = await openRegister();
    await fillRegistration(user);
    await user.click(submit());
    await screen.findByText('Email already exists');
    await user.type(input('Email'), 'm');
    expect(screen.queryByText('Email already exists')).not.toBeInTheDocument();
  });
});

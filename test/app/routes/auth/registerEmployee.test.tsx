import { configure, screen, waitFor } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import * as browser from '@/lib/browser';
import { API } from '../../../msw/handlers';
import { held } from '../../../msw/held';
import { server } from '../../../msw/server';
import { renderApp } from '../../../utils/renderWithProviders';
import { VALID_REGISTRATION, capture, fillRegistration, storedUser } from '../../../features/auth/authTestUtils';

// These tests render the real route table: the first visit of a lazy page is transformed cold, which can
// take longer than the defaults on a busy machine.
configure({ asyncUtilTimeout: 5000 });
jest.setTimeout(15_000);

const REGISTERED = {
  token: 'access-token-9',
  refreshToken: 'refresh-token-9',
  id: 'u-9',
  email: 'sam@example.com',
  fullName: 'Sam Fernando',
  roles: ['EMPLOYEE'],
  success: true,
  message: 'User registered successfully',
};

let assign: jest.SpyInstance<void, [string]>;
beforeEach(() => {
  assign = jest.spyOn(browser, 'assignLocation').mockImplementation(() => undefined);
});
afterEach(() => assign.mockRestore());

async function openEmployeeRegister() {
  const utils = renderApp('/register/employee');
  await screen.findByRole('button', { name: 'Create Account' });
  return utils;
}

const input = (label: string) => screen.getByLabelText(label, { selector: 'input' });
const submit = () => screen.getByRole('button', { name: 'Create Account' });

describe('Employee registration: what it shows', () => {
  test('the customer fields without Account Type, one h1, and links to /login, /register, /terms and /privacy', async () => {
    await openEmployeeRegister();
    expect(screen.getAllByRole('heading', { level: 1 })).toHaveLength(1);
    expect(screen.getByRole('main')).toBeInTheDocument();
    for (const label of ['Full Name', 'Email', 'Phone Number', 'Address', 'Password', 'Confirm Password']) {
      expect(input(label)).toBeInTheDocument();
    }
    expect(screen.queryByRole('combobox')).not.toBeInTheDocument();
    expect(screen.queryByLabelText('Account Type')).not.toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Sign in' })).toHaveAttribute('href', '/login');
    expect(screen.getByRole('link', { name: 'Register as a customer' })).toHaveAttribute('href', '/register');
    expect(screen.getByRole('link', { name: 'Terms of service' })).toHaveAttribute('href', '/terms');
    expect(screen.getByRole('link', { name: 'Privacy policy' })).toHaveAttribute('href', '/privacy');
  });

  test('"Continue with Google" sends the browser to the backend Google authorization path', async () => {
    const { user } = await openEmployeeRegister();
    await user.click(screen.getByRole('button', { name: 'Continue with Google' }));
    expect(assign).toHaveBeenCalledWith('/api/oauth2/authorization/google');
  });

  test('the same validation rules as the customer form', async () => {
    const { user } = await openEmployeeRegister();
    await user.click(submit());
    for (const message of ['Full name is required', 'Email is required', 'Phone number is required', 'Password is required', 'Please confirm your password']) {
      expect(await screen.findByText(message)).toBeInTheDocument();
    }
    await user.type(input('Email'), 'not-an-email');
    await user.type(input('Password'), 'short');
    await user.type(input('Confirm Password'), 'other');
    await user.click(submit());
    expect(await screen.findByText('Email is invalid')).toBeInTheDocument();
    expect(screen.getByText('Password must be at least 8 characters long')).toBeInTheDocument();
    expect(screen.getByText('Passwords do not match')).toBeInTheDocument();
  });
});

describe('Employee registration: success', () => {
  test('sends the five fields with role EMPLOYEE, stores the session, then a full page load to /dashboard', async () => {
    const bodies = capture('post', '/auth/register/employee', REGISTERED);
    const { user, store } = await openEmployeeRegister();
    await fillRegistration(user);
    await user.click(submit());
    await waitFor(() => expect(assign).toHaveBeenCalledWith('/dashboard'));
    expect(bodies).toEqual([
      { email: 'sam@example.com', password: 'correct-horse', fullName: 'Sam Fernando', phoneNumber: '+94 77 555 0101', address: '', role: 'EMPLOYEE' },
    ]);
    // The session is in storage before the page load, so the reloaded app starts signed in.
    expect(localStorage.getItem('token')).toBe('access-token-9');
    expect(localStorage.getItem('refresh_token')).toBe('refresh-token-9');
    expect(storedUser()).toMatchObject({ id: 'u-9', roles: ['EMPLOYEE'], role: 'EMPLOYEE' });
    expect(store.getState().auth.isAuthenticated).toBe(true);
  });

  test('Create Account shows a loading state and a second submit sends nothing', async () => {
    const registration = held('post', '/auth/register/employee', REGISTERED);
    const { user } = await openEmployeeRegister();
    await fillRegistration(user, VALID_REGISTRATION);
    await user.click(submit());
    await waitFor(() => expect(submit()).toBeDisabled());
    await user.type(input('Confirm Password'), '{Enter}');
    registration.release();
    await waitFor(() => expect(assign).toHaveBeenCalledWith('/dashboard'));
    expect(registration.calls()).toBe(1);
  });
});

describe('Employee registration: failures (spec §8)', () => {
  test('the server message is shown (taken e-mail)', async () => {
    server.use(http.post(`${API}/auth/register/employee`, () => HttpResponse.json({ message: 'Email already exists', success: false }, { status: 409 })));
    const { user, router } = await openEmployeeRegister();
    await fillRegistration(user);
    await user.click(submit());
    const message = await screen.findByText('Email already exists');
    expect(message.closest('[role="alert"]')).toBeInTheDocument();
    expect(assign).not.toHaveBeenCalled();
    expect(router.state.location.pathname).toBe('/register/employee');
  });

  test('no server message → "Employee registration failed. Please try again."', async () => {
    server.use(http.post(`${API}/auth/register/employee`, () => new HttpResponse(null, { status: 500 })));
    const { user } = await openEmployeeRegister();
    await fillRegistration(user);
    await user.click(submit());
    expect(await screen.findByText('Employee registration failed. Please try again.')).toBeInTheDocument();
  });

  test('no response → "Employee registration failed. Please try again."', async () => {
    server.use(http.post(`${API}/auth/register/employee`, () => HttpResponse.error()));
    const { user } = await openEmployeeRegister();
    await fillRegistration(user);
    await user.click(submit());
    expect(await screen.findByText('Employee registration failed. Please try again.')).toBeInTheDocument();
    expect(screen.queryByText('Network error. Please check your connection.')).not.toBeInTheDocument();
  });

  test('a 400 with field errors puts them on the fields', async () => {
    server.use(
      http.post(`${API}/auth/register/employee`, () =>
        HttpResponse.json({ message: 'Validation failed', success: false, errors: { fullName: 'Name is too long' } }, { status: 400 }),
      ),
    );
    const { user } = await openEmployeeRegister();
    await fillRegistration(user);
    await user.click(submit());
    expect(await screen.findByText('Name is too long')).toBeInTheDocument();
    expect(input('Full Name')).toHaveAccessibleDescription('Name is too long');
    expect(screen.getByText('Validation failed')).toBeInTheDocument();
  });

  test('editing a field clears the server error', async () => {
    server.use(http.post(`${API}/auth/register/employee`, () => HttpResponse.json({ message: 'Email already exists' }, { status: 409 })));
    const { user } = await openEmployeeRegister();
    await fillRegistration(user);
    await user.click(submit());
    await screen.findByText('Email already exists');
    await user.type(input('Full Name'), 'x');
    expect(screen.queryByText('Email already exists')).not.toBeInTheDocument();
  });
});

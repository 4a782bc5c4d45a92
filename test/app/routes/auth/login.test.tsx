import { act, configure, screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { logout } from '@/features/auth/authSlice';
import * as browser from '@/lib/browser';
import { API } from '../../../msw/handlers';
import { held } from '../../../msw/held';
import { server } from '../../../msw/server';
import { renderApp, signedIn } from '../../../utils/renderWithProviders';
import { LOGIN_RESPONSE, capture, storedUser } from '../../../features/auth/authTestUtils';

// These tests render the real route table: the first visit of a lazy page is transformed cold, which can
// take longer than the defaults on a busy machine.
configure({ asyncUtilTimeout: 5000 });
jest.setTimeout(15_000);

const EMAIL_FIELD = 'This email is not registered. Please check or sign up.';
const PASSWORD_FIELD = 'Incorrect password. Please try again.';
const EMAIL_BANNER = 'Email Issue: Please verify your email address or create a new account.';
const PASSWORD_BANNER = 'Password Issue: Double-check your password or use forgot password to reset it.';
const BOTH_BANNER = 'Login Failed: Please check both your email and password.';

async function openLogin(route: Parameters<typeof renderApp>[0] = '/login') {
  const utils = renderApp(route);
  await screen.findByRole('heading', { level: 1 });
  return utils;
}

function emailInput() {
  return screen.getByLabelText('Email');
}
function passwordInput() {
  return screen.getByLabelText('Password', { selector: 'input' });
}

async function signIn(user: ReturnType<typeof renderApp>['user'], email = 'alex@example.com', password = 'secret-password') {
  await user.type(emailInput(), email);
  await user.type(passwordInput(), password);
  await user.click(screen.getByRole('button', { name: 'Sign In' }));
}

/** The banner carrying `text`: warning banners are polite status messages, the red one is an alert. */
function banner(text: string) {
  return screen.getByText((_content, element) => element?.textContent === text && element.matches('[role="status"], [role="alert"]'));
}

describe('Login page: what it shows', () => {
  test('a full-screen page with one h1, a main landmark and the spec controls', async () => {
    await openLogin();
    expect(screen.getAllByRole('heading', { level: 1 })).toHaveLength(1);
    expect(screen.getByRole('main')).toBeInTheDocument();
    expect(emailInput()).toHaveAttribute('autocomplete', 'email');
    expect(passwordInput()).toHaveAttribute('autocomplete', 'current-password');
    expect(passwordInput()).toHaveAttribute('type', 'password');
    expect(screen.getByRole('checkbox', { name: 'Remember me' })).not.toBeChecked();
    expect(screen.getByRole('button', { name: 'Sign In' })).toHaveAttribute('type', 'submit');
    expect(screen.getByRole('button', { name: 'Continue with Google' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Sign up' })).toHaveAttribute('href', '/register');
    // "Forgot password?" (its label unchanged) leads to the reset page.
    expect(screen.getByRole('link', { name: 'Forgot password?' })).toHaveAttribute('href', '/forgot-password');
    // The shop's terms and privacy policy, as plain links that work before the app has loaded.
    expect(screen.getByRole('link', { name: 'Terms of service' })).toHaveAttribute('href', '/terms');
    expect(screen.getByRole('link', { name: 'Privacy policy' })).toHaveAttribute('href', '/privacy');
  });

  test.each([
    ['Terms of service', '/terms'],
    ['Privacy policy', '/privacy'],
  ])('"%s" opens the shop\'s page at %s', async (name, path) => {
    const { user, router } = await openLogin();
    await user.click(screen.getByRole('link', { name }));
    expect(await screen.findByRole('heading', { level: 1, name })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe(path);
  });

  test('the password can be shown and hidden', async () => {
    const { user } = await openLogin();
    await user.type(passwordInput(), 'secret');
    await user.click(screen.getByRole('button', { name: 'Show password' }));
    expect(passwordInput()).toHaveAttribute('type', 'text');
    await user.click(screen.getByRole('button', { name: 'Hide password' }));
    expect(passwordInput()).toHaveAttribute('type', 'password');
  });

  test('"Sign up" goes to the customer registration', async () => {
    const { user, router } = await openLogin();
    await user.click(screen.getByRole('link', { name: 'Sign up' }));
    expect(router.state.location.pathname).toBe('/register');
    expect(await screen.findByRole('button', { name: 'Create Account' })).toBeInTheDocument();
  });

  test('"Continue with Google" sends the browser to the backend Google authorization path', async () => {
    const assign = jest.spyOn(browser, 'assignLocation').mockImplementation(() => undefined);
    const { user } = await openLogin();
    await user.click(screen.getByRole('button', { name: 'Continue with Google' }));
    expect(assign).toHaveBeenCalledWith('/api/oauth2/authorization/google');
    assign.mockRestore();
  });
});

describe('Login page: validation (spec §5)', () => {
  test('empty fields show the required messages and send nothing', async () => {
    const bodies = capture('post', '/auth/login', LOGIN_RESPONSE);
    const { user } = await openLogin();
    await user.click(screen.getByRole('button', { name: 'Sign In' }));
    expect(await screen.findByText('Email is required')).toBeInTheDocument();
    expect(screen.getByText('Password is required')).toBeInTheDocument();
    expect(emailInput()).toHaveAccessibleDescription('Email is required');
    expect(emailInput()).toHaveAttribute('aria-invalid', 'true');
    expect(passwordInput()).toHaveAccessibleDescription('Password is required');
    expect(bodies).toHaveLength(0);
  });

  test('editing a field clears its error', async () => {
    const { user } = await openLogin();
    await user.click(screen.getByRole('button', { name: 'Sign In' }));
    await screen.findByText('Email is required');
    await user.type(emailInput(), 'a');
    expect(screen.queryByText('Email is required')).not.toBeInTheDocument();
    expect(screen.getByText('Password is required')).toBeInTheDocument();
  });
});

describe('Login page: success', () => {
  test('sends {email, password}, stores the session and goes to /dashboard', async () => {
    const bodies = capture('post', '/auth/login', LOGIN_RESPONSE);
    const { user, router, store } = await openLogin();
    await signIn(user);
    await waitFor(() => expect(router.state.location.pathname).toBe('/dashboard'));
    expect(bodies).toEqual([{ email: 'alex@example.com', password: 'secret-password' }]);
    expect(localStorage.getItem('token')).toBe('access-token-1');
    expect(localStorage.getItem('refresh_token')).toBe('refresh-token-1');
    expect(storedUser()).toMatchObject({ id: 'u-1', email: 'alex@example.com', fullName: 'Alex Morgan', roles: ['CUSTOMER'] });
    expect(store.getState().auth).toMatchObject({ isAuthenticated: true, token: 'access-token-1' });
    expect(localStorage.getItem('remember_me')).toBe('false');
  });

  test('"Remember me" is kept under the remember_me key as "true"', async () => {
    capture('post', '/auth/login', LOGIN_RESPONSE);
    const { user, router } = await openLogin();
    await user.click(screen.getByRole('checkbox', { name: 'Remember me' }));
    await signIn(user);
    await waitFor(() => expect(router.state.location.pathname).toBe('/dashboard'));
    expect(localStorage.getItem('remember_me')).toBe('true');
  });

  test('a stored remember_me "true" starts the checkbox ticked; unticking stores "false"', async () => {
    localStorage.setItem('remember_me', 'true');
    capture('post', '/auth/login', LOGIN_RESPONSE);
    const { user, router } = await openLogin();
    const checkbox = screen.getByRole('checkbox', { name: 'Remember me' });
    expect(checkbox).toBeChecked();
    await user.click(checkbox);
    await signIn(user);
    await waitFor(() => expect(router.state.location.pathname).toBe('/dashboard'));
    expect(localStorage.getItem('remember_me')).toBe('false');
  });

  test('the Sign In button shows a loading state and a second submit sends nothing', async () => {
    const login = held('post', '/auth/login', LOGIN_RESPONSE);
    const { user, router } = await openLogin();
    await signIn(user);
    const button = screen.getByRole('button', { name: 'Sign In' });
    await waitFor(() => expect(button).toBeDisabled());
    expect(button).toHaveAttribute('aria-busy', 'true');
    await user.type(passwordInput(), '{Enter}');
    login.release();
    await waitFor(() => expect(router.state.location.pathname).toBe('/dashboard'));
    expect(login.calls()).toBe(1);
  });

  test('returns to the page the guard remembered', async () => {
    capture('post', '/auth/login', LOGIN_RESPONSE);
    const { user, router } = renderApp('/dashboard/appointments');
    await waitFor(() => expect(router.state.location.pathname).toBe('/login'));
    await screen.findByRole('button', { name: 'Sign In' });
    await signIn(user);
    await waitFor(() => expect(router.state.location.pathname).toBe('/dashboard/appointments'));
    // Still there once everything has settled (the guest guard does not win the race).
    await screen.findByRole('button', { name: 'Book Appointment' });
    expect(router.state.location.pathname).toBe('/dashboard/appointments');
  });

  test.each([
    ['someone else signs in next: their own dashboard', 'u-previous', '/dashboard'],
    ['the same person signs in again: back to their page', 'u-1', '/dashboard/appointments'],
  ])('a session that ends on a page (signed out from another tab) — %s', async (_case, previousId, landing) => {
    capture('post', '/auth/login', LOGIN_RESPONSE);
    const { user, router, store } = renderApp('/dashboard/appointments', { preloadedState: { auth: signedIn('CUSTOMER', { id: previousId }) } });
    await screen.findByRole('button', { name: 'Book Appointment' });
    act(() => {
      store.dispatch(logout());
    });
    await waitFor(() => expect(router.state.location.pathname).toBe('/login'));
    await screen.findByRole('button', { name: 'Sign In' });
    await signIn(user);
    await waitFor(() => expect(router.state.location.pathname).toBe(landing));
    expect(await screen.findByRole('navigation', { name: 'Dashboard' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe(landing);
  });

  test.each(['//evil.example', 'https://evil.example', '/\\evil.example'])('refuses the unsafe origin %s and goes to /dashboard', async (from) => {
    capture('post', '/auth/login', LOGIN_RESPONSE);
    for (const state of [{ from }, { from: { pathname: from, search: '', hash: '' } }]) {
      const { user, router, unmount } = await openLogin({ pathname: '/login', state });
      // A memory router refuses external targets itself, so watch what the app asks it for.
      const navigate = jest.spyOn(router, 'navigate');
      await signIn(user);
      // Once the dashboard has rendered, every navigation of the sign-in has happened.
      expect(await screen.findByRole('navigation', { name: 'Dashboard' })).toBeInTheDocument();
      expect(router.state.location.pathname).toBe('/dashboard');
      const targets = navigate.mock.calls.map(([to]) => (typeof to === 'string' ? to : JSON.stringify(to)));
      expect(targets).toContain('/dashboard');
      expect(targets.filter((to) => to.includes('evil'))).toEqual([]);
      navigate.mockRestore();
      unmount();
      localStorage.clear();
    }
  });
});

describe('Login page: server messages (spec §8)', () => {
  function answer(status: number, body?: Record<string, unknown>) {
    server.use(http.post(`${API}/auth/login`, () => (body ? HttpResponse.json(body, { status }) : new HttpResponse(null, { status }))));
  }

  test.each(['Email not found', 'USER NOT FOUND', 'No account not found for that address'])(
    '"%s" → email field message + Email Issue warning',
    async (message) => {
      answer(401, { message });
      const { user, store } = await openLogin();
      await signIn(user);
      expect(await screen.findByText(EMAIL_FIELD)).toBeInTheDocument();
      expect(emailInput()).toHaveAccessibleDescription(EMAIL_FIELD);
      const warning = banner(EMAIL_BANNER);
      expect(warning).toHaveAttribute('role', 'status');
      expect(warning).toHaveClass('warning');
      expect(screen.queryByText(PASSWORD_FIELD)).not.toBeInTheDocument();
      expect(store.getState().auth.isAuthenticated).toBe(false);
      expect(localStorage.getItem('token')).toBeNull();
    },
  );

  test.each(['Password is incorrect', 'Incorrect password', 'wrong password', 'Invalid Password'])(
    '"%s" → password field message + Password Issue warning',
    async (message) => {
      answer(401, { message });
      const { user } = await openLogin();
      await signIn(user);
      expect(await screen.findByText(PASSWORD_FIELD)).toBeInTheDocument();
      expect(passwordInput()).toHaveAccessibleDescription(PASSWORD_FIELD);
      expect(banner(PASSWORD_BANNER)).toHaveClass('warning');
      expect(screen.queryByText(EMAIL_FIELD)).not.toBeInTheDocument();
    },
  );

  test.each(['Invalid credentials', 'Authentication failed'])('"%s" → both fields + Login Failed warning', async (message) => {
    answer(401, { message });
    const { user } = await openLogin();
    await signIn(user);
    expect(await screen.findAllByText('Invalid credentials')).toHaveLength(2);
    expect(emailInput()).toHaveAccessibleDescription('Invalid credentials');
    expect(passwordInput()).toHaveAccessibleDescription('Invalid credentials');
    expect(banner(BOTH_BANNER)).toHaveClass('warning');
  });

  test('a 401 without a message is "Invalid credentials" (both fields)', async () => {
    answer(401);
    const { user } = await openLogin();
    await signIn(user);
    expect(await screen.findAllByText('Invalid credentials')).toHaveLength(2);
    expect(banner(BOTH_BANNER)).toBeInTheDocument();
  });

  test('any other message is a red banner (429 too many attempts)', async () => {
    answer(429, { message: 'Too many login attempts. Please try again later.', success: false });
    const { user } = await openLogin();
    await signIn(user);
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('Too many login attempts. Please try again later.');
    expect(alert).toHaveClass('error');
    expect(emailInput()).not.toHaveAttribute('aria-invalid');
  });

  test('no response → the network message in the red banner', async () => {
    server.use(http.post(`${API}/auth/login`, () => HttpResponse.error()));
    const { user } = await openLogin();
    await signIn(user);
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('Network error. Please check your connection.');
    expect(alert).toHaveClass('error');
  });

  test('editing a field clears the banner and that field’s server message', async () => {
    answer(401, { message: 'Email not found' });
    const { user } = await openLogin();
    await signIn(user);
    await screen.findByText(EMAIL_FIELD);
    await user.type(emailInput(), 'x');
    expect(screen.queryByText(EMAIL_FIELD)).not.toBeInTheDocument();
    expect(screen.queryByText(/Email Issue/)).not.toBeInTheDocument();
  });
});

describe('Login page: keyboard only', () => {
  test('the form can be completed and submitted with the keyboard alone', async () => {
    capture('post', '/auth/login', LOGIN_RESPONSE);
    const { user, router } = await openLogin();
    // Tab from the top of the page to the Email field.
    for (let i = 0; i < 10 && document.activeElement !== emailInput(); i += 1) await user.tab();
    expect(emailInput()).toHaveFocus();
    await user.keyboard('alex@example.com');
    await user.tab();
    expect(passwordInput()).toHaveFocus();
    await user.keyboard('secret-password');
    await user.tab();
    expect(screen.getByRole('button', { name: 'Show password' })).toHaveFocus();
    await user.tab();
    expect(screen.getByRole('checkbox', { name: 'Remember me' })).toHaveFocus();
    await user.keyboard(' ');
    expect(screen.getByRole('checkbox', { name: 'Remember me' })).toBeChecked();
    await user.tab();
    expect(screen.getByRole('link', { name: 'Forgot password?' })).toHaveFocus();
    await user.tab();
    expect(screen.getByRole('button', { name: 'Sign In' })).toHaveFocus();
    await user.keyboard('{Enter}');
    await waitFor(() => expect(router.state.location.pathname).toBe('/dashboard'));
    expect(localStorage.getItem('remember_me')).toBe('true');
  });
});

describe('Guest-only routes (spec §2)', () => {
  test.each(['/login', '/register', '/register/employee'])('a signed-in user visiting %s lands on /dashboard', async (path) => {
    const { router } = renderApp(path, { preloadedState: { auth: signedIn('CUSTOMER') } });
    await waitFor(() => expect(router.state.location.pathname).toBe('/dashboard'));
    expect(await screen.findByRole('navigation', { name: 'Dashboard' })).toBeInTheDocument();
    expect(within(screen.getByRole('navigation', { name: 'Dashboard' })).getByRole('link', { name: 'Dashboard' })).toBeInTheDocument();
  });
});

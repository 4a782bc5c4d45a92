import { configure, screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { API } from '../../../msw/handlers';
import { server } from '../../../msw/server';
import { type Downloads, watchDownloads } from '../../../utils/downloads';
import { renderApp, signedIn, storeSession } from '../../../utils/renderWithProviders';
import { storedUser } from '../../../features/auth/authTestUtils';
import { ACCOUNT_MESSAGES, answerWith, profileOf, refusal, serveProfile } from '../../../features/account/accountTestUtils';

// The real route table and frames: a lazy page's first visit is transformed cold, slow on a busy machine.
configure({ asyncUtilTimeout: 8000 });

type Role = 'CUSTOMER' | 'EMPLOYEE' | 'ADMIN';

async function openAccount(role: Role = 'CUSTOMER', profile: Record<string, unknown> = {}) {
  serveProfile(() => profileOf(role, profile));
  const auth = signedIn(role);
  storeSession(auth);
  const utils = renderApp('/account', { preloadedState: { auth } });
  await screen.findByRole('heading', { level: 1, name: 'Account settings' });
  await screen.findByRole('region', { name: 'Profile' });
  return utils;
}

const section = (name: string) => screen.getByRole('region', { name });
const inSection = (name: string) => within(section(name));
const passwordIn = (name: string, label: string) => inSection(name).getByLabelText(label, { selector: 'input' });

describe('Account settings (/account)', () => {
  test('signed out, it sends the visitor to /login', async () => {
    const { router } = renderApp('/account');
    await waitFor(() => expect(router.state.location.pathname).toBe('/login'));
  });

  test.each([
    ['CUSTOMER', 'Dashboard'],
    ['EMPLOYEE', 'Dashboard'],
    ['ADMIN', 'Admin'],
  ] as const)('the %s sees it in their own frame, with every section', async (role, nav) => {
    await openAccount(role);
    expect(screen.getByRole('navigation', { name: nav })).toBeInTheDocument();
    expect(screen.getAllByRole('heading', { level: 1 })).toHaveLength(1);
    expect(screen.getAllByRole('heading', { level: 2 }).map((heading) => heading.textContent)).toEqual([
      'Profile',
      'Email',
      'Notifications',
      'Change password',
      'Devices',
      'Your data',
      'Close account',
    ]);
    expect(screen.getByRole('button', { name: 'Sign out of all devices' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Download my data' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Close account' })).toBeInTheDocument();
  });
});

describe('Profile', () => {
  test('starts from the profile; the spec’s messages, tied to their fields; nothing is sent', async () => {
    const sent = answerWith('put', '/auth/update-profile', profileOf('CUSTOMER'));
    const { user } = await openAccount();
    const fullName = inSection('Profile').getByLabelText('Full Name');
    const phone = inSection('Profile').getByLabelText('Phone Number');
    expect(fullName).toHaveValue('Alex Morgan');
    expect(phone).toHaveValue('+94 77 123 4567');
    expect(inSection('Profile').getByLabelText('Address')).toHaveValue('12 Main Street');
    await user.clear(fullName);
    await user.type(fullName, '   ');
    await user.clear(phone);
    await user.click(inSection('Profile').getByRole('button', { name: 'Save profile' }));
    expect(await screen.findByText('Full name is required')).toBeInTheDocument();
    expect(fullName).toHaveAccessibleDescription('Full name is required');
    expect(fullName).toHaveAttribute('aria-invalid', 'true');
    expect(phone).toHaveAccessibleDescription('Phone number is required');
    expect(sent).toEqual([]);
  });

  test('saves {fullName, phoneNumber, address} through PUT /api/auth/update-profile and updates the stored user copy', async () => {
    const sent = answerWith('put', '/auth/update-profile', profileOf('CUSTOMER', { fullName: 'Alex Morgan-Silva', phoneNumber: '0771234567', address: '' }));
    const { user, store } = await openAccount();
    const fullName = inSection('Profile').getByLabelText('Full Name');
    await user.clear(fullName);
    await user.type(fullName, ' Alex Morgan-Silva ');
    await user.clear(inSection('Profile').getByLabelText('Phone Number'));
    await user.type(inSection('Profile').getByLabelText('Phone Number'), '0771234567');
    await user.clear(inSection('Profile').getByLabelText('Address'));
    await user.click(inSection('Profile').getByRole('button', { name: 'Save profile' }));
    expect(await inSection('Profile').findByText('Your profile has been saved.')).toBeInTheDocument();
    expect(sent.map((request) => request.body)).toEqual([{ fullName: 'Alex Morgan-Silva', phoneNumber: '0771234567', address: '' }]);
    expect(store.getState().auth.user).toMatchObject({ fullName: 'Alex Morgan-Silva', firstName: 'Alex', lastName: 'Morgan-Silva', phoneNumber: '0771234567' });
    expect(storedUser()).toMatchObject({ fullName: 'Alex Morgan-Silva', phoneNumber: '0771234567' });
  });
});

describe('Notifications', () => {
  test('the e-mail choice is here too, with its label, and saves through the profile', async () => {
    const sent = answerWith('put', '/auth/update-profile', profileOf('CUSTOMER', { emailNotifications: false }));
    const { user } = await openAccount();
    const choice = inSection('Notifications').getByRole('checkbox', { name: 'Email me these notifications' });
    expect(choice).toBeChecked();
    await user.click(choice);
    await waitFor(() => expect(sent.map((request) => request.body)).toEqual([{ emailNotifications: false }]));
  });
});

describe('Change password', () => {
  const submit = () => inSection('Change password').getByRole('button', { name: 'Change password' });

  test('Current password, New password and Confirm Password with the registration messages; nothing is sent', async () => {
    const sent = answerWith('put', '/account/password', { message: ACCOUNT_MESSAGES.passwordChanged });
    const { user } = await openAccount();
    await user.click(submit());
    expect(await inSection('Change password').findByText(ACCOUNT_MESSAGES.currentPasswordRequired)).toBeInTheDocument();
    expect(passwordIn('Change password', 'Current password')).toHaveAccessibleDescription(ACCOUNT_MESSAGES.currentPasswordRequired);
    expect(passwordIn('Change password', 'New password')).toHaveAccessibleDescription('Password is required');
    expect(passwordIn('Change password', 'Confirm Password')).toHaveAccessibleDescription('Please confirm your password');

    await user.type(passwordIn('Change password', 'Current password'), 'old-password');
    await user.type(passwordIn('Change password', 'New password'), 'short');
    await user.type(passwordIn('Change password', 'Confirm Password'), 'different');
    await user.click(submit());
    expect(await inSection('Change password').findByText('Password must be at least 8 characters long')).toBeInTheDocument();
    expect(passwordIn('Change password', 'Confirm Password')).toHaveAccessibleDescription('Passwords do not match');
    expect(sent).toEqual([]);
  });

  test('a wrong current password shows on its field', async () => {
    answerWith('put', '/account/password', refusal(400, 'Please check your input and try again', { currentPassword: ACCOUNT_MESSAGES.currentPasswordWrong }));
    const { user } = await openAccount();
    await user.type(passwordIn('Change password', 'Current password'), 'not-it');
    await user.type(passwordIn('Change password', 'New password'), 'a-new-password');
    await user.type(passwordIn('Change password', 'Confirm Password'), 'a-new-password');
    await user.click(submit());
    expect(await inSection('Change password').findByText(ACCOUNT_MESSAGES.currentPasswordWrong)).toBeInTheDocument();
    expect(passwordIn('Change password', 'Current password')).toHaveAccessibleDescription(ACCOUNT_MESSAGES.currentPasswordWrong);
    expect(passwordIn('Change password', 'Current password')).toHaveAttribute('aria-invalid', 'true');
  });

  test('sends {currentPassword, newPassword} to PUT /api/account/password, says so and clears the fields; the session stays', async () => {
    const sent = answerWith('put', '/account/password', { message: ACCOUNT_MESSAGES.passwordChanged });
    const { user, store, router } = await openAccount();
    await user.type(passwordIn('Change password', 'Current password'), 'old-password');
    await user.type(passwordIn('Change password', 'New password'), 'a-new-password');
    await user.type(passwordIn('Change password', 'Confirm Password'), 'a-new-password');
    await user.click(submit());
    expect(await inSection('Change password').findByRole('status')).toHaveTextContent(ACCOUNT_MESSAGES.passwordChanged);
    expect(sent).toEqual([{ body: { currentPassword: 'old-password', newPassword: 'a-new-password' }, authorization: 'Bearer access-token-1' }]);
    expect(passwordIn('Change password', 'Current password')).toHaveValue('');
    expect(passwordIn('Change password', 'New password')).toHaveValue('');
    expect(store.getState().auth.isAuthenticated).toBe(true);
    expect(router.state.location.pathname).toBe('/account');
  });
});

describe('Email', () => {
  const newEmail = () => inSection('Email').getByLabelText('New e-mail');
  const submit = () => inSection('Email').getByRole('button', { name: 'Change e-mail' });

  test('shows the address and whether it is verified', async () => {
    await openAccount('CUSTOMER', { emailVerified: false });
    expect(section('Email')).toHaveTextContent('Your e-mail address: customer@example.com');
    expect(inSection('Email').getByRole('img', { name: 'E-mail not verified' })).toHaveTextContent('Not verified');
  });

  test('the registration rule for the address, and the account’s own address is refused: nothing is sent', async () => {
    const sent = answerWith('put', '/account/email', { message: ACCOUNT_MESSAGES.emailChangeSent, pendingEmail: 'x@example.com' });
    const { user } = await openAccount();
    await user.click(submit());
    expect(await inSection('Email').findByText('Email is required')).toBeInTheDocument();
    await user.type(newEmail(), 'nope');
    await user.click(submit());
    expect(await inSection('Email').findByText('Email is invalid')).toBeInTheDocument();
    await user.clear(newEmail());
    await user.type(newEmail(), 'Customer@Example.com');
    await user.click(submit());
    expect(await inSection('Email').findByText(ACCOUNT_MESSAGES.emailSame)).toBeInTheDocument();
    expect(newEmail()).toHaveAccessibleDescription(ACCOUNT_MESSAGES.emailSame);
    expect(sent).toEqual([]);
  });

  test('sends {email, currentPassword} to PUT /api/account/email; the new address waits for verification', async () => {
    let pending: string | undefined;
    serveProfile(() => profileOf('CUSTOMER', pending ? { pendingEmail: pending } : {}));
    const sent: unknown[] = [];
    server.use(
      http.put(`${API}/account/email`, async ({ request }) => {
        sent.push(await request.json());
        pending = 'alex.new@example.com';
        return HttpResponse.json({ message: ACCOUNT_MESSAGES.emailChangeSent, pendingEmail: pending }, { status: 202 });
      }),
    );
    const auth = signedIn('CUSTOMER');
    storeSession(auth);
    const { user } = renderApp('/account', { preloadedState: { auth } });
    await screen.findByRole('region', { name: 'Email' });
    await user.type(newEmail(), 'alex.new@example.com');
    await user.type(passwordIn('Email', 'Current password'), 'my-password');
    await user.click(submit());
    expect(await inSection('Email').findByText(ACCOUNT_MESSAGES.emailChangeSent)).toBeInTheDocument();
    expect(sent).toEqual([{ email: 'alex.new@example.com', currentPassword: 'my-password' }]);
    expect(section('Email')).toHaveTextContent('New address alex.new@example.com: waiting for verification.');
    // The address itself changes only once the link is opened.
    expect(section('Email')).toHaveTextContent('Your e-mail address: customer@example.com');
  });

  test('a pending address from the profile shows as waiting for verification', async () => {
    await openAccount('CUSTOMER', { pendingEmail: 'later@example.com' });
    expect(section('Email')).toHaveTextContent('New address later@example.com: waiting for verification.');
  });

  test('without a password (a Google account) only {email} is sent; the server’s demand shows on the password field', async () => {
    const sent = answerWith('put', '/account/email', refusal(400, 'Please check your input and try again', { currentPassword: ACCOUNT_MESSAGES.currentPasswordRequired }));
    const { user } = await openAccount();
    await user.type(newEmail(), 'alex.new@example.com');
    await user.click(submit());
    expect(await inSection('Email').findByText(ACCOUNT_MESSAGES.currentPasswordRequired)).toBeInTheDocument();
    expect(passwordIn('Email', 'Current password')).toHaveAccessibleDescription(expect.stringContaining(ACCOUNT_MESSAGES.currentPasswordRequired));
    expect(sent.map((request) => request.body)).toEqual([{ email: 'alex.new@example.com' }]);
  });

  test('an address in use (409) shows on the New e-mail field', async () => {
    answerWith('put', '/account/email', refusal(409, ACCOUNT_MESSAGES.emailTaken));
    const { user } = await openAccount();
    await user.type(newEmail(), 'taken@example.com');
    await user.type(passwordIn('Email', 'Current password'), 'my-password');
    await user.click(submit());
    expect(await inSection('Email').findByText(ACCOUNT_MESSAGES.emailTaken)).toBeInTheDocument();
    expect(newEmail()).toHaveAccessibleDescription(ACCOUNT_MESSAGES.emailTaken);
  });
});

describe('Sign out of all devices', () => {
  test('asks first: Cancel closes the dialog and sends nothing', async () => {
    const sent = answerWith('post', '/auth/logout-all', { message: 'Logged out from all devices' });
    const { user, store } = await openAccount();
    const button = screen.getByRole('button', { name: 'Sign out of all devices' });
    await user.click(button);
    const dialog = await screen.findByRole('dialog', { name: 'Sign out of all devices?' });
    expect(within(dialog).getByRole('button', { name: 'Cancel' })).toHaveFocus();
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(button).toHaveFocus();
    expect(sent).toEqual([]);
    expect(store.getState().auth.isAuthenticated).toBe(true);
  });

  test('confirmed: POST /api/auth/logout-all, then signed out here too and on /login', async () => {
    const sent = answerWith('post', '/auth/logout-all', { message: 'Logged out from all devices' });
    const { user, store, router } = await openAccount();
    await user.click(screen.getByRole('button', { name: 'Sign out of all devices' }));
    const dialog = await screen.findByRole('dialog', { name: 'Sign out of all devices?' });
    await user.click(within(dialog).getByRole('button', { name: 'Sign out everywhere' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/login'));
    expect(sent).toEqual([{ body: {}, authorization: 'Bearer access-token-1' }]);
    expect(store.getState().auth.isAuthenticated).toBe(false);
    expect(localStorage.getItem('token')).toBeNull();
    expect(await screen.findByRole('button', { name: 'Sign In' })).toBeInTheDocument();
  });
});

describe('Download my data', () => {
  let downloads: Downloads;
  beforeEach(() => {
    downloads = watchDownloads();
  });
  afterEach(() => downloads.restore());

  function serveExport(headers: Record<string, string> = { 'Content-Disposition': 'attachment; filename="carcare-account.json"' }) {
    const requests: (string | null)[] = [];
    server.use(
      http.get(`${API}/account/export`, ({ request }) => {
        requests.push(request.headers.get('authorization'));
        return HttpResponse.json({ exportedAt: '2026-11-27T10:00:00.000Z', account: { id: 'u-customer' }, vehicles: [], jobs: [], timeLogs: [], notifications: [] }, { headers });
      }),
    );
    return requests;
  }

  test('GET /api/account/export with the token in its header, saved as carcare-account.json', async () => {
    const requests = serveExport();
    const { user } = await openAccount();
    await user.click(screen.getByRole('button', { name: 'Download my data' }));
    await waitFor(() => expect(downloads.saved).toHaveLength(1));
    expect(requests).toEqual(['Bearer access-token-1']);
    expect(downloads.saved[0].download).toBe('carcare-account.json');
    expect(JSON.parse(await downloads.saved[0].blob.text())).toMatchObject({ account: { id: 'u-customer' } });
    expect(await inSection('Your data').findByRole('status')).toHaveTextContent('Downloaded carcare-account.json');
  });

  test('an answer that names no file is still saved as carcare-account.json', async () => {
    serveExport({});
    const { user } = await openAccount();
    await user.click(screen.getByRole('button', { name: 'Download my data' }));
    await waitFor(() => expect(downloads.saved).toHaveLength(1));
    expect(downloads.saved[0].download).toBe('carcare-account.json');
  });
});

describe('Close account', () => {
  async function openDialog(role: Role = 'CUSTOMER') {
    const utils = await openAccount(role);
    await utils.user.click(screen.getByRole('button', { name: 'Close account' }));
    const dialog = await screen.findByRole('dialog', { name: 'Close your account?' });
    return { ...utils, dialog };
  }

  test('asks first, saying it cannot be undone; Keep account closes the dialog and sends nothing', async () => {
    const sent = answerWith('post', '/account/close', { message: ACCOUNT_MESSAGES.accountClosed });
    const { user, dialog } = await openDialog();
    expect(dialog).toHaveAccessibleDescription(expect.stringContaining('This cannot be undone.'));
    expect(within(dialog).getByLabelText('Current password', { selector: 'input' })).toHaveAttribute('type', 'password');
    await user.click(within(dialog).getByRole('button', { name: 'Keep account' }));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(sent).toEqual([]);
  });

  test('confirmed with the password: POST /api/account/close, signed out, and the sign-in page says the account is closed', async () => {
    const sent = answerWith('post', '/account/close', { message: ACCOUNT_MESSAGES.accountClosed });
    const { user, dialog, store, router } = await openDialog();
    await user.type(within(dialog).getByLabelText('Current password', { selector: 'input' }), 'my-password');
    await user.click(within(dialog).getByRole('button', { name: 'Close my account' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/login'));
    expect(sent).toEqual([{ body: { currentPassword: 'my-password' }, authorization: 'Bearer access-token-1' }]);
    expect(store.getState().auth.isAuthenticated).toBe(false);
    expect(localStorage.getItem('token')).toBeNull();
    expect(await screen.findByRole('status')).toHaveTextContent(ACCOUNT_MESSAGES.accountClosed);
    expect(screen.getByRole('button', { name: 'Sign In' })).toBeInTheDocument();
  });

  test('without a password (a Google account) it sends {}; a wrong password shows on its field', async () => {
    const sent = answerWith('post', '/account/close', refusal(400, 'Please check your input and try again', { currentPassword: ACCOUNT_MESSAGES.currentPasswordWrong }));
    const { user, dialog } = await openDialog();
    await user.click(within(dialog).getByRole('button', { name: 'Close my account' }));
    const field = within(dialog).getByLabelText('Current password', { selector: 'input' });
    expect(await within(dialog).findByText(ACCOUNT_MESSAGES.currentPasswordWrong)).toBeInTheDocument();
    expect(field).toHaveAccessibleDescription(expect.stringContaining(ACCOUNT_MESSAGES.currentPasswordWrong));
    expect(sent.map((request) => request.body)).toEqual([{}]);
  });

  test('the last active admin (409) is told so in the dialog and stays signed in', async () => {
    answerWith('post', '/account/close', refusal(409, ACCOUNT_MESSAGES.lastAdmin));
    const { user, dialog, store, router } = await openDialog('ADMIN');
    await user.type(within(dialog).getByLabelText('Current password', { selector: 'input' }), 'my-password');
    await user.click(within(dialog).getByRole('button', { name: 'Close my account' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent(ACCOUNT_MESSAGES.lastAdmin);
    expect(store.getState().auth.isAuthenticated).toBe(true);
    expect(router.state.location.pathname).toBe('/account');
  });
});

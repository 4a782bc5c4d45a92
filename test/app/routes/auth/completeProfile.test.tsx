import { configure, screen, waitFor } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { API } from '../../../msw/handlers';
import { held } from '../../../msw/held';
import { server } from '../../../msw/server';
import { renderApp, signedIn, storeSession } from '../../../utils/renderWithProviders';
import { capture, storedUser } from '../../../features/auth/authTestUtils';

// These tests render the real route table: the first visit of a lazy page is transformed cold, which can
// take longer than the defaults on a busy machine.
configure({ asyncUtilTimeout: 5000 });
jest.setTimeout(15_000);

const UPDATED = { id: 'u-customer', email: 'customer@example.com', fullName: 'Alex Morgan', phoneNumber: '+94 77 000 1111', address: '', roles: ['CUSTOMER'] };

async function openCompleteProfile(role = 'CUSTOMER') {
  const auth = signedIn(role, { phoneNumber: '', address: '' });
  storeSession(auth);
  const utils = renderApp('/complete-profile', { preloadedState: { auth } });
  await screen.findByRole('button', { name: 'Complete Profile' });
  return utils;
}

const phone = () => screen.getByLabelText('Phone Number');
const submit = () => screen.getByRole('button', { name: 'Complete Profile' });

describe('Complete profile', () => {
  test('is for signed-in users only', async () => {
    const { router } = renderApp('/complete-profile');
    await waitFor(() => expect(router.state.location.pathname).toBe('/login'));
  });

  test('shows Phone Number and Address only (the role is a hidden field), one h1, a main landmark', async () => {
    const { container } = await openCompleteProfile();
    expect(screen.getAllByRole('heading', { level: 1 })).toHaveLength(1);
    expect(screen.getByRole('main')).toBeInTheDocument();
    expect(phone()).toHaveAttribute('autocomplete', 'tel');
    expect(screen.getByLabelText('Address')).toHaveAttribute('autocomplete', 'street-address');
    expect(screen.getAllByRole('textbox')).toHaveLength(2);
    expect(screen.queryByRole('combobox')).not.toBeInTheDocument();
    expect(container.querySelector('input[type="hidden"][name="role"]')).toHaveValue('CUSTOMER');
  });

  test('the phone number is required; the message clears as the user types', async () => {
    const bodies = capture('put', '/auth/update-profile', UPDATED);
    const { user } = await openCompleteProfile();
    await user.click(submit());
    expect(await screen.findByText('Phone number is required')).toBeInTheDocument();
    expect(phone()).toHaveAccessibleDescription('Phone number is required');
    await user.type(phone(), '+');
    expect(screen.queryByText('Phone number is required')).not.toBeInTheDocument();
    expect(bodies).toHaveLength(0);
  });

  test('sends exactly {phoneNumber, address: "", role: CUSTOMER}, updates the local user copy and goes to /dashboard', async () => {
    const bodies = capture('put', '/auth/update-profile', UPDATED);
    const { user, router, store } = await openCompleteProfile();
    await user.type(phone(), ' +94 77 000 1111 ');
    await user.click(submit());
    await waitFor(() => expect(router.state.location.pathname).toBe('/dashboard'));
    expect(bodies).toEqual([{ phoneNumber: '+94 77 000 1111', address: '', role: 'CUSTOMER' }]);
    expect(store.getState().auth.user).toMatchObject({ phoneNumber: '+94 77 000 1111', address: '', roles: ['CUSTOMER'], role: 'CUSTOMER' });
    expect(storedUser()).toMatchObject({ phoneNumber: '+94 77 000 1111', address: '', roles: ['CUSTOMER'], role: 'CUSTOMER' });
    expect(localStorage.getItem('token')).toBe('access-token-1');
  });

  test('sends the address when given', async () => {
    const bodies = capture('put', '/auth/update-profile', UPDATED);
    const { user, router } = await openCompleteProfile();
    await user.type(phone(), '0771234567');
    await user.type(screen.getByLabelText('Address'), '12 Main Street');
    await user.click(submit());
    await waitFor(() => expect(router.state.location.pathname).toBe('/dashboard'));
    expect(bodies).toEqual([{ phoneNumber: '0771234567', address: '12 Main Street', role: 'CUSTOMER' }]);
  });

  test('an empty address keeps the stored one in the local user copy, as the server does', async () => {
    const bodies = capture('put', '/auth/update-profile', { ...UPDATED, address: '7 Lake Road' });
    const auth = signedIn('CUSTOMER', { phoneNumber: '', address: '7 Lake Road' });
    storeSession(auth);
    const { user, router, store } = renderApp('/complete-profile', { preloadedState: { auth } });
    await screen.findByRole('button', { name: 'Complete Profile' });
    await user.type(phone(), '0771234567');
    await user.clear(screen.getByLabelText('Address'));
    await user.click(submit());
    await waitFor(() => expect(router.state.location.pathname).toBe('/dashboard'));
    expect(bodies).toEqual([{ phoneNumber: '0771234567', address: '', role: 'CUSTOMER' }]);
    expect(store.getState().auth.user).toMatchObject({ phoneNumber: '0771234567', address: '7 Lake Road' });
    expect(storedUser()).toMatchObject({ phoneNumber: '0771234567', address: '7 Lake Road' });
  });

  test('an employee keeps the EMPLOYEE role', async () => {
    const bodies = capture('put', '/auth/update-profile', { ...UPDATED, roles: ['EMPLOYEE'] });
    const { user, router } = await openCompleteProfile('EMPLOYEE');
    await user.type(phone(), '0771234567');
    await user.click(submit());
    await waitFor(() => expect(router.state.location.pathname).toBe('/dashboard'));
    expect(bodies).toEqual([{ phoneNumber: '0771234567', address: '', role: 'EMPLOYEE' }]);
  });

  test('Complete Profile shows a loading state and a second submit sends nothing', async () => {
    const update = held('put', '/auth/update-profile', UPDATED);
    const { user, router } = await openCompleteProfile();
    await user.type(phone(), '0771234567');
    await user.click(submit());
    await waitFor(() => expect(submit()).toBeDisabled());
    expect(submit()).toHaveAttribute('aria-busy', 'true');
    await user.type(phone(), '{Enter}');
    update.release();
    await waitFor(() => expect(router.state.location.pathname).toBe('/dashboard'));
    expect(update.calls()).toBe(1);
  });

  test('a failure shows the server message', async () => {
    server.use(http.put(`${API}/auth/update-profile`, () => HttpResponse.json({ message: 'Phone number is already in use', success: false }, { status: 409 })));
    const { user, router } = await openCompleteProfile();
    await user.type(phone(), '0771234567');
    await user.click(submit());
    const message = await screen.findByText('Phone number is already in use');
    expect(message.closest('[role="alert"]')).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/complete-profile');
  });

  test("a 400's field errors land on their fields too", async () => {
    server.use(
      http.put(`${API}/auth/update-profile`, () =>
        HttpResponse.json({ message: 'Validation failed', success: false, errors: { phoneNumber: 'Phone number must be at most 30 characters long' } }, { status: 400 }),
      ),
    );
    const { user } = await openCompleteProfile();
    await user.type(phone(), '0'.repeat(31));
    await user.click(submit());
    expect(await screen.findByText('Validation failed')).toBeInTheDocument();
    expect(phone()).toHaveAccessibleDescription('Phone number must be at most 30 characters long');
  });

  test.each([
    ['a failure without a message', () => new HttpResponse(null, { status: 500 })],
    ['no response', () => HttpResponse.error()],
  ])('%s → "Failed to complete profile. Please try again."; typing clears it', async (_name, answer) => {
    server.use(http.put(`${API}/auth/update-profile`, answer));
    const { user } = await openCompleteProfile();
    await user.type(phone(), '0771234567');
    await user.click(submit());
    expect(await screen.findByText('Failed to complete profile. Please try again.')).toBeInTheDocument();
    await user.type(phone(), '8');
    expect(screen.queryByText('Failed to complete profile. Please try again.')).not.toBeInTheDocument();
  });
});

import { configure, screen, waitFor } from '@testing-library/react';
import { renderApp } from '../../../utils/renderWithProviders';
import { ACCOUNT_MESSAGES, answerWith, refusal } from '../../../features/account/accountTestUtils';

configure({ asyncUtilTimeout: 5000 });

const TOKEN = 'Xk3_9-abcdefghijklmnopqrstuvwxyz0123456789AB';

async function openLink(hash = `#token=${TOKEN}`) {
  const utils = renderApp(`/reset-password${hash}`);
  await screen.findByRole('heading', { level: 1, name: 'Set a new password' });
  return utils;
}

const newPassword = () => screen.getByLabelText('New password', { selector: 'input' });
const confirmPassword = () => screen.getByLabelText('Confirm Password', { selector: 'input' });
const submit = () => screen.getByRole('button', { name: 'Set new password' });

describe('The reset link’s page (/reset-password#token=…)', () => {
  test('takes the token out of the address at once, replacing the entry (no history keeps it)', async () => {
    const { router } = await openLink();
    await waitFor(() => expect(router.state.location.hash).toBe(''));
    expect(router.state.location.pathname).toBe('/reset-password');
    expect(router.state.historyAction).toBe('REPLACE');
    expect(`${router.state.location.pathname}${router.state.location.search}${router.state.location.hash}`).not.toContain(TOKEN);
  });

  test('New password and Confirm Password, each with a show/hide toggle', async () => {
    const { user } = await openLink();
    expect(newPassword()).toHaveAttribute('type', 'password');
    expect(newPassword()).toHaveAttribute('autocomplete', 'new-password');
    expect(confirmPassword()).toHaveAttribute('autocomplete', 'new-password');
    const [showNew, showConfirm] = screen.getAllByRole('button', { name: 'Show password' });
    await user.click(showNew);
    expect(newPassword()).toHaveAttribute('type', 'text');
    expect(screen.getByRole('button', { name: 'Hide password' })).toHaveAttribute('aria-pressed', 'true');
    await user.click(showConfirm);
    expect(confirmPassword()).toHaveAttribute('type', 'text');
  });

  test('the registration rules and messages, tied to their fields; nothing is sent', async () => {
    const sent = answerWith('post', '/account/password/reset', { message: ACCOUNT_MESSAGES.passwordReset });
    const { user } = await openLink();
    await user.click(submit());
    expect(await screen.findByText('Password is required')).toBeInTheDocument();
    expect(newPassword()).toHaveAccessibleDescription('Password is required');
    expect(screen.getByText('Please confirm your password')).toBeInTheDocument();
    expect(confirmPassword()).toHaveAccessibleDescription('Please confirm your password');

    await user.type(newPassword(), 'short');
    await user.type(confirmPassword(), 'other');
    await user.click(submit());
    expect(await screen.findByText('Password must be at least 8 characters long')).toBeInTheDocument();
    expect(newPassword()).toHaveAttribute('aria-invalid', 'true');
    expect(screen.getByText('Passwords do not match')).toBeInTheDocument();
    expect(confirmPassword()).toHaveAccessibleDescription('Passwords do not match');
    expect(sent).toEqual([]);
  });

  test('sends {token, password}; the server’s message says it is done, with the way to sign in', async () => {
    const sent = answerWith('post', '/account/password/reset', { message: ACCOUNT_MESSAGES.passwordReset });
    const { user, router } = await openLink();
    await user.type(newPassword(), 'a-new-password');
    await user.type(confirmPassword(), 'a-new-password');
    await user.click(submit());
    expect(await screen.findByRole('status')).toHaveTextContent(ACCOUNT_MESSAGES.passwordReset);
    expect(sent.map((request) => request.body)).toEqual([{ token: TOKEN, password: 'a-new-password' }]);
    expect(sent[0].authorization).toBeNull();
    expect(screen.queryByLabelText('New password', { selector: 'input' })).not.toBeInTheDocument();
    await user.click(screen.getByRole('link', { name: 'Sign in' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/login'));
  });

  test('a used or expired link (400): linkInvalid, with a link to ask for a new one', async () => {
    answerWith('post', '/account/password/reset', refusal(400, ACCOUNT_MESSAGES.linkInvalid));
    const { user, router } = await openLink();
    await user.type(newPassword(), 'a-new-password');
    await user.type(confirmPassword(), 'a-new-password');
    await user.click(submit());
    expect(await screen.findByRole('alert')).toHaveTextContent(ACCOUNT_MESSAGES.linkInvalid);
    await user.click(screen.getByRole('link', { name: 'Ask for a new link' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/forgot-password'));
  });

  test('the server’s password message lands on the New password field', async () => {
    answerWith('post', '/account/password/reset', refusal(400, 'Please check your input and try again', { password: 'Password must be at most 128 characters long' }));
    const { user } = await openLink();
    await user.type(newPassword(), 'a-new-password');
    await user.type(confirmPassword(), 'a-new-password');
    await user.click(submit());
    expect(await screen.findByText('Password must be at most 128 characters long')).toBeInTheDocument();
    expect(newPassword()).toHaveAccessibleDescription('Password must be at most 128 characters long');
  });

  test('no token in the link: linkInvalid at once, nothing is sent', async () => {
    const sent = answerWith('post', '/account/password/reset', { message: ACCOUNT_MESSAGES.passwordReset });
    renderApp('/reset-password');
    expect(await screen.findByRole('alert')).toHaveTextContent(ACCOUNT_MESSAGES.linkInvalid);
    expect(screen.getByRole('link', { name: 'Ask for a new link' })).toHaveAttribute('href', '/forgot-password');
    expect(screen.queryByRole('button', { name: 'Set new password' })).not.toBeInTheDocument();
    expect(sent).toEqual([]);
  });
});

import { configure, screen, waitFor } from '@testing-library/react';
import { held } from '../../../msw/held';
import { renderApp, signedIn } from '../../../utils/renderWithProviders';
import { ACCOUNT_MESSAGES, answerWith, refusal } from '../../../features/account/accountTestUtils';

// The real route table: a lazy page's first visit is transformed cold, slow on a busy machine.
configure({ asyncUtilTimeout: 5000 });

async function openForgot() {
  const utils = renderApp('/forgot-password');
  await screen.findByRole('heading', { level: 1, name: 'Reset your password' });
  return utils;
}

const email = () => screen.getByLabelText('Email');
const send = () => screen.getByRole('button', { name: 'Send reset link' });

describe('Forgot password?', () => {
  test('the sign-in page’s "Forgot password?" link (its label unchanged) opens /forgot-password', async () => {
    const { user, router } = renderApp('/login');
    const link = await screen.findByRole('link', { name: 'Forgot password?' });
    expect(link).toHaveAttribute('href', '/forgot-password');
    await user.click(link);
    await waitFor(() => expect(router.state.location.pathname).toBe('/forgot-password'));
    expect(await screen.findByRole('heading', { level: 1, name: 'Reset your password' })).toBeInTheDocument();
  });

  test('asks for the e-mail address: one h1, a main landmark, a labelled e-mail field and a link back to sign in', async () => {
    await openForgot();
    expect(screen.getAllByRole('heading', { level: 1 })).toHaveLength(1);
    expect(screen.getByRole('main')).toBeInTheDocument();
    expect(email()).toHaveAttribute('type', 'email');
    expect(email()).toHaveAttribute('autocomplete', 'email');
    expect(send()).toHaveAttribute('type', 'submit');
    expect(screen.getByRole('link', { name: 'Back to sign in' })).toHaveAttribute('href', '/login');
  });

  test('the registration rules: "Email is required", then "Email is invalid", tied to the field; nothing is sent', async () => {
    const sent = answerWith('post', '/account/password/forgot', { message: ACCOUNT_MESSAGES.resetSent });
    const { user } = await openForgot();
    await user.click(send());
    expect(await screen.findByText('Email is required')).toBeInTheDocument();
    expect(email()).toHaveAttribute('aria-invalid', 'true');
    expect(email()).toHaveAccessibleDescription('Email is required');
    await user.type(email(), 'not-an-address');
    expect(screen.queryByText('Email is required')).not.toBeInTheDocument();
    await user.click(send());
    expect(await screen.findByText('Email is invalid')).toBeInTheDocument();
    expect(email()).toHaveAccessibleDescription('Email is invalid');
    expect(sent).toEqual([]);
  });

  test('sends {email} to POST /api/account/password/forgot and shows the server’s answer in a status message', async () => {
    const sent = answerWith('post', '/account/password/forgot', { message: ACCOUNT_MESSAGES.resetSent });
    const { user } = await openForgot();
    await user.type(email(), 'someone@example.com');
    await user.click(send());
    const status = await screen.findByRole('status');
    expect(status).toHaveTextContent(ACCOUNT_MESSAGES.resetSent);
    expect(sent.map((request) => request.body)).toEqual([{ email: 'someone@example.com' }]);
    // Signed out: no token travels.
    expect(sent[0].authorization).toBeNull();
  });

  test('the button is busy while the request is on its way', async () => {
    const gate = held('post', '/account/password/forgot', { message: ACCOUNT_MESSAGES.resetSent });
    const { user } = await openForgot();
    await user.type(email(), 'someone@example.com');
    await user.click(send());
    await waitFor(() => expect(send()).toBeDisabled());
    expect(send()).toHaveAttribute('aria-busy', 'true');
    gate.release();
    expect(await screen.findByText(ACCOUNT_MESSAGES.resetSent)).toBeInTheDocument();
    expect(send()).toBeEnabled();
  });

  test('too many requests (429): the server’s message is shown as an alert', async () => {
    const tooMany = 'Too many requests. Please try again in a few minutes.';
    answerWith('post', '/account/password/forgot', refusal(429, tooMany));
    const { user } = await openForgot();
    await user.type(email(), 'someone@example.com');
    await user.click(send());
    expect(await screen.findByRole('alert')).toHaveTextContent(tooMany);
  });

  test('a signed-in visitor is sent to the dashboard (Account settings changes a password)', async () => {
    const { router } = renderApp('/forgot-password', { preloadedState: { auth: signedIn('CUSTOMER') } });
    await waitFor(() => expect(router.state.location.pathname).toBe('/dashboard'));
  });
});

import { configure, screen, waitFor, within } from '@testing-library/react';
import { held } from '../../../msw/held';
import { renderApp, signedIn } from '../../../utils/renderWithProviders';
import { ACCOUNT_MESSAGES, answerWith, profileOf, refusal, serveProfile } from '../../../features/account/accountTestUtils';

// The real route table and frames: a lazy page's first visit is transformed cold, slow on a busy machine.
configure({ asyncUtilTimeout: 8000 });

const BANNER = 'Verify your e-mail address';
const FRAMES = [
  { role: 'CUSTOMER', path: '/dashboard', nav: 'Dashboard' },
  { role: 'EMPLOYEE', path: '/dashboard', nav: 'Dashboard' },
  { role: 'ADMIN', path: '/admin/dashboard', nav: 'Admin' },
] as const;

const banner = () => screen.findByRole('region', { name: BANNER });

describe('The "Verify your e-mail address" banner', () => {
  test.each(FRAMES)('shows in the $role frame while the profile says the address is not verified', async ({ role, path, nav }) => {
    serveProfile(() => profileOf(role, { emailVerified: false }));
    renderApp(path, { preloadedState: { auth: signedIn(role) } });
    const region = await banner();
    expect(region).toHaveTextContent(BANNER);
    expect(region).toHaveTextContent(`We sent a link to ${role.toLowerCase()}@example.com.`);
    expect(within(region).getByRole('button', { name: 'Resend' })).toBeEnabled();
    // After the page (arriving late, it must not push what the user is about to tap), inside the main landmark.
    expect(screen.getByRole('main')).toContainElement(region);
    const heading = await screen.findByRole('heading', { level: 1 });
    expect(heading.compareDocumentPosition(region) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
    expect(screen.getByRole('navigation', { name: nav })).toBeInTheDocument();
  });

  test('not shown once the address is verified', async () => {
    serveProfile(() => profileOf('CUSTOMER', { emailVerified: true }));
    const { store } = renderApp('/dashboard', { preloadedState: { auth: signedIn('CUSTOMER') } });
    expect(await screen.findByRole('navigation', { name: 'Dashboard' })).toBeInTheDocument();
    // The banner follows the profile in the same render: once it is read, there is nothing more to wait for.
    const profile = () => Object.values(store.getState().api.queries).find((query) => query?.endpointName === 'getProfile');
    await waitFor(() => expect(profile()).toMatchObject({ status: 'fulfilled', data: { emailVerified: true } }));
    expect(screen.queryByRole('region', { name: BANNER })).not.toBeInTheDocument();
  });

  test('Resend posts to /api/account/email/resend with the token, is busy meanwhile, and announces the answer', async () => {
    serveProfile(() => profileOf('CUSTOMER', { emailVerified: false }));
    const gate = held('post', '/account/email/resend', { message: ACCOUNT_MESSAGES.verificationSent });
    const { user } = renderApp('/dashboard', { preloadedState: { auth: signedIn('CUSTOMER') } });
    const region = await banner();
    const resend = within(region).getByRole('button', { name: 'Resend' });
    await user.click(resend);
    await waitFor(() => expect(resend).toBeDisabled());
    expect(resend).toHaveAttribute('aria-busy', 'true');
    expect(gate.calls()).toBe(1);
    gate.release();
    expect(await within(region).findByText(ACCOUNT_MESSAGES.verificationSent)).toBeInTheDocument();
    expect(within(region).getByRole('status')).toHaveTextContent(ACCOUNT_MESSAGES.verificationSent);
    expect(resend).toBeEnabled();
  });

  test('sends the bearer token; a refusal (429) shows the server’s message', async () => {
    serveProfile(() => profileOf('EMPLOYEE', { emailVerified: false }));
    const tooMany = 'Too many requests. Please try again in a few minutes.';
    const sent = answerWith('post', '/account/email/resend', refusal(429, tooMany));
    const { user } = renderApp('/dashboard', { preloadedState: { auth: signedIn('EMPLOYEE') } });
    const region = await banner();
    await user.click(within(region).getByRole('button', { name: 'Resend' }));
    expect(await within(region).findByText(tooMany)).toBeInTheDocument();
    expect(within(region).getByRole('status')).toHaveTextContent(tooMany);
    expect(sent).toEqual([{ body: {}, authorization: 'Bearer access-token-1' }]);
  });
});

describe('The header’s Account settings link', () => {
  test.each(FRAMES)('the $role frame links to /account, which opens Account settings in the same frame', async ({ role, path, nav }) => {
    serveProfile(() => profileOf(role));
    const { user, router } = renderApp(path, { preloadedState: { auth: signedIn(role) } });
    const link = await screen.findByRole('link', { name: 'Account' });
    expect(link).toHaveAttribute('href', '/account');
    // Its visible text is part of its name (WCAG 2.5.3).
    expect(link).toHaveTextContent('Account');
    // In the header (the frame's banner landmark), beside the bell.
    expect(link.closest('header')).toContainElement(screen.getByRole('button', { name: /^Notifications/ }));
    await user.click(link);
    await waitFor(() => expect(router.state.location.pathname).toBe('/account'));
    expect(await screen.findByRole('heading', { level: 1, name: 'Account settings' })).toBeInTheDocument();
    expect(screen.getByRole('navigation', { name: nav })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Account' })).toHaveAttribute('aria-current', 'page');
  });
});

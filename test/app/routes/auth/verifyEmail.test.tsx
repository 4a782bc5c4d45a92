import { configure, screen, waitFor } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { API } from '../../../msw/handlers';
import { server } from '../../../msw/server';
import { renderApp, signedIn, storeSession } from '../../../utils/renderWithProviders';
import { ACCOUNT_MESSAGES, answerWith, profileOf, refusal, serveProfile } from '../../../features/account/accountTestUtils';

configure({ asyncUtilTimeout: 5000 });

const TOKEN = 'Vq7_verify-token-0123456789abcdefghijklmnopq';

describe('The verification link’s page (/verify-email#token=…)', () => {
  test('sends the token once, takes it out of the address, and says the address is verified; signed out, a link to sign in', async () => {
    const sent = answerWith('post', '/account/email/verify', { message: ACCOUNT_MESSAGES.emailVerified, email: 'alex@example.com' });
    const { router } = renderApp(`/verify-email#token=${TOKEN}`);
    expect(await screen.findByRole('heading', { level: 1, name: 'E-mail verification' })).toBeInTheDocument();
    expect(await screen.findByText(ACCOUNT_MESSAGES.emailVerified)).toBeInTheDocument();
    expect(router.state.location.hash).toBe('');
    expect(router.state.historyAction).toBe('REPLACE');
    expect(sent.map((request) => request.body)).toEqual([{ token: TOKEN }]);
    expect(screen.getByRole('link', { name: 'Sign in' })).toHaveAttribute('href', '/login');
  });

  test('signed in: the profile is read again (the banner goes, the session copy follows) and the link leads to the dashboard', async () => {
    let verified = false;
    const profile = serveProfile(() => profileOf('CUSTOMER', { emailVerified: verified }));
    server.use(
      http.post(`${API}/account/email/verify`, () => {
        verified = true;
        return HttpResponse.json({ message: ACCOUNT_MESSAGES.emailVerified, email: 'customer@example.com' });
      }),
    );
    const auth = signedIn('CUSTOMER');
    storeSession(auth);
    const { user, router } = renderApp(`/verify-email#token=${TOKEN}`, { preloadedState: { auth } });
    expect(await screen.findByText(ACCOUNT_MESSAGES.emailVerified)).toBeInTheDocument();
    await waitFor(() => expect(profile.reads()).toBeGreaterThan(0));
    await user.click(screen.getByRole('link', { name: 'Go to your dashboard' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/dashboard'));
    expect(await screen.findByRole('navigation', { name: 'Dashboard' })).toBeInTheDocument();
    expect(screen.queryByText('Verify your e-mail address')).not.toBeInTheDocument();
  });

  test('a used or expired link (400): linkInvalid', async () => {
    answerWith('post', '/account/email/verify', refusal(400, ACCOUNT_MESSAGES.linkInvalid));
    renderApp(`/verify-email#token=${TOKEN}`);
    expect(await screen.findByRole('alert')).toHaveTextContent(ACCOUNT_MESSAGES.linkInvalid);
    expect(screen.getByRole('link', { name: 'Sign in' })).toHaveAttribute('href', '/login');
  });

  test('no token: linkInvalid, and nothing is sent', async () => {
    const sent = answerWith('post', '/account/email/verify', { message: ACCOUNT_MESSAGES.emailVerified, email: 'x@example.com' });
    renderApp('/verify-email');
    expect(await screen.findByRole('alert')).toHaveTextContent(ACCOUNT_MESSAGES.linkInvalid);
    expect(sent).toEqual([]);
  });

  test('no answer (network): says so and offers to try again, which sends the token again', async () => {
    let calls = 0;
    server.use(
      http.post(`${API}/account/email/verify`, () => {
        calls += 1;
        return calls === 1 ? HttpResponse.error() : HttpResponse.json({ message: ACCOUNT_MESSAGES.emailVerified, email: 'x@example.com' });
      }),
    );
    const { user } = renderApp(`/verify-email#token=${TOKEN}`);
    expect(await screen.findByRole('alert')).toHaveTextContent('Network error. Please check your connection.');
    await user.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByText(ACCOUNT_MESSAGES.emailVerified)).toBeInTheDocument();
    expect(calls).toBe(2);
  });
});

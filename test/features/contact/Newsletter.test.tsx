import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { MemoryRouter } from 'react-router-dom';
import { Footer } from '@/app/routes/public/components/Footer';
import { API } from '../../msw/handlers';
import { server } from '../../msw/server';

const SUBSCRIBED = "Thanks — you're subscribed.";
const GENERIC = 'Sorry, we could not subscribe you. Please try again later.';

function newsletterEndpoint(answer: () => Response | Promise<Response> = () => HttpResponse.json({ message: SUBSCRIBED })) {
  const bodies: unknown[] = [];
  server.use(
    http.post(`${API}/newsletter`, async ({ request }) => {
      bodies.push(await request.json());
      return answer();
    }),
  );
  return bodies;
}

function renderFooter() {
  render(
    <MemoryRouter>
      <Footer />
    </MemoryRouter>,
  );
  const form = screen.getByRole('form', { name: 'Newsletter' });
  return {
    email: within(form).getByRole('textbox', { name: 'Newsletter email address' }),
    subscribe: within(form).getByRole('button', { name: 'Subscribe' }),
  };
}

describe('the newsletter box', () => {
  it('stores the address on the server, says so in a status message and clears the field', async () => {
    const bodies = newsletterEndpoint();
    const user = userEvent.setup();
    const { email, subscribe } = renderFooter();
    await user.type(email, 'reader@example.com');
    await user.click(subscribe);

    expect(await screen.findByRole('status')).toHaveTextContent(SUBSCRIBED);
    expect(email).toHaveValue('');
    expect(bodies).toEqual([{ email: 'reader@example.com' }]);
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();

    // Typing a new address hides the confirmation.
    await user.type(email, 'x');
    expect(screen.getByRole('status')).toHaveTextContent('');
  });

  it('is busy while subscribing', async () => {
    let answer: () => void = () => undefined;
    const stored = new Promise<void>((resolve) => {
      answer = resolve;
    });
    newsletterEndpoint(async () => {
      await stored;
      return HttpResponse.json({ message: SUBSCRIBED });
    });
    const user = userEvent.setup();
    const { email, subscribe } = renderFooter();
    await user.type(email, 'reader@example.com');
    await user.click(subscribe);
    await waitFor(() => expect(subscribe).toHaveAttribute('aria-busy', 'true'));
    expect(subscribe).toBeDisabled();
    expect(screen.getByRole('status')).toHaveTextContent('');
    answer();
    expect(await screen.findByText(SUBSCRIBED)).toBeInTheDocument();
    expect(subscribe).toBeEnabled();
  });

  it.each([
    [400, 'Email is invalid', 'Email is invalid'],
    [429, 'Too many subscription requests from this address. Please try again later.', 'Too many subscription requests from this address. Please try again later.'],
    [500, 'Internal server error', GENERIC],
  ])('on a %s shows an error alert and keeps the address', async (status, message, shown) => {
    newsletterEndpoint(() => HttpResponse.json({ message, success: false, ...(status === 400 && { errors: { email: message } }) }, { status }));
    const user = userEvent.setup();
    const { email, subscribe } = renderFooter();
    await user.type(email, 'reader@example.com');
    await user.click(subscribe);
    expect(await screen.findByRole('alert')).toHaveTextContent(shown);
    expect(email).toHaveValue('reader@example.com');
    expect(screen.getByRole('status')).toHaveTextContent('');
  });

  it('shows a generic message when the server cannot be reached', async () => {
    newsletterEndpoint(() => HttpResponse.error());
    const user = userEvent.setup();
    const { email, subscribe } = renderFooter();
    await user.type(email, 'reader@example.com');
    await user.click(subscribe);
    expect(await screen.findByRole('alert')).toHaveTextContent(GENERIC);
  });
});

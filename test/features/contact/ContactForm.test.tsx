import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { delay, http, HttpResponse } from 'msw';
import { ContactForm } from '@/features/contact/ContactForm';
import { API } from '../../msw/handlers';
import { server } from '../../msw/server';

const SENT = "Message sent. We'll get back to you shortly.";
const GENERIC = 'Sorry, your message could not be sent. Please try again later.';
const VALUES = { Name: 'Jane Driver', Email: 'jane@example.com', Subject: 'Brake noise', Message: 'Squeaks when stopping.' };

/** Answers POST /api/contact with `answer` and records each request body. */
function contactEndpoint(answer: () => Response | Promise<Response> = () => HttpResponse.json({ message: SENT }, { status: 201 })) {
  const bodies: unknown[] = [];
  server.use(
    http.post(`${API}/contact`, async ({ request }) => {
      bodies.push(await request.json());
      return answer();
    }),
  );
  return bodies;
}

async function fillIn(user: ReturnType<typeof userEvent.setup>, values: Record<string, string> = VALUES) {
  for (const [name, value] of Object.entries(values)) await user.type(screen.getByRole('textbox', { name }), value);
}

const submit = () => screen.getByRole('button', { name: "Let's Get Started" });

describe('ContactForm', () => {
  it('has the four labelled fields and the submit button', () => {
    render(<ContactForm />);
    expect(screen.getByRole('form', { name: 'Contact form' })).toBeInTheDocument();
    expect(screen.getByRole('textbox', { name: 'Name' })).toBeInTheDocument();
    expect(screen.getByRole('textbox', { name: 'Email' })).toHaveAttribute('type', 'email');
    expect(screen.getByRole('textbox', { name: 'Subject' })).toBeInTheDocument();
    expect(screen.getByRole('textbox', { name: 'Message' }).tagName).toBe('TEXTAREA');
    expect(submit()).toHaveAttribute('type', 'submit');
    expect(screen.queryByText(SENT)).not.toBeInTheDocument();
  });

  it('sends the message to the server, then confirms in the status region and clears the fields', async () => {
    const bodies = contactEndpoint();
    const user = userEvent.setup();
    render(<ContactForm />);
    await fillIn(user);
    await user.click(submit());

    expect(await screen.findByText(SENT)).toBeInTheDocument();
    expect(screen.getByRole('status')).toHaveTextContent(SENT);
    for (const name of Object.keys(VALUES)) expect(screen.getByRole('textbox', { name })).toHaveValue('');
    expect(bodies).toEqual([{ name: 'Jane Driver', email: 'jane@example.com', subject: 'Brake noise', message: 'Squeaks when stopping.' }]);
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });

  it('is busy while sending and confirms only once the server has stored the message', async () => {
    let answer: () => void = () => undefined;
    const stored = new Promise<void>((resolve) => {
      answer = resolve;
    });
    contactEndpoint(async () => {
      await stored;
      return HttpResponse.json({ message: SENT }, { status: 201 });
    });
    const user = userEvent.setup();
    render(<ContactForm />);
    await fillIn(user);
    await user.click(submit());

    await waitFor(() => expect(submit()).toHaveAttribute('aria-busy', 'true'));
    expect(submit()).toBeDisabled();
    expect(screen.getByRole('status')).toHaveTextContent('');
    expect(screen.getByRole('textbox', { name: 'Name' })).toHaveValue('Jane Driver');

    answer();
    expect(await screen.findByText(SENT)).toBeInTheDocument();
    expect(submit()).not.toHaveAttribute('aria-busy');
    expect(submit()).toBeEnabled();
  });

  it('on a 400 shows the server message in an alert, each field message beside its field, and keeps what was typed', async () => {
    contactEndpoint(() =>
      HttpResponse.json(
        { message: 'Name is required', success: false, errors: { name: 'Name is required', message: 'Message is required' } },
        { status: 400 },
      ),
    );
    const user = userEvent.setup();
    render(<ContactForm />);
    await fillIn(user, { Email: 'jane@example.com', Subject: 'Hello' });
    await user.click(submit());

    const alerts = await screen.findAllByRole('alert');
    expect(alerts.map((alert) => alert.textContent)).toEqual(['Name is required', 'Message is required', 'Name is required']);
    expect(screen.getByRole('textbox', { name: 'Name' })).toHaveAccessibleDescription('Name is required');
    expect(screen.getByRole('textbox', { name: 'Name' })).toHaveAttribute('aria-invalid', 'true');
    expect(screen.getByRole('textbox', { name: 'Message' })).toHaveAccessibleDescription('Message is required');
    expect(screen.getByRole('textbox', { name: 'Email' })).toHaveValue('jane@example.com');
    expect(screen.getByRole('textbox', { name: 'Subject' })).toHaveValue('Hello');
    expect(screen.getByRole('status')).toHaveTextContent('');

    // Typing in a field clears its message.
    await user.type(screen.getByRole('textbox', { name: 'Name' }), 'J');
    expect(screen.getByRole('textbox', { name: 'Name' })).not.toHaveAttribute('aria-invalid', 'true');
    expect(screen.getByRole('textbox', { name: 'Message' })).toHaveAttribute('aria-invalid', 'true');
  });

  it('on a 429 shows the server message and keeps what was typed', async () => {
    const limited = 'Too many messages from this address. Please try again later.';
    contactEndpoint(() => HttpResponse.json({ message: limited, success: false }, { status: 429, headers: { 'Retry-After': '3600' } }));
    const user = userEvent.setup();
    render(<ContactForm />);
    await fillIn(user);
    await user.click(submit());
    expect(await screen.findByRole('alert')).toHaveTextContent(limited);
    for (const [name, value] of Object.entries(VALUES)) expect(screen.getByRole('textbox', { name })).toHaveValue(value);
  });

  it.each([
    ['a 500', () => HttpResponse.json({ message: 'Internal server error', success: false }, { status: 500 })],
    ['a proxy page', () => new HttpResponse('<html>Bad gateway</html>', { status: 502, headers: { 'Content-Type': 'text/html' } })],
    ['no answer', () => HttpResponse.error()],
  ])('on %s shows a generic message and keeps what was typed', async (_case, answer) => {
    contactEndpoint(answer);
    const user = userEvent.setup();
    render(<ContactForm />);
    await fillIn(user);
    await user.click(submit());
    expect(await screen.findByRole('alert')).toHaveTextContent(GENERIC);
    expect(screen.getByRole('textbox', { name: 'Message' })).toHaveValue('Squeaks when stopping.');
    expect(submit()).toBeEnabled();

    // Sending again after the failure works and clears the alert.
    contactEndpoint();
    await user.click(submit());
    expect(await screen.findByText(SENT)).toBeInTheDocument();
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });

  it('has no checks of its own: an empty form is sent and the server decides', async () => {
    const bodies = contactEndpoint(() =>
      HttpResponse.json({ message: 'Name is required', success: false, errors: { name: 'Name is required' } }, { status: 400 }),
    );
    const user = userEvent.setup();
    render(<ContactForm />);
    await user.click(submit());
    expect((await screen.findAllByRole('alert'))[0]).toHaveTextContent('Name is required');
    expect(bodies).toEqual([{ name: '', email: '', subject: '', message: '' }]);
  });

  it('hides the confirmation once the user starts a new message', async () => {
    contactEndpoint(async () => {
      await delay(5);
      return HttpResponse.json({ message: SENT }, { status: 201 });
    });
    const user = userEvent.setup();
    render(<ContactForm />);
    await fillIn(user);
    await user.click(submit());
    expect(await screen.findByText(SENT)).toBeInTheDocument();
    await user.type(screen.getByRole('textbox', { name: 'Name' }), 'J');
    expect(screen.queryByText(SENT)).not.toBeInTheDocument();
  });
});

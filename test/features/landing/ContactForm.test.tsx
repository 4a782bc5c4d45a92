import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { ContactForm } from '@/features/landing/ContactForm';

const SENT = "Message sent. We'll get back to you shortly.";

describe('ContactForm', () => {
  let info: jest.SpyInstance;
  let fetchSpy: jest.SpyInstance;

  beforeEach(() => {
    info = jest.spyOn(console, 'info').mockImplementation(() => {});
    fetchSpy = jest.spyOn(globalThis, 'fetch');
  });

  afterEach(() => {
    info.mockRestore();
    fetchSpy.mockRestore();
  });

  it('has the four labelled fields and the submit button', () => {
    render(<ContactForm />);
    expect(screen.getByRole('form', { name: 'Contact form' })).toBeInTheDocument();
    expect(screen.getByRole('textbox', { name: 'Name' })).toBeInTheDocument();
    expect(screen.getByRole('textbox', { name: 'Email' })).toHaveAttribute('type', 'email');
    expect(screen.getByRole('textbox', { name: 'Subject' })).toBeInTheDocument();
    expect(screen.getByRole('textbox', { name: 'Message' }).tagName).toBe('TEXTAREA');
    expect(screen.getByRole('button', { name: "Let's Get Started" })).toHaveAttribute('type', 'submit');
    expect(screen.queryByText(SENT)).not.toBeInTheDocument();
  });

  it('on submit logs the message locally, confirms in a status region and clears the fields', async () => {
    const user = userEvent.setup();
    render(<ContactForm />);
    await user.type(screen.getByRole('textbox', { name: 'Name' }), 'Jane Driver');
    await user.type(screen.getByRole('textbox', { name: 'Email' }), 'jane@example.com');
    await user.type(screen.getByRole('textbox', { name: 'Subject' }), 'Brake noise');
    await user.type(screen.getByRole('textbox', { name: 'Message' }), 'Squeaks when stopping.');
    await user.click(screen.getByRole('button', { name: "Let's Get Started" }));

    expect(screen.getByRole('status')).toHaveTextContent(SENT);
    expect(screen.getByText(SENT)).toBeInTheDocument();

    for (const name of ['Name', 'Email', 'Subject', 'Message']) {
      expect(screen.getByRole('textbox', { name })).toHaveValue('');
    }

    expect(info).toHaveBeenCalledTimes(1);
    expect(info).toHaveBeenCalledWith(expect.any(String), {
      name: 'Jane Driver',
      email: 'jane@example.com',
      subject: 'Brake noise',
      message: 'Squeaks when stopping.',
    });
    expect(fetchSpy).not.toHaveBeenCalled();
  });

  it('has no other checks: an empty form also submits (spec §5)', async () => {
    const user = userEvent.setup();
    render(<ContactForm />);
    await user.click(screen.getByRole('button', { name: "Let's Get Started" }));
    expect(screen.getByRole('status')).toHaveTextContent(SENT);
    expect(info).toHaveBeenCalledWith(expect.any(String), { name: '', email: '', subject: '', message: '' });
  });

  it('hides the confirmation once the user starts a new message', async () => {
    const user = userEvent.setup();
    render(<ContactForm />);
    await user.click(screen.getByRole('button', { name: "Let's Get Started" }));
    expect(screen.getByText(SENT)).toBeInTheDocument();
    await user.type(screen.getByRole('textbox', { name: 'Name' }), 'J');
    expect(screen.queryByText(SENT)).not.toBeInTheDocument();
  });
});

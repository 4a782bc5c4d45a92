import { createRef } from 'react';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { TextArea } from '@/components/TextArea';
import { TextField } from '@/components/TextField';

describe('TextField', () => {
  it('has a visible label tied to the input and passes native props through', async () => {
    const user = userEvent.setup();
    const onChange = jest.fn();
    render(<TextField label="Email" type="email" name="email" placeholder="you@example.com" onChange={onChange} />);
    const input = screen.getByLabelText('Email');
    expect(input).toHaveAttribute('type', 'email');
    expect(input).toHaveAttribute('name', 'email');
    expect(input).toHaveAttribute('placeholder', 'you@example.com');
    expect(input).not.toHaveAttribute('aria-invalid');
    await user.type(input, 'a@b.co');
    expect(input).toHaveValue('a@b.co');
    expect(onChange).toHaveBeenCalled();
  });

  it('announces an error with role alert and links it via aria-describedby', () => {
    render(<TextField label="Email" error="Email is required" />);
    const input = screen.getByRole('textbox', { name: 'Email' });
    const alert = screen.getByRole('alert');
    expect(alert).toHaveTextContent('Email is required');
    expect(input).toHaveAttribute('aria-invalid', 'true');
    expect(input.getAttribute('aria-describedby')?.split(' ')).toContain(alert.id);
    expect(input).toHaveAccessibleDescription('Email is required');
  });

  it('links the hint too, and keeps a caller-supplied aria-describedby', () => {
    render(
      <>
        <p id="extra">Extra words</p>
        <TextField label="Address" hint="Optional" aria-describedby="extra" error="Too long" />
      </>,
    );
    const input = screen.getByRole('textbox', { name: 'Address' });
    expect(input).toHaveAccessibleDescription('Extra words Optional Too long');
  });

  it('uses a given id', () => {
    render(<TextField id="phone" label="Phone Number" />);
    expect(screen.getByLabelText('Phone Number')).toHaveAttribute('id', 'phone');
  });

  it('forwards its ref to the <input> (react-hook-form register)', () => {
    const ref = createRef<HTMLInputElement>();
    render(<TextField ref={ref} label="Full Name" />);
    expect(ref.current).toBe(screen.getByLabelText('Full Name'));
  });

  it('TextArea has the same label / error wiring', () => {
    render(<TextArea label="Message" error="Please write a message" />);
    const textarea = screen.getByRole('textbox', { name: 'Message' });
    expect(textarea.tagName).toBe('TEXTAREA');
    expect(textarea).toHaveAttribute('aria-invalid', 'true');
    expect(textarea).toHaveAccessibleDescription('Please write a message');
    expect(screen.getByRole('alert')).toHaveTextContent('Please write a message');
  });
});

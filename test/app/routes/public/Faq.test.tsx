import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Faq } from '@/app/routes/public/components/Faq';

describe('Faq', () => {
  it('is a section headed "Frequently Asked Questions" with 8 collapsed questions', () => {
    render(<Faq />);
    const section = screen.getByRole('region', { name: 'Frequently Asked Questions' });
    expect(within(section).getByRole('heading', { level: 2, name: 'Frequently Asked Questions' })).toBeInTheDocument();
    const questions = within(section).getAllByRole('button');
    expect(questions).toHaveLength(8);
    for (const question of questions) {
      expect(question).toHaveAttribute('aria-expanded', 'false');
      const answer = document.getElementById(question.getAttribute('aria-controls') ?? '');
      expect(answer).not.toBeNull();
      expect(answer).not.toBeVisible();
    }
    expect(new Set(questions.map((q) => q.textContent)).size).toBe(8);
  });

  it('expands and collapses an answer', async () => {
    const user = userEvent.setup();
    render(<Faq />);
    const question = screen.getByRole('button', { name: 'How often should I change my engine oil?' });
    const answer = document.getElementById(question.getAttribute('aria-controls') ?? '') as HTMLElement;

    await user.click(question);
    expect(question).toHaveAttribute('aria-expanded', 'true');
    expect(answer).toBeVisible();
    expect(answer).toHaveTextContent(/5,000–7,500 miles/);

    await user.click(question);
    expect(question).toHaveAttribute('aria-expanded', 'false');
    expect(answer).not.toBeVisible();
  });

  it('keeps other questions independent and works from the keyboard', async () => {
    const user = userEvent.setup();
    render(<Faq />);
    const [first, second] = screen.getAllByRole('button');
    first.focus();
    await user.keyboard('{Enter}');
    expect(first).toHaveAttribute('aria-expanded', 'true');
    second.focus();
    await user.keyboard(' ');
    expect(second).toHaveAttribute('aria-expanded', 'true');
    expect(first).toHaveAttribute('aria-expanded', 'true');
  });
});

import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router-dom';
import { Component as LandingPage } from '@/app/routes/public/landing';

function renderLanding() {
  return render(
    <MemoryRouter>
      <LandingPage />
    </MemoryRouter>,
  );
}

describe('LandingPage', () => {
  it('has the landmarks, a single h1 and a skip link to the main content', async () => {
    const user = userEvent.setup();
    renderLanding();
    expect(screen.getByRole('banner')).toBeInTheDocument();
    expect(screen.getByRole('navigation', { name: 'Main' })).toBeInTheDocument();
    const main = screen.getByRole('main');
    expect(screen.getByRole('contentinfo')).toBeInTheDocument();
    expect(screen.getAllByRole('heading', { level: 1 })).toHaveLength(1);

    await user.tab();
    const skip = screen.getByRole('link', { name: 'Skip to content' });
    expect(skip).toHaveFocus();
    expect(skip).toHaveAttribute('href', `#${main.id}`);
    await user.click(skip);
    expect(main).toHaveFocus();
  });

  it('LEARN MORE moves to the services section and its heading takes the focus', async () => {
    const user = userEvent.setup();
    const scrolled: Element[] = [];
    const scrollIntoView = jest.fn(function (this: Element) {
      scrolled.push(this);
    });
    Element.prototype.scrollIntoView = scrollIntoView;
    try {
      renderLanding();
      await user.click(screen.getByRole('button', { name: 'LEARN MORE' }));
      const heading = screen.getByRole('heading', { level: 2, name: 'Our Services' });
      expect(heading).toHaveFocus();
      expect(scrolled).toEqual([heading]);
    } finally {
      delete (Element.prototype as Partial<Element>).scrollIntoView;
    }
  });

  it('shows the three spec cards', () => {
    renderLanding();
    for (const value of ['V8', '30 mpg', '7,000 RPM']) expect(screen.getByText(value)).toBeInTheDocument();
  });

  it('contains the services tabs, the FAQ and the contact form', () => {
    renderLanding();
    expect(screen.getAllByRole('tab').map((tab) => tab.textContent)).toEqual([
      'Autofix Services',
      'Maintenance',
      'Repair',
      'Diagnostics',
    ]);
    const faq = screen.getByRole('region', { name: 'Frequently Asked Questions' });
    expect(within(faq).getAllByRole('button', { expanded: false })).toHaveLength(8);
    expect(screen.getByRole('button', { name: "Let's Get Started" })).toBeInTheDocument();
  });

  it('has a footer with contact details, hours, offices, a map placeholder, social links, the legal links and a newsletter box', () => {
    renderLanding();
    const footer = screen.getByRole('contentinfo');
    expect(within(footer).getByText('Mon-Fri 8:00 AM-6:00 PM')).toBeInTheDocument();
    expect(within(footer).getByText('Sat/Sun 9:00 AM-4:00 PM')).toBeInTheDocument();
    expect(within(footer).getAllByRole('link', { name: /^\+1 \(555\)/ })[0]).toHaveAttribute('href', expect.stringMatching(/^tel:/));
    expect(within(footer).getByRole('link', { name: /@carcare\.example$/ })).toHaveAttribute('href', expect.stringMatching(/^mailto:/));
    expect(footer.querySelectorAll('address')).toHaveLength(3);
    expect(within(footer).getByRole('img', { name: /map placeholder/i })).toBeInTheDocument();
    for (const network of ['Facebook', 'Instagram', 'X', 'YouTube']) {
      const link = within(footer).getByRole('link', { name: `CarCare on ${network}` });
      expect(link.getAttribute('href')).toMatch(/^https:\/\//);
    }

    const legal = within(footer).getByRole('navigation', { name: 'Legal' });
    expect(within(legal).getByRole('link', { name: 'Terms of service' })).toHaveAttribute('href', '/terms');
    expect(within(legal).getByRole('link', { name: 'Privacy policy' })).toHaveAttribute('href', '/privacy');

    const newsletter = within(footer).getByRole('form', { name: 'Newsletter' });
    expect(within(newsletter).getByRole('textbox', { name: 'Newsletter email address' })).toHaveAttribute('type', 'email');
    expect(within(newsletter).getByRole('button', { name: 'Subscribe' })).toHaveAttribute('type', 'submit');
  });

  it('keeps a logical heading order (no level skipped)', () => {
    renderLanding();
    const levels = screen.getAllByRole('heading').map((h) => Number(h.tagName.slice(1)));
    expect(levels[0]).toBe(1);
    for (let i = 1; i < levels.length; i += 1) expect(levels[i] - levels[i - 1]).toBeLessThanOrEqual(1);
  });
});

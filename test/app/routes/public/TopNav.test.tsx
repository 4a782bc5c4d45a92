import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router-dom';
import { TopNav } from '@/app/routes/public/components/TopNav';

function renderNav(path = '/') {
  return render(
    <MemoryRouter initialEntries={[path]}>
      <TopNav />
    </MemoryRouter>,
  );
}

describe('TopNav', () => {
  it('links to the spec routes', () => {
    renderNav();
    const nav = screen.getByRole('navigation', { name: 'Main' });
    const hrefs: Record<string, string> = {
      HOME: '/',
      'ABOUT US': '/about',
      SERVICES: '/services',
      PRICING: '/pricing',
      Login: '/login',
      Register: '/register',
    };
    for (const [name, href] of Object.entries(hrefs)) {
      expect(within(nav).getByRole('link', { name })).toHaveAttribute('href', href);
    }
    expect(screen.getByRole('link', { name: 'CarCare home' })).toHaveAttribute('href', '/');
  });

  it('marks the current page', () => {
    renderNav('/pricing');
    expect(screen.getByRole('link', { name: 'PRICING' })).toHaveAttribute('aria-current', 'page');
    expect(screen.getByRole('link', { name: 'HOME' })).not.toHaveAttribute('aria-current');
  });

  it('has a menu button that toggles the collapsible navigation', async () => {
    const user = userEvent.setup();
    renderNav();
    const toggle = screen.getByRole('button', { name: 'Menu' });
    const nav = screen.getByRole('navigation', { name: 'Main' });
    expect(toggle).toHaveAttribute('aria-expanded', 'false');
    expect(toggle).toHaveAttribute('aria-controls', nav.id);
    expect(nav).toHaveAttribute('data-open', 'false');

    await user.click(toggle);
    expect(toggle).toHaveAttribute('aria-expanded', 'true');
    expect(nav).toHaveAttribute('data-open', 'true');

    await user.click(toggle);
    expect(toggle).toHaveAttribute('aria-expanded', 'false');
  });

  it('closes the menu on Escape (focus back on the button) and after following a link', async () => {
    const user = userEvent.setup();
    renderNav();
    const toggle = screen.getByRole('button', { name: 'Menu' });

    await user.click(toggle);
    await user.click(screen.getByRole('link', { name: 'ABOUT US' }));
    expect(toggle).toHaveAttribute('aria-expanded', 'false');

    await user.click(toggle);
    screen.getByRole('link', { name: 'SERVICES' }).focus();
    await user.keyboard('{Escape}');
    expect(toggle).toHaveAttribute('aria-expanded', 'false');
    expect(toggle).toHaveFocus();
  });
});

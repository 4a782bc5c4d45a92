import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { ServicesBrowser } from '@/app/routes/public/components/ServicesBrowser';

// Spec §2 "Landing page": the four tabs and their cards, in order.
const expected: Record<string, string[]> = {
  'Autofix Services': ['Brake Repair', 'Engine Repair', 'Tire Repair', 'AC Repair'],
  Maintenance: ['Oil Change', 'Battery Service', 'Wheel Alignment', 'Fluid Top-Up', 'Tire Rotation'],
  Repair: ['Transmission', 'Suspension', 'Electrical', 'Exhaust System', 'Cooling System', 'Fuel System', 'Steering System'],
  Diagnostics: ['Check Engine', 'Emissions', 'Advanced Diagnostics', 'ABS & Airbag Systems'],
};

function visibleServiceNames() {
  const panel = screen.getByRole('tabpanel');
  return within(panel)
    .getAllByRole('heading', { level: 3 })
    .map((heading) => heading.textContent);
}

describe('ServicesBrowser', () => {
  it('has a heading and exactly the four spec tabs, in order', () => {
    render(<ServicesBrowser />);
    expect(screen.getByRole('heading', { level: 2, name: 'Our Services' })).toBeInTheDocument();
    const tablist = screen.getByRole('tablist', { name: 'Service categories' });
    expect(within(tablist).getAllByRole('tab').map((tab) => tab.textContent)).toEqual(Object.keys(expected));
    expect(screen.getByRole('tab', { name: 'Autofix Services' })).toHaveAttribute('aria-selected', 'true');
  });

  it.each(Object.entries(expected))('tab "%s" shows exactly its spec list', async (tabName, services) => {
    const user = userEvent.setup();
    render(<ServicesBrowser />);
    await user.click(screen.getByRole('tab', { name: tabName }));
    expect(screen.getByRole('tab', { name: tabName })).toHaveAttribute('aria-selected', 'true');
    expect(screen.getAllByRole('tabpanel')).toHaveLength(1);
    expect(screen.getByRole('tabpanel', { name: tabName })).toBeInTheDocument();
    expect(visibleServiceNames()).toEqual(services);
    // each card is an article with a one-line description
    const cards = within(screen.getByRole('tabpanel')).getAllByRole('article');
    expect(cards).toHaveLength(services.length);
    for (const card of cards) expect(card.querySelector('p')?.textContent?.length).toBeGreaterThan(10);
  });

  it('switches categories with ArrowRight / ArrowLeft (wrapping) and Home / End', async () => {
    const user = userEvent.setup();
    render(<ServicesBrowser />);
    await user.click(screen.getByRole('tab', { name: 'Autofix Services' }));

    await user.keyboard('{ArrowRight}');
    expect(screen.getByRole('tab', { name: 'Maintenance' })).toHaveFocus();
    expect(visibleServiceNames()).toEqual(expected.Maintenance);

    await user.keyboard('{End}');
    expect(screen.getByRole('tab', { name: 'Diagnostics' })).toHaveFocus();
    expect(visibleServiceNames()).toEqual(expected.Diagnostics);

    await user.keyboard('{ArrowRight}');
    expect(screen.getByRole('tab', { name: 'Autofix Services' })).toHaveFocus();
    expect(visibleServiceNames()).toEqual(expected['Autofix Services']);

    await user.keyboard('{ArrowLeft}');
    expect(screen.getByRole('tab', { name: 'Diagnostics' })).toHaveFocus();

    await user.keyboard('{Home}');
    expect(screen.getByRole('tab', { name: 'Autofix Services' })).toHaveFocus();
    expect(screen.getByRole('tab', { name: 'Autofix Services' })).toHaveAttribute('aria-selected', 'true');
  });
});

import { type ComponentType } from 'react';
import { render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router-dom';
import { Component as AboutPage } from '@/app/routes/public/about';
import { Component as PricingPage } from '@/app/routes/public/pricing';
import { Component as ServicesPage } from '@/app/routes/public/services';

const pages: [string, ComponentType, string, string][] = [
  ['/about', AboutPage, 'About CarCare', 'ABOUT US'],
  ['/services', ServicesPage, 'Our Services', 'SERVICES'],
  ['/pricing', PricingPage, 'Simple, transparent pricing', 'PRICING'],
];

describe.each(pages)('%s page', (path, Page, heading, navLink) => {
  it('has the top navigation, one h1, main content and the footer', () => {
    render(
      <MemoryRouter initialEntries={[path]}>
        <Page />
      </MemoryRouter>,
    );
    expect(screen.getByRole('navigation', { name: 'Main' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: navLink })).toHaveAttribute('aria-current', 'page');
    expect(screen.getAllByRole('heading', { level: 1 })).toHaveLength(1);
    expect(screen.getByRole('heading', { level: 1, name: heading })).toBeInTheDocument();
    expect(screen.getByRole('main')).toBeInTheDocument();
    expect(screen.getByRole('contentinfo')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Skip to content' })).toBeInTheDocument();
    // logical heading order: nothing skipped after the h1
    const levels = screen.getAllByRole('heading').map((h) => Number(h.tagName.slice(1)));
    for (let i = 1; i < levels.length; i += 1) expect(levels[i] - levels[i - 1]).toBeLessThanOrEqual(1);
  });
});

it('the services page lists the same four service tabs', () => {
  render(
    <MemoryRouter initialEntries={['/services']}>
      <ServicesPage />
    </MemoryRouter>,
  );
  expect(screen.getAllByRole('tab').map((tab) => tab.textContent)).toEqual([
    'Autofix Services',
    'Maintenance',
    'Repair',
    'Diagnostics',
  ]);
});

it('the pricing page offers three packages that lead to sign-up', () => {
  render(
    <MemoryRouter initialEntries={['/pricing']}>
      <PricingPage />
    </MemoryRouter>,
  );
  const choose = screen.getAllByRole('link', { name: /^Choose / });
  expect(choose).toHaveLength(3);
  for (const link of choose) expect(link).toHaveAttribute('href', '/register');
});

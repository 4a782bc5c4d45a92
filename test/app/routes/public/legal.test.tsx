import { render, screen, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router-dom';
import { Component as PrivacyPage } from '@/app/routes/public/privacy';
import { Component as TermsPage } from '@/app/routes/public/terms';
import privacy from '@content/legal/privacy.md';
import terms from '@content/legal/terms.md';
import { renderApp } from '../../../utils/renderWithProviders';

function renderPage(path: '/terms' | '/privacy') {
  const Page = path === '/terms' ? TermsPage : PrivacyPage;
  return render(
    <MemoryRouter initialEntries={[path]}>
      <Page />
    </MemoryRouter>,
  );
}

/** The text of the section under the h2 `name`, up to the next h2. */
function sectionText(name: string): string {
  const heading = screen.getByRole('heading', { level: 2, name });
  let text = '';
  for (let node = heading.nextElementSibling; node && node.tagName !== 'H2'; node = node.nextElementSibling) text += ` ${node.textContent}`;
  return text.replace(/\s+/g, ' ');
}

describe.each([
  ['/terms', 'Terms of service'],
  ['/privacy', 'Privacy policy'],
] as const)('%s', (path, title) => {
  it('is a public page: navigation, one h1 (the document title), its date, main content, the footer', () => {
    renderPage(path);
    expect(screen.getByRole('navigation', { name: 'Main' })).toBeInTheDocument();
    expect(screen.getAllByRole('heading', { level: 1 })).toHaveLength(1);
    expect(screen.getByRole('heading', { level: 1, name: title })).toBeInTheDocument();
    const updated = screen.getByText('Last updated:', { exact: false });
    expect(updated.querySelector('time')).toHaveAttribute('datetime', expect.stringMatching(/^\d{4}-\d{2}-\d{2}$/));
    expect(screen.getByRole('main')).toBeInTheDocument();
    expect(screen.getByRole('contentinfo')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Skip to content' })).toBeInTheDocument();
  });

  it('has a correct outline: the document’s sections are h2 and below and no level is skipped', () => {
    renderPage(path);
    const main = screen.getByRole('main');
    const levels = within(main).getAllByRole('heading').map((h) => Number(h.tagName.slice(1)));
    expect(levels[0]).toBe(1);
    expect(levels.filter((level) => level === 2).length).toBeGreaterThan(4);
    for (let i = 1; i < levels.length; i += 1) expect(levels[i] - levels[i - 1]).toBeLessThanOrEqual(1);
  });

  it('the footer links both legal pages, this one included', () => {
    renderPage(path);
    const legal = within(screen.getByRole('contentinfo')).getByRole('navigation', { name: 'Legal' });
    expect(within(legal).getByRole('link', { name: 'Terms of service' })).toHaveAttribute('href', '/terms');
    expect(within(legal).getByRole('link', { name: 'Privacy policy' })).toHaveAttribute('href', '/privacy');
  });

  it('is in the route table (a visitor reaches it by its path)', async () => {
    renderApp(path);
    expect(await screen.findByRole('heading', { level: 1, name: title })).toBeInTheDocument();
  });
});

describe('the privacy policy', () => {
  it('says what is stored, why, for how long and who sees it', () => {
    renderPage('/privacy');
    for (const name of ['What we store and why', 'Who can see your data', 'How long we keep it', 'Your choices and rights']) {
      expect(screen.getByRole('heading', { level: 2, name })).toBeInTheDocument();
    }
    for (const name of [
      'Your account',
      'Vehicles',
      'Bookings, jobs and their history',
      "Technicians' time logs",
      'Notifications and e-mails',
      'Contact form and newsletter',
      'Sign-in sessions and security',
      'Server logs',
    ]) {
      expect(screen.getByRole('heading', { level: 3, name })).toBeInTheDocument();
    }
    const stored = sectionText('What we store and why');
    for (const item of ['phone number', 'Address', 'one-way hash', 'Google account id', 'time logs', 'outbox', 'newsletter', 'device information', 'IP address', 'rate-limit counters']) {
      expect(stored).toContain(item);
    }
    const who = sectionText('Who can see your data');
    for (const item of ["The shop's admins", 'The technician assigned to your job', "Anyone who holds a job's tracking link", "only that job's status"]) {
      expect(who).toContain(item);
    }
  });

  it('states the retention periods', () => {
    renderPage('/privacy');
    const retention = sectionText('How long we keep it');
    for (const period of [
      'Sign-in sessions: until you sign out, or at most 7 days after you signed in',
      'Password reset links: work once, for 30 minutes',
      'E-mail verification links: work once, for 48 hours',
      'A closed customer account: anonymised at once',
      'Jobs and their history: kept as the shop',
      'Tracking links: until the customer or an admin revokes them, or 30 days after the job is completed or cancelled',
      'Server logs: 30 days',
    ]) {
      expect(retention).toContain(period);
    }
  });

  it('tells how to get a copy (Download my data) and how to have the data deleted (Close account, or ask the shop)', () => {
    renderPage('/privacy');
    const rights = sectionText('Your choices and rights');
    expect(rights).toContain('On the Account settings page, choose Download my data');
    expect(rights).toContain('On the Account settings page, choose Close account');
    expect(rights).toContain('ask us to delete your data by writing to hello@carcare.example');
    expect(within(screen.getByRole('main')).getAllByRole('link', { name: 'hello@carcare.example' })[0]).toHaveAttribute('href', 'mailto:hello@carcare.example');
    expect(within(screen.getByRole('main')).getByRole('link', { name: 'Terms of service' })).toHaveAttribute('href', '/terms');
  });
});

describe('the terms of service', () => {
  it('covers accounts, bookings, the warranty, tracking links, technicians and the law, and links the privacy policy', () => {
    renderPage('/terms');
    for (const name of ['Your account', 'Customers: bookings and service', 'Repair warranty', 'Tracking links and service reports', 'Technicians', 'Law and disputes']) {
      expect(screen.getByRole('heading', { level: 2, name })).toBeInTheDocument();
    }
    expect(within(screen.getByRole('main')).getByRole('link', { name: 'Privacy policy' })).toHaveAttribute('href', '/privacy');
  });
});

describe('the documents as the build renders them', () => {
  it.each([
    ['terms', terms],
    ['privacy', privacy],
  ])('%s: HTML with no script, no inline handler and no raw HTML', (_name, document) => {
    expect(document.html).not.toMatch(/<script|<iframe|<img|<style|\son\w+=|javascript:/i);
    expect(document.html).not.toMatch(/<h1\b/);
    expect(document.lastUpdated).toBe('27 November 2026');
    expect(document.lastUpdatedIso).toBe('2026-11-27');
  });
});

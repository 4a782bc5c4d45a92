import { expect, test } from './support/fixtures';

/** Spec §2 "Landing page": the four tabs and exactly their cards, in order. */
const SERVICE_TABS: Record<string, string[]> = {
  'Autofix Services': ['Brake Repair', 'Engine Repair', 'Tire Repair', 'AC Repair'],
  Maintenance: ['Oil Change', 'Battery Service', 'Wheel Alignment', 'Fluid Top-Up', 'Tire Rotation'],
  Repair: ['Transmission', 'Suspension', 'Electrical', 'Exhaust System', 'Cooling System', 'Fuel System', 'Steering System'],
  Diagnostics: ['Check Engine', 'Emissions', 'Advanced Diagnostics', 'ABS & Airbag Systems'],
};

test.describe('visitor', () => {
  test('landing page: hero, the four service tabs with exactly the spec cards, FAQ disclosure', async ({ page }) => {
    await page.goto('/');
    const mainNav = page.getByRole('navigation', { name: 'Main' });
    for (const name of ['HOME', 'ABOUT US', 'SERVICES', 'PRICING', 'Login', 'Register']) {
      await expect(mainNav.getByRole('link', { name, exact: true })).toBeVisible();
    }
    await expect(page.getByRole('link', { name: 'GET STARTED', exact: true })).toHaveAttribute('href', '/register');
    await expect(page.getByRole('button', { name: 'LEARN MORE', exact: true })).toBeVisible();
    for (const spec of ['V8', '30 mpg', '7,000 RPM']) await expect(page.getByText(spec, { exact: true }).first()).toBeVisible();

    // Services: the ARIA tabs pattern; the visible panel lists exactly the tab's cards.
    const tablist = page.getByRole('tablist', { name: 'Service categories' });
    await expect(tablist.getByRole('tab')).toHaveText(Object.keys(SERVICE_TABS));
    for (const [tab, cards] of Object.entries(SERVICE_TABS)) {
      await tablist.getByRole('tab', { name: tab, exact: true }).click();
      await expect(tablist.getByRole('tab', { name: tab, exact: true })).toHaveAttribute('aria-selected', 'true');
      const panel = page.getByRole('tabpanel', { name: tab, exact: true });
      await expect(panel).toBeVisible();
      await expect(panel.getByRole('heading', { level: 3 })).toHaveText(cards);
      await expect(page.getByRole('tabpanel')).toHaveCount(1);
    }
    // Keyboard: arrows move between tabs (automatic activation).
    await tablist.getByRole('tab', { name: 'Diagnostics' }).press('ArrowRight');
    await expect(tablist.getByRole('tab', { name: 'Autofix Services' })).toBeFocused();
    await expect(page.getByRole('tabpanel', { name: 'Autofix Services' })).toBeVisible();

    // FAQ: 8 questions, each a button with aria-expanded that shows and hides its answer.
    const faq = page.getByRole('region', { name: 'Frequently Asked Questions' });
    const questions = faq.getByRole('button');
    await expect(questions).toHaveCount(8);
    for (const question of await questions.all()) await expect(question).toHaveAttribute('aria-expanded', 'false');
    const first = questions.first();
    const answer = page.locator(`#${await first.getAttribute('aria-controls')}`);
    await expect(answer).toBeHidden();
    await first.click();
    await expect(first).toHaveAttribute('aria-expanded', 'true');
    await expect(answer).toBeVisible();
    await expect(answer).not.toBeEmpty();
    await first.click();
    await expect(first).toHaveAttribute('aria-expanded', 'false');
    await expect(answer).toBeHidden();
  });

  test('contact form sends the message to the server, then confirms and clears', async ({ page }) => {
    await page.goto('/');
    const form = page.getByRole('form', { name: 'Contact form' });
    await expect(form.getByLabel('Email', { exact: true })).toHaveAttribute('type', 'email');
    const values = { Name: 'Vera Visitor', Email: 'vera@example.com', Subject: 'Brakes squeak', Message: 'Can you look at my brakes on Friday?' };
    for (const [label, value] of Object.entries(values)) await form.getByLabel(label, { exact: true }).fill(value);
    const sent = page.waitForRequest((r) => r.url().endsWith('/api/contact') && r.method() === 'POST');
    await form.getByRole('button', { name: "Let's Get Started" }).click();
    // The four fields, as typed (stored on the server for the admin's Messages page).
    expect((await sent).postDataJSON()).toEqual({ name: 'Vera Visitor', email: 'vera@example.com', subject: 'Brakes squeak', message: 'Can you look at my brakes on Friday?' });
    await expect(form.getByRole('status')).toHaveText("Message sent. We'll get back to you shortly.");
    for (const label of Object.keys(values)) await expect(form.getByLabel(label, { exact: true })).toHaveValue('');
    // Typing again hides the confirmation.
    await form.getByLabel('Name', { exact: true }).fill('V');
    await expect(form.getByRole('status')).toHaveText('');
  });

  test('contact form: a refusal shows the server message and keeps what was typed', async ({ page }) => {
    await page.route('**/api/contact', (route) =>
      route.fulfill({ status: 429, contentType: 'application/json', headers: { 'Retry-After': '3600' }, body: JSON.stringify({ message: 'Too many messages from this address. Please try again later.', success: false }) }),
    );
    await page.goto('/');
    const form = page.getByRole('form', { name: 'Contact form' });
    await form.getByLabel('Name', { exact: true }).fill('Vera Visitor');
    await form.getByLabel('Message', { exact: true }).fill('Hello again');
    await form.getByRole('button', { name: "Let's Get Started" }).click();
    await expect(form.getByRole('alert')).toHaveText('Too many messages from this address. Please try again later.');
    await expect(form.getByLabel('Name', { exact: true })).toHaveValue('Vera Visitor');
    await expect(form.getByLabel('Message', { exact: true })).toHaveValue('Hello again');
    await expect(form.getByRole('status')).toHaveText('');
  });

  test('navigation links lead to real pages; an unknown path shows Page Not Found with a link home', async ({ page }) => {
    await page.goto('/');
    const pages = [
      { link: 'ABOUT US', path: '/about', heading: 'About CarCare' },
      { link: 'SERVICES', path: '/services', heading: 'Our Services' },
      { link: 'PRICING', path: '/pricing', heading: 'Simple, transparent pricing' },
      { link: 'HOME', path: '/', heading: null },
    ];
    for (const { link, path, heading } of pages) {
      await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: link, exact: true }).click();
      await expect(page).toHaveURL(path);
      if (heading) await expect(page.getByRole('heading', { level: 1 })).toHaveText(heading);
      await expect(page.getByRole('heading', { name: 'Page Not Found' })).toHaveCount(0);
    }
    // The services page holds the same catalogue.
    await page.goto('/services');
    await expect(page.getByRole('tab')).toHaveCount(4);

    await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Login', exact: true }).click();
    await expect(page).toHaveURL('/login');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Welcome back');
    await page.getByRole('link', { name: 'Sign up' }).click();
    await expect(page).toHaveURL('/register');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Create your account');

    await page.goto('/no/such/page');
    await expect(page.getByRole('heading', { name: 'Page Not Found' })).toBeVisible();
    await page.getByRole('link', { name: 'Go back home' }).click();
    await expect(page).toHaveURL('/');
    await expect(page.getByRole('tablist', { name: 'Service categories' })).toBeVisible();
  });
});

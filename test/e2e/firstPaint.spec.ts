import { expect, test } from './support/fixtures';

/** The public pages the build pre-renders (src/app/prerender.tsx), with their heading and form labels. */
const PAGES: ReadonlyArray<{ path: string; heading: string; labels: string[] }> = [
  { path: '/', heading: 'Expert care that keeps you moving', labels: ['Name', 'Email', 'Subject', 'Message', 'Newsletter email address'] },
  { path: '/about', heading: 'About CarCare', labels: ['Newsletter email address'] },
  { path: '/services', heading: 'Our Services', labels: ['Newsletter email address'] },
  { path: '/pricing', heading: 'Simple, transparent pricing', labels: ['Newsletter email address'] },
  { path: '/login', heading: 'Welcome back', labels: ['Email', 'Password', 'Remember me'] },
  { path: '/register', heading: 'Create your account', labels: ['Full Name', 'Email', 'Phone Number', 'Address', 'Account Type', 'Password', 'Confirm Password'] },
  { path: '/register/employee', heading: 'Join as a service technician', labels: ['Full Name', 'Email', 'Phone Number', 'Address', 'Password', 'Confirm Password'] },
];

test.describe('pre-rendered public pages', () => {
  test('the HTML the server sends already holds each page’s heading and form labels', async ({ request }) => {
    const textOf = (html: string) => html.replace(/<[^>]+>/g, '').replaceAll('&#x27;', "'").replaceAll('&amp;', '&');
    for (const { path, heading, labels } of PAGES) {
      const response = await request.get(path);
      expect(response.headers()['content-type']).toMatch(/text\/html/);
      const html = await response.text();
      expect(html, path).toContain(`data-prerendered="${path}"`);
      expect([...html.matchAll(/<h1\b[^>]*>(.*?)<\/h1>/g)].map(([, inner]) => textOf(inner)), path).toEqual([heading]);
      const shownLabels = [...html.matchAll(/<label\b[^>]*>(.*?)<\/label>/g)].map(([, inner]) => textOf(inner));
      for (const label of labels) expect(shownLabels, path).toContain(label);
    }
  });

  test('without JavaScript, each page still shows its heading and its form', async ({ browser }) => {
    const context = await browser.newContext({ javaScriptEnabled: false });
    const page = await context.newPage();
    for (const { path, heading, labels } of PAGES) {
      await page.goto(path);
      await expect(page.getByRole('heading', { level: 1, name: heading })).toBeVisible();
      for (const label of labels) await expect(page.getByLabel(label, { exact: true }).first()).toBeAttached();
    }
    await context.close();
  });

  test('the browser hydrates the sent page — the same elements become interactive, with no console error', async ({ context }) => {
    for (const { path, heading } of PAGES) {
      // Hold the app's code back until the sent heading is in hand: a page rendered again (not hydrated) would
      // replace that element with a new one.
      const page = await context.newPage();
      let release: () => void = () => undefined;
      const held = new Promise<void>((resolve) => (release = resolve));
      await page.route(/\/assets\/main\.[0-9a-f]+\.js$/, async (route) => {
        await held;
        await route.continue();
      });
      await page.goto(path, { waitUntil: 'commit' });
      const sent = await page.getByRole('heading', { level: 1, name: heading }).elementHandle();
      release();
      // Hydrated: React has taken the root, and the heading on screen is still the element the server sent.
      await page.waitForFunction(() => Object.keys(document.getElementById('root') ?? {}).some((key) => key.startsWith('__reactContainer')));
      await expect(page.getByRole('heading', { level: 1, name: heading })).toBeVisible();
      expect(await sent?.evaluate((element) => element.isConnected), path).toBe(true);
      await page.close();
    }
  });

  test('hydrated login validates on the client: the spec’s messages, no reload', async ({ page }) => {
    await page.goto('/login');
    await page.getByRole('button', { name: 'Sign In', exact: true }).click();
    await expect(page.getByText('Email is required')).toBeVisible();
    await expect(page.getByText('Password is required')).toBeVisible();
    expect(new URL(page.url()).pathname).toBe('/login');
  });
});

import { readFileSync } from 'node:fs';
import path from 'node:path';
import type { Page, Request } from '@playwright/test';
import { registerViaApi } from './support/api';
import { expect, test } from './support/fixtures';
import { seedSession } from './support/session';
import { adminSession } from './support/shop';

/** The public pages the build pre-renders (src/app/prerender.tsx), with their heading and form labels. */
const PAGES: ReadonlyArray<{ path: string; heading: string; labels: string[] }> = [
  { path: '/', heading: 'Expert care that keeps you moving', labels: ['Name', 'Email', 'Subject', 'Message', 'Newsletter email address'] },
  { path: '/about', heading: 'About CarCare', labels: ['Newsletter email address'] },
  { path: '/services', heading: 'Our Services', labels: ['Newsletter email address'] },
  { path: '/pricing', heading: 'Simple, transparent pricing', labels: ['Newsletter email address'] },
  { path: '/terms', heading: 'Terms of service', labels: ['Newsletter email address'] },
  { path: '/privacy', heading: 'Privacy policy', labels: ['Newsletter email address'] },
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
      // The CSP allows no inline script; the page's one script is the loader that starts the app after first paint.
      const scripts = html.match(/<script\b[^>]*>/g) ?? [];
      expect(scripts, path).toHaveLength(1);
      expect(scripts[0], path).toMatch(/^<script defer src="\/assets\/boot\.[0-9a-f]+\.js" data-scripts="[^"]*\/assets\/main\.[0-9a-f]+\.js">$/);
      expect(html, path).not.toMatch(/rel="?preload/);
      // Buttons and fields wait for hydration (components/HydrationGate.tsx): the page's root is a disabled fieldset.
      expect(html, path).toMatch(/<div id="root"[^>]*>(<!--\$-->)?<fieldset role="none" class="[^"]+" disabled="">/);
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
    // Nothing can be typed into the sign-in form, or send it (and its password) as a plain GET, before the app has it;
    // a button that needs the app says so. Links still work.
    await page.goto('/login');
    await expect(page.getByLabel('Email', { exact: true })).toBeDisabled();
    await expect(page.getByRole('button', { name: 'Sign In', exact: true })).toBeDisabled();
    await page.goto('/');
    await expect(page.getByRole('button', { name: 'LEARN MORE', exact: true })).toBeDisabled();
    await page.getByRole('link', { name: 'GET STARTED', exact: true }).click();
    await expect(page).toHaveURL('/register');
    // The terms and privacy policy under the sign-in and sign-up forms are plain links to pre-rendered pages.
    for (const from of ['/login', '/register', '/register/employee']) {
      for (const [name, to] of [
        ['Terms of service', '/terms'],
        ['Privacy policy', '/privacy'],
      ] as const) {
        await page.goto(from);
        await page.getByRole('link', { name, exact: true }).click();
        await expect(page, `${name} from ${from}`).toHaveURL(to);
        await expect(page.getByRole('heading', { level: 1, name })).toBeVisible();
      }
    }
    await context.close();
  });

  test('the app’s scripts start downloading only once the page is on screen', async ({ page }) => {
    for (const path of ['/', '/login']) {
      await page.goto(path);
      await page.waitForFunction(() => Object.keys(document.getElementById('root') ?? {}).some((key) => key.startsWith('__reactContainer')));
      await expectScriptsAfterFirstPaint(page, path);
    }
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
      for (const control of await page.locator('#root button, #root input').all()) await expect(control, path).toBeEnabled();
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

/** The page's scripts (all but the loader, src/app/boot.ts) were asked for only after its first contentful paint. */
async function expectScriptsAfterFirstPaint(page: Page, what: string): Promise<void> {
  const { painted, scripts } = await page.evaluate(() => ({
    painted: performance.getEntriesByName('first-contentful-paint')[0]?.startTime,
    scripts: performance
      .getEntriesByType('resource')
      .filter((entry) => /\/assets\/(?!boot\.).*\.js$/.test(new URL(entry.name).pathname))
      .map((entry) => entry.startTime),
  }));
  expect(painted, what).toBeGreaterThan(0);
  expect(scripts.length, what).toBeGreaterThan(3);
  for (const start of scripts) expect(start, what).toBeGreaterThanOrEqual(painted ?? Infinity);
}

/** The JavaScript files of a chunk group (build-stats/chunk-groups.json) that the area's shell does not preload. */
function pageOnlyScripts(group: string, shellGroups: string[]): string[] {
  const groups = JSON.parse(readFileSync(path.resolve(__dirname, '../../build-stats/chunk-groups.json'), 'utf8')) as Record<string, string[]>;
  const shared = new Set(['main', ...shellGroups].flatMap((name) => groups[name] ?? []));
  return (groups[group] ?? []).filter((file) => file.endsWith('.js') && !shared.has(file));
}

/** Holds the page's own code back until `release` is called; records the jobs and catalogue reads made meanwhile. */
async function holdPageCode(page: Page, files: string[]) {
  expect(files.length).toBeGreaterThan(0);
  let release: () => void = () => undefined;
  const held = new Promise<void>((resolve) => (release = resolve));
  await page.route((url) => files.some((file) => url.pathname === `/${file}`), async (route) => {
    await held;
    await route.continue();
  });
  const reads: string[] = [];
  const whileHeld: string[] = [];
  let holding = true;
  page.on('request', (request: Request) => {
    const url = new URL(request.url());
    if (request.method() !== 'GET' || !(url.pathname.startsWith('/api/appointments') || url.pathname === '/api/catalog')) return;
    reads.push(`${url.pathname}${url.search}`);
    if (holding) whileHeld.push(`${url.pathname}${url.search}`);
  });
  return {
    reads,
    whileHeld,
    release: () => {
      holding = false;
      release();
    },
  };
}

test.describe('signed-in first paint', () => {
  test('a signed-in area’s HTML is its frame: header, navigation placeholders and a busy main', async ({ request }) => {
    for (const area of ['/dashboard', '/dashboard/appointments', '/reports', '/admin/dashboard', '/admin/staff']) {
      const html = await (await request.get(area)).text();
      expect(html, area).toMatch(/<div id="root" data-shell="">/);
      expect(html, area).toMatch(/<header\b[^>]*>.*CarCare.*<\/header>/);
      expect(html, area).toMatch(/<main\b[^>]*aria-busy="true"[^>]*><p class="sr-only" role="status">Loading CarCare<\/p>/);
    }
  });

  test("a returning customer's dashboard HTML holds its heading and introduction; after logout the browser gets the plain frame", async ({ page, request }) => {
    const { auth } = await registerViaApi(request, 'CUSTOMER');
    await seedSession(page, auth);
    await page.goto('/dashboard');
    await expect(page.getByRole('heading', { level: 1, name: /^Welcome/ })).toBeVisible();
    const view = async () => (await page.context().cookies()).find((cookie) => cookie.name === 'carcare_view')?.value;
    await expect.poll(view).toBe('customer');
    // What this browser is sent for the page (its cookies go with the context's requests), before any script runs.
    const sent = async () => (await page.context().request.get('/dashboard')).text();
    const frame = await sent();
    expect(frame).toMatch(/<div id="root" data-shell="">/);
    expect(frame).toMatch(/<main\b[^>]*aria-busy="true"[^>]*>.*<h1[^>]*>Welcome<\/h1><p[^>]*>Track your vehicle services and book your next appointment\.<\/p>/);
    expect(frame).toContain('href="/dashboard/appointments"');
    expect(frame).not.toContain(auth.fullName);
    // Like a public page, the frame paints before its code starts: one script, the loader, and nothing preloaded
    // (each file asked for before the first paint costs the main thread, even when the service worker answers it).
    expect(frame.match(/<script\b[^>]*>/g)).toEqual([expect.stringMatching(/^<script defer src="\/assets\/boot\.[0-9a-f]+\.js" data-scripts="[^"]*\/assets\/main\.[0-9a-f]+\.js">$/)]);
    expect(frame).not.toMatch(/rel="?preload/);
    await page.reload();
    await expect(page.getByRole('heading', { level: 1, name: `Welcome, ${auth.fullName}` })).toBeVisible();
    await expectScriptsAfterFirstPaint(page, 'the frame of /dashboard');

    await page.getByRole('navigation', { name: 'Dashboard' }).getByRole('button', { name: 'Logout' }).click();
    await expect(page).toHaveURL('/login');
    expect(await view()).toBeUndefined();
    expect(await sent()).not.toContain('Track your vehicle services');
  });

  test('the customer dashboard asks for the jobs while its code still loads — once', async ({ page, request }) => {
    const { auth } = await registerViaApi(request, 'CUSTOMER');
    await seedSession(page, auth);
    const code = await holdPageCode(page, pageOnlyScripts('customer', ['store', 'guards', 'dashboard', 'first-data']));
    await page.goto('/dashboard', { waitUntil: 'commit' });
    await expect(page.getByRole('banner')).toContainText('CarCare');
    await expect.poll(() => code.whileHeld).toEqual(['/api/appointments?limit=200']);
    code.release();
    await expect(page.getByRole('heading', { name: 'My Services' })).toBeVisible();
    await expect(page.getByText('You have no services yet')).toBeVisible();
    expect(code.reads).toEqual(['/api/appointments?limit=200']);
  });

  test('the admin board asks for its three columns, their totals and the catalogue while its code still loads — each once', async ({ page, request }) => {
    await seedSession(page, await adminSession(request));
    const code = await holdPageCode(page, pageOnlyScripts('admin-board', ['store', 'guards', 'admin', 'first-data']));
    await page.goto('/admin/dashboard', { waitUntil: 'commit' });
    await expect(page.getByRole('banner')).toContainText('CarCare');
    // Three lists (one per column), the totals (Awaiting Assignment and Upcoming count over the same dates, so
    // their totals are one request) and the catalogue Awaiting Assignment's cards take their descriptions from.
    const kinds = [/^\/api\/appointments(\?|$)/, /^\/api\/appointments\/counts(\?|$)/, /^\/api\/catalog$/];
    await expect.poll(() => kinds.map((kind) => code.whileHeld.filter((read) => kind.test(read)).length)).toEqual([3, 2, 1]);
    expect(code.whileHeld).toHaveLength(6);
    code.release();
    await expect(page.getByRole('heading', { name: 'Awaiting Assignment' })).toBeVisible();
    await expect(page.getByRole('heading', { name: 'Ongoing Services' })).toBeVisible();
    expect([...code.reads].sort()).toEqual([...code.whileHeld].sort());
  });
});

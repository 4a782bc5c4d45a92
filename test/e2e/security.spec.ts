import type { APIResponse, Page } from '@playwright/test';
import { registerViaApi } from './support/api';
import { expect, test } from './support/fixtures';
import { submitSignIn } from './support/session';

/** CSP directives → their source lists. */
function parseCsp(header: string | undefined): Map<string, string[]> {
  const directives = new Map<string, string[]>();
  for (const part of (header ?? '').split(';')) {
    const [name, ...sources] = part.trim().split(/\s+/);
    if (name) directives.set(name.toLowerCase(), sources);
  }
  return directives;
}

function expectContractHeaders(response: APIResponse, what: string, referrerPolicy: string): void {
  const headers = response.headers();
  const csp = parseCsp(headers['content-security-policy']);
  expect(headers['content-security-policy'], `${what}: CSP`).toBeTruthy();
  const scriptSrc = csp.get('script-src') ?? csp.get('default-src') ?? [];
  expect(scriptSrc, `${what}: script-src`).toContain("'self'");
  expect(scriptSrc, `${what}: script-src`).not.toContain("'unsafe-inline'");
  expect(scriptSrc, `${what}: script-src`).not.toContain("'unsafe-eval'");
  expect(csp.get('frame-ancestors'), `${what}: frame-ancestors`).toEqual(["'none'"]);
  expect(csp.get('object-src'), `${what}: object-src`).toEqual(["'none'"]);
  expect(csp.get('base-uri'), `${what}: base-uri`).toEqual(["'none'"]);
  expect(headers['x-content-type-options'], `${what}: X-Content-Type-Options`).toBe('nosniff');
  expect(headers['referrer-policy'], `${what}: Referrer-Policy`).toBe(referrerPolicy);
}

test.describe('security', () => {
  test('served pages and assets carry the contract headers', async ({ request }) => {
    const index = await request.get('/');
    expect(index.status()).toBe(200);
    expectContractHeaders(index, '/', 'strict-origin-when-cross-origin');
    expect(index.headers()['cache-control']).toBe('no-cache');

    for (const path of ['/login', '/dashboard', '/admin/dashboard', '/no/such/page', '/index.html']) {
      const response = await request.get(path);
      expect(response.status(), path).toBe(200);
      expect(response.headers()['content-type'], path).toContain('text/html');
      expectContractHeaders(response, path, 'strict-origin-when-cross-origin');
      expect(response.headers()['cache-control'], path).toBe('no-cache');
    }
    for (const path of ['/oauth/callback', '/oauth/callback?token=a&refreshToken=b', '/oauth/callback?error=x']) {
      const response = await request.get(path);
      expectContractHeaders(response, path, 'no-referrer');
      expect(response.headers()['cache-control'], path).toBe('no-cache');
    }

    // index.html: no inline script; every script is a hashed asset served immutable.
    const html = await index.text();
    const scripts = [...html.matchAll(/<script\b([^>]*)>([\s\S]*?)<\/script>/gi)];
    expect(scripts.length).toBeGreaterThan(0);
    for (const [, attributes, body] of scripts) {
      expect(body.trim(), 'inline script in index.html').toBe('');
      expect(attributes).toMatch(/\bsrc=/);
    }
    expect(html).not.toMatch(/\son[a-z]+=/i); // no inline event handlers either
    const assets = [...html.matchAll(/(?:src|href)="?(\/assets\/[^"\s>]+)/g)].map((m) => m[1]);
    expect(assets.length).toBeGreaterThan(1);
    for (const asset of assets) {
      const response = await request.get(asset);
      expect(response.status(), asset).toBe(200);
      expect(response.headers()['cache-control'], asset).toContain('immutable');
      expect(response.headers()['x-content-type-options'], asset).toBe('nosniff');
    }
    // The API answers carry the headers too.
    expectContractHeaders(await request.get('/api/health'), '/api/health', 'strict-origin-when-cross-origin');
  });

  test('the browser runs the app under the policy without a single violation', async ({ page, browserErrors }) => {
    browserErrors.allow(/^Executing inline script violates the following Content Security Policy directive 'script-src 'self''/);
    const violations: string[] = [];
    await page.exposeFunction('__reportCspViolation', (v: string) => violations.push(v));
    await page.addInitScript(() => {
      document.addEventListener('securitypolicyviolation', (e) => {
        (window as unknown as { __reportCspViolation: (v: string) => void }).__reportCspViolation(`${e.violatedDirective} ${e.blockedURI}`);
      });
    });
    for (const path of ['/', '/login', '/register', '/oauth/callback?error=x']) {
      await page.goto(path);
      await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    }
    // An injected inline script is refused by the policy.
    const executed = await page.evaluate(() => {
      const script = document.createElement('script');
      script.textContent = 'window.__inlineRan = true;';
      document.body.append(script);
      return (window as unknown as { __inlineRan?: boolean }).__inlineRan === true;
    });
    expect(executed).toBe(false);
    await expect.poll(() => violations).toEqual([expect.stringMatching(/^script-src/)]);
  });

  test.describe('the remembered origin never leads off the site', () => {
    const attempts: unknown[] = ['//evil.example', 'https://evil.example', '/\\evil.example', '/\\/evil.example', { pathname: '//evil.example' }, 'javascript:alert(1)'];
    for (const from of attempts) {
      test(`from = ${JSON.stringify(from)}`, async ({ page, request, baseURL }) => {
        const { user } = await registerViaApi(request, 'CUSTOMER');
        const origin = new URL(baseURL as string).origin;
        const offSite: string[] = [];
        page.on('request', (r) => {
          if (new URL(r.url()).origin !== origin && !r.url().startsWith('data:')) offSite.push(r.url());
        });
        await page.goto('/login');
        await page.evaluate((f) => history.replaceState({ usr: { from: f }, key: 'x', idx: 0 }, '', '/login'), from);
        await page.reload();
        await submitSignIn(page, user.email, user.password);
        await expect(page).toHaveURL('/dashboard');
        await expect(page.getByRole('heading', { level: 1 })).toHaveText(`Welcome, ${user.fullName}`);
        expect(offSite).toEqual([]);
      });
    }
  });

  test('control: a same-site remembered origin set the same way is honoured', async ({ page, request }) => {
    // Proves the attempts above really reach the sign-in redirect (they are not passing by accident).
    const { user } = await registerViaApi(request, 'CUSTOMER');
    await page.goto('/login');
    await page.evaluate(() => history.replaceState({ usr: { from: '/dashboard/appointments?step=1' }, key: 'x', idx: 0 }, '', '/login'));
    await page.reload();
    await submitSignIn(page, user.email, user.password);
    await expect(page).toHaveURL('/dashboard/appointments?step=1');
  });

  test('encoded and doubled slashes in the path stay on the site', async ({ page, request, baseURL }) => {
    const origin = new URL(baseURL as string).origin;
    const { user } = await registerViaApi(request, 'CUSTOMER');
    const stayOnSite = async (p: Page) => expect(new URL(p.url()).origin).toBe(origin);

    for (const path of ['/%2F%2Fevil.example', '/%2F%2Fevil.example/dashboard', '/%2F%2F%2Fevil.example']) {
      const response = await page.goto(`${origin}${path}`);
      expect(response?.status(), path).toBe(200);
      await expect(page.getByRole('heading', { name: 'Page Not Found' })).toBeVisible();
      await stayOnSite(page);
    }
    // A doubled slash or a backslash is a path here, never a host: the server answers without redirecting.
    for (const path of ['//evil.example/dashboard', '/%5C%5Cevil.example', '/%5Cevil.example']) {
      const raw = await request.get(`${origin}${path}`, { maxRedirects: 0 });
      expect(Math.floor(raw.status() / 100), `${path} answered ${raw.status()}`).not.toBe(3);
      expect(raw.headers().location, path).toBeUndefined();
    }

    // Through the guard: a visitor sent to /login from such a path and signing in stays on the site.
    await page.goto(`${origin}//evil.example/dashboard`);
    await stayOnSite(page);
    if (new URL(page.url()).pathname === '/login') {
      await submitSignIn(page, user.email, user.password);
      await expect(page.getByRole('heading', { level: 1 })).toHaveText(`Welcome, ${user.fullName}`);
    }
    await stayOnSite(page);
  });
});

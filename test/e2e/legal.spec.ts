import { expectNoSeriousA11yViolations } from './support/a11y';
import { expect, test } from './support/fixtures';

/** The shop's legal pages (content/legal/*.md, HTML made at build time), pre-rendered like the other public pages. */
const LEGAL = [
  { path: '/terms', title: 'Terms of service', section: 'Repair warranty' },
  { path: '/privacy', title: 'Privacy policy', section: 'How long we keep it' },
] as const;

test.describe('terms of service and privacy policy', () => {
  test('the footer reaches both without JavaScript, and each is whole: its one h1, date and sections', async ({ browser }) => {
    const context = await browser.newContext({ javaScriptEnabled: false });
    const page = await context.newPage();
    for (const { path, title, section } of LEGAL) {
      await page.goto('/about');
      await page.getByRole('contentinfo').getByRole('navigation', { name: 'Legal' }).getByRole('link', { name: title, exact: true }).click();
      await expect(page).toHaveURL(path);
      await expect(page.getByRole('heading', { level: 1 })).toHaveText(title);
      await expect(page.getByText(/^Last updated: \d{1,2} \w+ \d{4}$/)).toBeVisible();
      await expect(page.getByRole('heading', { level: 2, name: section })).toBeVisible();
    }
    await context.close();
  });

  test('the Terms of service link under the sign-in form, once the app runs, opens the page in the app', async ({ page }) => {
    await page.goto('/login');
    await page.waitForFunction(() => Object.keys(document.getElementById('root') ?? {}).some((key) => key.startsWith('__reactContainer')));
    await expect(page.getByRole('button', { name: 'Sign In', exact: true })).toBeEnabled();
    // A mark on this document: a full page load would lose it, the router's navigation keeps it.
    await page.evaluate(() => Object.assign(window, { sameDocument: true }));
    await page.getByRole('link', { name: 'Terms of service', exact: true }).click();
    await expect(page).toHaveURL('/terms');
    await expect(page.getByRole('heading', { level: 1, name: 'Terms of service' })).toBeVisible();
    expect(await page.evaluate(() => (window as Window & { sameDocument?: boolean }).sameDocument)).toBe(true);
  });

  test('accessible (axe) and readable on a 360 px phone: nothing wider than the screen', async ({ page }) => {
    test.setTimeout(90_000);
    await page.setViewportSize({ width: 360, height: 740 });
    for (const { path, title } of LEGAL) {
      await page.goto(path);
      await expect(page.getByRole('heading', { level: 1, name: title })).toBeVisible();
      expect(await page.evaluate(() => document.documentElement.scrollWidth), path).toBeLessThanOrEqual(360);
      const body = page.getByRole('main').locator('h2, h3, p, li');
      const widest = await body.evaluateAll((elements) => Math.max(...elements.map((element) => element.getBoundingClientRect().right)));
      expect(widest, path).toBeLessThanOrEqual(360);
      // Body text no smaller than 16 px: long legal text on a phone.
      const fontSize = await page.getByRole('main').locator('p').last().evaluate((element) => parseFloat(getComputedStyle(element).fontSize));
      expect(fontSize, path).toBeGreaterThanOrEqual(16);
      await expectNoSeriousA11yViolations(page, `${path} (360 px)`);
    }
  });
});

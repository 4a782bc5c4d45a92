import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { brotliCompressSync, gzipSync } from 'node:zlib';
import type { Page } from '@playwright/test';
import { readViewCode } from '../../scripts/serviceWorkerPages';
import { registerViaApi } from './support/api';
import { expect, test } from './support/fixtures';
import { ADMIN } from './support/constants';
import { seedSession, signInViaUi } from './support/session';

// The rest of the suite blocks service workers (playwright.config.ts): these tests are about them.
test.use({ serviceWorkers: 'allow' });

const UPDATE_MESSAGE = 'A new version is available';
/** The build the server serves (playwright.config.ts: STATIC_DIR), with the precompressed copies it prefers. */
const workerFiles = ['sw.js', 'sw.js.gz', 'sw.js.br'].map((name) => path.resolve(process.env.E2E_STATIC_DIR || 'dist', name));

/**
 * Deploys a new build's service worker: the built sw.js with one page's revision changed, as the next build would
 * write it. Chromium fetches a worker's script for an update check outside the reach of Playwright's routes, so the
 * file is changed on disk, where the static site reads it on each request (the rest of the suite blocks service
 * workers and never asks for it). Returns the old and new revision, and how to put the build back.
 */
function deployNewWorker(): { oldRevision: string; newRevision: string; restore: () => void } {
  const originals = workerFiles.map((file) => readFileSync(file));
  const built = originals[0].toString('utf8');
  const [, oldRevision] = /"url":"\/prerendered\/index\.html","revision":"([0-9a-f]+)"/.exec(built) ?? [];
  if (!oldRevision) throw new Error('dist/sw.js lists no revision of /prerendered/index.html');
  const newRevision = 'new-build-00001';
  const changed = built.replace(oldRevision, newRevision);
  const restore = () => workerFiles.forEach((file, i) => writeFileSync(file, originals[i]));
  try {
    [changed, gzipSync(changed), brotliCompressSync(changed)].forEach((content, i) => writeFileSync(workerFiles[i], content));
  } catch (error) {
    restore();
    throw error;
  }
  return { oldRevision, newRevision, restore };
}

/** The build's split of its code (scripts/serviceWorkerPages.ts viewCode, written into sw.js): each signed-in view's own files. */
function viewFiles(): Record<'customer' | 'technician' | 'admin', string[]> {
  const views = readViewCode(path.dirname(workerFiles[0]));
  if (!views) throw new Error('dist/sw.js lists no views');
  return views;
}

/** The paths of every file in the page's Cache Storage. */
const cachedPaths = (page: Page) =>
  page.evaluate(async () =>
    (await Promise.all((await caches.keys()).map(async (name) => (await (await caches.open(name)).keys()).map((request) => new URL(request.url).pathname)))).flat(),
  );

/** Waits until the site's service worker has installed (its precache filled) and controls the page. */
async function waitForControl(page: Page): Promise<void> {
  await expect.poll(() => page.evaluate(() => navigator.serviceWorker.controller?.state ?? 'none'), { timeout: 20_000 }).toBe('activated');
}

test("offline, a returning customer's dashboard opens with its frame from the cache: heading and introduction before any script", async ({ page, context, request, browserErrors }) => {
  // Offline, the page's reads of the API fail (the dashboard then says it is offline): that is what is tested here.
  browserErrors.allow(/^Failed to load resource: net::ERR_INTERNET_DISCONNECTED/);
  const { auth } = await registerViaApi(request, 'CUSTOMER');
  await seedSession(page, auth);
  await page.goto('/dashboard');
  await expect(page.getByRole('heading', { level: 1, name: /^Welcome/ })).toBeVisible();
  await waitForControl(page);
  await expect.poll(async () => (await context.cookies()).find((cookie) => cookie.name === 'carcare_view')?.value).toBe('customer');
  // The worker keeps the customer's code, and no other view's.
  const views = viewFiles();
  expect(views.customer.length).toBeGreaterThan(0);
  await expect.poll(async () => { const cached = await cachedPaths(page); return views.customer.filter((file) => !cached.includes(file)); }, { timeout: 20_000 }).toEqual([]);
  const adminOnly = views.admin.filter((file) => !views.customer.includes(file));
  expect(adminOnly.length).toBeGreaterThan(0);
  expect((await cachedPaths(page)).filter((file) => adminOnly.includes(file))).toEqual([]);

  await context.setOffline(true);
  const reloaded = await page.reload();
  expect(reloaded?.fromServiceWorker()).toBe(true);
  const html = (await reloaded?.text()) ?? '';
  expect(html).toMatch(/<h1[^>]*>Welcome<\/h1><p[^>]*>Track your vehicle services and book your next appointment\.<\/p>/);
  expect(html).not.toContain(auth.fullName);
  await expect(page.getByRole('heading', { level: 1, name: /^Welcome/ })).toBeVisible();
  // The page's code came from the cache too: the dashboard runs, and says it is offline.
  await expect(page.getByText('Offline — you are viewing saved data. Changes are turned off until you are back online.')).toBeVisible();
});

test("signing out removes the view's code; signing in as someone else keeps theirs instead", async ({ page, request }) => {
  const views = viewFiles();
  const { auth } = await registerViaApi(request, 'CUSTOMER');
  await seedSession(page, auth);
  await page.goto('/dashboard');
  await waitForControl(page);
  const has = async (files: string[]) => {
    const cached = await cachedPaths(page);
    return files.every((file) => cached.includes(file));
  };
  await expect.poll(() => has(views.customer), { timeout: 20_000 }).toBe(true);

  await page.getByRole('navigation', { name: 'Dashboard' }).getByRole('button', { name: 'Logout' }).click();
  await expect(page).toHaveURL('/login');
  await expect.poll(async () => (await cachedPaths(page)).filter((file) => views.customer.includes(file)), { timeout: 20_000 }).toEqual([]);

  await signInViaUi(page, ADMIN.email, ADMIN.password, /\/admin\/dashboard$/);
  await expect.poll(() => has(views.admin), { timeout: 20_000 }).toBe(true);
  const customerOnly = views.customer.filter((file) => !views.admin.includes(file));
  expect((await cachedPaths(page)).filter((file) => customerOnly.includes(file))).toEqual([]);
});

test('after a first visit the service worker controls the page, and offline the pages still open from its cache', async ({ page, context }) => {
  await page.goto('/');
  await expect(page.getByRole('heading', { level: 1, name: 'Expert care that keeps you moving' })).toBeVisible();
  await waitForControl(page);
  // The first build to install is no update.
  await expect(page.getByText(UPDATE_MESSAGE)).toHaveCount(0);
  // The API is none of the worker's business: the page's request goes to the server as before, and is not kept.
  const answer = page.waitForResponse('**/api/health');
  expect(await page.evaluate(async () => (await fetch('/api/health')).status)).toBe(200);
  expect((await answer).fromServiceWorker()).toBe(false);
  const cachedUrls = await page.evaluate(async () =>
    (await Promise.all((await caches.keys()).map(async (name) => (await (await caches.open(name)).keys()).map((request) => request.url)))).flat(),
  );
  expect(cachedUrls.filter((url) => new URL(url).pathname.startsWith('/api'))).toEqual([]);
  expect(cachedUrls).toContainEqual(expect.stringMatching(/\/prerendered\/login\.html\?__WB_REVISION__=/));
  // Nobody is signed in: no signed-in view's code is kept.
  const views = viewFiles();
  expect((await cachedPaths(page)).filter((file) => Object.values(views).flat().includes(file))).toEqual([]);

  await context.setOffline(true);
  const reloaded = await page.reload();
  expect(reloaded?.fromServiceWorker()).toBe(true);
  await expect(page.getByRole('heading', { level: 1, name: 'Expert care that keeps you moving' })).toBeVisible();

  // Another pre-rendered page, hydrated: its code came from the precache too.
  await page.goto('/login');
  await expect(page.getByRole('heading', { level: 1, name: 'Welcome back' })).toBeVisible();
  await expect(page.getByLabel('Email', { exact: true })).toBeEnabled();

  // An app route answers with its area's shell, and the app's guard sends a visitor without a session to sign in.
  await page.goto('/dashboard');
  await expect(page).toHaveURL('/login');
  await expect(page.getByRole('heading', { level: 1, name: 'Welcome back' })).toBeVisible();
});

test('a new build replaces the old service worker after "Reload"', async ({ page }) => {
  await page.goto('/login');
  await waitForControl(page);

  const cachedRevisions = () =>
    page.evaluate(async () => {
      const keys = await Promise.all((await caches.keys()).map(async (name) => (await (await caches.open(name)).keys()).map((request) => request.url)));
      return keys.flat().filter((url) => url.includes('/prerendered/index.html'));
    });

  const { oldRevision, newRevision, restore } = deployNewWorker();
  try {
    // The page looks for a new build on every visit.
    await page.reload();
    await expect(page.getByRole('status').filter({ hasText: UPDATE_MESSAGE })).toBeVisible({ timeout: 20_000 });
    // Until the user chooses, the old build is in charge.
    expect(await cachedRevisions()).toEqual([expect.stringContaining(oldRevision), expect.stringContaining(newRevision)]);

    const reloaded = page.waitForEvent('load');
    await page.getByRole('button', { name: 'Reload', exact: true }).click();
    await reloaded;
    await expect(page.getByRole('heading', { level: 1, name: 'Welcome back' })).toBeVisible();
    await waitForControl(page);
    // The new build controls the page: the old one's files are gone from the cache, nothing waits, no prompt.
    await expect.poll(cachedRevisions).toEqual([expect.stringContaining(newRevision)]);
    expect(await page.evaluate(async () => (await navigator.serviceWorker.getRegistration())?.waiting ?? null)).toBeNull();
    await expect(page.getByText(UPDATE_MESSAGE)).toHaveCount(0);
  } finally {
    restore();
  }
});

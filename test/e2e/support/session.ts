import { expect, type Page } from '@playwright/test';
import type { AuthAnswer } from './api';
import { STORAGE_KEYS } from './constants';

/** The `user` object the SPA keeps in localStorage (spec §3 "Session user"). */
export function storedUserOf(auth: Pick<AuthAnswer, 'id' | 'email' | 'fullName' | 'roles'>) {
  const [firstName = '', ...rest] = auth.fullName.trim().split(/\s+/);
  return {
    id: String(auth.id),
    email: auth.email,
    fullName: auth.fullName,
    roles: auth.roles,
    role: auth.roles[0] ?? 'CUSTOMER',
    firstName,
    lastName: rest.join(' '),
  };
}

/**
 * Opens a same-origin document that is not the SPA (the favicon), so storage can be written before the app
 * ever starts.
 */
export async function openBlankSameOrigin(page: Page): Promise<void> {
  await page.goto('/favicon.svg');
}

/** Writes the three storage keys (spec §3) as a sign-in would, without starting the app. */
export async function seedSession(page: Page, auth: AuthAnswer, token: string = auth.token): Promise<void> {
  await openBlankSameOrigin(page);
  const user = JSON.stringify(storedUserOf(auth));
  await page.evaluate(
    ([t, r, u]) => {
      localStorage.setItem('token', t);
      localStorage.setItem('refresh_token', r);
      localStorage.setItem('user', u);
    },
    [token, auth.refreshToken, user] as const,
  );
}

export type AuthStorage = Record<(typeof STORAGE_KEYS)[number], string | null>;

export async function readAuthStorage(page: Page): Promise<AuthStorage> {
  return page.evaluate((keys) => Object.fromEntries(keys.map((k) => [k, localStorage.getItem(k)])), [...STORAGE_KEYS]) as Promise<AuthStorage>;
}

/** Web-first: waits until none of the three keys is left. */
export async function expectSignedOutStorage(page: Page): Promise<void> {
  await expect.poll(() => readAuthStorage(page)).toEqual({ token: null, refresh_token: null, user: null });
}

/** Fills the sign-in form on the current /login page and submits it. */
export async function submitSignIn(page: Page, email: string, password: string): Promise<void> {
  const form = page.getByRole('form', { name: 'Sign in' });
  await form.getByLabel('Email', { exact: true }).fill(email);
  await form.getByLabel('Password', { exact: true }).fill(password);
  await form.getByRole('button', { name: 'Sign In', exact: true }).click();
}

/** Signs in through the UI from /login and waits for the landing URL. */
export async function signInViaUi(page: Page, email: string, password: string, landing: RegExp | string = /\/dashboard$/): Promise<void> {
  await page.goto('/login');
  await submitSignIn(page, email, password);
  await expect(page).toHaveURL(landing);
}

/** The path (with search and hash) of the page's current URL. */
export function pathOf(page: Page): string {
  const url = new URL(page.url());
  return `${url.pathname}${url.search}${url.hash}`;
}

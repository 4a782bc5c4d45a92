import { type Browser, type BrowserContextOptions, chromium } from '@playwright/test';
import type { BenchSession } from './apiClient';
import { sessionStorageEntries } from './apiClient';
import { CHROME_FLAGS, CHROME_PATH } from './chrome';

/** Debian's Chromium under Playwright, with the project's flags. */
export function launchBrowser(): Promise<Browser> {
  return chromium.launch({ executablePath: CHROME_PATH, args: CHROME_FLAGS });
}

/** A context whose origin already holds the given localStorage entries (signed in, seeded data). */
export function storageState(origin: string, entries: { name: string; value: string }[]): BrowserContextOptions['storageState'] {
  return { cookies: [], origins: [{ origin, localStorage: entries }] };
}

/** localStorage entries of a signed-in session, or none for a guest. */
export function sessionEntries(session: BenchSession | null): { name: string; value: string }[] {
  return session ? sessionStorageEntries(session) : [];
}

import { type Browser, type BrowserContextOptions, chromium, type Page, type Request } from '@playwright/test';
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

/** A signed-in page's live event stream (or a tracking page's): open for the page's whole life, never "finished". */
const EVENT_STREAM = /\/api\/(events|track\/[^/]+\/events)$/;

/**
 * `page.goto` that waits until the page's network has been quiet for `quietMs` — apart from its live event stream,
 * which stays open for good (so Playwright's `networkidle` never comes on a signed-in page).
 */
export async function gotoAndSettle(page: Page, url: string, { quietMs = 500, timeoutMs = 30_000 } = {}): Promise<void> {
  const inFlight = new Set<Request>();
  const started = (request: Request) => {
    if (!EVENT_STREAM.test(new URL(request.url()).pathname)) inFlight.add(request);
  };
  const ended = (request: Request) => inFlight.delete(request);
  page.on('request', started);
  page.on('requestfinished', ended);
  page.on('requestfailed', ended);
  try {
    await page.goto(url, { waitUntil: 'load', timeout: timeoutMs });
    const deadline = Date.now() + timeoutMs;
    let quietSince = Date.now();
    while (Date.now() - quietSince < quietMs) {
      if (Date.now() > deadline) throw new Error(`${url}: the network did not settle (event streams aside) within ${timeoutMs} ms`);
      await page.waitForTimeout(50);
      if (inFlight.size > 0) quietSince = Date.now();
    }
  } finally {
    page.off('request', started);
    page.off('requestfinished', ended);
    page.off('requestfailed', ended);
  }
}

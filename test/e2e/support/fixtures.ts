import { test as base, type BrowserContext, expect, type Page } from '@playwright/test';

export { expect };

/** Browser-side problems that fail a test unless the test expects them (architecture.md §8). */
export interface BrowserErrors {
  /** Expect console errors matching `pattern` in this test (e.g. a request the test aborts on purpose). */
  allow(pattern: RegExp): void;
}

/**
 * Every resource that fails to load is also logged by Chromium as a console error ("Failed to load resource:
 * the server responded with a status of 401"): the journeys that cause 4xx answers assert what the user sees
 * instead. Server errors (5xx) are caught separately below and always fail.
 */
const ALWAYS_ALLOWED = [/^Failed to load resource: the server responded with a status of 4\d\d/];

/**
 * Records the console errors, uncaught errors and 5xx answers of every page of `context`. The `browserErrors`
 * fixture does this for the test's own context; a test that opens more contexts (several people at once)
 * watches each of them and calls `expectNone()` at its end.
 */
export function watchBrowserErrors(context: BrowserContext): BrowserErrors & { expectNone(): void } {
  const allowed = [...ALWAYS_ALLOWED];
  const seen: string[] = [];
  context.on('console', (message) => {
    if (message.type() === 'error') seen.push(`console.error: ${message.text()}`);
  });
  context.on('weberror', (error) => seen.push(`uncaught error: ${error.error().message}`));
  context.on('response', (response) => {
    if (response.status() >= 500) seen.push(`HTTP ${response.status()} from ${response.request().method()} ${response.url()}`);
  });
  return {
    allow: (pattern) => allowed.push(pattern),
    expectNone: () => {
      const unexpected = seen.filter((line) => !allowed.some((pattern) => pattern.test(line.replace(/^console\.error: /, ''))));
      expect(unexpected, 'unexpected errors in the browser').toEqual([]);
    },
  };
}

export const test = base.extend<{ browserErrors: BrowserErrors }>({
  browserErrors: [
    async ({ context }, use) => {
      const watcher = watchBrowserErrors(context);
      await use({ allow: watcher.allow });
      watcher.expectNone();
    },
    { auto: true },
  ],
});

export interface SeenDialog {
  type: string;
  message: string;
}

/**
 * Runs `action`, which must open a browser dialog (alert / confirm), answers it and returns what it said.
 * The listener is attached before the action so the dialog cannot slip past.
 */
export async function answerDialog(page: Page, action: () => Promise<unknown>, answer: 'accept' | 'dismiss' = 'accept'): Promise<SeenDialog> {
  const seen = new Promise<SeenDialog>((resolve) => {
    page.once('dialog', (dialog) => {
      resolve({ type: dialog.type(), message: dialog.message() });
      void (answer === 'accept' ? dialog.accept() : dialog.dismiss());
    });
  });
  await action();
  return seen;
}

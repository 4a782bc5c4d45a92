import { test as base, expect, type Page } from '@playwright/test';

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

export const test = base.extend<{ browserErrors: BrowserErrors }>({
  browserErrors: [
    async ({ context }, use) => {
      const allowed = [...ALWAYS_ALLOWED];
      const seen: string[] = [];
      context.on('console', (message) => {
        if (message.type() === 'error') seen.push(`console.error: ${message.text()}`);
      });
      context.on('weberror', (error) => seen.push(`uncaught error: ${error.error().message}`));
      context.on('response', (response) => {
        if (response.status() >= 500) seen.push(`HTTP ${response.status()} from ${response.request().method()} ${response.url()}`);
      });
      await use({ allow: (pattern) => allowed.push(pattern) });
      const unexpected = seen.filter((line) => !allowed.some((pattern) => pattern.test(line.replace(/^console\.error: /, ''))));
      expect(unexpected, 'unexpected errors in the browser').toEqual([]);
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

import { sessionStorageOrNull } from './sessionStorageKeys';

/** Where lib/flashNotice.ts keeps the message for the next page: sessionStorage, this tab only. */
export const LEFT_NOTICE_KEY = 'carcare_notice';

/**
 * Whether a message waits for this page. Apart from flashNotice.ts so that a page checks it without carrying the code
 * that shows it (the sign-in page's budget). False where there is no sessionStorage (the build's pre-render).
 */
export function hasLeftNotice(): boolean {
  return Boolean(sessionStorageOrNull()?.getItem(LEFT_NOTICE_KEY));
}

/** The message a page sends the waiting service worker when the user chooses Reload. */
export const SKIP_WAITING = 'SKIP_WAITING';

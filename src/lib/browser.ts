/**
 * Thin wrappers around browser navigation APIs that jsdom cannot fake. Tests spy on these exports
 * (`jest.spyOn(browser, 'assignLocation')`) instead of on `window.location`, whose methods jsdom makes
 * non-configurable.
 */

/**
 * A full page load to `url` (spec §2: the Google buttons and the employee sign-up success). Everything else
 * navigates through the router.
 */
export function assignLocation(url: string): void {
  window.location.assign(url);
}

/** Loads the page again (the update prompt's Reload, once the new build is in charge). */
export function reloadPage(): void {
  window.location.reload();
}

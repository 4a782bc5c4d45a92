/**
 * The one place every alert and confirm of the SPA goes through (spec §4, §5 describe browser alerts and a
 * confirm). Components call these instead of `window.alert` / `window.confirm` directly, so the behaviour can be
 * swapped in one place later (e.g. for an in-app dialog) and tests can intercept it either with
 * `jest.spyOn(window, 'alert' | 'confirm')` or by mocking this module.
 */

/** Shows a message to the user (the browser's blocking alert). */
export function notify(message: string): void {
  window.alert(message);
}

/** Asks the user to confirm; true on OK, false on Cancel (the browser's blocking confirm). */
export function confirmAction(message: string): boolean {
  return window.confirm(message);
}

import { screen, waitFor, within } from '@testing-library/react';
import type { RootState } from '@/app/store';
import { renderApp, signedIn } from '../../utils/renderWithProviders';

let fakeClock = false;
afterEach(() => {
  if (fakeClock) jest.useRealTimers();
  fakeClock = false;
});

/**
 * Fixes "now" (Date only: timers, promises and the network keep running normally). Real time comes back after the
 * test. Dates in these tests are local wall-clock times, so they read the same in any time zone.
 */
export function useFixedNow(now: string) {
  jest.useFakeTimers({
    now: new Date(now),
    doNotFake: [
      'hrtime',
      'nextTick',
      'performance',
      'queueMicrotask',
      'requestAnimationFrame',
      'cancelAnimationFrame',
      'requestIdleCallback',
      'cancelIdleCallback',
      'setImmediate',
      'clearImmediate',
      'setInterval',
      'clearInterval',
      'setTimeout',
      'clearTimeout',
    ],
  });
  fakeClock = true;
}

/** Renders the real app at /dashboard as a signed-in EMPLOYEE and waits for the lazy dashboard. */
export async function renderDashboard(preloadedState: Partial<RootState> = {}) {
  const result = renderApp('/dashboard', { preloadedState: { auth: signedIn('EMPLOYEE'), ...preloadedState } });
  // The first lazy import of a test file is transpiled on demand, so allow it more than the default 1 s.
  await screen.findByRole('heading', { level: 1 }, { timeout: 5000 });
  // The dashboard first asks the profile whether the technician is approved (a pending one sees only a message).
  await waitFor(() => expect(screen.queryByRole('status', { name: 'Loading your dashboard' })).not.toBeInTheDocument());
  return result;
}

/** Renders the dashboard and waits until the Assigned Services list has loaded. */
export async function renderLoadedDashboard(preloadedState: Partial<RootState> = {}) {
  const result = await renderDashboard(preloadedState);
  await screen.findByRole('region', { name: 'Assigned services list' });
  return result;
}

/** The job card of a customer in the Assigned Services list. */
export function serviceRow(customerName: string) {
  return screen.getByRole('article', { name: customerName });
}

export function alertSpy() {
  return jest.spyOn(window, 'alert').mockImplementation(() => {});
}

/** The value shown for a count (Active Projects, Not Started, Completed This Week). */
export function countOf(label: string): string | null {
  const term = screen.getByText(label, { selector: 'dt' });
  return within(term.parentElement as HTMLElement).getByRole('definition').textContent;
}

/** The value next to a label in a job row's dates. */
export function rowValue(row: HTMLElement, label: string): string | null | undefined {
  return within(row).getByText(label, { selector: 'dt' }).nextElementSibling?.textContent;
}

import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { RootState } from '@/app/store';
import type { EmployeeServiceJob } from '@/features/services/types';
import type { TimeLog } from '@/features/timeLogs/types';
import { renderApp, signedIn } from '../../utils/renderWithProviders';

let fakeClock = false;
afterEach(() => {
  if (fakeClock) jest.useRealTimers();
  fakeClock = false;
});

/**
 * Installs a fixed "now" whose clock still runs (so promises, lazy routes and user-event keep working).
 * Real timers come back after the test.
 */
export function useFixedNow(now: string) {
  jest.useFakeTimers({ now: new Date(now), advanceTimers: true });
  fakeClock = true;
}

export function job(overrides: Partial<EmployeeServiceJob> & Pick<EmployeeServiceJob, 'id'>): EmployeeServiceJob {
  return {
    customerName: `Customer ${overrides.id}`,
    vehicleName: `Vehicle ${overrides.id}`,
    vehicleNumber: `PL-${overrides.id}`,
    serviceType: 'Regular Maintenance',
    status: 'not_started',
    startDate: '2026-03-01T09:00:00.000Z',
    estimatedCompletion: '2026-03-02T17:00:00.000Z',
    serviceCenter: 'CarCare Colombo Central',
    centerSlot: 'Bay 1',
    ...overrides,
  };
}

export function timeLog(overrides: Partial<TimeLog> & Pick<TimeLog, 'id' | 'date'>): TimeLog {
  return {
    serviceId: 'JOB-2001',
    startTime: '09:00',
    endTime: '10:00',
    duration: '1h 0m',
    description: `Work ${overrides.id}`,
    ...overrides,
  };
}

export interface DashboardOptions {
  employeeServices?: EmployeeServiceJob[];
  logs?: TimeLog[];
  preloadedState?: Partial<RootState>;
}

/** Renders the real app at /dashboard as a signed-in EMPLOYEE and waits for the lazy dashboard. */
export async function renderDashboard({ employeeServices, logs, preloadedState }: DashboardOptions = {}) {
  const state: Partial<RootState> = { auth: signedIn('EMPLOYEE'), ...preloadedState };
  if (employeeServices) state.services = { customerServices: [], employeeServices };
  if (logs) state.timeLogs = { logs };
  const result = renderApp('/dashboard', { preloadedState: state });
  // The first lazy import of a test file is transpiled on demand, so allow it more than the default 1 s.
  await screen.findByRole('heading', { level: 1 }, { timeout: 5000 });
  // With a fixed now, the user's waits advance jest's fake clock.
  const user = fakeClock ? userEvent.setup({ advanceTimers: jest.advanceTimersByTime }) : result.user;
  return { ...result, user };
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

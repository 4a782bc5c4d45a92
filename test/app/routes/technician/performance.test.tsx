import { act, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { Provider } from 'react-redux';
import type { AppointmentStatus } from '@contract/statuses';
import { setupStore } from '@/app/store';
import { Component as EmployeeDashboard } from '@/app/routes/technician/dashboard';
import { formatDuration } from '@/features/timeLogs/duration';
import { formatDayLabel, monthGrid } from '@/lib/calendar';
import { signedIn } from '../../../utils/renderWithProviders';
import { useFixedNow } from '../../../fixtures/technicianTestUtils';
import { technicianJob, technicianLog, technicianShop } from '../../../fixtures/technicianShop';

const STATUSES: AppointmentStatus[] = ['CONFIRMED', 'IN_PROGRESS', 'COMPLETED'];
const JOBS = 1000;
const LOGS = 10_000;

/**
 * Plain DOM look-ups: on a page with 1,000 rows Testing Library's *ByRole / *ByLabelText queries take minutes in
 * jsdom (they compute every element's accessible name), so this test avoids them.
 */
function buttonByText(text: string): HTMLElement {
  return screen.getByText(text, { selector: 'button' });
}

function buttonByLabel(container: HTMLElement, label: string): HTMLElement {
  const button = container.querySelector<HTMLElement>(`button[aria-label="${label}"]`);
  if (!button) throw new Error(`No button labelled ${label}`);
  return button;
}

/**
 * The structural properties that keep large data cheap, checked deterministically (timing is `npm run bench`'s, in
 * Chromium): every page is followed, totals are right, rows stay mounted and a filter only toggles `hidden`.
 */
test('1,000 jobs and 10,000 logs from the server: per-day totals are right, and month/filter switches keep every row mounted', async () => {
  useFixedNow('2026-11-03T10:00:00');
  const days = monthGrid('2026-11');
  const jobs = Array.from({ length: JOBS }, (_, i) =>
    technicianJob({ customerName: `Customer ${i}`, status: STATUSES[i % 3], date: days[i % 30].date, plate: `PL-${i}` }),
  );
  const logs = Array.from({ length: LOGS }, (_, i) =>
    technicianLog({
      id: `L${i}`,
      appointmentId: jobs[i % JOBS].id,
      date: days[i % days.length].date,
      startTime: '08:00',
      endTime: '09:00',
      durationMinutes: ((i % 4) + 1) * 15,
    }),
  );
  // The expected totals, computed independently of the app.
  const expected = new Map<string, number>();
  for (const log of logs) expected.set(log.date, (expected.get(log.date) ?? 0) + log.durationMinutes);
  let monthTotal = 0;
  for (const day of days) if (day.inMonth) monthTotal += expected.get(day.date) ?? 0;

  const { requestsTo } = technicianShop({ jobs, logs });
  const store = setupStore({ auth: signedIn('EMPLOYEE') });
  const { container } = render(
    <Provider store={store}>
      <EmployeeDashboard />
    </Provider>,
  );

  const serviceRows = () => container.querySelectorAll('[aria-label="Assigned services list"] li');
  await waitFor(() => expect(serviceRows()).toHaveLength(JOBS), { timeout: 30_000 });
  await waitFor(() => expect(screen.getByText(/Logged this month:/)).toHaveTextContent(`Logged this month: ${formatDuration(monthTotal)}`), { timeout: 30_000 });
  // Every page of both lists was followed (200 per page).
  expect(requestsTo('GET', '/time-logs')).toHaveLength(LOGS / 200);
  expect(requestsTo('GET', '/appointments').filter((r) => r.path === '/appointments')).toHaveLength(Math.ceil(667 / 200) + Math.ceil(333 / 200));

  // Per-day grouping: each of the 42 cells carries its day's total.
  const labels = Array.from(container.querySelectorAll<HTMLElement>('[role="grid"] button[data-date]')).map((b) => b.getAttribute('aria-label'));
  expect(labels).toEqual(days.map((day) => `${formatDayLabel(day.date)}, ${formatDuration(expected.get(day.date) ?? 0)} logged`));

  const serviceList = container.querySelector('[aria-label="Assigned services list"]') as HTMLElement;
  const rowsBefore = Array.from(serviceList.querySelectorAll('li'));
  expect(rowsBefore).toHaveLength(JOBS);
  const next = buttonByLabel(container, 'Next month');
  const previous = buttonByLabel(container, 'Previous month');

  act(() => fireEvent.click(next));
  act(() => fireEvent.click(previous));
  act(() => fireEvent.click(previous));
  act(() => fireEvent.click(buttonByText('IN PROGRESS')));
  act(() => fireEvent.click(buttonByText('ALL')));
  act(() => fireEvent.click(buttonByText('COMPLETED')));

  const rowsAfter = Array.from(serviceList.querySelectorAll('li'));
  expect(rowsAfter.length).toBe(rowsBefore.length);
  expect(rowsAfter.every((row, i) => row === rowsBefore[i])).toBe(true); // not one row re-created
  expect(screen.getByText('October 2026')).toBeInTheDocument();
  expect(serviceList.querySelectorAll('li[hidden]')).toHaveLength(JOBS - 333);
  // October's grid (Sep 27 – Nov 7) holds the first week of November's logs.
  let october = 0;
  for (const [date, minutes] of expected) if (date >= '2026-09-27' && date <= '2026-11-07' && date.startsWith('2026-10')) october += minutes;
  await waitFor(() => expect(screen.getByText(/Logged this month:/)).toHaveTextContent(`Logged this month: ${formatDuration(october)}`), { timeout: 30_000 });
}, 90_000);

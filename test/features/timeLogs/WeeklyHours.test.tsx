import { screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import type { WeekHours } from '@contract/timeLogs';
import { API } from '../../msw/handlers';
import { server } from '../../msw/server';
import { renderApp, signedIn } from '../../utils/renderWithProviders';
import { useFixedNow } from '../../fixtures/technicianTestUtils';
import { profileOf } from '../account/accountTestUtils';

/** "Today" is Wednesday 2030-06-05, so the last 8 weeks start on Monday 2030-04-15. */

const FIRST_LOAD = { timeout: 5000 };
const MONDAYS = ['2030-04-15', '2030-04-22', '2030-04-29', '2030-05-06', '2030-05-13', '2030-05-20', '2030-05-27', '2030-06-03'];

function week(monday: string, minutes: Partial<Omit<WeekHours, 'week'>> = {}): WeekHours {
  return { week: monday, totalMinutes: 0, approvedMinutes: 0, submittedMinutes: 0, rejectedMinutes: 0, ...minutes };
}

function hoursServer(weeks: WeekHours[] | null) {
  const queries: Record<string, string>[] = [];
  server.use(
    http.get(`${API}/time-logs/weekly`, ({ request }) => {
      queries.push(Object.fromEntries(new URL(request.url).searchParams.entries()));
      if (weeks === null) return HttpResponse.json({ message: 'Something went wrong', success: false }, { status: 500 });
      return HttpResponse.json({ weeks });
    }),
  );
  return queries;
}

async function renderReports() {
  useFixedNow('2030-06-05T10:00:00');
  const rendered = renderApp('/reports', { preloadedState: { auth: signedIn('EMPLOYEE') } });
  await screen.findByRole('heading', { level: 1, name: 'My hours' }, FIRST_LOAD);
  return rendered;
}

afterEach(() => jest.useRealTimers());

test("asks for the last 8 weeks and shows each week's hours by state, this week first, with the period's totals", async () => {
  const queries = hoursServer(
    MONDAYS.map((monday) => {
      if (monday === '2030-06-03') return week(monday, { totalMinutes: 150, submittedMinutes: 150 });
      if (monday === '2030-05-27') return week(monday, { totalMinutes: 2430, approvedMinutes: 2100, submittedMinutes: 240, rejectedMinutes: 90 });
      if (monday === '2030-04-15') return week(monday, { totalMinutes: 60, approvedMinutes: 60 });
      return week(monday);
    }),
  );
  await renderReports();

  const table = await screen.findByRole('table', { name: 'Hours per week, last 8 weeks' });
  expect(queries).toEqual([{ from: '2030-04-15', to: '2030-06-05' }]);
  expect(within(table).getAllByRole('columnheader').map((cell) => cell.textContent)).toEqual(['Week', 'Total', 'Approved', 'Submitted', 'Rejected']);
  const rows = within(table)
    .getAllByRole('row')
    .slice(1)
    .map((row) => [within(row).getByRole('rowheader').textContent, ...within(row).getAllByRole('cell').map((cell) => cell.textContent)]);
  expect(rows).toEqual([
    ['Jun 3 – Jun 9, 2030', '2h 30m', '0h 0m', '2h 30m', '0h 0m'],
    ['May 27 – Jun 2, 2030', '40h 30m', '35h 0m', '4h 0m', '1h 30m'],
    ['May 20 – May 26, 2030', '0h 0m', '0h 0m', '0h 0m', '0h 0m'],
    ['May 13 – May 19, 2030', '0h 0m', '0h 0m', '0h 0m', '0h 0m'],
    ['May 6 – May 12, 2030', '0h 0m', '0h 0m', '0h 0m', '0h 0m'],
    ['Apr 29 – May 5, 2030', '0h 0m', '0h 0m', '0h 0m', '0h 0m'],
    ['Apr 22 – Apr 28, 2030', '0h 0m', '0h 0m', '0h 0m', '0h 0m'],
    ['Apr 15 – Apr 21, 2030', '1h 0m', '1h 0m', '0h 0m', '0h 0m'],
    ['All 8 weeks', '44h 0m', '36h 0m', '6h 30m', '1h 30m'],
  ]);
  expect(screen.queryByText('No time logged in the last 8 weeks.')).not.toBeInTheDocument();
});

test('with no time logged, says so above the table of zeros', async () => {
  hoursServer(MONDAYS.map((monday) => week(monday)));
  await renderReports();
  expect(await screen.findByText('No time logged in the last 8 weeks.')).toBeInTheDocument();
  expect(screen.getByRole('table', { name: 'Hours per week, last 8 weeks' })).toBeInTheDocument();
});

test('a failed load shows the error and a Retry button', async () => {
  hoursServer(null);
  await renderReports();
  expect(await screen.findByRole('alert')).toHaveTextContent('Something went wrong');
  expect(screen.getByRole('button', { name: 'Retry' })).toBeInTheDocument();
  expect(screen.queryByRole('table')).not.toBeInTheDocument();
});

test('shows a named spinner while the hours load', async () => {
  let release: () => void = () => undefined;
  let requested = false;
  // The spinner also shows while the profile loads, before the hours are asked for: hold the hours' answer, and
  // release it only once the request is there.
  server.use(
    http.get(`${API}/time-logs/weekly`, async () => {
      const held = new Promise<void>((resolve) => {
        release = resolve;
      });
      requested = true;
      await held;
      return HttpResponse.json({ weeks: MONDAYS.map((monday) => week(monday)) });
    }),
  );
  await renderReports();
  await waitFor(() => expect(requested).toBe(true));
  expect(await screen.findByRole('status', { name: 'Loading your hours' })).toBeInTheDocument();
  release();
  expect(await screen.findByRole('table', { name: 'Hours per week, last 8 weeks' })).toBeInTheDocument();
});

test('a technician awaiting approval sees that message and no hours are asked for', async () => {
  const queries = hoursServer(MONDAYS.map((monday) => week(monday)));
  server.use(
    http.get(`${API}/auth/profile`, () =>
      HttpResponse.json(profileOf('EMPLOYEE', { approvalStatus: 'PENDING' })),
    ),
  );
  await renderReports();
  expect(await screen.findByRole('heading', { level: 2, name: 'Your account is awaiting approval' })).toBeInTheDocument();
  expect(screen.queryByRole('table')).not.toBeInTheDocument();
  expect(queries).toEqual([]);
});

import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { API } from '../../msw/handlers';
import { server } from '../../msw/server';
import { emptyReview } from '../../msw/shop';
import { renderApp, signedIn } from '../../utils/renderWithProviders';
import { useFixedNow } from '../../fixtures/technicianTestUtils';
import { reviewLog, reviewServer, type Technician } from './reviewServer';

/** "Today" is Wednesday 2030-06-05, so the page opens on the week of Monday 2030-06-03. */

const FIRST_LOAD = { timeout: 5000 };
const CHANGED_ELSEWHERE = 'This time log was changed by someone else. Reload and try again.';

const NIMAL: Technician = { id: 'e-nimal', fullName: 'Nimal Perera', department: 'Engine' };
const KASUN: Technician = { id: 'e-kasun', fullName: 'Kasun Silva' };

function shopWeek() {
  return [
    reviewLog(NIMAL, {
      id: 'n1',
      date: '2030-06-03',
      startTime: '09:00',
      endTime: '10:30',
      durationMinutes: 90,
      description: 'Oil and filter change.',
      appointmentId: 'job-1',
      job: { id: 'job-1', plate: 'CAB-4821', serviceName: 'Oil Change', date: '2030-06-03' },
    }),
    reviewLog(NIMAL, { id: 'n2', date: '2030-06-04', startTime: '13:00', endTime: '14:00', durationMinutes: 60, description: 'Brake lathe maintenance.' }),
    reviewLog(NIMAL, { id: 'n3', date: '2030-06-05', startTime: '08:00', endTime: '08:30', durationMinutes: 30, description: 'Tool inventory', reviewState: 'APPROVED', version: 2 }),
    reviewLog(KASUN, {
      id: 'k1',
      date: '2030-06-04',
      startTime: '10:00',
      endTime: '12:00',
      durationMinutes: 120,
      description: 'Full service',
      reviewState: 'REJECTED',
      reviewReason: 'Wrong job',
      version: 2,
    }),
    // Last week: not on this page until Previous week.
    reviewLog(KASUN, { id: 'k0', date: '2030-05-31', startTime: '09:00', endTime: '09:45', durationMinutes: 45, description: 'Friday diagnostics' }),
  ];
}

async function renderTimesheets(route = '/admin/timesheets') {
  useFixedNow('2030-06-05T10:00:00');
  const rendered = renderApp(route, { preloadedState: { auth: signedIn('ADMIN') } });
  await screen.findByRole('heading', { level: 1, name: 'Timesheets' }, FIRST_LOAD);
  return rendered;
}

async function loaded() {
  return screen.findByRole('region', { name: 'Nimal Perera' }, FIRST_LOAD);
}

const section = (name: string) => screen.getByRole('region', { name });
/** The row of a log, found by its description. */
const rowOf = (description: string) => screen.getByText(description).closest('tr') as HTMLElement;

function totalsOf(label: string): Record<string, string | undefined> {
  const list = screen.getByLabelText(label);
  const terms = within(list).getAllByRole('term');
  return Object.fromEntries(terms.map((term) => [term.textContent, term.nextElementSibling?.textContent]));
}

afterEach(() => jest.useRealTimers());

describe('Timesheets page (/admin/timesheets)', () => {
  test("shows this week's logs per technician with date, times, duration, job, description and state, and totals", async () => {
    const api = reviewServer(shopWeek());
    await renderTimesheets();
    await loaded();

    expect(api.reviews()).toEqual(['2030-06-03']);
    expect(screen.getByText('Mon, Jun 3, 2030 – Sun, Jun 9, 2030')).toBeInTheDocument();
    expect(screen.getByLabelText('Week of')).toHaveValue('2030-06-03');
    expect(screen.getAllByRole('heading', { level: 2 }).map((heading) => heading.textContent)).toEqual(['Kasun Silva', 'Nimal Perera']);

    const nimal = section('Nimal Perera');
    const table = within(nimal).getByRole('table', { name: 'Time logs of Nimal Perera, week of Mon, Jun 3, 2030 – Sun, Jun 9, 2030' });
    expect(within(table).getAllByRole('columnheader').map((cell) => cell.textContent)).toEqual(['Date', 'Time', 'Duration', 'Job', 'Description', 'State', 'Actions']);
    const cells = (description: string) =>
      within(rowOf(description))
        .getAllByRole('cell')
        .slice(0, 5)
        .map((cell) => cell.textContent);
    expect(within(rowOf('Oil and filter change.')).getByRole('rowheader')).toHaveTextContent('Mon, Jun 3');
    expect(cells('Oil and filter change.')).toEqual(['09:00–10:30', '1h 30m', 'CAB-4821 · Oil Change', 'Oil and filter change.', 'Submitted']);
    expect(cells('Brake lathe maintenance.')).toEqual(['13:00–14:00', '1h 0m', 'Not linked to a job', 'Brake lathe maintenance.', 'Submitted']);
    expect(cells('Tool inventory')).toEqual(['08:00–08:30', '0h 30m', 'Not linked to a job', 'Tool inventory', 'Approved']);
    expect(within(nimal).getByText('Engine · 3 logs, 2 awaiting review')).toBeInTheDocument();
    expect(totalsOf('Totals of Nimal Perera')).toEqual({ Total: '3h 0m', Approved: '0h 30m', Submitted: '2h 30m', Rejected: '0h 0m' });

    // Approve and Reject on submitted logs only, named after the technician and the log.
    expect(within(rowOf('Oil and filter change.')).getByRole('button', { name: 'Approve Nimal Perera, Mon, Jun 3, 09:00–10:30' })).toBeInTheDocument();
    expect(within(rowOf('Oil and filter change.')).getByRole('button', { name: 'Reject Nimal Perera, Mon, Jun 3, 09:00–10:30' })).toBeInTheDocument();
    expect(within(rowOf('Tool inventory')).queryByRole('button')).not.toBeInTheDocument();
    expect(within(nimal).getByRole('button', { name: 'Approve all submitted logs of Nimal Perera' })).toHaveTextContent('Approve all');

    const kasun = section('Kasun Silva');
    expect(cells('Full service')[4]).toBe('RejectedReason: Wrong job');
    expect(within(kasun).queryByRole('button')).not.toBeInTheDocument();
    expect(screen.queryByText('Friday diagnostics')).not.toBeInTheDocument();
    expect(totalsOf('Totals of the week')).toEqual({ Total: '5h 0m', Approved: '0h 30m', Submitted: '2h 30m', Rejected: '2h 0m' });
  });

  test('Previous week, Next week, This week and the date input change the week (any day → its Monday), kept in the address', async () => {
    const api = reviewServer(shopWeek());
    const { user, router } = await renderTimesheets();
    await loaded();

    await user.click(screen.getByRole('button', { name: 'Previous week' }));
    expect(await screen.findByText('Friday diagnostics')).toBeInTheDocument();
    expect(screen.getByText('Mon, May 27, 2030 – Sun, Jun 2, 2030')).toBeInTheDocument();
    expect(router.state.location.search).toBe('?week=2030-05-27');
    expect(screen.queryByRole('region', { name: 'Nimal Perera' })).not.toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'This week' }));
    await loaded();
    expect(screen.queryByRole('button', { name: 'This week' })).not.toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Next week' }));
    expect(await screen.findByText('No time logs this week')).toBeInTheDocument();
    expect(screen.getByText('Mon, Jun 10, 2030 – Sun, Jun 16, 2030')).toBeInTheDocument();

    const input = screen.getByLabelText('Week of');
    fireEvent.change(input, { target: { value: '' } }); // cleared while editing: nothing happens
    expect(input).toHaveValue('');
    fireEvent.change(input, { target: { value: '2030-05-29' } }); // a Wednesday
    expect(await screen.findByText('Friday diagnostics')).toBeInTheDocument();
    expect(input).toHaveValue('2030-05-27');
    expect(api.reviews()).toEqual(['2030-06-03', '2030-05-27', '2030-06-10']);
  });

  test('opens on the week the address names', async () => {
    const api = reviewServer(shopWeek());
    await renderTimesheets('/admin/timesheets?week=2030-05-30');
    expect(await screen.findByText('Friday diagnostics', {}, FIRST_LOAD)).toBeInTheDocument();
    expect(api.reviews()).toEqual(['2030-05-27']);
  });

  test('Approve sends the version the admin saw; the log shows Approved and the change is announced', async () => {
    const api = reviewServer(shopWeek());
    const { user } = await renderTimesheets();
    await loaded();
    await user.click(screen.getByRole('button', { name: 'Approve Nimal Perera, Mon, Jun 3, 09:00–10:30' }));

    expect(await screen.findByText('Approved Nimal Perera, Mon, Jun 3, 09:00–10:30.')).toBeInTheDocument();
    expect(api.posts()).toEqual([{ method: 'POST', path: '/time-logs/n1/approve', query: {}, body: { expectedVersion: 1 } }]);
    await waitFor(() => expect(within(rowOf('Oil and filter change.')).getByText('Approved')).toBeInTheDocument());
    expect(within(rowOf('Oil and filter change.')).queryByRole('button')).not.toBeInTheDocument();
    expect(totalsOf('Totals of Nimal Perera')).toMatchObject({ Approved: '2h 0m', Submitted: '1h 0m' });
  });

  test('Reject asks for a reason: empty or blank shows "Please enter a reason" and sends nothing; a reason rejects the log', async () => {
    const api = reviewServer(shopWeek());
    const { user } = await renderTimesheets();
    await loaded();
    await user.click(screen.getByRole('button', { name: 'Reject Nimal Perera, Tue, Jun 4, 13:00–14:00' }));

    const dialog = screen.getByRole('dialog', { name: 'Reject time log' });
    expect(dialog).toHaveAccessibleDescription('Nimal Perera · Tue, Jun 4, 13:00–14:00 · 1h 0m');
    const reason = within(dialog).getByRole('textbox', { name: 'Reason' });
    expect(reason).toHaveFocus();
    expect(reason).toHaveAccessibleDescription('The technician sees this reason with the log.');

    await user.click(within(dialog).getByRole('button', { name: 'Reject log' }));
    expect(await within(dialog).findByText('Please enter a reason')).toBeInTheDocument();
    expect(reason).toHaveAttribute('aria-invalid', 'true');
    await user.type(reason, '   ');
    await user.click(within(dialog).getByRole('button', { name: 'Reject log' }));
    expect(within(dialog).getByText('Please enter a reason')).toBeInTheDocument();
    expect(api.posts()).toEqual([]);

    await user.type(reason, 'Please note the machine and its service ticket.  ');
    expect(within(dialog).queryByText('Please enter a reason')).not.toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Reject log' }));

    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(api.posts()).toEqual([
      { method: 'POST', path: '/time-logs/n2/reject', query: {}, body: { expectedVersion: 1, reason: 'Please note the machine and its service ticket.' } },
    ]);
    expect(screen.getByText('Rejected Nimal Perera · Tue, Jun 4, 13:00–14:00 · 1h 0m.')).toBeInTheDocument();
    await waitFor(() => expect(within(rowOf('Brake lathe maintenance.')).getByText('Reason: Please note the machine and its service ticket.')).toBeInTheDocument());
    expect(within(rowOf('Brake lathe maintenance.')).getByText('Rejected')).toBeInTheDocument();
  });

  test('Cancel closes the Reject dialog and sends nothing', async () => {
    const api = reviewServer(shopWeek());
    const { user } = await renderTimesheets();
    await loaded();
    const reject = screen.getByRole('button', { name: 'Reject Nimal Perera, Tue, Jun 4, 13:00–14:00' });
    await user.click(reject);
    await user.type(screen.getByRole('textbox', { name: 'Reason' }), 'Not sure');
    await user.click(screen.getByRole('button', { name: 'Cancel' }));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(reject).toHaveFocus();
    expect(api.posts()).toEqual([]);
  });

  test('a log changed meanwhile (409): the alert says so and the week is reloaded with the log as it now stands', async () => {
    const api = reviewServer(shopWeek());
    const { user } = await renderTimesheets();
    await loaded();
    // The technician edits the log after the admin loaded the page.
    api.state.logs = api.state.logs.map((log) => (log.id === 'n1' ? { ...log, description: 'Oil change and coolant top-up.', version: 2 } : log));

    await user.click(screen.getByRole('button', { name: 'Approve Nimal Perera, Mon, Jun 3, 09:00–10:30' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(CHANGED_ELSEWHERE);
    expect(await screen.findByText('Oil change and coolant top-up.')).toBeInTheDocument();
    expect(api.reviews()).toEqual(['2030-06-03', '2030-06-03']);
    expect(within(rowOf('Oil change and coolant top-up.')).getByText('Submitted')).toBeInTheDocument();

    // Deciding again, on the version now shown, works.
    await user.click(screen.getByRole('button', { name: 'Approve Nimal Perera, Mon, Jun 3, 09:00–10:30' }));
    await waitFor(() => expect(within(rowOf('Oil change and coolant top-up.')).getByText('Approved')).toBeInTheDocument());
    expect(api.posts().map((request) => request.body)).toEqual([{ expectedVersion: 1 }, { expectedVersion: 2 }]);
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });

  test('a rejection of a log changed meanwhile closes the dialog, shows the alert and reloads', async () => {
    const api = reviewServer(shopWeek());
    const { user } = await renderTimesheets();
    await loaded();
    api.state.logs = api.state.logs.map((log) => (log.id === 'n2' ? { ...log, reviewState: 'APPROVED', version: 2 } : log));
    await user.click(screen.getByRole('button', { name: 'Reject Nimal Perera, Tue, Jun 4, 13:00–14:00' }));
    await user.type(screen.getByRole('textbox', { name: 'Reason' }), 'Too long');
    await user.click(screen.getByRole('button', { name: 'Reject log' }));

    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(screen.getByRole('alert')).toHaveTextContent(CHANGED_ELSEWHERE);
    await waitFor(() => expect(within(rowOf('Brake lathe maintenance.')).getByText('Approved')).toBeInTheDocument());
  });

  test("Approve all approves the technician's submitted logs of the week and announces how many", async () => {
    const api = reviewServer(shopWeek());
    const { user } = await renderTimesheets();
    await loaded();
    await user.click(screen.getByRole('button', { name: 'Approve all submitted logs of Nimal Perera' }));

    expect(await screen.findByText('Approved 2 logs of Nimal Perera.')).toBeInTheDocument();
    expect(api.posts()).toEqual([{ method: 'POST', path: '/time-logs/approve-week', query: {}, body: { employeeId: 'e-nimal', week: '2030-06-03' } }]);
    await waitFor(() => expect(within(section('Nimal Perera')).queryByRole('button')).not.toBeInTheDocument());
    expect(totalsOf('Totals of Nimal Perera')).toEqual({ Total: '3h 0m', Approved: '3h 0m', Submitted: '0h 0m', Rejected: '0h 0m' });
  });

  test('a week without logs says "No time logs this week"', async () => {
    reviewServer([]);
    await renderTimesheets();
    expect(await screen.findByText('No time logs this week', {}, FIRST_LOAD)).toBeInTheDocument();
    expect(screen.queryByRole('table')).not.toBeInTheDocument();
  });

  test('loading shows a named spinner; a failed load shows the error with Retry, which loads again', async () => {
    let fail = true;
    server.use(
      http.get(`${API}/time-logs/review`, async () => {
        if (fail) return HttpResponse.json({ message: 'Something went wrong', success: false }, { status: 500 });
        return HttpResponse.json(emptyReview('2030-06-03', '2030-06-09'));
      }),
    );
    const { user } = await renderTimesheets();
    expect(await screen.findByRole('alert', {}, FIRST_LOAD)).toHaveTextContent('Something went wrong');
    fail = false;
    await user.click(screen.getByRole('button', { name: 'Retry' }));
    expect(await screen.findByText('No time logs this week')).toBeInTheDocument();
  });

  test('shows a loading state while the week loads', async () => {
    let release: () => void = () => undefined;
    server.use(
      http.get(`${API}/time-logs/review`, async () => {
        await new Promise<void>((resolve) => {
          release = resolve;
        });
        return HttpResponse.json(emptyReview('2030-06-03', '2030-06-09'));
      }),
    );
    await renderTimesheets();
    expect(await screen.findByRole('status', { name: "Loading the week's time logs" })).toBeInTheDocument();
    release();
    expect(await screen.findByText('No time logs this week')).toBeInTheDocument();
  });
});

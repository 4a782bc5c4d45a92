import { screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { API } from '../../msw/handlers';
import { server } from '../../msw/server';
import { alertSpy, renderLoadedDashboard, useFixedNow } from '../../fixtures/technicianTestUtils';
import { technicianJob, technicianLog, technicianShop } from '../../fixtures/technicianShop';

/** The day's grid cell: its button (named with the date and the time logged) and the hours badge beside it. */
function dayCell(button: HTMLElement): HTMLElement {
  return button.closest('[role="gridcell"]') as HTMLElement;
}

afterEach(() => jest.restoreAllMocks());

function fixtures() {
  const prius = technicianJob({ customerName: 'Amaya Jayasinghe', make: 'Toyota', model: 'Prius', plate: 'CAD-3312', status: 'IN_PROGRESS', date: '2026-11-03' });
  const logs = [
    technicianLog({ id: 'L1', appointmentId: prius.id, date: '2026-11-03', startTime: '08:00', endTime: '10:00', description: 'Engine diagnostics' }),
    technicianLog({ id: 'L2', appointmentId: prius.id, date: '2026-11-03', startTime: '13:00', endTime: '14:30', description: 'Replaced spark plugs' }),
    // A job the dashboard has not loaded (e.g. completed long ago).
    technicianLog({ id: 'L3', appointmentId: '00000000-0000-4000-8000-00000000dead', date: '2026-11-20', startTime: '09:00', endTime: '09:45', description: 'Test drive' }),
    technicianLog({ id: 'L4', date: '2026-11-21', startTime: '07:30', endTime: '08:00', description: 'Tool inventory' }),
    // On a trailing day of November's grid (December 1st): its cell shows it, the month total does not.
    technicianLog({ id: 'L5', date: '2026-12-01', startTime: '10:00', endTime: '11:00', description: 'December work' }),
  ];
  return { prius, logs };
}

async function renderCalendar(now = '2026-11-03T10:00:00') {
  useFixedNow(now);
  const { prius, logs } = fixtures();
  const shop = technicianShop({ jobs: [prius], logs });
  const rendered = await renderLoadedDashboard();
  // The month's logs are in once its total shows.
  await screen.findByText(/Logged this month:/);
  const grid = screen.getByRole('grid', { name: 'Monthly Work Summary' });
  const cells = () => within(grid).getAllByRole('gridcell');
  const dayButton = (name: string | RegExp) => within(grid).getByRole('button', { name });
  const monthText = () => screen.getByText(/^[A-Z][a-z]+ \d{4}$/);
  const logRanges = () => shop.requestsTo('GET', '/time-logs').map((r) => `${r.query.from}..${r.query.to}`);
  return { ...rendered, ...shop, prius, grid, cells, dayButton, monthText, logRanges };
}

function cellNames(cells: HTMLElement[]) {
  return cells.map((cell) => within(cell).getByRole('button').getAttribute('aria-label'));
}

test('a grid of 42 cells in 6 rows of 7 under Sun–Sat column headers, with the month as text', async () => {
  const { grid, cells, monthText } = await renderCalendar();
  expect(monthText()).toHaveTextContent('November 2026');
  expect(grid).toHaveAccessibleDescription('November 2026');
  expect(within(grid).getAllByRole('columnheader').map((h) => h.textContent)).toEqual(['Sun', 'Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat']);
  const rows = within(grid).getAllByRole('row');
  expect(rows).toHaveLength(7); // the header row + 6 weeks
  const weekRows = rows.filter((row) => within(row).queryAllByRole('gridcell').length > 0);
  expect(weekRows).toHaveLength(6);
  weekRows.forEach((row) => expect(within(row).getAllByRole('gridcell')).toHaveLength(7));
  expect(cells()).toHaveLength(42);
});

test("November 2026 starts on Sunday: the 1st is the first cell, then December; the grid's 42 days are fetched", async () => {
  const { cells, logRanges } = await renderCalendar();
  const names = cellNames(cells());
  expect(names[0]).toBe('November 1, 2026');
  expect(names[29]).toBe('November 30, 2026');
  expect(names[30]).toBe('December 1, 2026, 1h 0m logged');
  expect(names[41]).toBe('December 12, 2026');
  expect(logRanges()).toEqual(['2026-11-01..2026-12-12']);
});

test("Previous month / Next month change the month shown and fetch that grid's logs", async () => {
  const { user, cells, monthText, logRanges, store } = await renderCalendar();
  const previous = screen.getByRole('button', { name: 'Previous month' });
  const next = screen.getByRole('button', { name: 'Next month' });
  await user.click(previous);
  expect(monthText()).toHaveTextContent('October 2026');
  expect(cellNames(cells())[4]).toBe('October 1, 2026'); // a Thursday
  await waitFor(() => expect(logRanges()).toContain('2026-09-27..2026-11-07'));
  expect(store.getState().timeLogs.visibleMonth).toBe('2026-10');
  await user.click(next);
  await user.click(next);
  expect(monthText()).toHaveTextContent('December 2026');
  expect(cells()).toHaveLength(42);
  await waitFor(() => expect(logRanges()).toContain('2026-11-29..2027-01-09'));
  // The 1st of December is in this grid too, with the server's hours.
  expect(await within(screen.getByRole('grid')).findByRole('button', { name: 'December 1, 2026, 1h 0m logged' })).toBeInTheDocument();
  await user.click(next);
  expect(monthText()).toHaveTextContent('January 2027');
});

test.each([
  // now, month text, index → expected cell label
  ['2026-02-10T10:00:00', 'February 2026', { 0: 'February 1, 2026', 27: 'February 28, 2026', 28: 'March 1, 2026', 41: 'March 14, 2026' }],
  ['2026-08-10T10:00:00', 'August 2026', { 0: 'July 26, 2026', 5: 'July 31, 2026', 6: 'August 1, 2026', 36: 'August 31, 2026', 41: 'September 5, 2026' }],
  ['2028-02-10T10:00:00', 'February 2028', { 0: 'January 30, 2028', 2: 'February 1, 2028', 30: 'February 29, 2028', 31: 'March 1, 2028' }],
])('at %s the grid of %s has 42 cells with the first and last days in place', async (now, month, expected) => {
  const { cells, monthText } = await renderCalendar(now);
  expect(monthText()).toHaveTextContent(month);
  const names = cellNames(cells());
  expect(names).toHaveLength(42);
  for (const [index, label] of Object.entries(expected)) expect(names[Number(index)]).toBe(label);
});

test('days outside the month are dimmed; today is marked as the current date', async () => {
  const { dayButton } = await renderCalendar();
  expect(dayButton(/^December 1, 2026/)).toHaveClass('outside');
  expect(dayButton('November 30, 2026')).not.toHaveClass('outside');
  expect(dayButton(/^November 3, 2026/)).toHaveAttribute('aria-current', 'date');
});

test("days with logs show the server's total minutes per day; the month total counts the month's days only", async () => {
  const { dayButton } = await renderCalendar();
  expect(await screen.findByText(/Logged this month:/)).toHaveTextContent('Logged this month: 4h 45m');
  expect(dayCell(dayButton('November 3, 2026, 3h 30m logged'))).toHaveTextContent('3.5h');
  expect(dayCell(dayButton('November 20, 2026, 0h 45m logged'))).toHaveTextContent('0.8h');
  expect(dayCell(dayButton('November 21, 2026, 0h 30m logged'))).toHaveTextContent('0.5h');
  // The button's visible text is its day number, which its name contains (WCAG 2.5.3 Label in Name).
  expect(dayButton('November 3, 2026, 3h 30m logged')).toHaveTextContent(/^3$/);
  expect(dayButton('November 4, 2026')).toHaveTextContent(/^4$/);
});

test('a total is what the server says a log lasted (durationMinutes), never re-read from display text', async () => {
  useFixedNow('2026-11-03T10:00:00');
  technicianShop({ logs: [technicianLog({ date: '2026-11-03', startTime: '08:00', endTime: '09:00', durationMinutes: 75 })] });
  await renderLoadedDashboard();
  expect(dayCell(await screen.findByRole('button', { name: 'November 3, 2026, 1h 15m logged' }))).toHaveTextContent('1.3h');
});

test("today is selected at first; selecting a day shows that day's logs; a day without logs shows an empty state", async () => {
  const { user, dayButton, grid } = await renderCalendar();
  let panel = screen.getByRole('region', { name: 'Logs for November 3, 2026' });
  expect(dayButton(/^November 3, 2026/).parentElement).toHaveAttribute('aria-selected', 'true');
  const items = await within(panel).findAllByRole('article');
  expect(items).toHaveLength(2);
  expect(items[0]).toHaveAccessibleName('Toyota Prius (CAD-3312) · Oil Change');
  expect(within(items[0]).getByText('08:00–10:00')).toBeInTheDocument();
  expect(within(items[0]).getByText('2h 0m')).toBeInTheDocument();
  expect(within(items[0]).getByText('Engine diagnostics')).toBeInTheDocument();
  expect(within(items[1]).getByText('13:00–14:30')).toBeInTheDocument();
  expect(within(items[1]).getByText('1h 30m')).toBeInTheDocument();
  expect(within(panel).getByText(/^Total:/)).toHaveTextContent('Total: 3h 30m');

  await user.click(dayButton('November 20, 2026, 0h 45m logged'));
  panel = screen.getByRole('region', { name: 'Logs for November 20, 2026' });
  expect(within(panel).getByRole('article', { name: 'Other job' })).toHaveTextContent('Test drive');
  expect(within(grid).getAllByRole('gridcell').filter((c) => c.getAttribute('aria-selected') === 'true')).toHaveLength(1);

  await user.click(dayButton('November 21, 2026, 0h 30m logged'));
  panel = screen.getByRole('region', { name: 'Logs for November 21, 2026' });
  expect(within(panel).getByRole('article', { name: 'Not linked to a job' })).toHaveTextContent('Tool inventory');

  await user.click(dayButton('November 4, 2026'));
  panel = screen.getByRole('region', { name: 'Logs for November 4, 2026' });
  expect(within(panel).getByText('No time logged on this day.')).toBeInTheDocument();
  expect(within(panel).queryByRole('button', { name: 'Delete' })).not.toBeInTheDocument();
});

test('the selected day keeps its logs while another month is shown', async () => {
  const { user, dayButton, logRanges } = await renderCalendar();
  await user.click(dayButton('November 20, 2026, 0h 45m logged'));
  const next = screen.getByRole('button', { name: 'Next month' });
  await user.click(next);
  await user.click(next);
  const panel = screen.getByRole('region', { name: 'Logs for November 20, 2026' });
  expect(within(panel).getByText('Test drive')).toBeInTheDocument();
  await waitFor(() => expect(logRanges()).toContain('2026-12-27..2027-02-06'));
  expect(logRanges().filter((range) => range === '2026-11-01..2026-12-12')).toHaveLength(1); // November's answer is reused
});

test('Edit opens the Log Time form prefilled with the entry; Save Log sends PUT with the changed values', async () => {
  const { user, prius, requestsTo } = await renderCalendar();
  const panel = screen.getByRole('region', { name: 'Logs for November 3, 2026' });
  const [edit] = await within(panel).findAllByRole('button', { name: 'Edit' });
  expect(edit).toHaveAccessibleDescription('Toyota Prius (CAD-3312) · Oil Change');
  await user.click(edit);

  const dialog = screen.getByRole('dialog', { name: 'Log Time' });
  expect(dialog).toHaveAccessibleDescription('Editing a saved entry · Toyota Prius (CAD-3312) · Oil Change');
  expect(within(dialog).getByRole('combobox', { name: 'Job' })).toHaveValue(prius.id);
  expect(within(dialog).getByLabelText('Date')).toHaveValue('2026-11-03');
  expect(within(dialog).getByLabelText('Start Time')).toHaveValue('08:00');
  expect(within(dialog).getByLabelText('End Time')).toHaveValue('10:00');
  expect(within(dialog).getByLabelText('Description')).toHaveValue('Engine diagnostics');
  expect(within(dialog).getByRole('status', { name: 'Duration' })).toHaveTextContent('2h 0m');

  await user.clear(within(dialog).getByLabelText('End Time'));
  await user.type(within(dialog).getByLabelText('End Time'), '10:45');
  await user.type(within(dialog).getByLabelText('Description'), ' and compression test');
  await user.click(within(dialog).getByRole('button', { name: 'Save Log' }));

  await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
  expect(requestsTo('PUT', '/time-logs')).toEqual([
    {
      method: 'PUT',
      path: '/time-logs/L1',
      query: {},
      body: { appointmentId: prius.id, date: '2026-11-03', startTime: '08:00', endTime: '10:45', description: 'Engine diagnostics and compression test' },
    },
  ]);
  expect(requestsTo('POST', '/time-logs')).toEqual([]);
  expect(await within(panel).findByText('Engine diagnostics and compression test')).toBeInTheDocument();
  expect(within(panel).getByText('08:00–10:45')).toBeInTheDocument();
  expect(screen.getByText('Updated 2h 45m on November 3, 2026.')).toBeInTheDocument();
  expect(await screen.findByRole('button', { name: 'November 3, 2026, 4h 15m logged' })).toBeInTheDocument();
  expect(screen.queryByText('Edit functionality not implemented.')).not.toBeInTheDocument();
});

test("an edit that overlaps another entry shows the server's message and keeps the form", async () => {
  const { user, requestsTo } = await renderCalendar();
  const panel = screen.getByRole('region', { name: 'Logs for November 3, 2026' });
  await user.click((await within(panel).findAllByRole('button', { name: 'Edit' }))[0]);
  const dialog = screen.getByRole('dialog', { name: 'Log Time' });
  await user.clear(within(dialog).getByLabelText('End Time'));
  await user.type(within(dialog).getByLabelText('End Time'), '13:30');
  await user.click(within(dialog).getByRole('button', { name: 'Save Log' }));

  expect(await within(dialog).findByRole('alert')).toHaveTextContent('This time overlaps another of your log entries.');
  expect(within(dialog).getByLabelText('End Time')).toHaveValue('13:30');
  expect(requestsTo('PUT', '/time-logs')).toHaveLength(1);
});

test('Delete asks for confirmation: Cancel sends nothing, OK deletes that entry on the server', async () => {
  const confirm = jest.spyOn(window, 'confirm').mockReturnValueOnce(false).mockReturnValueOnce(true);
  const { user, dayButton, requestsTo } = await renderCalendar();
  const panel = screen.getByRole('region', { name: 'Logs for November 3, 2026' });

  await user.click((await within(panel).findAllByRole('button', { name: 'Delete' }))[0]);
  expect(confirm).toHaveBeenCalledWith('Are you sure you want to delete this log entry?');
  expect(requestsTo('DELETE', '/time-logs')).toEqual([]);
  expect(within(panel).getAllByRole('article')).toHaveLength(2);

  await user.click(within(panel).getAllByRole('button', { name: 'Delete' })[0]);
  expect(confirm).toHaveBeenCalledTimes(2);
  await waitFor(() => expect(within(panel).getAllByRole('article')).toHaveLength(1));
  expect(requestsTo('DELETE', '/time-logs')).toEqual([{ method: 'DELETE', path: '/time-logs/L1', query: {} }]);
  expect(within(panel).getByText('Replaced spark plugs')).toBeInTheDocument();
  expect(dayCell(dayButton('November 3, 2026, 1h 30m logged'))).toHaveTextContent('1.5h');
  expect(screen.getByRole('heading', { name: 'Logs for November 3, 2026' })).toHaveFocus();
  expect(screen.getByText('Log entry deleted.')).toBeInTheDocument();
});

test("a failed delete shows the server's message in the day panel and keeps the entry", async () => {
  jest.spyOn(window, 'confirm').mockReturnValue(true);
  const { user } = await renderCalendar();
  server.use(http.delete(`${API}/time-logs/:id`, () => HttpResponse.json({ message: 'Time log not found', success: false }, { status: 404 })));
  const panel = screen.getByRole('region', { name: 'Logs for November 3, 2026' });
  await user.click((await within(panel).findAllByRole('button', { name: 'Delete' }))[0]);
  expect(await within(panel).findByRole('alert')).toHaveTextContent('Time log not found');
  expect(within(panel).getAllByRole('article')).toHaveLength(2);
});

test('keyboard: one Tab stop; arrows move by day and week, crossing into the next month; Enter selects', async () => {
  const { user, dayButton, monthText, grid } = await renderCalendar();
  const tabbable = within(grid)
    .getAllByRole('button')
    .filter((b) => b.tabIndex === 0);
  expect(tabbable).toHaveLength(1);
  expect(tabbable[0]).toHaveAccessibleName('November 3, 2026, 3h 30m logged');

  tabbable[0].focus();
  await user.keyboard('{ArrowRight}');
  expect(dayButton('November 4, 2026')).toHaveFocus();
  await user.keyboard('{ArrowDown}');
  expect(dayButton('November 11, 2026')).toHaveFocus();
  await user.keyboard('{ArrowUp}{ArrowLeft}{ArrowLeft}');
  expect(dayButton('November 2, 2026')).toHaveFocus();
  await user.keyboard('{Home}');
  expect(dayButton('November 1, 2026')).toHaveFocus();
  await user.keyboard('{ArrowLeft}');
  expect(monthText()).toHaveTextContent('October 2026');
  expect(dayButton('October 31, 2026')).toHaveFocus();
  await user.keyboard('{PageDown}');
  expect(monthText()).toHaveTextContent('November 2026');
  expect(dayButton('November 30, 2026')).toHaveFocus();
  await user.keyboard('{Enter}');
  expect(screen.getByRole('region', { name: 'Logs for November 30, 2026' })).toBeInTheDocument();
});

test('Today brings the calendar back to the current month and day', async () => {
  const { user, monthText, store } = await renderCalendar();
  const next = screen.getByRole('button', { name: 'Next month' });
  await user.click(next);
  await user.click(next);
  expect(monthText()).toHaveTextContent('January 2027');
  await user.click(screen.getByRole('button', { name: 'Today' }));
  expect(monthText()).toHaveTextContent('November 2026');
  expect(screen.getByRole('region', { name: 'Logs for November 3, 2026' })).toBeInTheDocument();
  expect(store.getState().timeLogs).toMatchObject({ visibleMonth: '2026-11', selectedDate: '2026-11-03' });
});

test("while a month's logs load a spinner says so; a failure shows the spec message with Retry", async () => {
  useFixedNow('2026-11-03T10:00:00');
  const { logs } = fixtures();
  technicianShop({ logs });
  let release: () => void = () => undefined;
  const gate = new Promise<void>((resolve) => {
    release = resolve;
  });
  let fail = true;
  server.use(
    http.get(`${API}/time-logs`, async () => {
      await gate;
      return fail ? HttpResponse.error() : undefined;
    }),
  );
  const { user } = await renderLoadedDashboard();
  const calendar = screen.getByRole('region', { name: 'Monthly Work Summary' });
  expect(within(calendar).getByRole('status', { name: 'Loading time logs' })).toBeInTheDocument();
  expect(within(calendar).getAllByRole('gridcell')).toHaveLength(42);
  const dayPanel = screen.getByRole('region', { name: 'Logs for November 3, 2026' });
  expect(within(dayPanel).getByRole('status', { name: "Loading the day's time logs" })).toBeInTheDocument();

  release();
  expect(await within(calendar).findByRole('alert')).toHaveTextContent('Network error. Please check your connection.');
  expect(await within(dayPanel).findByRole('alert')).toHaveTextContent('Network error. Please check your connection.');
  expect(within(calendar).queryByText(/Logged this month:/)).not.toBeInTheDocument();

  fail = false;
  await user.click(within(calendar).getByRole('button', { name: 'Retry' }));
  expect(await within(calendar).findByText(/Logged this month:/)).toHaveTextContent('Logged this month: 4h 45m');
  expect(within(calendar).queryByRole('alert')).not.toBeInTheDocument();
  expect(await within(dayPanel).findAllByRole('article')).toHaveLength(2);
});

test('Edit no longer alerts "not implemented"', async () => {
  const alert = alertSpy();
  const { user } = await renderCalendar();
  const panel = screen.getByRole('region', { name: 'Logs for November 3, 2026' });
  await user.click((await within(panel).findAllByRole('button', { name: 'Edit' }))[0]);
  expect(alert).not.toHaveBeenCalled();
  expect(screen.getByRole('dialog', { name: 'Log Time' })).toBeInTheDocument();
});

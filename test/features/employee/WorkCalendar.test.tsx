import { screen, within } from '@testing-library/react';
import { selectTimeLogs } from '@/features/timeLogs/timeLogsSlice';
import { job, renderDashboard, timeLog, useFixedNow } from './employeeTestUtils';

afterEach(() => jest.restoreAllMocks());

const services = [job({ id: 'J1', vehicleName: 'Toyota Prius', vehicleNumber: 'CAD-3312', serviceType: 'Regular Maintenance' })];
const logs = [
  timeLog({ id: 'L1', serviceId: 'J1', date: '2026-11-03', startTime: '08:00', endTime: '10:00', duration: '2h 0m', description: 'Engine diagnostics' }),
  timeLog({ id: 'L2', serviceId: 'J1', date: '2026-11-03', startTime: '13:00', endTime: '14:30', duration: '1h 30m', description: 'Replaced spark plugs' }),
  timeLog({ id: 'L3', serviceId: 'GONE', date: '2026-11-20', startTime: '09:00', endTime: '09:45', duration: '0h 45m', description: 'Test drive' }),
];

async function renderCalendar(now = '2026-11-03T10:00:00') {
  useFixedNow(now);
  const rendered = await renderDashboard({ employeeServices: services, logs });
  const grid = screen.getByRole('grid', { name: 'Monthly Work Summary' });
  const cells = () => within(grid).getAllByRole('gridcell');
  const dayButton = (name: string | RegExp) => within(grid).getByRole('button', { name });
  const monthText = () => screen.getByText(/^[A-Z][a-z]+ \d{4}$/);
  return { ...rendered, grid, cells, dayButton, monthText };
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

test('November 2026 starts on Sunday: the 1st is the first cell, the 30th the 30th, then December', async () => {
  const { cells } = await renderCalendar();
  const names = cellNames(cells());
  expect(names[0]).toBe('November 1, 2026');
  expect(names[29]).toBe('November 30, 2026');
  expect(names[30]).toBe('December 1, 2026');
  expect(names[41]).toBe('December 12, 2026');
});

test('Previous month / Next month change the month shown', async () => {
  const { user, cells, monthText } = await renderCalendar();
  const previous = screen.getByRole('button', { name: 'Previous month' });
  const next = screen.getByRole('button', { name: 'Next month' });
  await user.click(previous);
  expect(monthText()).toHaveTextContent('October 2026');
  expect(cellNames(cells())[4]).toBe('October 1, 2026'); // a Thursday
  await user.click(next);
  await user.click(next);
  expect(monthText()).toHaveTextContent('December 2026');
  expect(cells()).toHaveLength(42);
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
  expect(dayButton('December 1, 2026')).toHaveClass('outside');
  expect(dayButton('November 30, 2026')).not.toHaveClass('outside');
  expect(dayButton(/^November 3, 2026/)).toHaveAttribute('aria-current', 'date');
});

test('days with logs show their total hours and an accessible label', async () => {
  const { dayButton } = await renderCalendar();
  expect(dayButton('November 3, 2026, 3h 30m logged')).toHaveTextContent('3.5h');
  expect(dayButton('November 20, 2026, 0h 45m logged')).toHaveTextContent('0.8h');
  expect(dayButton('November 4, 2026')).toHaveTextContent(/^4$/);
  expect(screen.getByText(/Logged this month:/)).toHaveTextContent('Logged this month: 4h 15m');
});

test("today is selected at first; selecting a day shows that day's logs; a day without logs shows an empty state", async () => {
  const { user, dayButton, grid } = await renderCalendar();
  let panel = screen.getByRole('region', { name: 'Logs for November 3, 2026' });
  expect(dayButton(/^November 3, 2026/).parentElement).toHaveAttribute('aria-selected', 'true');
  const items = within(panel).getAllByRole('article');
  expect(items).toHaveLength(2);
  expect(items[0]).toHaveAccessibleName('Toyota Prius (CAD-3312) · Regular Maintenance');
  expect(within(items[0]).getByText('08:00–10:00')).toBeInTheDocument();
  expect(within(items[0]).getByText('2h 0m')).toBeInTheDocument();
  expect(within(items[0]).getByText('Engine diagnostics')).toBeInTheDocument();
  expect(within(items[1]).getByText('13:00–14:30')).toBeInTheDocument();
  expect(within(items[1]).getByText('1h 30m')).toBeInTheDocument();
  expect(within(panel).getByText(/^Total:/)).toHaveTextContent('Total: 3h 30m');

  await user.click(dayButton('November 20, 2026, 0h 45m logged'));
  panel = screen.getByRole('region', { name: 'Logs for November 20, 2026' });
  expect(within(panel).getByRole('article', { name: 'Service GONE' })).toBeInTheDocument();
  expect(within(grid).getAllByRole('gridcell').filter((c) => c.getAttribute('aria-selected') === 'true')).toHaveLength(1);

  await user.click(dayButton('November 4, 2026'));
  panel = screen.getByRole('region', { name: 'Logs for November 4, 2026' });
  expect(within(panel).getByText('No time logged on this day.')).toBeInTheDocument();
  expect(within(panel).queryByRole('button', { name: 'Delete' })).not.toBeInTheDocument();
});

test('Edit says it is not implemented', async () => {
  const alert = jest.spyOn(window, 'alert').mockImplementation(() => {});
  const { user } = await renderCalendar();
  const panel = screen.getByRole('region', { name: 'Logs for November 3, 2026' });
  const [edit] = within(panel).getAllByRole('button', { name: 'Edit' });
  expect(edit).toHaveAccessibleDescription('Toyota Prius (CAD-3312) · Regular Maintenance');
  await user.click(edit);
  expect(alert).toHaveBeenCalledWith('Edit functionality not implemented.');
  expect(within(panel).getAllByRole('article')).toHaveLength(2);
});

test('Delete asks for confirmation: Cancel keeps the log, OK deletes only that log', async () => {
  const confirm = jest.spyOn(window, 'confirm').mockReturnValueOnce(false).mockReturnValueOnce(true);
  const { user, store, dayButton } = await renderCalendar();
  const panel = screen.getByRole('region', { name: 'Logs for November 3, 2026' });

  await user.click(within(panel).getAllByRole('button', { name: 'Delete' })[0]);
  expect(confirm).toHaveBeenCalledWith('Are you sure you want to delete this log entry?');
  expect(selectTimeLogs(store.getState()).map((l) => l.id)).toEqual(['L1', 'L2', 'L3']);
  expect(within(panel).getAllByRole('article')).toHaveLength(2);

  await user.click(within(panel).getAllByRole('button', { name: 'Delete' })[0]);
  expect(confirm).toHaveBeenCalledTimes(2);
  expect(selectTimeLogs(store.getState()).map((l) => l.id)).toEqual(['L2', 'L3']);
  expect(within(panel).getAllByRole('article')).toHaveLength(1);
  expect(within(panel).getByText('Replaced spark plugs')).toBeInTheDocument();
  expect(dayButton('November 3, 2026, 1h 30m logged')).toHaveTextContent('1.5h');
});

test('keyboard: one Tab stop; arrows move by day and week, crossing into the next month; Enter selects', async () => {
  const { user, dayButton, monthText } = await renderCalendar();
  const grid = screen.getByRole('grid', { name: 'Monthly Work Summary' });
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
  const { user, monthText } = await renderCalendar();
  const next = screen.getByRole('button', { name: 'Next month' });
  await user.click(next);
  await user.click(next);
  expect(monthText()).toHaveTextContent('January 2027');
  await user.click(screen.getByRole('button', { name: 'Today' }));
  expect(monthText()).toHaveTextContent('November 2026');
  expect(screen.getByRole('region', { name: 'Logs for November 3, 2026' })).toBeInTheDocument();
});

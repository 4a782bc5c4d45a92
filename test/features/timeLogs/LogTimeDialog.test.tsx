import { screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { API } from '../../msw/handlers';
import { held } from '../../msw/held';
import { server } from '../../msw/server';
import { catalog } from '../../fixtures/shop';
import { alertSpy, renderLoadedDashboard, serviceRow, useFixedNow } from '../../fixtures/technicianTestUtils';
import { technicianJob, technicianLog, technicianShop } from '../../fixtures/technicianShop';

/** The day's grid cell: its button (named with the date and the time logged) and the hours badge beside it. */
function dayCell(button: HTMLElement): HTMLElement {
  return button.closest('[role="gridcell"]') as HTMLElement;
}

afterEach(() => jest.restoreAllMocks());

const MESSAGE = 'Please enter a valid description and time range';

async function openLogTime({ logs = [technicianLog({ date: '2026-03-09', startTime: '13:00', endTime: '14:00' })] } = {}) {
  useFixedNow('2026-03-10T09:00:00');
  const alert = alertSpy();
  const prius = technicianJob({ customerName: 'Amaya Jayasinghe', make: 'Toyota', model: 'Prius', plate: 'CAD-3312', status: 'IN_PROGRESS', date: '2026-03-10' });
  const mazda = technicianJob({ customerName: 'Sachini Rathnayake', make: 'Mazda', model: '3', plate: 'CBA-9087', date: '2026-03-12' });
  const shop = technicianShop({ jobs: [prius, mazda], logs: [...logs] });
  const rendered = await renderLoadedDashboard();
  await rendered.user.click(within(serviceRow('Amaya Jayasinghe')).getByRole('button', { name: 'Log Time' }));
  const dialog = screen.getByRole('dialog', { name: 'Log Time' });
  const field = (name: string) => within(dialog).getByLabelText(name);
  const duration = () => within(dialog).getByRole('status', { name: 'Duration' });
  async function fill({ date, start, end, description }: { date?: string; start?: string; end?: string; description?: string }) {
    for (const [name, value] of [
      ['Date', date],
      ['Start Time', start],
      ['End Time', end],
      ['Description', description],
    ] as const) {
      if (value === undefined) continue;
      await rendered.user.clear(field(name));
      if (value) await rendered.user.type(field(name), value);
    }
  }
  const save = () => rendered.user.click(within(dialog).getByRole('button', { name: 'Save Log' }));
  const writes = () => shop.requests.filter((r) => r.path.startsWith('/time-logs') && r.method !== 'GET');
  return { ...rendered, ...shop, prius, mazda, alert, dialog, field, duration, fill, save, writes };
}

test('the panel has Job (the job it was opened from), Date (today), Start Time, End Time, Description and a live duration', async () => {
  const { field, duration, dialog, prius, mazda } = await openLogTime();
  expect(dialog).toHaveAccessibleDescription('Toyota Prius (CAD-3312) · Oil Change');
  const job = within(dialog).getByRole('combobox', { name: 'Job' });
  expect(job).toHaveValue(prius.id);
  expect(within(job).getAllByRole('option').map((o) => [o.textContent, (o as HTMLOptionElement).value])).toEqual([
    ['Not linked to a job', ''],
    ['Toyota Prius (CAD-3312) · Oil Change · Mar 10, 2026', prius.id],
    ['Mazda 3 (CBA-9087) · Oil Change · Mar 12, 2026', mazda.id],
  ]);
  expect(field('Date')).toHaveAttribute('type', 'date');
  expect(field('Date')).toHaveValue('2026-03-10');
  expect(field('Start Time')).toHaveAttribute('type', 'time');
  expect(field('End Time')).toHaveAttribute('type', 'time');
  expect(field('Description').tagName).toBe('TEXTAREA');
  expect(field('Description')).toHaveAttribute('maxlength', '500');
  expect(duration()).toHaveTextContent('0h 0m');
  expect(field('Start Time')).toHaveAccessibleDescription(expect.stringContaining('An overnight shift is logged as two entries, one per date.'));
  expect(within(dialog).getByText(/An overnight shift is logged as two entries, one per date\./)).toBeVisible();
});

test('the duration is computed live as Xh Ym', async () => {
  const { fill, duration } = await openLogTime();
  await fill({ start: '09:00', end: '11:30' });
  expect(duration()).toHaveTextContent('2h 30m');
  await fill({ start: '10:15', end: '11:00' });
  expect(duration()).toHaveTextContent('0h 45m');
});

test('the live display wraps past midnight (22:00 → 01:00 shows 3h 0m) but saving it is refused and nothing is sent', async () => {
  const { fill, duration, save, alert, dialog, writes } = await openLogTime();
  await fill({ start: '22:00', end: '01:00', description: 'Night recovery job' });
  expect(duration()).toHaveTextContent('3h 0m');
  expect(within(dialog).getByText(/crosses midnight/)).toBeInTheDocument();
  await save();
  expect(alert).toHaveBeenCalledWith(MESSAGE);
  expect(writes()).toEqual([]);
  expect(screen.getByRole('dialog', { name: 'Log Time' })).toBeInTheDocument();
});

test('an empty (or whitespace-only) description is refused', async () => {
  const { fill, save, alert, writes } = await openLogTime();
  await fill({ start: '09:00', end: '10:00' });
  await save();
  expect(alert).toHaveBeenLastCalledWith(MESSAGE);
  await fill({ description: '    ' });
  await save();
  expect(alert).toHaveBeenCalledTimes(2);
  expect(alert).toHaveBeenLastCalledWith(MESSAGE);
  expect(writes()).toEqual([]);
});

test('a 0h 0m duration (start equal to end) is refused', async () => {
  const { fill, duration, save, alert, writes } = await openLogTime();
  await fill({ start: '10:00', end: '10:00', description: 'Nothing' });
  expect(duration()).toHaveTextContent('0h 0m');
  await save();
  expect(alert).toHaveBeenCalledWith(MESSAGE);
  expect(writes()).toEqual([]);
});

test('an end before the start is refused', async () => {
  const { fill, save, alert, writes } = await openLogTime();
  await fill({ start: '14:00', end: '13:30', description: 'Backwards' });
  await save();
  expect(alert).toHaveBeenCalledWith(MESSAGE);
  expect(writes()).toEqual([]);
});

test('missing times or a cleared date are refused', async () => {
  const { fill, save, alert, writes } = await openLogTime();
  await fill({ description: 'Brake pads' });
  await save();
  expect(alert).toHaveBeenLastCalledWith(MESSAGE);
  await fill({ start: '09:00', end: '10:00', date: '' });
  await save();
  expect(alert).toHaveBeenCalledTimes(2);
  expect(writes()).toEqual([]);
});

test('a valid entry is saved on the server against the job; the panel closes and the calendar shows the day', async () => {
  const { fill, save, alert, writes, prius } = await openLogTime();
  await fill({ date: '2026-03-09', start: '09:00', end: '11:30', description: '  Replaced brake pads  ' });
  await save();

  await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
  expect(alert).not.toHaveBeenCalled();
  expect(writes()).toEqual([
    {
      method: 'POST',
      path: '/time-logs',
      query: {},
      body: { appointmentId: prius.id, date: '2026-03-09', startTime: '09:00', endTime: '11:30', description: 'Replaced brake pads' },
    },
  ]);
  expect(screen.getByText('Logged 2h 30m on March 9, 2026.')).toBeInTheDocument();
  const grid = screen.getByRole('grid', { name: 'Monthly Work Summary' });
  // The day already had 1 h: the server's logs now total 3 h 30 m.
  expect(dayCell(await within(grid).findByRole('button', { name: 'March 9, 2026, 3h 30m logged' }))).toHaveTextContent('3.5h');
  const dayPanel = screen.getByRole('region', { name: 'Logs for March 9, 2026' });
  const entry = within(dayPanel).getByRole('article', { name: 'Toyota Prius (CAD-3312) · Oil Change' });
  expect(within(entry).getByText('Replaced brake pads')).toBeInTheDocument();
  expect(within(entry).getByText('09:00–11:30')).toBeInTheDocument();
  expect(within(entry).getByText('2h 30m')).toBeInTheDocument();
  expect(within(serviceRow('Amaya Jayasinghe')).getByRole('button', { name: 'Log Time' })).toHaveFocus();
});

test('time not spent on a job is saved with no job (appointmentId null)', async () => {
  const { fill, save, writes, dialog, user } = await openLogTime();
  await user.selectOptions(within(dialog).getByRole('combobox', { name: 'Job' }), 'Not linked to a job');
  expect(dialog).toHaveAccessibleDescription('Not linked to a job');
  await fill({ start: '08:00', end: '08:45', description: 'Workshop clean-up' });
  await save();

  await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
  expect(writes().map((r) => r.body)).toEqual([{ appointmentId: null, date: '2026-03-10', startTime: '08:00', endTime: '08:45', description: 'Workshop clean-up' }]);
  const dayPanel = screen.getByRole('region', { name: 'Logs for March 10, 2026' });
  expect(await within(dayPanel).findByRole('article', { name: 'Not linked to a job' })).toHaveTextContent('Workshop clean-up');
});

test("an overlap with another entry (409) shows the server's message in the panel and keeps the values", async () => {
  const { fill, save, alert, dialog, field, writes } = await openLogTime();
  await fill({ date: '2026-03-09', start: '13:30', end: '15:00', description: 'Alignment' });
  await save();

  expect(await within(dialog).findByRole('alert')).toHaveTextContent('This time overlaps another of your log entries.');
  expect(alert).not.toHaveBeenCalled();
  expect(writes()).toHaveLength(1);
  expect(screen.getByRole('dialog', { name: 'Log Time' })).toBeInTheDocument();
  expect(field('Date')).toHaveValue('2026-03-09');
  expect(field('Start Time')).toHaveValue('13:30');
  expect(field('End Time')).toHaveValue('15:00');
  expect(field('Description')).toHaveValue('Alignment');

  // Editing a field clears the message; a free range then saves.
  await fill({ start: '14:00' });
  expect(within(dialog).queryByRole('alert')).not.toBeInTheDocument();
  await save();
  await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
  expect(writes()).toHaveLength(2);
});

test("a field the server refuses (400) shows its message next to that field", async () => {
  const { fill, save, dialog, field } = await openLogTime();
  server.use(
    http.post(`${API}/time-logs`, () =>
      HttpResponse.json({ message: 'Validation failed', success: false, errors: { description: 'Description must be at most 500 characters long' } }, { status: 400 }),
    ),
  );
  await fill({ start: '09:00', end: '10:00', description: 'Too long' });
  await save();

  const fieldError = await within(dialog).findByText('Description must be at most 500 characters long');
  expect(fieldError.closest('[role="alert"]')).not.toBeNull();
  expect(field('Description')).toHaveAttribute('aria-invalid', 'true');
  expect(field('Description')).toHaveAccessibleDescription('Description must be at most 500 characters long');
  expect(within(dialog).getByText('Validation failed')).toBeInTheDocument();
});

describe("the date: the server's bounds, before anything is sent", () => {
  // Today is 2026-03-10; the Prius job (dated 2026-03-10) was booked on 2026-02-24.
  test('the Date input offers today back to the job’s booking day, or 60 days back without a job', async () => {
    const { field, user, dialog } = await openLogTime();
    expect(field('Date')).toHaveAttribute('max', '2026-03-10');
    expect(field('Date')).toHaveAttribute('min', '2026-02-24');
    await user.selectOptions(within(dialog).getByRole('combobox', { name: 'Job' }), 'Not linked to a job');
    expect(field('Date')).toHaveAttribute('min', '2026-01-09');
  });

  test.each([
    ['before the job was booked', '2026-02-23', 'Date cannot be before the job was booked'],
    ['in the future', '2026-03-11', 'Date cannot be in the future'],
  ])('a date %s is refused on the Date field with the server’s words', async (_case, date, message) => {
    const { fill, save, field, alert, writes, dialog } = await openLogTime();
    await fill({ date, start: '09:00', end: '10:00', description: 'Brake pads' });
    await save();
    expect(field('Date')).toHaveAttribute('aria-invalid', 'true');
    expect(field('Date')).toHaveAccessibleDescription(message);
    expect(within(dialog).getByRole('alert')).toHaveTextContent(message);
    expect(alert).not.toHaveBeenCalled();
    expect(writes()).toEqual([]);
  });

  test('more than 60 days back is refused; changing the date clears the message and 60 days back is saved', async () => {
    const { fill, save, field, user, dialog, writes, alert } = await openLogTime();
    await user.selectOptions(within(dialog).getByRole('combobox', { name: 'Job' }), 'Not linked to a job');
    await fill({ date: '2026-01-08', start: '09:00', end: '10:00', description: 'Workshop tidy-up' });
    await save();
    expect(field('Date')).toHaveAccessibleDescription('Date cannot be more than 60 days ago');
    // A hand-typed year 1 is not even a date here: the spec's alert, and nothing sent either.
    await fill({ date: '0001-01-01' });
    await save();
    expect(alert).toHaveBeenCalledWith(MESSAGE);
    expect(writes()).toEqual([]);
    await fill({ date: '2026-01-09' });
    expect(field('Date')).not.toHaveAttribute('aria-invalid', 'true');
    await save();
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(writes()).toEqual([expect.objectContaining({ method: 'POST', body: expect.objectContaining({ appointmentId: null, date: '2026-01-09' }) })]);
  });
});

describe('the oldest date is the shop’s own setting (TIME_LOG_MAX_AGE_DAYS, from GET /api/catalog)', () => {
  // Today is 2026-03-10: 7 days back is 2026-03-03, 8 days back 2026-03-02.
  test('with a catalogue saying 7 days, 8 days back is refused in the form without a request, and 7 days back is saved', async () => {
    server.use(http.get(`${API}/catalog`, () => HttpResponse.json({ ...catalog, timeLogMaxAgeDays: 7 })));
    const { fill, save, field, user, dialog, writes, alert } = await openLogTime();
    await user.selectOptions(within(dialog).getByRole('combobox', { name: 'Job' }), 'Not linked to a job');
    await waitFor(() => expect(field('Date')).toHaveAttribute('min', '2026-03-03'));

    await fill({ date: '2026-03-02', start: '09:00', end: '10:00', description: 'Workshop tidy-up' });
    await save();
    expect(field('Date')).toHaveAttribute('aria-invalid', 'true');
    expect(field('Date')).toHaveAccessibleDescription('Date cannot be more than 7 days ago');
    expect(within(dialog).getByRole('alert')).toHaveTextContent('Date cannot be more than 7 days ago');
    expect(alert).not.toHaveBeenCalled();
    expect(writes()).toEqual([]);

    await fill({ date: '2026-03-03' });
    expect(field('Date')).not.toHaveAttribute('aria-invalid', 'true');
    await save();
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(writes()).toEqual([expect.objectContaining({ method: 'POST', body: expect.objectContaining({ appointmentId: null, date: '2026-03-03' }) })]);
  });

  test('while the catalogue is loading the form applies the default 60 days, then the shop’s setting', async () => {
    const catalogue = held('get', '/catalog', { ...catalog, timeLogMaxAgeDays: 7 });
    const { field, user, dialog } = await openLogTime();
    await user.selectOptions(within(dialog).getByRole('combobox', { name: 'Job' }), 'Not linked to a job');
    await waitFor(() => expect(catalogue.calls()).toBe(1));
    expect(field('Date')).toHaveAttribute('min', '2026-01-09');

    catalogue.release();
    await waitFor(() => expect(field('Date')).toHaveAttribute('min', '2026-03-03'));
  });
});

test('the form is a draft in the timeLogs slice while it is open, and Cancel discards it without sending', async () => {
  const { fill, store, dialog, user, writes, prius } = await openLogTime();
  await fill({ start: '09:00', end: '10:00', description: 'Half done' });
  expect(store.getState().timeLogs.draft).toEqual({
    editingId: null,
    appointmentId: prius.id,
    date: '2026-03-10',
    startTime: '09:00',
    endTime: '10:00',
    description: 'Half done',
  });
  await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
  expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  expect(store.getState().timeLogs.draft).toBeNull();
  expect(writes()).toEqual([]);
});

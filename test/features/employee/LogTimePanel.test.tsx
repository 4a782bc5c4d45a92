import { screen, within } from '@testing-library/react';
import { selectTimeLogs } from '@/features/timeLogs/timeLogsSlice';
import { alertSpy, job, renderDashboard, serviceRow, useFixedNow } from './employeeTestUtils';

afterEach(() => jest.restoreAllMocks());

const MESSAGE = 'Please enter a valid description and time range';

async function openLogTime() {
  useFixedNow('2026-03-10T09:00:00');
  const alert = alertSpy();
  const rendered = await renderDashboard({
    employeeServices: [job({ id: 'J1', customerName: 'Amaya Jayasinghe', vehicleName: 'Toyota Prius', vehicleNumber: 'CAD-3312', status: 'in_progress' })],
    logs: [],
  });
  await rendered.user.click(within(serviceRow('Amaya Jayasinghe')).getByRole('button', { name: 'Log Time' }));
  const dialog = screen.getByRole('dialog', { name: 'Log Time' });
  const field = (name: string) => within(dialog).getByLabelText(name);
  const duration = () => within(dialog).getByRole('status', { name: 'Duration' });
  async function fill({ start, end, description }: { start?: string; end?: string; description?: string }) {
    if (start !== undefined) {
      await rendered.user.clear(field('Start Time'));
      if (start) await rendered.user.type(field('Start Time'), start);
    }
    if (end !== undefined) {
      await rendered.user.clear(field('End Time'));
      if (end) await rendered.user.type(field('End Time'), end);
    }
    if (description !== undefined) {
      await rendered.user.clear(field('Description'));
      if (description) await rendered.user.type(field('Description'), description);
    }
  }
  const save = () => rendered.user.click(within(dialog).getByRole('button', { name: 'Save Log' }));
  return { ...rendered, alert, dialog, field, duration, fill, save };
}

test('the panel has Date (today), Start Time, End Time, Description and a live duration', async () => {
  const { field, duration, dialog } = await openLogTime();
  expect(field('Date')).toHaveAttribute('type', 'date');
  expect(field('Date')).toHaveValue('2026-03-10');
  expect(field('Start Time')).toHaveAttribute('type', 'time');
  expect(field('End Time')).toHaveAttribute('type', 'time');
  expect(field('Description').tagName).toBe('TEXTAREA');
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

test('the live display wraps past midnight (22:00 → 01:00 shows 3h 0m) but saving it is refused', async () => {
  const { fill, duration, save, alert, store, dialog } = await openLogTime();
  await fill({ start: '22:00', end: '01:00', description: 'Night recovery job' });
  expect(duration()).toHaveTextContent('3h 0m');
  expect(within(dialog).getByText(/crosses midnight/)).toBeInTheDocument();
  await save();
  expect(alert).toHaveBeenCalledWith(MESSAGE);
  expect(selectTimeLogs(store.getState())).toEqual([]);
  expect(screen.getByRole('dialog', { name: 'Log Time' })).toBeInTheDocument();
});

test('an empty (or whitespace-only) description is refused', async () => {
  const { fill, save, alert, store } = await openLogTime();
  await fill({ start: '09:00', end: '10:00' });
  await save();
  expect(alert).toHaveBeenLastCalledWith(MESSAGE);
  await fill({ description: '    ' });
  await save();
  expect(alert).toHaveBeenCalledTimes(2);
  expect(alert).toHaveBeenLastCalledWith(MESSAGE);
  expect(selectTimeLogs(store.getState())).toEqual([]);
});

test('a 0h 0m duration (start equal to end) is refused', async () => {
  const { fill, duration, save, alert, store } = await openLogTime();
  await fill({ start: '10:00', end: '10:00', description: 'Nothing' });
  expect(duration()).toHaveTextContent('0h 0m');
  await save();
  expect(alert).toHaveBeenCalledWith(MESSAGE);
  expect(selectTimeLogs(store.getState())).toEqual([]);
});

test('an end before the start is refused', async () => {
  const { fill, save, alert, store } = await openLogTime();
  await fill({ start: '14:00', end: '13:30', description: 'Backwards' });
  await save();
  expect(alert).toHaveBeenCalledWith(MESSAGE);
  expect(selectTimeLogs(store.getState())).toEqual([]);
});

test('missing times or a cleared date are refused', async () => {
  const { fill, field, save, alert, user, store } = await openLogTime();
  await fill({ description: 'Brake pads' });
  await save();
  expect(alert).toHaveBeenLastCalledWith(MESSAGE);
  await fill({ start: '09:00', end: '10:00' });
  await user.clear(field('Date'));
  await save();
  expect(alert).toHaveBeenCalledTimes(2);
  expect(selectTimeLogs(store.getState())).toEqual([]);
});

test('a valid entry is saved with exactly the time-log fields, the panel closes and the calendar shows the day', async () => {
  const { fill, field, save, alert, store, user } = await openLogTime();
  await user.clear(field('Date'));
  await user.type(field('Date'), '2026-03-09');
  await fill({ start: '09:00', end: '11:30', description: '  Replaced brake pads  ' });
  await save();

  expect(alert).not.toHaveBeenCalled();
  expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  expect(selectTimeLogs(store.getState())).toEqual([
    {
      id: expect.any(String),
      serviceId: 'J1',
      date: '2026-03-09',
      startTime: '09:00',
      endTime: '11:30',
      duration: '2h 30m',
      description: 'Replaced brake pads',
    },
  ]);
  expect(screen.getByText('Logged 2h 30m on March 9, 2026.')).toBeInTheDocument();
  const grid = screen.getByRole('grid', { name: 'Monthly Work Summary' });
  expect(within(grid).getByRole('button', { name: 'March 9, 2026, 2h 30m logged' })).toHaveTextContent('2.5h');
  const dayPanel = screen.getByRole('region', { name: 'Logs for March 9, 2026' });
  expect(within(dayPanel).getByText('Replaced brake pads')).toBeInTheDocument();
  expect(within(dayPanel).getByText('Toyota Prius (CAD-3312) · Regular Maintenance')).toBeInTheDocument();
});

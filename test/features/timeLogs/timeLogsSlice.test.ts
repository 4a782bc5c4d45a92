import { setupStore } from '@/app/store';
import { logout } from '@/features/auth/authSlice';
import { serviceStatusUpdated } from '@/features/services/servicesSlice';
import { sampleTimeLogs } from '@/features/timeLogs/sampleTimeLogs';
import {
  initialTimeLogsState,
  selectLoggedMinutesByDate,
  selectTimeLogs,
  selectTimeLogsByDate,
  selectTimeLogsForDate,
  timeLogAdded,
  timeLogDeleted,
  timeLogsLoaded,
} from '@/features/timeLogs/timeLogsSlice';
import type { TimeLog } from '@/features/timeLogs/types';
import { signedIn } from '../../utils/renderWithProviders';

const draft = {
  serviceId: 'JOB-2001',
  date: '2026-03-10',
  startTime: '09:00',
  endTime: '11:30',
  duration: '2h 30m',
  description: 'Oil change',
};

function log(id: string, date: string, startTime: string, endTime: string, duration: string): TimeLog {
  return { id, serviceId: 'JOB-2001', date, startTime, endTime, duration, description: id };
}

test('starts with the sample logs', () => {
  const store = setupStore({ auth: signedIn('EMPLOYEE') });
  expect(selectTimeLogs(store.getState())).toEqual(sampleTimeLogs);
});

test('timeLogAdded stores exactly the log fields with a generated id; timeLogDeleted removes only that log', () => {
  const store = setupStore({ auth: signedIn('EMPLOYEE'), timeLogs: { logs: [] } });
  store.dispatch(timeLogAdded(draft));
  store.dispatch(timeLogAdded({ ...draft, description: 'Second' }));
  const [first, second] = selectTimeLogs(store.getState());
  expect(Object.keys(first).sort()).toEqual(['date', 'description', 'duration', 'endTime', 'id', 'serviceId', 'startTime']);
  expect(first).toEqual({ ...draft, id: expect.any(String) });
  expect(first.id).not.toBe(second.id);

  store.dispatch(timeLogDeleted(first.id));
  expect(selectTimeLogs(store.getState())).toEqual([second]);
});

test('timeLogsLoaded replaces all logs', () => {
  const store = setupStore({ auth: signedIn('EMPLOYEE') });
  const logs = [log('x', '2026-03-10', '08:00', '09:00', '1h 0m')];
  store.dispatch(timeLogsLoaded(logs));
  expect(selectTimeLogs(store.getState())).toEqual(logs);
});

test('logout resets the logs to the samples', () => {
  const store = setupStore({ auth: signedIn('EMPLOYEE'), timeLogs: { logs: [] } });
  store.dispatch(timeLogAdded(draft));
  store.dispatch(logout());
  expect(store.getState().timeLogs).toEqual(initialTimeLogsState);
});

describe('memoised per-day selectors', () => {
  const logs = [
    log('b', '2026-03-10', '13:00', '14:00', '1h 0m'),
    log('a', '2026-03-10', '08:00', '10:30', '2h 30m'),
    log('c', '2026-03-11', '09:00', '09:45', '0h 45m'),
  ];

  test('group logs by date sorted by start time, and total the minutes per day', () => {
    const store = setupStore({ auth: signedIn('EMPLOYEE'), timeLogs: { logs } });
    const state = store.getState();
    expect(selectTimeLogsByDate(state).get('2026-03-10')?.map((l) => l.id)).toEqual(['a', 'b']);
    expect(selectTimeLogsForDate(state, '2026-03-11').map((l) => l.id)).toEqual(['c']);
    expect(selectTimeLogsForDate(state, '2026-03-12')).toEqual([]);
    expect(selectLoggedMinutesByDate(state).get('2026-03-10')).toBe(210);
    expect(selectLoggedMinutesByDate(state).get('2026-03-11')).toBe(45);
  });

  test('recompute only when the logs change', () => {
    const store = setupStore({ auth: signedIn('EMPLOYEE'), timeLogs: { logs } });
    const byDate = selectTimeLogsByDate(store.getState());
    const minutes = selectLoggedMinutesByDate(store.getState());
    store.dispatch(serviceStatusUpdated({ id: 'JOB-2002', status: 'in_progress' })); // another slice changes
    expect(store.getState().timeLogs.logs).toBe(logs);
    expect(selectTimeLogsByDate(store.getState())).toBe(byDate);
    expect(selectLoggedMinutesByDate(store.getState())).toBe(minutes);
    expect(selectTimeLogsForDate(store.getState(), '2026-03-12')).toBe(selectTimeLogsForDate(store.getState(), '2026-03-12'));

    store.dispatch(timeLogDeleted('a'));
    expect(selectTimeLogsByDate(store.getState())).not.toBe(byDate);
    expect(selectLoggedMinutesByDate(store.getState()).get('2026-03-10')).toBe(60);
  });

  test('10,000 logs are grouped into per-day totals (timing: npm run bench)', () => {
    const many = Array.from({ length: 10_000 }, (_, i) =>
      log(`l${i}`, `2026-${String((i % 12) + 1).padStart(2, '0')}-${String((i % 28) + 1).padStart(2, '0')}`, '08:00', '09:30', '1h 30m'),
    );
    const store = setupStore({ auth: signedIn('EMPLOYEE'), timeLogs: { logs: many } });
    const minutes = selectLoggedMinutesByDate(store.getState());
    expect(minutes.size).toBe(84); // (i % 12, i % 28) repeats every lcm(12, 28) = 84 logs
    let total = 0;
    for (const value of minutes.values()) total += value;
    expect(total).toBe(10_000 * 90);
  });
});

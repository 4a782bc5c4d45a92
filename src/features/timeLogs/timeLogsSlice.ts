import { createSelector, createSlice, nanoid, type PayloadAction } from '@reduxjs/toolkit';
import { logout } from '@/features/auth/authSlice';
import { logMinutes } from './duration';
import { sampleTimeLogs } from './sampleTimeLogs';
import type { TimeLog } from './types';

export interface TimeLogsState {
  logs: TimeLog[];
}

export const initialTimeLogsState: TimeLogsState = { logs: sampleTimeLogs };

const timeLogsSlice = createSlice({
  name: 'timeLogs',
  initialState: initialTimeLogsState,
  reducers: {
    timeLogAdded: {
      reducer(state, action: PayloadAction<TimeLog>) {
        state.logs.push(action.payload);
      },
      prepare(log: Omit<TimeLog, 'id'>) {
        return { payload: { ...log, id: nanoid() } };
      },
    },
    timeLogDeleted(state, action: PayloadAction<string>) {
      state.logs = state.logs.filter((l) => l.id !== action.payload);
    },
    /** Replaces all logs (used by benchmarks and tests that load large data sets). */
    timeLogsLoaded(state, action: PayloadAction<TimeLog[]>) {
      state.logs = action.payload;
    },
  },
  extraReducers: (builder) => {
    builder.addCase(logout, () => initialTimeLogsState);
  },
  selectors: {
    selectTimeLogs: (state) => state.logs,
  },
});

export const { timeLogAdded, timeLogDeleted, timeLogsLoaded } = timeLogsSlice.actions;
export const { selectTimeLogs } = timeLogsSlice.selectors;

const NO_LOGS: readonly TimeLog[] = [];

function byStartTime(a: TimeLog, b: TimeLog): number {
  return a.startTime < b.startTime ? -1 : a.startTime > b.startTime ? 1 : 0;
}

/**
 * Logs grouped by their `date` (YYYY-MM-DD), each day's logs sorted by start time. Built once per change of the
 * log list (O(n)), so switching the calendar month or selecting a day is a map lookup.
 */
export const selectTimeLogsByDate = createSelector([selectTimeLogs], (logs): ReadonlyMap<string, readonly TimeLog[]> => {
  const byDate = new Map<string, TimeLog[]>();
  for (const log of logs) {
    const day = byDate.get(log.date);
    if (day) day.push(log);
    else byDate.set(log.date, [log]);
  }
  for (const day of byDate.values()) day.sort(byStartTime);
  return byDate;
});

/** Total minutes logged per date (YYYY-MM-DD), derived from {@link selectTimeLogsByDate}. */
export const selectLoggedMinutesByDate = createSelector([selectTimeLogsByDate], (byDate): ReadonlyMap<string, number> => {
  const minutes = new Map<string, number>();
  for (const [date, logs] of byDate) {
    let total = 0;
    for (const log of logs) total += logMinutes(log);
    minutes.set(date, total);
  }
  return minutes;
});

/** One day's logs (a stable empty list for a day without logs). */
export const selectTimeLogsForDate = createSelector(
  [selectTimeLogsByDate, (_state: unknown, date: string) => date],
  (byDate, date): readonly TimeLog[] => byDate.get(date) ?? NO_LOGS,
);

export default timeLogsSlice;

import { createSlice, nanoid, type PayloadAction } from '@reduxjs/toolkit';
import { logout } from '@/features/auth/authSlice';
import type { TimeLog } from './types';

export interface TimeLogsState {
  logs: TimeLog[];
}

export const initialTimeLogsState: TimeLogsState = { logs: [] };

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
  },
  extraReducers: (builder) => {
    builder.addCase(logout, () => initialTimeLogsState);
  },
  selectors: {
    selectTimeLogs: (state) => state.logs,
  },
});

export const { timeLogAdded, timeLogDeleted } = timeLogsSlice.actions;
export const { selectTimeLogs } = timeLogsSlice.selectors;
export default timeLogsSlice;

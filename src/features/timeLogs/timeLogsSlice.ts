import { createSlice, type PayloadAction, type WithSlice } from '@reduxjs/toolkit';
import { logout } from '@/api/session';
import { rootReducer } from '@/store/rootReducer';

/** The Log Time form as typed (new entry, or the entry being edited). */
export interface LogDraft {
  /** The log being edited, or null for a new one. */
  editingId: string | null;
  /** The job the time is for, or null for time not spent on a job. */
  appointmentId: string | null;
  /** `YYYY-MM-DD` */
  date: string;
  /** `HH:MM` */
  startTime: string;
  endTime: string;
  description: string;
}

export type LogDraftField = Exclude<keyof LogDraft, 'editingId'>;

/**
 * Client state of the technician's time: the calendar's visible month, the selected day, and the open Log Time
 * form. The logs themselves are server data (timeLogsApi).
 */
export interface TimeLogsState {
  /** `YYYY-MM`, or null for the current month. */
  visibleMonth: string | null;
  /** `YYYY-MM-DD`, or null for today. */
  selectedDate: string | null;
  /** The open Log Time form, or null when closed. */
  draft: LogDraft | null;
}

export const initialTimeLogsState: TimeLogsState = { visibleMonth: null, selectedDate: null, draft: null };

const timeLogsSlice = createSlice({
  name: 'timeLogs',
  initialState: initialTimeLogsState,
  reducers: {
    monthShown(state, action: PayloadAction<string>) {
      state.visibleMonth = action.payload;
    },
    daySelected(state, action: PayloadAction<string>) {
      state.selectedDate = action.payload;
    },
    logFormOpened(state, action: PayloadAction<LogDraft>) {
      state.draft = action.payload;
    },
    logDraftChanged(state, action: PayloadAction<{ field: LogDraftField; value: string | null }>) {
      if (!state.draft) return;
      const { field, value } = action.payload;
      if (field === 'appointmentId') state.draft.appointmentId = value;
      else state.draft[field] = value ?? '';
    },
    logFormClosed(state) {
      state.draft = null;
    },
    /** A log was saved on the server: the form closes and the calendar shows the log's day. */
    logSaved(state, action: PayloadAction<string>) {
      state.draft = null;
      state.visibleMonth = action.payload.slice(0, 7);
      state.selectedDate = action.payload;
    },
  },
  extraReducers: (builder) => {
    builder.addCase(logout, () => initialTimeLogsState);
  },
  selectors: {
    selectVisibleMonth: (state) => state.visibleMonth,
    selectSelectedDate: (state) => state.selectedDate,
    selectLogDraft: (state) => state.draft,
  },
});

export const { monthShown, daySelected, logFormOpened, logDraftChanged, logFormClosed, logSaved } = timeLogsSlice.actions;
export const { selectVisibleMonth, selectSelectedDate, selectLogDraft } = timeLogsSlice.selectors;
declare module '@/store/rootReducer' {
  export interface StaticSlices extends WithSlice<typeof timeLogsSlice> {}
}
timeLogsSlice.injectInto(rootReducer);

export default timeLogsSlice;

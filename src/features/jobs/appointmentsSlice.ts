import { createSlice, type PayloadAction, type WithSlice } from '@reduxjs/toolkit';
import { REHYDRATE } from 'redux-persist';
import { logout } from '@/api/session';
import { isDateKey } from '@/lib/dateKey';
import { rootReducer } from '@/store/rootReducer';

/**
 * Client state of the admin board: the day it is narrowed to, the technician search, and the card being
 * assigned. The appointments and technicians themselves are server data (jobsApi, employeesApi).
 */
export interface AppointmentsState {
  /** `YYYY-MM-DD` to show one day, or null for everything from today on. */
  boardDay: string | null;
  /** The Assign Employee dialog's search text. */
  employeeSearch: string;
  /** The appointment whose Assign Employee dialog is open, by id. */
  assigningId: string | null;
}

export const initialAppointmentsState: AppointmentsState = { boardDay: null, employeeSearch: '', assigningId: null };

interface RehydrateAction {
  type: typeof REHYDRATE;
  payload?: { appointments?: Partial<AppointmentsState> | null } | null;
}

const appointmentsSlice = createSlice({
  name: 'appointments',
  initialState: initialAppointmentsState,
  reducers: {
    /** A `YYYY-MM-DD` narrows the board to that day; null (or anything that is not a date) shows every day from today on. */
    boardDayChanged(state, action: PayloadAction<string | null>) {
      state.boardDay = action.payload !== null && isDateKey(action.payload) ? action.payload : null;
    },
    employeeSearchChanged(state, action: PayloadAction<string>) {
      state.employeeSearch = action.payload;
    },
    /** The Assign Employee dialog opens for a card; its search starts empty each time. */
    assignmentOpened(state, action: PayloadAction<string>) {
      state.assigningId = action.payload;
      state.employeeSearch = '';
    },
    assignmentClosed(state) {
      state.assigningId = null;
      state.employeeSearch = '';
    },
  },
  extraReducers: (builder) => {
    // The next user never sees the last one's board (architecture.md §3).
    builder.addCase(logout, () => initialAppointmentsState);
    // A reload keeps the board's day, never an open dialog: redux-persist stores the whole slice, so the slice picks
    // what it takes back (returning a new state makes persist's level-1 merge leave it to this reducer).
    builder.addMatcher(
      (action): action is RehydrateAction => action.type === REHYDRATE,
      (state, action) => {
        const stored = action.payload?.appointments;
        if (!stored) return state;
        const day = typeof stored.boardDay === 'string' && isDateKey(stored.boardDay) ? stored.boardDay : null;
        return { ...initialAppointmentsState, boardDay: day };
      },
    );
  },
  selectors: {
    selectBoardDay: (state) => state.boardDay,
    selectEmployeeSearch: (state) => state.employeeSearch,
    selectAssigningId: (state) => state.assigningId,
  },
});

export const { boardDayChanged, employeeSearchChanged, assignmentOpened, assignmentClosed } = appointmentsSlice.actions;
export const { selectBoardDay, selectEmployeeSearch, selectAssigningId } = appointmentsSlice.selectors;
declare module '@/store/rootReducer' {
  export interface StaticSlices extends WithSlice<typeof appointmentsSlice> {}
}
appointmentsSlice.injectInto(rootReducer);

export default appointmentsSlice;

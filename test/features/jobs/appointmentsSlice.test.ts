import { REHYDRATE } from 'redux-persist';
import { setupStore } from '@/app/store';
import appointmentsSlice, {
  assignmentClosed,
  assignmentOpened,
  boardDayChanged,
  employeeSearchChanged,
  initialAppointmentsState,
  selectAssigningId,
  selectBoardDay,
  selectEmployeeSearch,
} from '@/features/jobs/appointmentsSlice';
import { logout } from '@/features/auth/authSlice';

const reducer = appointmentsSlice.reducer;

test('the store starts with an empty board state: every day from today on, no dialog, no search', () => {
  const store = setupStore();
  expect(store.getState().appointments).toEqual({ boardDay: null, employeeSearch: '', assigningId: null });
  expect(initialAppointmentsState).toEqual({ boardDay: null, employeeSearch: '', assigningId: null });
});

describe('the Day filter', () => {
  test('a calendar date narrows the board to it; null shows every day again', () => {
    const narrowed = reducer(initialAppointmentsState, boardDayChanged('2099-01-15'));
    expect(narrowed.boardDay).toBe('2099-01-15');
    expect(reducer(narrowed, boardDayChanged(null)).boardDay).toBeNull();
  });

  test('anything that is not a real YYYY-MM-DD date shows every day', () => {
    for (const value of ['', '2099-02-30', '15/01/2099', '2099-1-5', 'tomorrow']) {
      expect(reducer({ ...initialAppointmentsState, boardDay: '2099-01-15' }, boardDayChanged(value)).boardDay).toBeNull();
    }
  });
});

describe('the Assign Employee dialog', () => {
  test('opening it for a card starts an empty search; typing keeps the search; closing clears both', () => {
    let state = reducer({ ...initialAppointmentsState, employeeSearch: 'left over' }, assignmentOpened('job-1'));
    expect(state).toEqual({ boardDay: null, employeeSearch: '', assigningId: 'job-1' });
    state = reducer(state, employeeSearchChanged('diag'));
    expect(state.employeeSearch).toBe('diag');
    expect(reducer(state, assignmentClosed())).toEqual(initialAppointmentsState);
  });

  test('the Day filter is untouched by the dialog', () => {
    const state = reducer({ ...initialAppointmentsState, boardDay: '2099-01-15' }, assignmentOpened('job-1'));
    expect(reducer(state, assignmentClosed()).boardDay).toBe('2099-01-15');
  });
});

test('selectors read the slice from the root state', () => {
  const store = setupStore();
  store.dispatch(boardDayChanged('2099-01-15'));
  store.dispatch(assignmentOpened('job-7'));
  store.dispatch(employeeSearchChanged('nim'));
  expect(selectBoardDay(store.getState())).toBe('2099-01-15');
  expect(selectAssigningId(store.getState())).toBe('job-7');
  expect(selectEmployeeSearch(store.getState())).toBe('nim');
});

test('logout resets the board state (the next user starts on their own board)', () => {
  const used = { boardDay: '2099-01-15', employeeSearch: 'nim', assigningId: 'job-1' };
  expect(reducer(used, logout())).toEqual(initialAppointmentsState);
});

describe('a reload (redux-persist REHYDRATE)', () => {
  const rehydrate = (appointments: unknown) => ({ type: REHYDRATE, key: 'carcare', payload: { appointments } });

  test('takes back the Day filter only, never an open dialog or its search', () => {
    const state = reducer(initialAppointmentsState, rehydrate({ boardDay: '2099-01-16', employeeSearch: 'nim', assigningId: 'job-1' }));
    expect(state).toEqual({ boardDay: '2099-01-16', employeeSearch: '', assigningId: null });
  });

  test('ignores a stored day that is not a date, and keeps the state when nothing was stored', () => {
    expect(reducer(initialAppointmentsState, rehydrate({ boardDay: 'garbage' }))).toEqual(initialAppointmentsState);
    expect(reducer(initialAppointmentsState, rehydrate({ boardDay: 42 }))).toEqual(initialAppointmentsState);
    expect(reducer(initialAppointmentsState, rehydrate(undefined))).toBe(initialAppointmentsState);
    expect(reducer(initialAppointmentsState, { type: REHYDRATE, key: 'carcare' })).toBe(initialAppointmentsState);
  });
});

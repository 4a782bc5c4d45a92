import { setupStore } from '@/app/store';
import { logout } from '@/features/auth/authSlice';
import timeLogsSlice, {
  type LogDraft,
  daySelected,
  initialTimeLogsState,
  logDraftChanged,
  logFormClosed,
  logFormOpened,
  logSaved,
  monthShown,
  selectLogDraft,
  selectSelectedDate,
  selectVisibleMonth,
} from '@/features/timeLogs/timeLogsSlice';
import { signedIn } from '../../utils/renderWithProviders';

const draft: LogDraft = { editingId: null, appointmentId: 'job-1', date: '2026-03-10', startTime: '', endTime: '', description: '' };

test('starts with no month, no day and no open form (the screen falls back to today), and holds no logs', () => {
  const store = setupStore({ auth: signedIn('EMPLOYEE') });
  expect(store.getState().timeLogs).toEqual(initialTimeLogsState);
  expect(initialTimeLogsState).toEqual({ visibleMonth: null, selectedDate: null, draft: null });
});

test('the calendar state: the month shown and the selected day', () => {
  const store = setupStore({ auth: signedIn('EMPLOYEE') });
  store.dispatch(monthShown('2026-11'));
  store.dispatch(daySelected('2026-11-20'));
  expect(selectVisibleMonth(store.getState())).toBe('2026-11');
  expect(selectSelectedDate(store.getState())).toBe('2026-11-20');
});

test('the Log Time draft: opened (new or edit), changed field by field, closed', () => {
  const store = setupStore({ auth: signedIn('EMPLOYEE') });
  store.dispatch(logDraftChanged({ field: 'description', value: 'ignored while closed' }));
  expect(selectLogDraft(store.getState())).toBeNull();

  store.dispatch(logFormOpened(draft));
  store.dispatch(logDraftChanged({ field: 'startTime', value: '09:00' }));
  store.dispatch(logDraftChanged({ field: 'description', value: 'Brakes' }));
  store.dispatch(logDraftChanged({ field: 'appointmentId', value: null }));
  expect(selectLogDraft(store.getState())).toEqual({ ...draft, startTime: '09:00', description: 'Brakes', appointmentId: null });

  store.dispatch(logFormOpened({ ...draft, editingId: 'log-7', startTime: '08:00', endTime: '10:00', description: 'Engine' }));
  expect(selectLogDraft(store.getState())?.editingId).toBe('log-7');
  store.dispatch(logFormClosed());
  expect(selectLogDraft(store.getState())).toBeNull();
});

test('logSaved closes the form and shows the saved log\'s month and day', () => {
  const state = [logFormOpened(draft), monthShown('2026-01'), logSaved('2026-03-09')].reduce(timeLogsSlice.reducer, initialTimeLogsState);
  expect(state).toEqual({ visibleMonth: '2026-03', selectedDate: '2026-03-09', draft: null });
});

test('logout resets the client state', () => {
  const store = setupStore({ auth: signedIn('EMPLOYEE') });
  store.dispatch(monthShown('2026-11'));
  store.dispatch(daySelected('2026-11-20'));
  store.dispatch(logFormOpened(draft));
  store.dispatch(logout());
  expect(store.getState().timeLogs).toEqual(initialTimeLogsState);
});

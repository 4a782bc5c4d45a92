import { createSlice, type PayloadAction } from '@reduxjs/toolkit';
import { waitFor } from '@testing-library/react';
import { PERSIST_KEY, PERSIST_VERSION, setupPersistor, setupStore } from '@/app/store';
import { rootReducer } from '@/store/rootReducer';
import { initialAppointmentsState } from '@/features/jobs/appointmentsSlice';
import { initialBookingState } from '@/features/jobs/bookingSlice';
import { initialServicesState } from '@/features/jobs/servicesSlice';
import { initialTimeLogsState } from '@/features/timeLogs/timeLogsSlice';
import { signedOut } from '../utils/renderWithProviders';

async function rehydratedStore() {
  const store = setupStore({ auth: signedOut });
  const persistor = setupPersistor(store);
  await waitFor(() => expect(persistor.getState().bootstrapped).toBe(true));
  return store;
}

describe('persisted local data', () => {
  test('auth and the API cache are never persisted; the four local-data slices are, under one versioned key', async () => {
    const store = await rehydratedStore();
    await waitFor(() => expect(localStorage.getItem(`persist:${PERSIST_KEY}`)).not.toBeNull());
    const stored = JSON.parse(localStorage.getItem(`persist:${PERSIST_KEY}`) ?? '{}') as Record<string, string>;
    expect(Object.keys(stored).sort()).toEqual(['_persist', 'appointments', 'booking', 'services', 'timeLogs']);
    expect(JSON.parse(stored._persist)).toMatchObject({ version: PERSIST_VERSION });
    expect(store.getState().auth.isAuthenticated).toBe(false);
  });

  test('data stored by version 1 (sample jobs and logs kept in the browser) is dropped: every slice starts from its client-state defaults', async () => {
    const services = { customerServices: [], employeeServices: [] };
    const timeLogs = { logs: [{ id: 'l1', serviceId: 'JOB-2001', date: '2026-11-02', startTime: '09:00', endTime: '10:00', duration: '1h 0m', description: 'Oil' }] };
    localStorage.setItem(
      `persist:${PERSIST_KEY}`,
      JSON.stringify({
        services: JSON.stringify(services),
        timeLogs: JSON.stringify(timeLogs),
        appointments: JSON.stringify({ appointments: [] }),
        booking: JSON.stringify({ draft: { vehicleId: 'X', serviceType: '', serviceDate: '', timeSlot: '' } }),
        _persist: JSON.stringify({ version: 1, rehydrated: true }),
      }),
    );
    const store = await rehydratedStore();
    expect(store.getState().services).toEqual(initialServicesState);
    expect(store.getState().timeLogs).toEqual(initialTimeLogsState);
    expect(store.getState().appointments).toEqual(initialAppointmentsState);
    expect(store.getState().booking).toEqual(initialBookingState);
  });
});

describe('slices that register themselves', () => {
  const draft = { vehicleId: 'CAB-4821', serviceType: 'OIL_CHANGE', serviceDate: '2099-01-15', timeSlot: '09:00', centerId: '' };

  test('the persisted slices are in the store from its creation, so a reload restores them', async () => {
    expect(Object.keys(setupStore({ auth: signedOut }).getState()).sort()).toEqual(['api', 'appointments', 'auth', 'booking', 'services', 'timeLogs']);
    localStorage.setItem(
      `persist:${PERSIST_KEY}`,
      JSON.stringify({ booking: JSON.stringify({ draft, confirmedId: null }), services: JSON.stringify({ customerFilter: 'completed', technicianFilter: 'all', selectedJobId: null }), _persist: JSON.stringify({ version: PERSIST_VERSION, rehydrated: true }) }),
    );
    const store = await rehydratedStore();
    expect(store.getState().booking.draft).toEqual(draft);
    expect(store.getState().services.customerFilter).toBe('completed');
  });

  test('a slice a domain injects once its code loads joins the running store; the restored state stays and nothing is dropped', async () => {
    localStorage.setItem(`persist:${PERSIST_KEY}`, JSON.stringify({ booking: JSON.stringify({ draft, confirmedId: null }), _persist: JSON.stringify({ version: PERSIST_VERSION, rehydrated: true }) }));
    const store = await rehydratedStore();
    const later = createSlice({
      name: 'laterDomain',
      initialState: { count: 0 },
      reducers: { counted: (state, action: PayloadAction<number>) => ({ count: state.count + action.payload }) },
      selectors: { selectCount: (state) => state.count },
    });
    const injected = later.injectInto(rootReducer);
    // A real domain declares its slice in LazyLoadedSlices; this test slice stays out of the app's state type.
    const count = () => injected.selectors.selectCount(store.getState() as unknown as { laterDomain?: { count: number } });
    // Its selectors read its initial state until the store has run it once.
    expect(count()).toBe(0);
    store.dispatch(later.actions.counted(2));
    expect(count()).toBe(2);
    expect(store.getState().booking.draft).toEqual(draft);
  });
});

import { waitFor } from '@testing-library/react';
import { PERSIST_KEY, PERSIST_VERSION, setupPersistor, setupStore } from '@/app/store';
import { initialAppointmentsState } from '@/features/appointments/appointmentsSlice';
import { initialBookingState } from '@/features/booking/bookingSlice';
import { initialServicesState } from '@/features/services/servicesSlice';
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

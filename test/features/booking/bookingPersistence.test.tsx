import { screen, waitFor } from '@testing-library/react';
import { addDays, format } from 'date-fns';
import { PERSIST_KEY, PERSIST_VERSION, setupPersistor, setupStore } from '@/app/store';
import { renderApp, signedIn } from '../../utils/renderWithProviders';

const NEXT_WEEK = format(addDays(new Date(), 7), 'yyyy-MM-dd');
const draft = { vehicleId: 'CAB-4821', serviceType: 'Tire Rotation', serviceDate: NEXT_WEEK, timeSlot: '11:00 AM-12:00 PM' };

/** The booking slice as redux-persist wrote it under 'persist:carcare', or undefined. */
function persistedBooking(): unknown {
  const raw = localStorage.getItem(`persist:${PERSIST_KEY}`);
  if (!raw) return undefined;
  const slices = JSON.parse(raw) as Record<string, string>;
  return slices.booking ? JSON.parse(slices.booking) : undefined;
}

/** A new store and persistor over the same localStorage, as after a reload; resolves once rehydrated. */
async function reload() {
  const store = setupStore({ auth: signedIn('CUSTOMER') });
  const persistor = setupPersistor(store);
  await waitFor(() => expect(persistor.getState().bootstrapped).toBe(true));
  return { store, persistor };
}

describe('booking persistence', () => {
  test('the draft survives a reload', async () => {
    const first = setupStore({ auth: signedIn('CUSTOMER') });
    const firstPersistor = setupPersistor(first);
    await waitFor(() => expect(firstPersistor.getState().bootstrapped).toBe(true));
    const { user, unmount } = renderApp('/dashboard/appointments', { store: first });

    await user.type(await screen.findByLabelText('Vehicle ID'), draft.vehicleId);
    await user.selectOptions(screen.getByLabelText('Service Type'), draft.serviceType);
    await user.type(screen.getByLabelText('Service Date'), draft.serviceDate);
    await user.selectOptions(screen.getByLabelText('Time Slot'), draft.timeSlot);

    await waitFor(() => expect(persistedBooking()).toEqual({ draft, confirmed: null }));
    firstPersistor.pause();
    unmount();

    const { store, persistor } = await reload();
    expect(store.getState().booking.draft).toEqual(draft);
    renderApp('/dashboard/appointments', { store });
    expect(await screen.findByLabelText('Vehicle ID')).toHaveValue(draft.vehicleId);
    expect(screen.getByLabelText('Service Type')).toHaveValue(draft.serviceType);
    expect(screen.getByLabelText('Service Date')).toHaveValue(draft.serviceDate);
    expect(screen.getByLabelText('Time Slot')).toHaveValue(draft.timeSlot);
    persistor.pause();
  });

  test('the confirmation survives a reload', async () => {
    const info = jest.spyOn(console, 'info').mockImplementation(() => {});
    const first = setupStore({ auth: signedIn('CUSTOMER') });
    const firstPersistor = setupPersistor(first);
    await waitFor(() => expect(firstPersistor.getState().bootstrapped).toBe(true));
    const { user, unmount } = renderApp('/dashboard/appointments', { store: first });

    await user.type(await screen.findByLabelText('Vehicle ID'), draft.vehicleId);
    await user.selectOptions(screen.getByLabelText('Service Type'), draft.serviceType);
    await user.type(screen.getByLabelText('Service Date'), draft.serviceDate);
    await user.selectOptions(screen.getByLabelText('Time Slot'), draft.timeSlot);
    await user.click(screen.getByRole('button', { name: 'Book Appointment' }));
    await screen.findByRole('heading', { name: 'Appointment Booked' });
    await waitFor(() => expect(persistedBooking()).toEqual({ draft, confirmed: draft }));
    firstPersistor.pause();
    unmount();

    const { store, persistor } = await reload();
    renderApp('/dashboard/appointments', { store });
    expect(await screen.findByRole('heading', { name: 'Appointment Booked' })).toBeInTheDocument();
    expect(screen.getByText(draft.vehicleId)).toBeInTheDocument();
    persistor.pause();
    info.mockRestore();
  });

  test('a booking state persisted before `confirmed` existed still shows the form', async () => {
    localStorage.setItem(
      `persist:${PERSIST_KEY}`,
      JSON.stringify({ booking: JSON.stringify({ draft }), _persist: JSON.stringify({ version: PERSIST_VERSION, rehydrated: true }) }),
    );
    const { store, persistor } = await reload();
    renderApp('/dashboard/appointments', { store });
    expect(await screen.findByLabelText('Vehicle ID')).toHaveValue(draft.vehicleId);
    expect(screen.queryByRole('heading', { name: 'Appointment Booked' })).not.toBeInTheDocument();
    persistor.pause();
  });
});

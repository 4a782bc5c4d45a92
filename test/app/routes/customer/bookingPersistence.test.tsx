import { screen, waitFor } from '@testing-library/react';
import { addDays, format } from 'date-fns';
import { PERSIST_KEY, PERSIST_VERSION, setupPersistor, setupStore } from '@/app/store';
import { catalog, makeVehicle } from '../../../msw/shop';
import { renderApp, signedIn } from '../../../utils/renderWithProviders';
import { availabilityOf, serveBooking } from '../../../features/jobs/booking/bookingTestUtils';

const NEXT_WEEK = format(addDays(new Date(), 7), 'yyyy-MM-dd');
const northside = catalog.centers[1];
/** As typed: Tire Rotation, 11:00 AM-12:00 PM at Northside; as the draft holds it: codes, slot start, centre id. */
const draft = { vehicleId: 'CAB-4821', serviceType: 'TIRE_ROTATION', serviceDate: NEXT_WEEK, timeSlot: '11:00', centerId: northside.id };

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

async function typeDraft(user: ReturnType<typeof renderApp>['user']) {
  await user.type(await screen.findByLabelText('Vehicle ID'), draft.vehicleId);
  await user.selectOptions(screen.getByLabelText('Service Type'), 'Tire Rotation');
  await user.type(screen.getByLabelText('Service Date'), draft.serviceDate);
  await user.selectOptions(screen.getByLabelText('Time Slot'), '11:00 AM-12:00 PM');
  await user.selectOptions(screen.getByLabelText('Service Centre'), northside.name);
}

describe('booking persistence', () => {
  test('the draft survives a reload', async () => {
    serveBooking({ vehicles: [makeVehicle({ plate: draft.vehicleId })], availability: () => availabilityOf(['16:00'], northside.bays) });
    const first = setupStore({ auth: signedIn('CUSTOMER') });
    const firstPersistor = setupPersistor(first);
    await waitFor(() => expect(firstPersistor.getState().bootstrapped).toBe(true));
    const { user, unmount } = renderApp('/dashboard/appointments', { store: first });

    await typeDraft(user);
    // Wait for the centre's availability: pause() below flushes RTK Query's batched answer, and an answer landing just
    // before it would re-render the form outside act().
    expect(await screen.findByRole('option', { name: '04:00-05:00 PM (full)' })).toBeDisabled();
    await waitFor(() => expect(persistedBooking()).toEqual({ draft, confirmedId: null }));
    firstPersistor.pause();
    unmount();

    const { store, persistor } = await reload();
    expect(store.getState().booking.draft).toEqual(draft);
    renderApp('/dashboard/appointments', { store });
    expect(await screen.findByLabelText('Vehicle ID')).toHaveValue(draft.vehicleId);
    expect(screen.getByLabelText('Service Type')).toHaveValue(draft.serviceType);
    expect(screen.getByLabelText('Service Date')).toHaveValue(draft.serviceDate);
    expect(screen.getByLabelText('Time Slot')).toHaveValue(draft.timeSlot);
    expect(screen.getByLabelText('Service Centre')).toHaveValue(draft.centerId);
    // The restored draft drives the server reads too: own plates, and availability of its date and centre.
    expect(await screen.findByRole('option', { name: '04:00-05:00 PM (full)' })).toBeDisabled();
    await waitFor(() => expect(screen.getByLabelText('Vehicle ID')).toHaveAccessibleDescription('Pick one of your vehicles or type a new number plate.'));
    persistor.pause();
  });

  test('the confirmation survives a reload, read again from the server', async () => {
    const recorder = serveBooking();
    const first = setupStore({ auth: signedIn('CUSTOMER') });
    const firstPersistor = setupPersistor(first);
    await waitFor(() => expect(firstPersistor.getState().bootstrapped).toBe(true));
    const { user, unmount } = renderApp('/dashboard/appointments', { store: first });

    await typeDraft(user);
    await user.click(screen.getByRole('button', { name: 'Book Appointment' }));
    await screen.findByRole('heading', { name: 'Appointment Booked' });
    // The confirmation also shows the job's tracking link (read from the server).
    await screen.findByRole('button', { name: 'Copy link' });
    const id = first.getState().booking.confirmedId;
    expect(id).toEqual(expect.any(String));
    // Only the id is kept on the client: the appointment itself is server data.
    await waitFor(() => expect(persistedBooking()).toEqual({ draft, confirmedId: id }));
    firstPersistor.pause();
    unmount();

    const { store, persistor } = await reload();
    renderApp('/dashboard/appointments', { store });
    expect(await screen.findByRole('heading', { name: 'Appointment Booked' })).toBeInTheDocument();
    expect(await screen.findByText(draft.vehicleId)).toBeInTheDocument();
    expect(screen.getByText('Tire Rotation')).toBeInTheDocument();
    expect(await screen.findByRole('button', { name: 'Copy link' })).toBeInTheDocument();
    expect(recorder.reads).toEqual([id, id]);
    persistor.pause();
  });

  test('a booking state persisted before `centerId` and `confirmedId` existed still shows the form', async () => {
    serveBooking();
    const { centerId: _centerId, ...olderDraft } = draft;
    localStorage.setItem(
      `persist:${PERSIST_KEY}`,
      JSON.stringify({ booking: JSON.stringify({ draft: olderDraft }), _persist: JSON.stringify({ version: PERSIST_VERSION, rehydrated: true }) }),
    );
    const { store, persistor } = await reload();
    const { user } = renderApp('/dashboard/appointments', { store });
    expect(await screen.findByLabelText('Vehicle ID')).toHaveValue(draft.vehicleId);
    expect(screen.getByLabelText('Service Centre')).toHaveValue(catalog.centers[0].id);
    expect(screen.queryByRole('heading', { name: 'Appointment Booked' })).not.toBeInTheDocument();

    // Typing fills the missing field in.
    await user.type(screen.getByLabelText('Vehicle ID'), 'X');
    expect(store.getState().booking.draft).toEqual({ ...olderDraft, vehicleId: 'CAB-4821X', centerId: '' });
    persistor.pause();
  });
});

import { screen, waitFor, within } from '@testing-library/react';
import { addDays, format, subDays } from 'date-fns';
import { http, HttpResponse } from 'msw';
import { formatCalendarDate } from '@/features/jobs/format';
import { API } from '../../../msw/handlers';
import { server } from '../../../msw/server';
import { catalog, makeAppointment, makeVehicle } from '../../../msw/shop';
import { renderApp, signedIn } from '../../../utils/renderWithProviders';
import { apiError } from '../../../features/jobs/customer/customerTestUtils';
import { availabilityOf, serveBooking, type BookingServerOptions } from '../../../features/jobs/booking/bookingTestUtils';

// Spec §9, word for word (served by the catalogue).
const SPEC_SERVICE_TYPES = ['Full Service', 'Oil Change', 'Brake Inspection', 'Tire Rotation', 'Battery Check', 'Air Filter Replacement'];
const SPEC_TIME_SLOTS = ['09:00-10:00 AM', '10:00-11:00 AM', '11:00 AM-12:00 PM', '02:00-03:00 PM', '03:00-04:00 PM', '04:00-05:00 PM'];

const localDate = (date: Date) => format(date, 'yyyy-MM-dd');
const TODAY = () => localDate(new Date());
const NEXT_WEEK = localDate(addDays(new Date(), 7));
const [downtown, northside] = catalog.centers;

async function renderBooking(options: BookingServerOptions = {}) {
  const recorder = serveBooking(options);
  const result = renderApp('/dashboard/appointments', { preloadedState: { auth: signedIn('CUSTOMER') } });
  await screen.findByRole('heading', { level: 1, name: 'Book an Appointment' });
  await screen.findByLabelText('Vehicle ID');
  return { ...result, recorder };
}

const field = {
  vehicleId: () => screen.getByLabelText('Vehicle ID'),
  serviceType: () => screen.getByLabelText('Service Type'),
  serviceDate: () => screen.getByLabelText('Service Date'),
  timeSlot: () => screen.getByLabelText('Time Slot'),
};
const centreSelect = () => screen.getByLabelText('Service Centre');

type Field = keyof typeof field;
type User = Awaited<ReturnType<typeof renderBooking>>['user'];

/** What the user picks, by visible text (the option labels). */
const values: Record<Field, string> = { vehicleId: 'CAB-4821', serviceType: 'Oil Change', serviceDate: NEXT_WEEK, timeSlot: '02:00-03:00 PM' };
/** The same, as the draft holds it (codes and slot starts). */
const draftOf = { vehicleId: 'CAB-4821', serviceType: 'OIL_CHANGE', serviceDate: NEXT_WEEK, timeSlot: '14:00', centerId: '' };

async function fill(user: User, only: Partial<Record<Field, string>> = values) {
  if (only.vehicleId !== undefined) await user.type(field.vehicleId(), only.vehicleId);
  if (only.serviceType !== undefined) await user.selectOptions(field.serviceType(), only.serviceType);
  if (only.serviceDate !== undefined) await user.type(field.serviceDate(), only.serviceDate);
  if (only.timeSlot !== undefined) await user.selectOptions(field.timeSlot(), only.timeSlot);
}

const submit = (user: User) => user.click(screen.getByRole('button', { name: 'Book Appointment' }));
const optionTexts = (select: HTMLElement) => within(select).getAllByRole('option').map((o) => o.textContent);

describe('BookingPage', () => {
  test('shows the four labelled fields with the catalogue’s options, and the Service Centre preselected', async () => {
    await renderBooking();

    expect(field.vehicleId()).toHaveAttribute('type', 'text');
    expect(field.vehicleId()).toHaveAttribute('maxlength', '20');
    expect(optionTexts(field.serviceType())).toEqual(['Select a service type', ...SPEC_SERVICE_TYPES]);
    expect(within(field.serviceType()).getByRole('option', { name: 'Oil Change' })).toHaveValue('OIL_CHANGE');
    expect(optionTexts(field.timeSlot())).toEqual(['Select a time slot', ...SPEC_TIME_SLOTS]);
    expect(within(field.timeSlot()).getByRole('option', { name: '02:00-03:00 PM' })).toHaveValue('14:00');
    expect(within(field.serviceType()).getByRole('option', { name: 'Select a service type' })).toHaveValue('');
    expect(within(field.timeSlot()).getByRole('option', { name: 'Select a time slot' })).toHaveValue('');
    expect(field.serviceDate()).toHaveAttribute('type', 'date');
    expect(field.serviceDate()).toHaveAttribute('min', TODAY());
    expect(field.serviceDate()).toHaveAttribute('max', localDate(addDays(new Date(), 90)));
    expect(optionTexts(centreSelect())).toEqual(catalog.centers.map((c) => c.name));
    expect(centreSelect()).toHaveValue(downtown.id);
    expect(screen.getByRole('button', { name: 'Book Appointment' })).toHaveAttribute('type', 'submit');
    // The page sits inside the dashboard layout's <main>; it must not add another.
    expect(screen.getAllByRole('main')).toHaveLength(1);
  });

  test('Vehicle ID suggests the customer’s own plates', async () => {
    await renderBooking({ vehicles: [makeVehicle({ plate: 'CAB-4821' }), makeVehicle({ plate: 'KD-7733', make: 'Honda', model: 'Civic' })] });
    await waitFor(() => expect(field.vehicleId()).toHaveAccessibleDescription('Pick one of your vehicles or type a new number plate.'));
    const list = document.getElementById(field.vehicleId().getAttribute('list') ?? '');
    expect(list?.tagName).toBe('DATALIST');
    expect([...list!.querySelectorAll('option')].map((o) => o.value)).toEqual(['CAB-4821', 'KD-7733']);
  });

  test('keeps the draft in the booking slice as the user types', async () => {
    const { user, store } = await renderBooking();
    await fill(user);
    expect(store.getState().booking.draft).toEqual(draftOf);
    expect(store.getState().booking.confirmedId).toBeNull();
  });

  test('books with the four fields: the request, then the server’s appointment, focus on the confirmation', async () => {
    const { user, store, recorder } = await renderBooking();
    await fill(user, { ...values, vehicleId: '  cab-4821  ' });
    await submit(user);

    const heading = await screen.findByRole('heading', { level: 2, name: 'Appointment Booked' });
    expect(heading).toHaveFocus();
    expect(recorder.bookings).toEqual([{ plate: 'cab-4821', serviceType: 'OIL_CHANGE', date: NEXT_WEEK, slot: '14:00', centerId: downtown.id }]);

    // The confirmation reads the appointment back from the server.
    const confirmation = screen.getByRole('region', { name: 'Appointment Booked' });
    const valueOf = (label: string) => within(confirmation).getByText(label, { selector: 'dt' }).nextElementSibling?.textContent;
    expect(await within(confirmation).findByText('CAB-4821')).toBeInTheDocument();
    expect(valueOf('Vehicle ID')).toBe('CAB-4821');
    expect(valueOf('Service Type')).toBe('Oil Change');
    expect(valueOf('Service Date')).toBe(formatCalendarDate(NEXT_WEEK));
    expect(valueOf('Time Slot')).toBe('02:00-03:00 PM');
    expect(valueOf('Service Centre')).toBe(`${downtown.name}${downtown.address}`);
    expect(screen.queryByLabelText('Vehicle ID')).not.toBeInTheDocument();
    expect(recorder.reads).toEqual([store.getState().booking.confirmedId]);
  });

  test('another Service Centre is sent, and its availability is asked for', async () => {
    const { user, recorder } = await renderBooking();
    await user.selectOptions(centreSelect(), northside.name);
    await fill(user);
    await waitFor(() => expect(recorder.availabilityRequests.at(-1)?.get('centerId')).toBe(northside.id));
    expect(recorder.availabilityRequests.at(-1)?.get('date')).toBe(NEXT_WEEK);
    await submit(user);
    await screen.findByRole('heading', { name: 'Appointment Booked' });
    expect(recorder.bookings[0]).toMatchObject({ centerId: northside.id });
    expect(await screen.findByText(northside.name)).toBeInTheDocument();
  });

  test('full slots for the chosen date and centre read “(full)” and are disabled', async () => {
    const { user, recorder } = await renderBooking({
      availability: (date, centerId) => availabilityOf(date === NEXT_WEEK && centerId === downtown.id ? ['09:00', '16:00'] : []),
    });
    // No date yet: no availability asked, every slot offered.
    expect(recorder.availabilityRequests).toHaveLength(0);
    expect(field.timeSlot()).toHaveAccessibleDescription('Choose a date to see which slots are free.');
    expect(optionTexts(field.timeSlot())).toEqual(['Select a time slot', ...SPEC_TIME_SLOTS]);

    await user.type(field.serviceDate(), NEXT_WEEK);
    await waitFor(() => expect(within(field.timeSlot()).getByRole('option', { name: '09:00-10:00 AM (full)' })).toBeDisabled());
    expect(within(field.timeSlot()).getByRole('option', { name: '04:00-05:00 PM (full)' })).toBeDisabled();
    expect(within(field.timeSlot()).getByRole('option', { name: '10:00-11:00 AM' })).toBeEnabled();

    // Another centre has room then.
    await user.selectOptions(centreSelect(), northside.name);
    await waitFor(() => expect(within(field.timeSlot()).getByRole('option', { name: '09:00-10:00 AM' })).toBeEnabled());
    expect(optionTexts(field.timeSlot())).not.toContain('09:00-10:00 AM (full)');
  });

  test.each<Field>(['vehicleId', 'serviceType', 'serviceDate', 'timeSlot'])(
    'with %s missing, nothing happens and no message is shown',
    async (missing) => {
      const { user, store, recorder } = await renderBooking();
      const { [missing]: _omitted, ...rest } = values;
      await fill(user, rest);
      await submit(user);

      expect(screen.queryByRole('heading', { name: 'Appointment Booked' })).not.toBeInTheDocument();
      expect(screen.queryByRole('alert')).not.toBeInTheDocument();
      expect(screen.getByRole('button', { name: 'Book Appointment' })).toBeInTheDocument();
      expect(recorder.bookings).toEqual([]);
      expect(store.getState().booking.confirmedId).toBeNull();
      // What was typed stays.
      expect(store.getState().booking.draft).toEqual({ ...draftOf, [missing]: '' });
    },
  );

  test('a Vehicle ID of only spaces counts as missing', async () => {
    const { user, recorder } = await renderBooking();
    await fill(user, { ...values, vehicleId: '   ' });
    await submit(user);
    expect(screen.queryByRole('heading', { name: 'Appointment Booked' })).not.toBeInTheDocument();
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    expect(recorder.bookings).toEqual([]);
  });

  test('the server’s field errors (400) go to their fields, focus the first, and clear on edit', async () => {
    const yesterday = localDate(subDays(new Date(), 1));
    const { user, recorder } = await renderBooking({
      book: () => apiError(400, 'Validation failed', { plate: 'Vehicle ID may contain only letters, digits, spaces, dots and hyphens', date: 'Service date cannot be in the past' }),
    });
    await fill(user, { ...values, vehicleId: 'CAB#1', serviceDate: yesterday });
    await submit(user);

    await waitFor(() => expect(field.vehicleId()).toHaveAccessibleDescription('Vehicle ID may contain only letters, digits, spaces, dots and hyphens'));
    expect(field.vehicleId()).toHaveAttribute('aria-invalid', 'true');
    expect(field.vehicleId()).toHaveFocus();
    expect(field.serviceDate()).toHaveAccessibleDescription('Service date cannot be in the past');
    expect(screen.getAllByRole('alert').map((a) => a.textContent)).toEqual([
      'Vehicle ID may contain only letters, digits, spaces, dots and hyphens',
      'Service date cannot be in the past',
    ]);
    expect(recorder.bookings).toHaveLength(1);

    await user.clear(field.serviceDate());
    await user.type(field.serviceDate(), NEXT_WEEK);
    expect(field.serviceDate()).not.toHaveAccessibleDescription('Service date cannot be in the past');
    expect(field.vehicleId()).toHaveAttribute('aria-invalid', 'true');
  });

  test('a 409 shows the server’s message beside the form and keeps every value', async () => {
    const { user, store } = await renderBooking({ book: () => apiError(409, 'That time slot is fully booked. Please choose another.') });
    await fill(user);
    await user.selectOptions(centreSelect(), northside.name);
    await submit(user);

    const form = screen.getByRole('button', { name: 'Book Appointment' }).closest('form')!;
    expect(await within(form).findByRole('alert')).toHaveTextContent('That time slot is fully booked. Please choose another.');
    expect(screen.queryByRole('heading', { name: 'Appointment Booked' })).not.toBeInTheDocument();
    expect(field.vehicleId()).toHaveValue('CAB-4821');
    expect(field.serviceType()).toHaveValue('OIL_CHANGE');
    expect(field.serviceDate()).toHaveValue(NEXT_WEEK);
    expect(field.timeSlot()).toHaveValue('14:00');
    expect(centreSelect()).toHaveValue(northside.id);
    expect(store.getState().booking.draft).toEqual({ ...draftOf, centerId: northside.id });

    // Choosing another slot clears the message.
    await user.selectOptions(field.timeSlot(), '03:00-04:00 PM');
    expect(within(form).queryByRole('alert')).not.toBeInTheDocument();
  });

  test('no answer at all shows the spec’s network message', async () => {
    const { user } = await renderBooking({ book: () => HttpResponse.error() });
    await fill(user);
    await submit(user);
    expect(await screen.findByRole('alert')).toHaveTextContent('Network error. Please check your connection.');
    expect(field.vehicleId()).toHaveValue('CAB-4821');
  });

  test('submits with Enter from a field', async () => {
    const { user, recorder } = await renderBooking();
    await fill(user);
    await user.type(field.vehicleId(), '{Enter}');
    expect(await screen.findByRole('heading', { name: 'Appointment Booked' })).toBeInTheDocument();
    expect(recorder.bookings).toHaveLength(1);
  });

  test('Book Another Appointment resets the form and focuses the first field', async () => {
    const { user, store, recorder } = await renderBooking();
    await fill(user);
    await submit(user);
    await user.click(await screen.findByRole('button', { name: 'Book Another Appointment' }));

    expect(screen.queryByRole('heading', { name: 'Appointment Booked' })).not.toBeInTheDocument();
    expect(field.vehicleId()).toHaveFocus();
    expect(field.vehicleId()).toHaveValue('');
    expect(field.serviceType()).toHaveValue('');
    expect(field.serviceDate()).toHaveValue('');
    expect(field.timeSlot()).toHaveValue('');
    expect(centreSelect()).toHaveValue(downtown.id);
    expect(store.getState().booking).toEqual({ draft: { vehicleId: '', serviceType: '', serviceDate: '', timeSlot: '', centerId: '' }, confirmedId: null });

    // And it books again.
    await fill(user, { ...values, vehicleId: 'KD-7733', timeSlot: '09:00-10:00 AM' });
    await submit(user);
    expect(await screen.findByRole('heading', { name: 'Appointment Booked' })).toBeInTheDocument();
    expect(recorder.bookings.map((b) => [b.plate, b.slot])).toEqual([
      ['CAB-4821', '14:00'],
      ['KD-7733', '09:00'],
    ]);
  });

  test('a confirmed booking in the store shows the server’s appointment without stealing focus', async () => {
    const appointment = makeAppointment({ vehicle: { id: 'v-9', plate: 'WP-1' }, serviceType: { code: 'BATTERY_CHECK', name: 'Battery Check', durationMinutes: 30, price: 3500 } });
    serveBooking({ appointment: () => HttpResponse.json(appointment) });
    renderApp('/dashboard/appointments', {
      preloadedState: { auth: signedIn('CUSTOMER'), booking: { draft: { ...draftOf }, confirmedId: appointment.id } },
    });
    const heading = await screen.findByRole('heading', { name: 'Appointment Booked' });
    expect(heading).not.toHaveFocus();
    expect(await screen.findByText('Battery Check')).toBeInTheDocument();
    expect(screen.getByText('WP-1')).toBeInTheDocument();
  });

  test('a confirmation that cannot be read shows the message with Retry, and Book Another Appointment still works', async () => {
    let fail = true;
    const appointment = makeAppointment();
    serveBooking({ appointment: () => (fail ? apiError(500, 'Something broke on our side') : HttpResponse.json(appointment)) });
    const { user } = renderApp('/dashboard/appointments', {
      preloadedState: { auth: signedIn('CUSTOMER'), booking: { draft: { ...draftOf }, confirmedId: appointment.id } },
    });
    expect(await screen.findByRole('alert')).toHaveTextContent('Something broke on our side');

    fail = false;
    await user.click(screen.getByRole('button', { name: 'Retry' }));
    expect(await screen.findByText(appointment.vehicle.plate)).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Book Another Appointment' }));
    expect(await screen.findByLabelText('Vehicle ID')).toHaveFocus();
  });

  test('waits for the catalogue; a failed load offers Retry', async () => {
    serveBooking();
    let answer: () => void = () => undefined;
    const answered = new Promise<void>((resolve) => {
      answer = resolve;
    });
    server.use(
      http.get(
        `${API}/catalog`,
        async () => {
          await answered;
          return HttpResponse.error();
        },
        { once: true },
      ),
    );
    const { user } = renderApp('/dashboard/appointments', { preloadedState: { auth: signedIn('CUSTOMER') } });
    expect(await screen.findByRole('status', { name: 'Loading the booking form' })).toBeInTheDocument();
    answer();
    expect(await screen.findByRole('alert')).toHaveTextContent('Network error. Please check your connection.');
    expect(screen.queryByLabelText('Vehicle ID')).not.toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Retry' }));
    expect(await screen.findByLabelText('Vehicle ID')).toBeInTheDocument();
  });
});

import { screen, within } from '@testing-library/react';
import { addDays, format, subDays } from 'date-fns';
import { formatBookingDate } from '@/features/booking/bookingRules';
import { renderApp, signedIn } from '../../utils/renderWithProviders';

// Spec §9, word for word.
const SPEC_SERVICE_TYPES = ['Full Service', 'Oil Change', 'Brake Inspection', 'Tire Rotation', 'Battery Check', 'Air Filter Replacement'];
const SPEC_TIME_SLOTS = ['09:00-10:00 AM', '10:00-11:00 AM', '11:00 AM-12:00 PM', '02:00-03:00 PM', '03:00-04:00 PM', '04:00-05:00 PM'];

const localDate = (date: Date) => format(date, 'yyyy-MM-dd');
const TODAY = () => localDate(new Date());
const NEXT_WEEK = localDate(addDays(new Date(), 7));

let info: jest.SpyInstance;
let fetchSpy: jest.SpyInstance;
beforeEach(() => {
  info = jest.spyOn(console, 'info').mockImplementation(() => {});
  fetchSpy = jest.spyOn(globalThis, 'fetch');
});
afterEach(() => {
  info.mockRestore();
  fetchSpy.mockRestore();
});

async function renderBooking() {
  const result = renderApp('/dashboard/appointments', { preloadedState: { auth: signedIn('CUSTOMER') } });
  await screen.findByRole('heading', { level: 1, name: 'Book an Appointment' });
  return result;
}

const field = {
  vehicleId: () => screen.getByLabelText('Vehicle ID'),
  serviceType: () => screen.getByLabelText('Service Type'),
  serviceDate: () => screen.getByLabelText('Service Date'),
  timeSlot: () => screen.getByLabelText('Time Slot'),
};

type Field = keyof typeof field;
type User = Awaited<ReturnType<typeof renderBooking>>['user'];

const values: Record<Field, string> = { vehicleId: 'CAB-4821', serviceType: 'Oil Change', serviceDate: NEXT_WEEK, timeSlot: '02:00-03:00 PM' };

async function fill(user: User, only: Partial<Record<Field, string>> = values) {
  if (only.vehicleId !== undefined) await user.type(field.vehicleId(), only.vehicleId);
  if (only.serviceType !== undefined) await user.selectOptions(field.serviceType(), only.serviceType);
  if (only.serviceDate !== undefined) await user.type(field.serviceDate(), only.serviceDate);
  if (only.timeSlot !== undefined) await user.selectOptions(field.timeSlot(), only.timeSlot);
}

const submit = (user: User) => user.click(screen.getByRole('button', { name: 'Book Appointment' }));

describe('BookingPage', () => {
  test('shows the four labelled fields, with exactly the spec option lists', async () => {
    await renderBooking();

    expect(field.vehicleId()).toHaveAttribute('type', 'text');
    const optionTexts = (select: HTMLElement) => within(select).getAllByRole('option').map((o) => o.textContent);
    expect(optionTexts(field.serviceType())).toEqual(['Select a service type', ...SPEC_SERVICE_TYPES]);
    expect(optionTexts(field.timeSlot())).toEqual(['Select a time slot', ...SPEC_TIME_SLOTS]);
    expect(within(field.serviceType()).getByRole('option', { name: 'Select a service type' })).toHaveValue('');
    expect(within(field.timeSlot()).getByRole('option', { name: 'Select a time slot' })).toHaveValue('');
    expect(field.serviceDate()).toHaveAttribute('type', 'date');
    expect(field.serviceDate()).toHaveAttribute('min', TODAY());
    expect(screen.getByRole('button', { name: 'Book Appointment' })).toHaveAttribute('type', 'submit');
    // The page sits inside the dashboard layout's <main>; it must not add another.
    expect(screen.getAllByRole('main')).toHaveLength(1);
  });

  test('keeps the draft in the booking slice as the user types', async () => {
    const { user, store } = await renderBooking();
    await fill(user);
    expect(store.getState().booking.draft).toEqual(values);
    expect(store.getState().booking.confirmed).toBeNull();
  });

  test('books: confirmation with the values, logged locally only, focus on the confirmation heading', async () => {
    const { user, store } = await renderBooking();
    await fill(user, { ...values, vehicleId: '  CAB-4821  ' });
    await submit(user);

    const heading = await screen.findByRole('heading', { level: 2, name: 'Appointment Booked' });
    expect(heading).toHaveFocus();
    const confirmation = screen.getByRole('region', { name: 'Appointment Booked' });
    const valueOf = (label: string) => within(confirmation).getByText(label, { selector: 'dt' }).nextElementSibling?.textContent;
    expect(valueOf('Vehicle ID')).toBe('CAB-4821');
    expect(valueOf('Service Type')).toBe('Oil Change');
    expect(valueOf('Service Date')).toBe(formatBookingDate(NEXT_WEEK));
    expect(valueOf('Time Slot')).toBe('02:00-03:00 PM');
    expect(screen.queryByLabelText('Vehicle ID')).not.toBeInTheDocument();

    expect(info).toHaveBeenCalledTimes(1);
    expect(info).toHaveBeenCalledWith(expect.any(String), { vehicleId: 'CAB-4821', serviceType: 'Oil Change', serviceDate: NEXT_WEEK, timeSlot: '02:00-03:00 PM' });
    expect(fetchSpy).not.toHaveBeenCalled();
    expect(store.getState().booking.confirmed).toEqual({ ...values, vehicleId: 'CAB-4821' });
  });

  test('formats the booked date as a readable local calendar date', () => {
    expect(formatBookingDate('2099-01-15')).toBe('Thursday, January 15, 2099');
  });

  test.each<Field>(['vehicleId', 'serviceType', 'serviceDate', 'timeSlot'])(
    'with %s missing, nothing happens and no message is shown',
    async (missing) => {
      const { user, store } = await renderBooking();
      const { [missing]: _omitted, ...rest } = values;
      await fill(user, rest);
      await submit(user);

      expect(screen.queryByRole('heading', { name: 'Appointment Booked' })).not.toBeInTheDocument();
      expect(screen.queryByRole('alert')).not.toBeInTheDocument();
      expect(screen.queryByRole('status')).not.toBeInTheDocument();
      expect(screen.getByRole('button', { name: 'Book Appointment' })).toBeInTheDocument();
      expect(info).not.toHaveBeenCalled();
      expect(store.getState().booking.confirmed).toBeNull();
      // What was typed stays.
      expect(store.getState().booking.draft).toEqual({ ...values, [missing]: '' });
    },
  );

  test('a Vehicle ID of only spaces counts as missing', async () => {
    const { user, store } = await renderBooking();
    await fill(user, { ...values, vehicleId: '   ' });
    await submit(user);
    expect(screen.queryByRole('heading', { name: 'Appointment Booked' })).not.toBeInTheDocument();
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    expect(info).not.toHaveBeenCalled();
    expect(store.getState().booking.confirmed).toBeNull();
  });

  test('a date before today silently does not proceed; today does', async () => {
    const { user } = await renderBooking();
    await fill(user, { ...values, serviceDate: localDate(subDays(new Date(), 1)) });
    await submit(user);
    expect(screen.queryByRole('heading', { name: 'Appointment Booked' })).not.toBeInTheDocument();
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    expect(info).not.toHaveBeenCalled();

    await user.clear(field.serviceDate());
    await user.type(field.serviceDate(), TODAY());
    await submit(user);
    expect(await screen.findByRole('heading', { name: 'Appointment Booked' })).toBeInTheDocument();
  });

  test('submits with Enter from a field', async () => {
    const { user } = await renderBooking();
    await fill(user);
    await user.type(field.vehicleId(), '{Enter}');
    expect(await screen.findByRole('heading', { name: 'Appointment Booked' })).toBeInTheDocument();
  });

  test('Book Another Appointment resets the form and focuses the first field', async () => {
    const { user, store } = await renderBooking();
    await fill(user);
    await submit(user);
    await user.click(await screen.findByRole('button', { name: 'Book Another Appointment' }));

    expect(screen.queryByRole('heading', { name: 'Appointment Booked' })).not.toBeInTheDocument();
    expect(field.vehicleId()).toHaveFocus();
    expect(field.vehicleId()).toHaveValue('');
    expect(field.serviceType()).toHaveValue('');
    expect(field.serviceDate()).toHaveValue('');
    expect(field.timeSlot()).toHaveValue('');
    expect(store.getState().booking).toEqual({ draft: { vehicleId: '', serviceType: '', serviceDate: '', timeSlot: '' }, confirmed: null });

    // And it books again.
    await fill(user, { ...values, vehicleId: 'KD-7733', timeSlot: '09:00-10:00 AM' });
    await submit(user);
    expect(await screen.findByRole('heading', { name: 'Appointment Booked' })).toBeInTheDocument();
    expect(info).toHaveBeenCalledTimes(2);
  });

  test('a confirmed booking in the store shows the confirmation view without stealing focus', async () => {
    const confirmed = { vehicleId: 'WP-1', serviceType: 'Battery Check', serviceDate: '2099-03-01', timeSlot: '04:00-05:00 PM' };
    renderApp('/dashboard/appointments', { preloadedState: { auth: signedIn('CUSTOMER'), booking: { draft: confirmed, confirmed } } });
    const heading = await screen.findByRole('heading', { name: 'Appointment Booked' });
    expect(heading).not.toHaveFocus();
    expect(screen.getByText('Battery Check')).toBeInTheDocument();
  });
});

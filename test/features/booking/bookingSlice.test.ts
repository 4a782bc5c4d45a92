import { logout } from '@/features/auth/authSlice';
import { SERVICE_TYPES, TIME_SLOTS } from '@/features/booking/bookingOptions';
import { validateBooking } from '@/features/booking/bookingRules';
import bookingSlice, { bookingConfirmed, bookingReset, draftFieldChanged, initialBookingState } from '@/features/booking/bookingSlice';

const reducer = bookingSlice.reducer;
const booking = { vehicleId: 'CAB-4821', serviceType: 'Oil Change', serviceDate: '2099-01-15', timeSlot: '09:00-10:00 AM' };

describe('booking slice', () => {
  test('starts empty', () => {
    expect(reducer(undefined, { type: '@@init' })).toEqual({ draft: { vehicleId: '', serviceType: '', serviceDate: '', timeSlot: '' }, confirmed: null });
  });

  test('draftFieldChanged updates one field, as plain serialisable data', () => {
    const state = reducer(initialBookingState, draftFieldChanged({ field: 'vehicleId', value: 'CAB' }));
    expect(state.draft).toEqual({ ...initialBookingState.draft, vehicleId: 'CAB' });
    expect(JSON.parse(JSON.stringify(state))).toEqual(state);
  });

  test('bookingConfirmed shows the confirmation; bookingReset and logout clear everything', () => {
    const confirmed = reducer({ draft: booking, confirmed: null }, bookingConfirmed(booking));
    expect(confirmed.confirmed).toEqual(booking);
    expect(reducer(confirmed, bookingReset())).toEqual(initialBookingState);
    expect(reducer(confirmed, logout())).toEqual(initialBookingState);
  });

  test('the option lists are spec §9', () => {
    expect(SERVICE_TYPES).toEqual(['Full Service', 'Oil Change', 'Brake Inspection', 'Tire Rotation', 'Battery Check', 'Air Filter Replacement']);
    expect(TIME_SLOTS).toEqual(['09:00-10:00 AM', '10:00-11:00 AM', '11:00 AM-12:00 PM', '02:00-03:00 PM', '03:00-04:00 PM', '04:00-05:00 PM']);
  });
});

describe('validateBooking', () => {
  const today = '2099-01-10';

  test('accepts a complete booking, trimmed', () => {
    expect(validateBooking({ ...booking, vehicleId: '  CAB-4821 ' }, today)).toEqual(booking);
    expect(validateBooking({ ...booking, serviceDate: today }, today)).toEqual({ ...booking, serviceDate: today });
  });

  test.each(['vehicleId', 'serviceType', 'serviceDate', 'timeSlot'] as const)('refuses when %s is empty or blank', (field) => {
    expect(validateBooking({ ...booking, [field]: '' }, today)).toBeNull();
    expect(validateBooking({ ...booking, [field]: '  ' }, today)).toBeNull();
  });

  test('refuses a past or impossible date, and values outside the option lists', () => {
    expect(validateBooking({ ...booking, serviceDate: '2099-01-09' }, today)).toBeNull();
    expect(validateBooking({ ...booking, serviceDate: '2099-02-30' }, today)).toBeNull();
    expect(validateBooking({ ...booking, serviceDate: '15/01/2099' }, today)).toBeNull();
    expect(validateBooking({ ...booking, serviceType: 'Engine Swap' }, today)).toBeNull();
    expect(validateBooking({ ...booking, timeSlot: '06:00-07:00 PM' }, today)).toBeNull();
  });
});

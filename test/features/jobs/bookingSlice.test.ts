import { logout } from '@/features/auth/authSlice';
import { centerOptions, effectiveCenterId, serviceTypeOptions } from '@/features/jobs/booking/bookingOptions';
import { splitFieldErrors, validateBooking } from '@/features/jobs/booking/bookingRules';
import { lastBookableDate, timeSlotOptions, todayIsoDate } from '@/features/jobs/bookingWindow';
import { isDateKey } from '@/lib/dateKey';
import bookingSlice, {
  type BookingState,
  bookingConfirmed,
  bookingReset,
  draftFieldChanged,
  initialBookingState,
  selectBookingDraft,
  selectConfirmedJobId,
} from '@/features/jobs/bookingSlice';
import { catalog } from '../../msw/shop';
import { availabilityOf } from './booking/bookingTestUtils';

const reducer = bookingSlice.reducer;
const draft = { vehicleId: 'CAB-4821', serviceType: 'OIL_CHANGE', serviceDate: '2099-01-15', timeSlot: '09:00', centerId: '' };
const asRoot = (booking: unknown) => ({ booking }) as { booking: BookingState };

describe('booking slice', () => {
  test('starts empty', () => {
    expect(reducer(undefined, { type: '@@init' })).toEqual({ draft: { vehicleId: '', serviceType: '', serviceDate: '', timeSlot: '', centerId: '' }, confirmedId: null });
  });

  test('draftFieldChanged updates one field, as plain serialisable data', () => {
    const state = reducer(initialBookingState, draftFieldChanged({ field: 'vehicleId', value: 'CAB' }));
    expect(state.draft).toEqual({ ...initialBookingState.draft, vehicleId: 'CAB' });
    expect(JSON.parse(JSON.stringify(state))).toEqual(state);
  });

  test('bookingConfirmed keeps only the appointment id; bookingReset and logout clear everything', () => {
    const confirmed = reducer({ draft, confirmedId: null }, bookingConfirmed('a-1'));
    expect(confirmed).toEqual({ draft, confirmedId: 'a-1' });
    expect(reducer(confirmed, bookingReset())).toEqual(initialBookingState);
    expect(reducer(confirmed, logout())).toEqual(initialBookingState);
  });

  test('selectors read an older persisted shape as complete, and keep a complete draft’s reference', () => {
    const older = asRoot({ draft: { vehicleId: 'CAB-4821' } });
    expect(selectBookingDraft(older)).toEqual({ vehicleId: 'CAB-4821', serviceType: '', serviceDate: '', timeSlot: '', centerId: '' });
    expect(selectConfirmedJobId(older)).toBeNull();
    const current = asRoot({ draft, confirmedId: null });
    expect(selectBookingDraft(current)).toBe(draft);
    // A change to an older draft fills in the missing fields.
    expect(reducer({ draft: { vehicleId: 'CAB' } } as unknown as BookingState, draftFieldChanged({ field: 'timeSlot', value: '10:00' })).draft).toEqual({
      vehicleId: 'CAB',
      serviceType: '',
      serviceDate: '',
      timeSlot: '10:00',
      centerId: '',
    });
  });
});

describe('validateBooking (spec §5: the four fields, else silently nothing)', () => {
  const centre = catalog.centers[0].id;

  test('gives the request body, trimmed, with the default centre unless one was chosen', () => {
    expect(validateBooking({ ...draft, vehicleId: '  CAB-4821 ' }, centre)).toEqual({ plate: 'CAB-4821', serviceType: 'OIL_CHANGE', date: '2099-01-15', slot: '09:00', centerId: centre });
    expect(validateBooking({ ...draft, centerId: 'c-2' }, centre)).toMatchObject({ centerId: 'c-2' });
  });

  test.each(['vehicleId', 'serviceType', 'serviceDate', 'timeSlot'] as const)('refuses when %s is empty or blank', (field) => {
    expect(validateBooking({ ...draft, [field]: '' }, centre)).toBeNull();
    expect(validateBooking({ ...draft, [field]: '  ' }, centre)).toBeNull();
  });

  test('leaves the rest to the server (a past date is sent, and the server’s message shown)', () => {
    expect(validateBooking({ ...draft, serviceDate: '2000-01-01' }, centre)).toMatchObject({ date: '2000-01-01' });
  });
});

describe('booking helpers', () => {
  test('the server’s field errors map to the form’s fields; others are kept apart', () => {
    expect(splitFieldErrors({ plate: 'p', date: 'd', slot: 's', serviceType: 't', centerId: 'c', notes: 'n' })).toEqual({
      fields: { vehicleId: 'p', serviceDate: 'd', timeSlot: 's', serviceType: 't', centerId: 'c' },
      other: ['n'],
    });
    expect(splitFieldErrors(undefined)).toEqual({ fields: {}, other: [] });
  });

  test('options come from the catalogue; full slots read “(full)” and are disabled', () => {
    expect(serviceTypeOptions(catalog).map((o) => [o.value, o.label])).toContainEqual(['OIL_CHANGE', 'Oil Change']);
    expect(centerOptions(catalog).map((o) => o.label)).toEqual(catalog.centers.map((c) => c.name));
    expect(timeSlotOptions(catalog.slots, undefined).every((o) => !o.disabled)).toBe(true);
    const slots = timeSlotOptions(catalog.slots, availabilityOf(['11:00']));
    expect(slots.find((o) => o.value === '11:00')).toEqual({ value: '11:00', label: '11:00 AM-12:00 PM (full)', disabled: true });
    expect(slots.find((o) => o.value === '09:00')).toEqual({ value: '09:00', label: '09:00-10:00 AM', disabled: false });
  });

  test('the centre defaults to the first; an unknown one too', () => {
    expect(effectiveCenterId(catalog, '')).toBe(catalog.centers[0].id);
    expect(effectiveCenterId(catalog, 'gone')).toBe(catalog.centers[0].id);
    expect(effectiveCenterId(catalog, catalog.centers[2].id)).toBe(catalog.centers[2].id);
  });

  test('the date window runs from today to BOOKING_WINDOW_DAYS ahead', () => {
    const now = new Date(2099, 0, 10, 15, 0);
    expect(todayIsoDate(now)).toBe('2099-01-10');
    expect(lastBookableDate(now)).toBe('2099-04-10');
    expect(isDateKey('2099-01-15')).toBe(true);
    expect(isDateKey('2099-02-30')).toBe(false);
    expect(isDateKey('15/01/2099')).toBe(false);
    expect(isDateKey('')).toBe(false);
  });
});

import { createSlice, type PayloadAction } from '@reduxjs/toolkit';
import { logout } from '@/features/auth/authSlice';

/** Spec §3 "Booking draft". All values are plain strings; serviceDate is a local calendar date, yyyy-MM-dd. */
export interface BookingDraft {
  vehicleId: string;
  serviceType: string;
  serviceDate: string;
  timeSlot: string;
}

export type BookingField = keyof BookingDraft;

export interface BookingState {
  /** What the user has typed so far; updated on every change so DevTools can replay it and a reload keeps it. */
  draft: BookingDraft;
  /** The booking shown on the confirmation view (spec §4 "Booking: form, then confirmed view"); null while on the form. */
  confirmed: BookingDraft | null;
}

export const emptyBookingDraft: BookingDraft = { vehicleId: '', serviceType: '', serviceDate: '', timeSlot: '' };

export const initialBookingState: BookingState = { draft: emptyBookingDraft, confirmed: null };

const bookingSlice = createSlice({
  name: 'booking',
  initialState: initialBookingState,
  reducers: {
    /** One form field changed (every keystroke / selection). */
    draftFieldChanged(state, action: PayloadAction<{ field: BookingField; value: string }>) {
      state.draft[action.payload.field] = action.payload.value;
    },
    /**
     * The booking was accepted (the caller has checked it with `validateBooking`): the form gives way to the
     * confirmation view. The draft is kept until "Book Another Appointment".
     */
    bookingConfirmed(state, action: PayloadAction<BookingDraft>) {
      state.confirmed = action.payload;
    },
    /** "Book Another Appointment": clears the draft and leaves the confirmation view (spec §4). */
    bookingReset() {
      return initialBookingState;
    },
  },
  extraReducers: (builder) => {
    builder.addCase(logout, () => initialBookingState);
  },
  selectors: {
    selectBookingDraft: (state) => state.draft,
    // `?? null`: a state persisted before `confirmed` existed rehydrates without it.
    selectConfirmedBooking: (state) => state.confirmed ?? null,
  },
});

export const { draftFieldChanged, bookingConfirmed, bookingReset } = bookingSlice.actions;
export const { selectBookingDraft, selectConfirmedBooking } = bookingSlice.selectors;
export default bookingSlice;

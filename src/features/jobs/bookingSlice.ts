import { createSelector, createSlice, type PayloadAction, type WithSlice } from '@reduxjs/toolkit';
import { logout } from '@/api/session';
import { rootReducer } from '@/store/rootReducer';

/** Spec §3 "Booking draft" plus the centre, as plain strings the form holds; centerId '' means the first centre. */
export interface BookingDraft {
  vehicleId: string;
  serviceType: string;
  serviceDate: string;
  timeSlot: string;
  centerId: string;
}

export type BookingField = keyof BookingDraft;

export interface BookingState {
  /** What the user has typed so far; updated on every change so DevTools can replay it and a reload keeps it. */
  draft: BookingDraft;
  /** The job the confirmation view shows (read from the server by id); null while on the form. */
  confirmedId: string | null;
}

export const emptyBookingDraft: BookingDraft = { vehicleId: '', serviceType: '', serviceDate: '', timeSlot: '', centerId: '' };

export const initialBookingState: BookingState = { draft: emptyBookingDraft, confirmedId: null };

/**
 * The draft with every field present: a draft persisted by an older build may lack one (e.g. `centerId`); the
 * missing ones read as empty. Memoised on the stored draft, so an unchanged draft keeps its reference.
 */
const completeDraft = createSelector([(state: BookingState) => state.draft], (draft): BookingDraft => {
  const stored: Partial<BookingDraft> = draft ?? {};
  return (Object.keys(emptyBookingDraft) as BookingField[]).every((field) => typeof stored[field] === 'string')
    ? (stored as BookingDraft)
    : { ...emptyBookingDraft, ...stored };
});

const bookingSlice = createSlice({
  name: 'booking',
  initialState: initialBookingState,
  reducers: {
    /** One form field changed (every keystroke / selection). */
    draftFieldChanged(state, action: PayloadAction<{ field: BookingField; value: string }>) {
      state.draft = { ...emptyBookingDraft, ...state.draft, [action.payload.field]: action.payload.value };
    },
    /** The server accepted the booking: the form gives way to the confirmation view of that job. */
    bookingConfirmed(state, action: PayloadAction<string>) {
      state.confirmedId = action.payload;
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
    selectBookingDraft: completeDraft,
    selectConfirmedJobId: (state) => state.confirmedId ?? null,
  },
});

export const { draftFieldChanged, bookingConfirmed, bookingReset } = bookingSlice.actions;
export const { selectBookingDraft, selectConfirmedJobId } = bookingSlice.selectors;
declare module '@/store/rootReducer' {
  export interface StaticSlices extends WithSlice<typeof bookingSlice> {}
}
bookingSlice.injectInto(rootReducer);

export default bookingSlice;

import { createSlice } from '@reduxjs/toolkit';
import { logout } from '@/features/auth/authSlice';

// Placeholder shape; the booking issue fills in the draft and the confirmation.
export interface BookingState {
  draft: { vehicleId: string; serviceType: string; serviceDate: string; timeSlot: string };
}

export const initialBookingState: BookingState = { draft: { vehicleId: '', serviceType: '', serviceDate: '', timeSlot: '' } };

const bookingSlice = createSlice({
  name: 'booking',
  initialState: initialBookingState,
  reducers: {},
  extraReducers: (builder) => {
    builder.addCase(logout, () => initialBookingState);
  },
});

export default bookingSlice;

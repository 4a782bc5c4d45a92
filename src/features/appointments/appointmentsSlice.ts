import { createSlice } from '@reduxjs/toolkit';
import { logout } from '@/features/auth/authSlice';

// Placeholder shape; the admin-area issue fills in the sample appointments, employees and assignment.
export interface AppointmentsState {
  appointments: unknown[];
}

export const initialAppointmentsState: AppointmentsState = { appointments: [] };

const appointmentsSlice = createSlice({
  name: 'appointments',
  initialState: initialAppointmentsState,
  reducers: {},
  extraReducers: (builder) => {
    builder.addCase(logout, () => initialAppointmentsState);
  },
});

export default appointmentsSlice;

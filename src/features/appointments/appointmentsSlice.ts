import { createSelector, createSlice, type PayloadAction } from '@reduxjs/toolkit';
import { logout } from '@/features/auth/authSlice';
import { sampleAppointments } from './sampleAppointments';
import { sampleEmployees } from './sampleEmployees';
import type { Appointment, Employee } from './types';

export interface AppointmentsState {
  appointments: Appointment[];
  /** Kept here (not only in the sample file) because assigning raises an employee's workload. */
  employees: Employee[];
}

export const initialAppointmentsState: AppointmentsState = {
  appointments: sampleAppointments,
  employees: sampleEmployees,
};

export interface AppointmentColumns {
  upcoming: Appointment[];
  ongoing: Appointment[];
  unassigned: Appointment[];
}

const byDate = (a: Appointment, b: Appointment) => a.appointmentDate.localeCompare(b.appointmentDate);

const appointmentsSlice = createSlice({
  name: 'appointments',
  initialState: initialAppointmentsState,
  reducers: {
    /**
     * Spec §4 "Admin appointment": an appointment awaiting assignment becomes CONFIRMED and upcoming once an
     * employee is assigned. Only available employees can be assigned; anything else is ignored.
     */
    employeeAssigned(state, action: PayloadAction<{ appointmentId: string; employeeId: string }>) {
      const { appointmentId, employeeId } = action.payload;
      const appointment = state.appointments.find((a) => a.id === appointmentId);
      const employee = state.employees.find((e) => e.id === employeeId);
      if (!appointment || !employee) return;
      if (appointment.displayStatus !== 'unassigned' || employee.availability !== 'available') return;
      appointment.status = 'CONFIRMED';
      appointment.displayStatus = 'upcoming';
      appointment.assignedEmployeeName = employee.name;
      appointment.assignedEmployeeId = employee.id;
      employee.currentWorkload += 1;
    },
  },
  extraReducers: (builder) => {
    // The next user never sees the last one's changes (architecture.md §3).
    builder.addCase(logout, () => initialAppointmentsState);
  },
  selectors: {
    selectAppointments: (state) => state.appointments,
    selectEmployees: (state) => state.employees,
    /** The three admin dashboard columns, each sorted by appointment date. */
    selectAppointmentColumns: createSelector(
      (state: AppointmentsState) => state.appointments,
      (appointments): AppointmentColumns => {
        const sorted = [...appointments].sort(byDate);
        return {
          upcoming: sorted.filter((a) => a.displayStatus === 'upcoming'),
          ongoing: sorted.filter((a) => a.displayStatus === 'ongoing'),
          unassigned: sorted.filter((a) => a.displayStatus === 'unassigned'),
        };
      },
    ),
  },
});

export const { employeeAssigned } = appointmentsSlice.actions;
export const { selectAppointments, selectEmployees, selectAppointmentColumns } = appointmentsSlice.selectors;
export default appointmentsSlice;

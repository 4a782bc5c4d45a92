import { createSlice, type PayloadAction } from '@reduxjs/toolkit';
import { addHours } from 'date-fns';
import { logout } from '@/features/auth/authSlice';
import { sampleCustomerServices, sampleEmployeeServices } from './sampleServices';
import type { CustomerServiceJob, EmployeeServiceJob, EmployeeServiceStatus } from './types';

export interface ServicesState {
  customerServices: CustomerServiceJob[];
  employeeServices: EmployeeServiceJob[];
}

export const initialServicesState: ServicesState = {
  customerServices: sampleCustomerServices,
  employeeServices: sampleEmployeeServices,
};

/** Starting a job sets estimated completion one hour ahead (spec §4, §9). */
export const START_ESTIMATE_HOURS = 1;

const servicesSlice = createSlice({
  name: 'services',
  initialState: initialServicesState,
  reducers: {
    /**
     * Spec §4 "Employee service status": not_started → in_progress stamps start = now and estimated
     * completion = now + 1 h. `now` comes from the action (prepare) so the reducer stays pure and replayable.
     * Becoming `completed` stamps `completedAt = now` (for "Completed This Week"); leaving it removes the stamp.
     */
    serviceStatusUpdated: {
      reducer(state, action: PayloadAction<{ id: string; status: EmployeeServiceStatus; now: string }>) {
        const job = state.employeeServices.find((j) => j.id === action.payload.id);
        if (!job || job.status === action.payload.status) return;
        if (job.status === 'not_started' && action.payload.status === 'in_progress') {
          job.startDate = action.payload.now;
          job.estimatedCompletion = addHours(new Date(action.payload.now), START_ESTIMATE_HOURS).toISOString();
        }
        if (action.payload.status === 'completed') job.completedAt = action.payload.now;
        else delete job.completedAt;
        job.status = action.payload.status;
      },
      prepare(payload: { id: string; status: EmployeeServiceStatus; now?: string }) {
        return { payload: { ...payload, now: payload.now ?? new Date().toISOString() } };
      },
    },
    /** Replaces the job lists (used by benchmarks and tests that load large data sets). */
    servicesLoaded(state, action: PayloadAction<Partial<ServicesState>>) {
      Object.assign(state, action.payload);
    },
  },
  extraReducers: (builder) => {
    builder.addCase(logout, () => initialServicesState);
  },
  selectors: {
    selectCustomerServices: (state) => state.customerServices,
    selectEmployeeServices: (state) => state.employeeServices,
  },
});

export const { serviceStatusUpdated, servicesLoaded } = servicesSlice.actions;
export const { selectCustomerServices, selectEmployeeServices } = servicesSlice.selectors;
export default servicesSlice;

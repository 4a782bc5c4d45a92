import { createSlice, type PayloadAction, type WithSlice } from '@reduxjs/toolkit';
import { logout } from '@/api/session';
import { rootReducer } from '@/store/rootReducer';

/** The customer's My Services filter (spec §2: ALL / NOT COMPLETED / COMPLETED). */
export type CustomerFilter = 'all' | 'not_completed' | 'completed';

/** The technician's Assigned Services filter (spec §2: ALL / IN PROGRESS / NOT STARTED / COMPLETED). */
export type TechnicianFilter = 'all' | 'in_progress' | 'not_started' | 'completed';

/**
 * Client state of the customer's and the technician's job lists: the chosen filters and the selected job.
 * The jobs themselves are server data, read through jobsApi (architecture.md §3).
 */
export interface ServicesState {
  customerFilter: CustomerFilter;
  technicianFilter: TechnicianFilter;
  /** The job shown in a detail panel, by id. */
  selectedJobId: string | null;
}

export const initialServicesState: ServicesState = { customerFilter: 'all', technicianFilter: 'all', selectedJobId: null };

const servicesSlice = createSlice({
  name: 'services',
  initialState: initialServicesState,
  reducers: {
    customerFilterChanged(state, action: PayloadAction<CustomerFilter>) {
      state.customerFilter = action.payload;
    },
    technicianFilterChanged(state, action: PayloadAction<TechnicianFilter>) {
      state.technicianFilter = action.payload;
    },
    jobSelected(state, action: PayloadAction<string | null>) {
      state.selectedJobId = action.payload;
    },
  },
  extraReducers: (builder) => {
    builder.addCase(logout, () => initialServicesState);
  },
  selectors: {
    selectCustomerFilter: (state) => state.customerFilter,
    selectTechnicianFilter: (state) => state.technicianFilter,
    selectSelectedJobId: (state) => state.selectedJobId,
  },
});

export const { customerFilterChanged, technicianFilterChanged, jobSelected } = servicesSlice.actions;
export const { selectCustomerFilter, selectTechnicianFilter, selectSelectedJobId } = servicesSlice.selectors;
declare module '@/store/rootReducer' {
  export interface StaticSlices extends WithSlice<typeof servicesSlice> {}
}
servicesSlice.injectInto(rootReducer);

export default servicesSlice;

import type { Employee, EmployeeListQuery, StaffMember } from '@contract/employees';
import { api } from '@/api/api';

/**
 * Approving or deactivating changes who the Assign dialog lists ('Employee'), and a deactivation returns the
 * technician's not-started jobs to Awaiting Assignment ('Job'), so both refresh.
 */
export const staffApi = api.enhanceEndpoints({ addTagTypes: ['Employee', 'Job'] }).injectEndpoints({
  endpoints: (build) => ({
    getEmployees: build.query<Employee[], EmployeeListQuery>({
      query: (params) => ({ url: '/employees', params }),
      providesTags: ['Employee'],
    }),
    getStaff: build.query<StaffMember[], void>({
      query: () => '/staff',
      providesTags: ['Employee'],
    }),
    approveEmployee: build.mutation<StaffMember, string>({
      query: (id) => ({ url: `/employees/${encodeURIComponent(id)}/approve`, method: 'POST', body: {} }),
      invalidatesTags: ['Employee'],
    }),
    deactivateEmployee: build.mutation<StaffMember, string>({
      query: (id) => ({ url: `/employees/${encodeURIComponent(id)}/deactivate`, method: 'POST', body: {} }),
      invalidatesTags: ['Employee', 'Job'],
    }),
  }),
});

export const { useGetEmployeesQuery, useGetStaffQuery, useApproveEmployeeMutation, useDeactivateEmployeeMutation } = staffApi;

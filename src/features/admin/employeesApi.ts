import type { Employee, EmployeeListQuery } from '@contract/employees';
import { api } from '@/api/api';

/** The registered technicians an admin can assign, with their workload and a slot's availability. */
export const employeesApi = api.injectEndpoints({
  endpoints: (build) => ({
    getEmployees: build.query<Employee[], EmployeeListQuery>({
      query: (params) => ({ url: '/employees', params }),
      providesTags: ['Employee'],
    }),
  }),
});

export const { useGetEmployeesQuery } = employeesApi;

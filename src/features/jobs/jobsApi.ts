import type {
  Appointment,
  AppointmentCounts,
  AppointmentCountsQuery,
  AppointmentListQuery,
  AppointmentPage,
  AssignEmployeeBody,
  Availability,
  AvailabilityQuery,
  BookAppointmentBody,
  RescheduleAppointmentBody,
  UpdateStatusBody,
} from '@contract/appointments';
import type { Catalog } from '@contract/catalog';
import type { Page } from '@contract/common';
import type { Vehicle } from '@contract/vehicles';
import { api } from '@/api/api';
import { fetchAllPages } from '@/api/paging';

/** The jobs domain's tags; 'Employee' because a job's change moves a technician's workload. */
export const JOB_TAG_TYPES = ['Job', 'Vehicle', 'Catalog', 'Employee'] as const;
export type JobTag = (typeof JOB_TAG_TYPES)[number];

/** The filters of a job list, without the paging (the endpoints page for themselves). */
export type JobFilters = Omit<AppointmentListQuery, 'cursor' | 'limit'>;

/** Every change of a job can change any list, count or slot that shows it. */
const JOB_TAGS = ['Job'] as const;

/** The shop's jobs as every role reads and changes them (the contract calls a job an appointment). */
export const jobsApi = api.enhanceEndpoints({ addTagTypes: JOB_TAG_TYPES }).injectEndpoints({
  endpoints: (build) => ({
    getCatalog: build.query<Catalog, void>({
      query: () => '/catalog',
      providesTags: ['Catalog'],
      keepUnusedDataFor: 60 * 60,
    }),
    getAvailability: build.query<Availability, AvailabilityQuery>({
      query: (params) => ({ url: '/availability', params }),
      providesTags: JOB_TAGS,
    }),
    /** Every job matching the filters (all pages): a customer's own jobs, a technician's current work. */
    getJobs: build.query<Appointment[], JobFilters>({
      queryFn: (filters, _api, _extra, baseQuery) => fetchAllPages<Appointment>(baseQuery, '/appointments', filters),
      providesTags: JOB_TAGS,
    }),
    /** One board column, page by page (keyset cursor). */
    getJobPages: build.infiniteQuery<AppointmentPage, JobFilters, string | null>({
      infiniteQueryOptions: {
        initialPageParam: null,
        getNextPageParam: (lastPage: Page<Appointment>) => lastPage.nextCursor ?? undefined,
      },
      query: ({ queryArg, pageParam }) => ({ url: '/appointments', params: { ...queryArg, ...(pageParam !== null && { cursor: pageParam }) } }),
      providesTags: JOB_TAGS,
    }),
    getJob: build.query<Appointment, string>({
      query: (id) => `/appointments/${encodeURIComponent(id)}`,
      providesTags: JOB_TAGS,
    }),
    getJobCounts: build.query<AppointmentCounts, AppointmentCountsQuery>({
      query: (params) => ({ url: '/appointments/counts', params }),
      providesTags: JOB_TAGS,
    }),
    bookJob: build.mutation<Appointment, BookAppointmentBody>({
      query: (body) => ({ url: '/appointments', method: 'POST', body }),
      invalidatesTags: [...JOB_TAGS, 'Vehicle'],
    }),
    cancelJob: build.mutation<Appointment, { id: string; expectedVersion?: number }>({
      query: ({ id, ...body }) => ({ url: `/appointments/${encodeURIComponent(id)}/cancel`, method: 'POST', body }),
      invalidatesTags: [...JOB_TAGS, 'Employee'],
    }),
    rescheduleJob: build.mutation<Appointment, RescheduleAppointmentBody & { id: string }>({
      query: ({ id, ...body }) => ({ url: `/appointments/${encodeURIComponent(id)}/reschedule`, method: 'POST', body }),
      invalidatesTags: [...JOB_TAGS, 'Employee'],
    }),
    assignTechnician: build.mutation<Appointment, AssignEmployeeBody & { id: string }>({
      query: ({ id, ...body }) => ({ url: `/appointments/${encodeURIComponent(id)}/assign`, method: 'POST', body }),
      invalidatesTags: [...JOB_TAGS, 'Employee'],
    }),
    updateJobStatus: build.mutation<Appointment, UpdateStatusBody & { id: string }>({
      query: ({ id, ...body }) => ({ url: `/appointments/${encodeURIComponent(id)}/status`, method: 'PATCH', body }),
      invalidatesTags: [...JOB_TAGS, 'Employee'],
    }),
    /** The customer's own vehicles (all pages), for the booking form's Vehicle ID suggestions. */
    getVehicles: build.query<Vehicle[], void>({
      queryFn: (_arg, _api, _extra, baseQuery) => fetchAllPages<Vehicle>(baseQuery, '/vehicles', {}),
      providesTags: ['Vehicle'],
    }),
  }),
});

export const {
  useGetCatalogQuery,
  useGetAvailabilityQuery,
  useGetJobsQuery,
  useGetJobPagesInfiniteQuery,
  useGetJobQuery,
  useGetJobCountsQuery,
  useBookJobMutation,
  useCancelJobMutation,
  useRescheduleJobMutation,
  useAssignTechnicianMutation,
  useUpdateJobStatusMutation,
  useGetVehiclesQuery,
} = jobsApi;

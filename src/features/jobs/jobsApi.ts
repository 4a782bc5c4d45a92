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

/** The filters of a job list, without the paging (the endpoints page for themselves). */
export type AppointmentFilters = Omit<AppointmentListQuery, 'cursor' | 'limit'>;

/** The jobs domain's tags; 'Employee' because a job's change moves a technician's workload. */
export const JOB_TAG_TYPES = ['Job', 'Vehicle', 'Catalog', 'Employee'] as const;
export type JobTag = (typeof JOB_TAG_TYPES)[number];

/** Every change of a job can change any list, count or slot that shows it. */
const JOB_TAGS = ['Job'] as const;

/**
 * The shop's jobs, as every role reads them (docs/api-contract.md § "The shop"): the catalogue, availability,
 * the job lists (all pages at once for a customer's or technician's own jobs, page by page for the board's
 * columns), counts, and the changes — booking, cancelling, rescheduling, assigning, status.
 */
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
    getAllAppointments: build.query<Appointment[], AppointmentFilters>({
      queryFn: (filters, _api, _extra, baseQuery) => fetchAllPages<Appointment>(baseQuery, '/appointments', filters),
      providesTags: JOB_TAGS,
    }),
    /** One board column, page by page (keyset cursor). */
    getAppointmentPages: build.infiniteQuery<AppointmentPage, AppointmentFilters, string | null>({
      infiniteQueryOptions: {
        initialPageParam: null,
        getNextPageParam: (lastPage: Page<Appointment>) => lastPage.nextCursor ?? undefined,
      },
      query: ({ queryArg, pageParam }) => ({ url: '/appointments', params: { ...queryArg, ...(pageParam !== null && { cursor: pageParam }) } }),
      providesTags: JOB_TAGS,
    }),
    getAppointment: build.query<Appointment, string>({
      query: (id) => `/appointments/${encodeURIComponent(id)}`,
      providesTags: JOB_TAGS,
    }),
    getAppointmentCounts: build.query<AppointmentCounts, AppointmentCountsQuery>({
      query: (params) => ({ url: '/appointments/counts', params }),
      providesTags: JOB_TAGS,
    }),
    bookAppointment: build.mutation<Appointment, BookAppointmentBody>({
      query: (body) => ({ url: '/appointments', method: 'POST', body }),
      invalidatesTags: [...JOB_TAGS, 'Vehicle'],
    }),
    cancelAppointment: build.mutation<Appointment, { id: string; expectedVersion?: number }>({
      query: ({ id, ...body }) => ({ url: `/appointments/${encodeURIComponent(id)}/cancel`, method: 'POST', body }),
      invalidatesTags: [...JOB_TAGS, 'Employee'],
    }),
    rescheduleAppointment: build.mutation<Appointment, RescheduleAppointmentBody & { id: string }>({
      query: ({ id, ...body }) => ({ url: `/appointments/${encodeURIComponent(id)}/reschedule`, method: 'POST', body }),
      invalidatesTags: [...JOB_TAGS, 'Employee'],
    }),
    assignEmployee: build.mutation<Appointment, AssignEmployeeBody & { id: string }>({
      query: ({ id, ...body }) => ({ url: `/appointments/${encodeURIComponent(id)}/assign`, method: 'POST', body }),
      invalidatesTags: [...JOB_TAGS, 'Employee'],
    }),
    updateAppointmentStatus: build.mutation<Appointment, UpdateStatusBody & { id: string }>({
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
  useGetAllAppointmentsQuery,
  useGetAppointmentPagesInfiniteQuery,
  useGetAppointmentQuery,
  useGetAppointmentCountsQuery,
  useBookAppointmentMutation,
  useCancelAppointmentMutation,
  useRescheduleAppointmentMutation,
  useAssignEmployeeMutation,
  useUpdateAppointmentStatusMutation,
  useGetVehiclesQuery,
} = jobsApi;

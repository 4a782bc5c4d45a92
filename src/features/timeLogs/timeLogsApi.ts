import type { TimeLog, TimeLogBody } from '@contract/timeLogs';
import { api } from '@/api/api';
import { fetchAllPages } from '@/api/paging';

/** Dates inclusive, `YYYY-MM-DD` (a log belongs to the day it starts). */
export interface TimeLogRange {
  from: string;
  to: string;
}

export const TIME_LOG_TAG_TYPES = ['TimeLog', 'TimeLogReview'] as const;
export type TimeLogTag = (typeof TIME_LOG_TAG_TYPES)[number];

/** A technician's time logs on the server (docs/api-contract.md § "The shop"). */
export const timeLogsApi = api.enhanceEndpoints({ addTagTypes: TIME_LOG_TAG_TYPES }).injectEndpoints({
  endpoints: (build) => ({
    /** Every log starting in the range (all pages): the calendar's visible weeks. */
    getTimeLogs: build.query<TimeLog[], TimeLogRange>({
      queryFn: (range, _api, _extra, baseQuery) => fetchAllPages<TimeLog>(baseQuery, '/time-logs', { ...range }),
      providesTags: ['TimeLog'],
    }),
    createTimeLog: build.mutation<TimeLog, TimeLogBody>({
      query: (body) => ({ url: '/time-logs', method: 'POST', body }),
      invalidatesTags: ['TimeLog'],
    }),
    updateTimeLog: build.mutation<TimeLog, TimeLogBody & { id: string }>({
      query: ({ id, ...body }) => ({ url: `/time-logs/${encodeURIComponent(id)}`, method: 'PUT', body }),
      invalidatesTags: ['TimeLog'],
    }),
    deleteTimeLog: build.mutation<void, string>({
      query: (id) => ({ url: `/time-logs/${encodeURIComponent(id)}`, method: 'DELETE' }),
      invalidatesTags: ['TimeLog'],
    }),
  }),
});

export const { useGetTimeLogsQuery, useCreateTimeLogMutation, useUpdateTimeLogMutation, useDeleteTimeLogMutation } = timeLogsApi;

import type { ApproveWeekBody, ApproveWeekResult, TimeLog, TimeLogReview, TimeLogReviewQuery, WeeklyHours } from '@contract/timeLogs';
import { api } from '@/api/api';

/**
 * Every decision invalidates the review and the logs even when the server refused it (409), so the list shows the log
 * as it now stands.
 */
export const timesheetsApi = api.enhanceEndpoints({ addTagTypes: ['TimeLog', 'TimeLogReview'] }).injectEndpoints({
  endpoints: (build) => ({
    getTimeLogReview: build.query<TimeLogReview, TimeLogReviewQuery>({
      query: (params) => ({ url: '/time-logs/review', params }),
      providesTags: ['TimeLogReview'],
    }),
    approveTimeLog: build.mutation<TimeLog, { id: string; expectedVersion: number }>({
      query: ({ id, expectedVersion }) => ({ url: `/time-logs/${encodeURIComponent(id)}/approve`, method: 'POST', body: { expectedVersion } }),
      invalidatesTags: ['TimeLogReview', 'TimeLog'],
    }),
    rejectTimeLog: build.mutation<TimeLog, { id: string; expectedVersion: number; reason: string }>({
      query: ({ id, ...body }) => ({ url: `/time-logs/${encodeURIComponent(id)}/reject`, method: 'POST', body }),
      invalidatesTags: ['TimeLogReview', 'TimeLog'],
    }),
    approveWeek: build.mutation<ApproveWeekResult, ApproveWeekBody>({
      query: (body) => ({ url: '/time-logs/approve-week', method: 'POST', body }),
      invalidatesTags: ['TimeLogReview', 'TimeLog'],
    }),
    /** The technician's own hours per week (their logs' tag: a new, edited or deleted log refreshes it). */
    getWeeklyHours: build.query<WeeklyHours, { from: string; to: string }>({
      query: (params) => ({ url: '/time-logs/weekly', params }),
      providesTags: ['TimeLog'],
    }),
  }),
});

export const { useGetTimeLogReviewQuery, useApproveTimeLogMutation, useRejectTimeLogMutation, useApproveWeekMutation, useGetWeeklyHoursQuery } = timesheetsApi;

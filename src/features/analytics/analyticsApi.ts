import type { Analytics, AnalyticsPeriod } from '@contract/analytics';
import { api } from '@/api/api';

/**
 * The admin's analytics (GET /api/analytics?period=7|30|90). Any change of a job or a time log can move a figure,
 * so the answer also provides those tags: the open page refetches when the admin (or this tab) changes one.
 */
export const analyticsApi = api.enhanceEndpoints({ addTagTypes: ['Analytics', 'Job', 'TimeLog', 'TimeLogReview'] }).injectEndpoints({
  endpoints: (build) => ({
    getAnalytics: build.query<Analytics, AnalyticsPeriod>({
      query: (period) => ({ url: '/analytics', params: { period } }),
      providesTags: ['Analytics', 'Job', 'TimeLog', 'TimeLogReview'],
    }),
  }),
});

export const { useGetAnalyticsQuery } = analyticsApi;

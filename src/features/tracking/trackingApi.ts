import type { TrackingLink } from '@contract/tracking';
import { api } from '@/api/api';

/** The link's expiry follows its job (30 days after completion), so it is refetched whenever a job changes. */
export const trackingApi = api.enhanceEndpoints({ addTagTypes: ['TrackingLink', 'Job'] }).injectEndpoints({
  endpoints: (build) => ({
    getTrackingLink: build.query<TrackingLink, string>({
      query: (jobId) => `/appointments/${encodeURIComponent(jobId)}/tracking-link`,
      providesTags: (_result, _error, jobId) => [{ type: 'TrackingLink', id: jobId }, 'Job'],
    }),
    revokeTrackingLink: build.mutation<TrackingLink, string>({
      query: (jobId) => ({ url: `/appointments/${encodeURIComponent(jobId)}/tracking-link/revoke`, method: 'POST' }),
      // The answer is the new link: put it in place at once, then refetch to be sure.
      async onQueryStarted(jobId, { dispatch, queryFulfilled }) {
        try {
          const { data } = await queryFulfilled;
          dispatch(trackingApi.util.upsertQueryData('getTrackingLink', jobId, data));
        } catch {
          // the component shows the error
        }
      },
    }),
  }),
});

export const { useGetTrackingLinkQuery, useRevokeTrackingLinkMutation } = trackingApi;

/** The link as the customer shares it: the page's full URL on this site. */
export function trackingUrl(link: Pick<TrackingLink, 'path'>, origin: string = window.location.origin): string {
  return `${origin}${link.path}`;
}

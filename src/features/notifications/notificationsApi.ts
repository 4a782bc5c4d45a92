import type { Notification, NotificationPage, UnreadCount } from '@contract/notifications';
import { api } from '@/api/api';
import { authApi } from '@/features/auth';
import type { ProfileResponse } from '@/features/auth';

export const NOTIFICATION_TAG_TYPES = ['Notification', 'Profile'] as const;
export type NotificationTag = (typeof NOTIFICATION_TAG_TYPES)[number];

/** Notifications per page, in the bell's panel and on the admin's page ("Load more" fetches the next). */
export const NOTIFICATIONS_PAGE_SIZE = 10;

/** The profile with the e-mail opt-out (GET /api/auth/profile, PUT /api/auth/update-profile). */
export type ProfileWithEmailChoice = ProfileResponse & { emailNotifications?: boolean };

/**
 * The bell and the admin's page read the same cache entry (one request for both); live invalidates 'Notification', so
 * both refetch by themselves.
 */
export const notificationsApi = api.enhanceEndpoints({ addTagTypes: NOTIFICATION_TAG_TYPES }).injectEndpoints({
  endpoints: (build) => ({
    getNotificationPages: build.infiniteQuery<NotificationPage, void, string | null>({
      infiniteQueryOptions: {
        initialPageParam: null,
        getNextPageParam: (lastPage: NotificationPage) => lastPage.nextCursor ?? undefined,
      },
      query: ({ pageParam }) => ({ url: '/notifications', params: { limit: NOTIFICATIONS_PAGE_SIZE, ...(pageParam !== null && { cursor: pageParam }) } }),
      providesTags: ['Notification'],
    }),
    markNotificationRead: build.mutation<Notification, string>({
      query: (id) => ({ url: `/notifications/${encodeURIComponent(id)}/read`, method: 'POST', body: {} }),
      invalidatesTags: ['Notification'],
    }),
    markAllNotificationsRead: build.mutation<UnreadCount, void>({
      query: () => ({ url: '/notifications/read-all', method: 'POST', body: {} }),
      invalidatesTags: ['Notification'],
    }),
    /** Saved through the profile update (only this field is sent); the checkbox shows the choice at once. */
    setEmailChoice: build.mutation<ProfileWithEmailChoice, boolean>({
      query: (emailNotifications) => ({ url: '/auth/update-profile', method: 'PUT', body: { emailNotifications } }),
      async onQueryStarted(emailNotifications, { dispatch, queryFulfilled }) {
        const patch = dispatch(
          authApi.util.updateQueryData('getProfile', undefined, (profile: ProfileWithEmailChoice) => {
            profile.emailNotifications = emailNotifications;
          }),
        );
        try {
          await queryFulfilled;
        } catch {
          patch.undo();
        }
      },
      invalidatesTags: ['Profile'],
    }),
  }),
});

export const {
  useGetNotificationPagesInfiniteQuery,
  useMarkNotificationReadMutation,
  useMarkAllNotificationsReadMutation,
  useSetEmailChoiceMutation,
} = notificationsApi;

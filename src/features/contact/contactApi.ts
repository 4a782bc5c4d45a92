import type { ContactMessage, ContactMessagePage, NewsletterSubscriberPage } from '@contract/contact';
import { api } from '@/api/api';

/** Messages and the newsletter list are told apart by the tag's id (one 'ContactMessage' tag type). */
const MESSAGES_TAG = { type: 'ContactMessage', id: 'MESSAGES' } as const;
const SUBSCRIBERS_TAG = { type: 'ContactMessage', id: 'NEWSLETTER' } as const;

/** Messages per page on the Messages page ("Load more" fetches the next). */
export const MESSAGES_PAGE_SIZE = 20;
export const SUBSCRIBERS_PAGE_SIZE = 50;

/**
 * The admin's Messages page: contact messages newest first (page by page, with the unread count), marking one read,
 * and the newsletter list with removal. The admin navigation reads the unread count from a one-item page.
 */
export const contactApi = api.enhanceEndpoints({ addTagTypes: ['ContactMessage'] }).injectEndpoints({
  endpoints: (build) => ({
    getContactMessagePages: build.infiniteQuery<ContactMessagePage, void, string | null>({
      infiniteQueryOptions: {
        initialPageParam: null,
        getNextPageParam: (lastPage: ContactMessagePage) => lastPage.nextCursor ?? undefined,
      },
      query: ({ pageParam }) => ({ url: '/contact-messages', params: { limit: MESSAGES_PAGE_SIZE, ...(pageParam !== null && { cursor: pageParam }) } }),
      providesTags: [MESSAGES_TAG],
    }),
    getUnreadContactCount: build.query<number, void>({
      query: () => ({ url: '/contact-messages', params: { limit: 1 } }),
      transformResponse: (page: ContactMessagePage) => page.unreadCount,
      providesTags: [MESSAGES_TAG],
    }),
    markContactMessageRead: build.mutation<ContactMessage, string>({
      query: (id) => ({ url: `/contact-messages/${encodeURIComponent(id)}/read`, method: 'POST', body: {} }),
      invalidatesTags: [MESSAGES_TAG],
    }),
    getNewsletterSubscriberPages: build.infiniteQuery<NewsletterSubscriberPage, void, string | null>({
      infiniteQueryOptions: {
        initialPageParam: null,
        getNextPageParam: (lastPage: NewsletterSubscriberPage) => lastPage.nextCursor ?? undefined,
      },
      query: ({ pageParam }) => ({ url: '/newsletter-subscribers', params: { limit: SUBSCRIBERS_PAGE_SIZE, ...(pageParam !== null && { cursor: pageParam }) } }),
      providesTags: [SUBSCRIBERS_TAG],
    }),
    removeNewsletterSubscriber: build.mutation<void, string>({
      query: (id) => ({ url: `/newsletter-subscribers/${encodeURIComponent(id)}`, method: 'DELETE' }),
      invalidatesTags: [SUBSCRIBERS_TAG],
    }),
  }),
});

export const {
  useGetContactMessagePagesInfiniteQuery,
  useGetUnreadContactCountQuery,
  useMarkContactMessageReadMutation,
  useGetNewsletterSubscriberPagesInfiniteQuery,
  useRemoveNewsletterSubscriberMutation,
} = contactApi;

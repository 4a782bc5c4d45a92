import { IDEMPOTENCY_KEY_HEADER } from '@contract/idempotency';
import { api } from '@/api/api';
import type { QueuedRequest } from './types';

/** Sends one queued change, with its id as the Idempotency-Key (the same key on every resend). */
export const offlineApi = api.injectEndpoints({
  endpoints: (build) => ({
    sendQueuedChange: build.mutation<unknown, { request: QueuedRequest; key: string }>({
      query: ({ request, key }) => ({
        url: request.url,
        method: request.method,
        ...(request.body !== undefined && { body: request.body }),
        headers: { [IDEMPOTENCY_KEY_HEADER]: key },
      }),
    }),
  }),
});

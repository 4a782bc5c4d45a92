import { createApi } from '@reduxjs/toolkit/query/react';
import { baseQueryWithReauth } from './baseQuery';

/** The action that puts the cache kept on the device back (app/deviceData.ts): its payload is the api state to merge. */
export const API_CACHE_RESTORED = 'api/restoredFromDevice';

/**
 * The one createApi. It lists no endpoint and no tag: each domain adds its own tag types and endpoints
 * (`api.enhanceEndpoints({ addTagTypes }).injectEndpoints(...)`), so a new domain leaves this file alone.
 */
export const api = createApi({
  reducerPath: 'api',
  baseQuery: baseQueryWithReauth,
  endpoints: () => ({}),
  // RTK Query's rehydration path. `any` as its docs annotate it: the api's own state type here would be circular.
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  extractRehydrationInfo(action): any {
    if (action.type === API_CACHE_RESTORED) return action.payload;
  },
});

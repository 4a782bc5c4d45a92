import { createApi } from '@reduxjs/toolkit/query/react';
import { baseQueryWithReauth } from './baseQuery';

/**
 * The action that puts the answers kept on the device back into the cache (app/deviceData.ts), through RTK Query's
 * rehydration path: `restoredApi` is the api state to merge. Matched by that property, not by its type, to keep the
 * bytes every signed-in page downloads few.
 */
export interface ApiRestoredFromDevice {
  type: 'api/restoredFromDevice';
  restoredApi: object;
}

/**
 * The one createApi. It lists no endpoint and no tag: each domain adds its own tag types and endpoints
 * (`api.enhanceEndpoints({ addTagTypes }).injectEndpoints(...)`), so a new domain leaves this file alone.
 */
export const api = createApi({
  reducerPath: 'api',
  baseQuery: baseQueryWithReauth,
  endpoints: () => ({}),
  // `any` as RTK Query's docs annotate it: the api's own state type here would be circular.
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  extractRehydrationInfo: (action): any => (action as Partial<ApiRestoredFromDevice>).restoredApi,
});

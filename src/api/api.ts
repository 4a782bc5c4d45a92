import { createApi } from '@reduxjs/toolkit/query/react';
import { baseQueryWithReauth } from './baseQuery';

/**
 * The one createApi. It lists no endpoint and no tag: each domain adds its own tag types and endpoints
 * (`api.enhanceEndpoints({ addTagTypes }).injectEndpoints(...)`), so a new domain leaves this file alone.
 */
export const api = createApi({
  reducerPath: 'api',
  baseQuery: baseQueryWithReauth,
  endpoints: () => ({}),
});

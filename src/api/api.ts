import { createApi } from '@reduxjs/toolkit/query/react';
import { baseQueryWithReauth } from './baseQuery';

/** The one createApi; features add endpoints with injectEndpoints (architecture.md §4). */
export const api = createApi({
  reducerPath: 'api',
  baseQuery: baseQueryWithReauth,
  tagTypes: ['Profile', 'Sessions'],
  endpoints: () => ({}),
});

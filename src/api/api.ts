import { createApi } from '@reduxjs/toolkit/query';
import { baseQueryWithReauth } from './baseQuery';

/**
 * The one createApi; features add endpoints with injectEndpoints (architecture.md §4). Components call
 * endpoints through `dispatch(api.endpoints.x.initiate(...))` (thunks and pages alike): the React-hooks build of
 * RTK Query would add ~3 KiB gzip to the login route, which has a 160 KiB budget.
 */
export const api = createApi({
  reducerPath: 'api',
  baseQuery: baseQueryWithReauth,
  tagTypes: ['Profile', 'Sessions'],
  endpoints: () => ({}),
});

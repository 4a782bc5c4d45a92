import { createApi } from '@reduxjs/toolkit/query/react';
import { baseQueryWithReauth } from './baseQuery';

/**
 * The one createApi (architecture.md §4), with React hooks: features add endpoints with injectEndpoints and
 * components read server data through the generated hooks. Every list that shows a kind of thing provides its
 * tag, and every mutation invalidates the tags of what it changed, so each open list refetches what changed.
 */
export const api = createApi({
  reducerPath: 'api',
  baseQuery: baseQueryWithReauth,
  tagTypes: ['Profile', 'Sessions', 'Appointment', 'Vehicle', 'TimeLog', 'Employee', 'Catalog', 'Analytics', 'TimeLogReview', 'ContactMessage', 'Notification', 'TrackingLink'],
  endpoints: () => ({}),
});

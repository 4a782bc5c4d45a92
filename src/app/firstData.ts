import { boardQueries } from '@/features/admin/boardQueries';
import { selectCurrentUser } from '@/features/auth/authSlice';
import { hasRole } from '@/features/auth/sessionUser';
import { jobsApi } from '@/features/jobs/jobsApi';
import { toDateKey } from '@/lib/calendar';
import { getAppStore } from './appStore';

type Dispatch = ReturnType<typeof getAppStore>['store']['dispatch'];

/**
 * What a signed-in page asks the server for first, by path and role: the same endpoints with the same arguments
 * as its hooks (CustomerDashboard's own jobs; the admin board's three columns and their totals for today, no Day
 * filter, and the catalogue), so the page finds the requests under way or answered in the RTK Query cache.
 */
const FIRST_DATA: Record<string, { role: string; request: (dispatch: Dispatch) => void }> = {
  '/dashboard': {
    role: 'CUSTOMER',
    request: (dispatch) => void dispatch(jobsApi.endpoints.getAllAppointments.initiate({}, { subscribe: false })),
  },
  '/admin/dashboard': {
    role: 'ADMIN',
    request: (dispatch) => {
      const { lists, counts } = boardQueries(toDateKey(new Date()), null);
      for (const filters of Object.values(lists)) void dispatch(jobsApi.endpoints.getAppointmentPages.initiate(filters, { subscribe: false }));
      for (const range of Object.values(counts)) void dispatch(jobsApi.endpoints.getAppointmentCounts.initiate(range, { subscribe: false }));
      // Awaiting Assignment is drawn once the catalogue (its cards' service descriptions) is in.
      void dispatch(jobsApi.endpoints.getCatalog.initiate(undefined, { subscribe: false }));
    },
  },
};

/**
 * Starts the first requests of the signed-in page at `pathname` as soon as the store's code is here — in parallel
 * with the page's own code, which the signed-in shell preloads (scripts/prerender.ts), instead of after the page has
 * loaded and rendered. main.tsx calls it on a first load with a session in this browser; nothing is asked for a
 * role the page is not for.
 */
export function prefetchFirstData(pathname: string): void {
  const first = FIRST_DATA[pathname];
  const { store } = getAppStore();
  if (first && hasRole(selectCurrentUser(store.getState()), first.role)) first.request(store.dispatch);
}

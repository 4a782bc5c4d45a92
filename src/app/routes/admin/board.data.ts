import { boardQueries, jobsApi, selectBoardDay } from '@/features/jobs';
import { toDateKey } from '@/lib/calendar';
import { pageLoader } from '../shared/pageLoader';

/** The board's three columns and their totals (for its Day, if one is kept), and the catalogue its cards describe. */
export const loader = pageLoader('ADMIN', (dispatch, state) => {
  const { lists, counts } = boardQueries(toDateKey(new Date()), selectBoardDay(state));
  for (const filters of Object.values(lists)) void dispatch(jobsApi.endpoints.getJobPages.initiate(filters, { subscribe: false }));
  for (const range of Object.values(counts)) void dispatch(jobsApi.endpoints.getJobCounts.initiate(range, { subscribe: false }));
  void dispatch(jobsApi.endpoints.getCatalog.initiate(undefined, { subscribe: false }));
});

import { jobsApi, OWN_JOBS } from '@/features/jobs';
import { pageLoader } from '../shared/pageLoader';

/** The customer's own jobs, the same request as My Services makes. */
export const loader = pageLoader('CUSTOMER', (dispatch) => {
  void dispatch(jobsApi.endpoints.getJobs.initiate(OWN_JOBS, { subscribe: false }));
});

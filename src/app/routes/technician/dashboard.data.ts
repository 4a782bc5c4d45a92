import { authApi, isAwaitingApproval, isKnownApproved, selectCurrentUser } from '@/features/auth';
import { JOB_COUNTS_ALL, jobsApi, technicianJobQueries } from '@/features/jobs';
import { monthGridRange, rangeForDay, selectSelectedDate, selectVisibleMonth, timeLogsApi } from '@/features/timeLogs';
import { monthOfDate, toDateKey } from '@/lib/calendar';
import { pageLoader } from '../shared/pageLoader';

/**
 * The technician dashboard's first reads, with the arguments its components use: the profile, and the counts, the open
 * and recently completed jobs, and the logs of the month on the calendar (the day's panel reads the same range). A
 * technician the session knows to be approved (the sign-in answer says so) gets them all at once; otherwise the
 * profile comes first, and an account awaiting approval is asked for nothing more, as the page asks for nothing.
 */
export const loader = pageLoader('EMPLOYEE', (dispatch, state) => {
  const today = toDateKey(new Date());
  const month = selectVisibleMonth(state) ?? monthOfDate(today);
  const selected = selectSelectedDate(state) ?? today;
  const work = () => {
    const jobs = technicianJobQueries(today);
    void dispatch(jobsApi.endpoints.getJobCounts.initiate(JOB_COUNTS_ALL, { subscribe: false }));
    void dispatch(jobsApi.endpoints.getJobs.initiate(jobs.open, { subscribe: false }));
    void dispatch(jobsApi.endpoints.getJobs.initiate(jobs.completed, { subscribe: false }));
    // The calendar's month, and the day's panel's range (the same one when the day is on the calendar).
    const visible = monthGridRange(month);
    const day = rangeForDay(selected, visible);
    void dispatch(timeLogsApi.endpoints.getTimeLogs.initiate(visible, { subscribe: false }));
    if (day !== visible) void dispatch(timeLogsApi.endpoints.getTimeLogs.initiate(day, { subscribe: false }));
  };
  const profile = dispatch(authApi.endpoints.getProfile.initiate(undefined, { subscribe: false }));
  if (isKnownApproved(selectCurrentUser(state))) {
    work();
    return;
  }
  void profile.then(({ data }) => {
    if (!isAwaitingApproval(data)) work();
  });
});

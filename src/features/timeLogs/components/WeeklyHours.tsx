import type { WeekHours } from '@contract/timeLogs';
import { messageOf } from '@/api/errors';
import { DataState } from '@/components/DataState';
import { PageHeader } from '@/components/PageHeader';
import { Spinner } from '@/components/Spinner';
import { useToday } from '@/lib/useToday';
import { AwaitingApproval, useApprovalStatus } from '@/features/auth';
import { formatDuration } from '../duration';
import { useGetWeeklyHoursQuery } from '../timesheetsApi';
import { mondayOf, shiftWeek, shortWeekLabel } from '../week';
import styles from './WeeklyHours.module.css';

/** How many weeks the technician's report shows, this one included. */
export const WEEKS_SHOWN = 8;
export const NO_HOURS_MESSAGE = 'No time logged in the last 8 weeks.';

/** An unapproved technician sees that message and nothing is asked of the server, which would refuse (403). */
export function WeeklyHours() {
  const approval = useApprovalStatus();
  const today = useToday();
  const from = shiftWeek(mondayOf(today), -(WEEKS_SHOWN - 1));
  const { currentData, isFetching, error, refetch } = useGetWeeklyHoursQuery({ from, to: today }, { skip: approval !== 'APPROVED' });
  const weeks = currentData ? [...currentData.weeks].reverse() : null;
  const sum = (field: keyof Omit<WeekHours, 'week'>) => (weeks ?? []).reduce((total, week) => total + week[field], 0);

  return (
    <div className={styles.page}>
      <PageHeader title="My hours">
        Your logged time per week (Monday to Sunday). Submitted hours are awaiting the workshop&apos;s review; a rejected log shows its reason in your
        dashboard&apos;s day panel.
      </PageHeader>
      {approval === 'LOADING' && <Spinner label="Loading your hours" showLabel />}
      {approval === 'PENDING' && <AwaitingApproval />}
      {approval === 'APPROVED' && (
        <DataState isLoading={!currentData && isFetching} error={error && !isFetching ? messageOf(error) : null} onRetry={() => void refetch()} loadingLabel="Loading your hours">
          {weeks && (
            <>
              {sum('totalMinutes') === 0 && <p className={styles.empty}>{NO_HOURS_MESSAGE}</p>}
              <table className={styles.table}>
                <caption>Hours per week, last {WEEKS_SHOWN} weeks</caption>
                <thead>
                  <tr>
                    <th scope="col">Week</th>
                    <th scope="col">Total</th>
                    <th scope="col">Approved</th>
                    <th scope="col">Submitted</th>
                    <th scope="col">Rejected</th>
                  </tr>
                </thead>
                <tbody>
                  {weeks.map((week) => (
                    <tr key={week.week}>
                      <th scope="row">{shortWeekLabel(week.week)}</th>
                      <td data-label="Total">{formatDuration(week.totalMinutes)}</td>
                      <td data-label="Approved">{formatDuration(week.approvedMinutes)}</td>
                      <td data-label="Submitted">{formatDuration(week.submittedMinutes)}</td>
                      <td data-label="Rejected">{formatDuration(week.rejectedMinutes)}</td>
                    </tr>
                  ))}
                </tbody>
                <tfoot>
                  <tr>
                    <th scope="row">All {WEEKS_SHOWN} weeks</th>
                    <td data-label="Total">{formatDuration(sum('totalMinutes'))}</td>
                    <td data-label="Approved">{formatDuration(sum('approvedMinutes'))}</td>
                    <td data-label="Submitted">{formatDuration(sum('submittedMinutes'))}</td>
                    <td data-label="Rejected">{formatDuration(sum('rejectedMinutes'))}</td>
                  </tr>
                </tfoot>
              </table>
            </>
          )}
        </DataState>
      )}
    </div>
  );
}

import { useCallback } from 'react';
import type { Appointment } from '@contract/appointments';
import { EmailVerifiedBadge } from '@/features/account';
import { BoardBillingButton, BoardBillingState, ExtraWorkButton, useBillingSummaries } from '@/features/billing';
import { PartsShortWarning, useShortagesByJob } from '@/features/inventory';
import { type AssignDialogProps, boardQueries, JobBoard, jobsApi, selectBoardDay, vehicleLabel } from '@/features/jobs';
import { DownloadReportButton } from '@/features/reports';
import { AssignTechnicianDialog } from '@/features/staff';
import { useToday } from '@/lib/useToday';
import { useAppSelector } from '@/store/hooks';

/** A board card's report; its name says which job ("Download Report, Toyota Camry CAB-1234"). */
export function CardReport({ job }: { job: Appointment }) {
  return <DownloadReportButton job={job} variant="ghost" size="sm" fullWidth context={vehicleLabel(job.vehicle)} />;
}

/**
 * The ids of the jobs the board shows: its three columns' lists, read from the same queries the board makes (shared
 * by their arguments, so nothing is asked twice), for one billing summaries request for the whole board.
 */
function useBoardJobIds(): string[] {
  const queries = boardQueries(useToday(), useAppSelector(selectBoardDay));
  const upcoming = jobsApi.endpoints.getJobPages.useInfiniteQuery(queries.lists.upcoming).data;
  const ongoing = jobsApi.endpoints.getJobPages.useInfiniteQuery(queries.lists.ongoing).data;
  const unassigned = jobsApi.endpoints.getJobPages.useInfiniteQuery(queries.lists.unassigned).data;
  return [upcoming, ongoing, unassigned].flatMap((column) => column?.pages.flatMap((page) => page.items.map((job) => job.id)) ?? []);
}

const renderAssignDialog = (props: AssignDialogProps) => <AssignTechnicianDialog {...props} />;
const renderCustomerStatus = (job: Appointment) => <EmailVerifiedBadge verified={job.customer.emailVerified} />;

/**
 * /admin/dashboard: the jobs' board, each card with its report, "Parts short" when its kit is not covered at its
 * centre (one request for the board), its billing (one summaries request for the board; Billing opens the job's
 * lines, fees, discounts, deposit and invoice; an admin proposes extra work on a job in progress, as its technician
 * does), and whether its customer's address is verified, and the staff's Assign Employee dialog.
 */
export function Component() {
  const shortages = useShortagesByJob();
  const billing = useBillingSummaries(useBoardJobIds());
  // Changes only with the shortages or the billing summaries: the board draws its cards again only then (BoardColumn).
  const renderCardFooter = useCallback(
    (job: Appointment) => (
      <>
        <PartsShortWarning shortage={shortages.get(job.id)} />
        <BoardBillingState summary={billing.get(job.id)} />
        <BoardBillingButton job={job} context={vehicleLabel(job.vehicle)} />
        {job.status === 'IN_PROGRESS' && <ExtraWorkButton job={job} context={vehicleLabel(job.vehicle)} />}
        <CardReport job={job} />
      </>
    ),
    [shortages, billing],
  );
  return <JobBoard renderAssignDialog={renderAssignDialog} renderCardFooter={renderCardFooter} renderCustomerStatus={renderCustomerStatus} />;
}
